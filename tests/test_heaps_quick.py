"""zermelo.heaps.quick: the command's octal run without numpy gives the sequence driver's answer,
field by field, calls its kernels only with their declared types, and imports no numpy.

The buffer kernels run here as numba's dispatchers (:func:`zermelo.heaps.quick.numba_kernels`):
their extension, built by ``zermelo compile``, is numba's code for the same functions.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.core import aot
from zermelo.games.registry import make_game
from zermelo.heaps import quick
from zermelo.heaps.driver import code_of
from zermelo.heaps.sequence import sequence
from zermelo.search.buffer_signatures import MODULE, SIGNATURES


@pytest.fixture(scope="module")
def kernels() -> dict[str, Any]:
    return quick.numba_kernels()


def _same(spec: str, upto: int, kernels: dict[str, Any], **kw: Any) -> dict[str, Any]:
    game = make_game(spec)
    code = code_of(game)
    assert code is not None and quick.eligible(code)
    ours = quick.sequence(game, code, upto, found_kernels=kernels, **kw).to_json(with_values=True)
    theirs = sequence(game, upto, **kw).to_json(with_values=True)
    ours.pop("seconds"), theirs.pop("seconds")
    assert ours == theirs, spec
    return ours


@pytest.mark.parametrize(
    ("spec", "upto", "what"),
    [
        ("octal:0.16", 600_000, "its period proven at heap 509,622, then copied"),
        ("octal:0.161", 20_000, "values past 32 and 128: the mark grows, the mask is picked again"),
        ("octal:0.07", 3000, "Dawson's Kayles: a third of the heaps rare, the plain rule instead"),
        ("octal:0.6", 3000, "Officers"),
        ("octal:0.4!", 500, "an unequal split: no theorem"),
        ("octal:0.137", 200, "a period proven early"),
        ("octal:0.56", 20_000, "a period proven past upto"),
        ("octal:0.0707", 3000, "0.0707"),
    ],
)
def test_the_same_answer_as_the_sequence_driver(spec: str, upto: int, what: str, kernels: dict[str, Any]) -> None:
    _same(spec, upto, kernels)


def test_the_same_answer_without_the_proof_or_with_a_bound(kernels: dict[str, Any]) -> None:
    out = _same("octal:0.56", 2000, kernels, prove=False)
    assert not out["proven"]
    _same("octal:0.16", 200_000, kernels, max_upto=300_000)  # the proof needs more: not tried


@settings(max_examples=40, deadline=None)
@given(
    digits=st.lists(st.integers(0, 7), min_size=1, max_size=4).filter(lambda d: d[-1] != 0),
    upto=st.integers(0, 1500),
)
def test_random_octal_codes(digits: list[int], upto: int, kernels: dict[str, Any]) -> None:
    game = make_game("octal:0." + "".join(map(str, digits)))
    code = code_of(game)
    assert code is not None
    if quick.eligible(code):
        _same(game.spec(), upto, kernels)


def test_every_kernel_call_matches_its_declared_signature(kernels: dict[str, Any]) -> None:
    """The extension reads buffers without checking them: a call of another type must not reach it."""

    def refused(name: str) -> Any:
        raise AssertionError(f"{name} called with arguments its signature does not accept")

    checked = {
        name: aot.Kernel([(aot.Signature.parse(sig, buffers=True), kernels[name])], lambda name=name: refused(name))
        for name, sig in SIGNATURES.items()
    }
    game = make_game("octal:0.16")
    code = code_of(game)
    assert code is not None
    assert quick.sequence(game, code, 600_000, found_kernels=checked).proven  # type: ignore[arg-type]


def test_the_run_imports_no_numpy() -> None:
    """The command's modules and this driver load no numpy (the buffer extension does not either:
    it is built without numpy's import_array(), checked where it is built)."""
    code = (
        "import sys\n"
        "from zermelo.cli import main\n"
        "import zermelo.commands.sequence, zermelo.heaps.quick\n"
        "from zermelo.games.registry import make_game\n"
        "zermelo.heaps.quick.available()\n"
        "make_game('octal:0.161')\n"
        "print(sorted(m for m in ('numpy', 'numba') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert json.loads(out.replace("'", '"')) == []


def test_the_command_runs_it_when_the_buffer_kernels_are_built(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], kernels: dict[str, Any]
) -> None:
    """``zermelo sequence`` takes this driver for an octal code when the extension is built, and the
    sequence driver for what this one does not do (here ``--kernel``); the same JSON either way."""
    from zermelo.cli import main

    used: list[str] = []
    run = quick.sequence

    def spy(*args: Any, **kw: Any) -> Any:
        used.append("quick")
        return run(*args, **kw, found_kernels=kernels)

    monkeypatch.setattr(quick, "available", lambda: True)
    monkeypatch.setattr(quick, "sequence", spy)
    outs = []
    for extra in ([], ["--kernel", "octal-sparse"]):
        assert main(["sequence", "octal:0.161", "--upto", "3000", "--json", "--quiet", *extra]) == 0
        out = json.loads(capsys.readouterr().out)
        out.pop("seconds")
        outs.append(out)
    assert used == ["quick"] and outs[0] == outs[1]


def test_the_extension_is_built_without_numpy(tmp_path: Any) -> None:
    """The buffer module's extension: numba's module code less its one ``import_array()`` line."""
    pycc: Any = pytest.importorskip("numba.pycc")
    cc = aot._without_numpy(pycc.CC)("probe")
    cc._zermelo_build = str(tmp_path)
    sources = cc._get_mixin_sources()
    text = Path(sources[0]).read_text(encoding="utf-8")
    assert "import_array();" not in text and "init_numpy" in text and sources[0].startswith(str(tmp_path))
    quick.available()  # declares the buffer kernels
    assert MODULE in aot._BUFFERS
    assert aot.declared()[MODULE]["octal_sparse"][0].buffers


def test_the_key_covers_the_kernels_it_calls(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """An edit of a kernel the buffer kernels call changes their extension's name (a stale one is not loaded)."""
    monkeypatch.syspath_prepend(str(tmp_path))
    (tmp_path / "probe_calls.py").write_text("A = 1\n")
    (tmp_path / "probe_called.py").write_text("B = 1\n")
    monkeypatch.setitem(aot._DEPENDS, "probe_calls", ("probe_called",))
    before = aot.key("probe_calls")
    (tmp_path / "probe_called.py").write_text("B = 2\n")
    assert aot.key("probe_calls") != before
