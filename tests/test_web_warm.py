"""The forkserver's warm-up (zermelo.web.warm): after it, no game's example compiles a kernel.

A worker that compiles a numba kernel on a fresh machine spends seconds of a request's cap on
it (and, on a loaded machine, may pass the cap); the warm-up compiles them once, in the
forkserver, before the server listens.
"""

from __future__ import annotations

from zermelo.core import _jit


def _signatures() -> dict[tuple[str, str], int]:
    return {k: len(d.signatures) for k, d in _jit._DISPATCHERS.items() if hasattr(d, "signatures")}


def test_no_example_compiles_a_kernel_after_the_warm_up() -> None:
    import zermelo.web.warm  # noqa: F401  # runs the warm-up in this process
    from zermelo.web import api
    from zermelo.web.app import games_json

    before = _signatures()
    assert before, "the warm-up compiled no kernel"
    for g in games_json():
        params = {"game": g["spec"], "position": g["position"]}
        if g["kind"] == "partisan":
            params["turn"] = "left"
        for name in ("solve", "moves", "play"):
            api.handle(name, params)
            now = _signatures()
            new = {k for k, v in now.items() if v != before.get(k, 0)}
            assert not new, f"{name} {g['spec']} {g['position']!r} compiled {sorted(new)}: warm it in zermelo.web.warm"
