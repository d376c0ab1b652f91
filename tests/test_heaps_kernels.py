"""Every compiled heap kernel against the generic engine (the reference)."""

from __future__ import annotations

import itertools
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo import InvalidGame
from zermelo.games import AllBut, Subtraction
from zermelo.heaps import GrundyGame, Hexadecimal, Octal, TakeAndBreak, sequence
from zermelo.heaps.sequence import _OctalRunner
from zermelo.search import heap_kernels as kernels
from zermelo.search.engine import engine_for


def _all_octal_codes() -> list[str]:
    codes = []
    for head in "04":
        for length in range(1, 4):
            for digits in itertools.product("01234567", repeat=length):
                code = f"{head}.{''.join(digits)}"
                if code.endswith("0") and length > 1:
                    continue  # same game as the shorter code
                try:
                    Octal(code)
                except InvalidGame:
                    continue
                codes.append(code)
    return codes


CODES = _all_octal_codes()


def _engine(game: object, n: int) -> list[int]:
    return [int(v) for v in engine_for(game).grundies(list(range(n + 1)))]  # type: ignore[arg-type]


@pytest.fixture
def early_sparse(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pick the sparse-space mask after 8 heaps, so short runs exercise the sparse kernel.

    Also keep the sparse kernel when most heaps are rare (the runner would take the plain rule).
    """
    monkeypatch.setattr(_OctalRunner, "warm", 8)
    monkeypatch.setattr(_OctalRunner, "sparse_cost", 0.0)


def test_every_octal_code_up_to_three_digits_matches_the_engine(early_sparse: None) -> None:
    assert len(CODES) > 900
    n = 48
    for code in CODES:
        game = Octal(code)
        ref = _engine(game, n)
        for kernel in ("octal-sparse", "octal-plain", "tbreak-plain"):
            got = sequence(game, n, kernel=kernel, prove=False, use_period=False).values.tolist()
            assert got == ref, (code, kernel)


def test_sparse_equals_plain_on_longer_runs(early_sparse: None) -> None:
    # Longer than the engine can afford for a thousand codes: the plain kernel is the reference here.
    n = 600
    for code in CODES[::7]:
        game = Octal(code)
        plain = sequence(game, n, kernel="octal-plain", prove=False, use_period=False).values
        sparse = sequence(game, n, kernel="octal-sparse", prove=False, use_period=False).values
        assert np.array_equal(plain, sparse), code


def test_sparse_kernel_on_a_longer_run() -> None:
    # 0.16 has few rare heaps under its mask; the run re-picks the mask as values appear.
    n = 6000
    s = sequence(Octal("0.16"), n, prove=False)
    plain = sequence(Octal("0.16"), n, kernel="octal-plain", prove=False).values
    assert np.array_equal(s.values, plain)
    assert s.rare_mask is not None and s.rare_count is not None and 0 < s.rare_count < n // 10


@pytest.mark.parametrize("code", ["0.F", "0.8", "0.B4", "4.F", "0.0C", "0.[24]", "8.1", "0.9F"])
def test_take_and_break_kernel_with_three_or_more_heaps(code: str) -> None:
    game = TakeAndBreak(code)
    assert sequence(game, 30, prove=False).values.tolist() == _engine(game, 30)


@pytest.mark.parametrize("code", ["0.3F", "4.B", "0.7D"])
def test_hexadecimal_games(code: str) -> None:
    game = Hexadecimal(code)
    assert sequence(game, 30, prove=False).values.tolist() == _engine(game, 30)


@pytest.mark.parametrize("code", ["4!.0", "0.6!", "0.7!7", "4!.3...", "0.37!...", "0.3..."])
def test_unequal_and_repeating_codes(code: str, early_sparse: None) -> None:
    game = TakeAndBreak(code)
    ref = _engine(game, 40)
    for kernel in ("octal-sparse", "octal-plain", "tbreak-plain"):
        assert sequence(game, 40, kernel=kernel, prove=False).values.tolist() == ref, kernel


def test_grundys_game_sparse_against_plain() -> None:
    n = 3000
    sparse = sequence(GrundyGame(), n).values
    plain = sequence(GrundyGame(), n, kernel="octal-plain").values
    assert np.array_equal(sparse, plain)
    assert sequence(GrundyGame(), 40).values.tolist() == _engine(GrundyGame(), 40)


@pytest.mark.parametrize("code", ["0.6", "0.0707", "0.4", "0.3777"])
def test_sparse_scan_phases_against_plain(code: str, early_sparse: None) -> None:
    # Values up to 64..157 leave many rare-class values open after the rare pairs, so the common x
    # common scan runs both its marking phase (more than 4 open) and its compare phase (at most 4
    # open) thousands of times here (counted in the C peer, which has the same structure); 0.4 gets
    # the domain form of the mask.
    n = 2500
    sparse = sequence(Octal(code), n, kernel="octal-sparse", prove=False, use_period=False).values
    plain = sequence(Octal(code), n, kernel="octal-plain", prove=False, use_period=False).values
    assert np.array_equal(sparse, plain)


@pytest.mark.parametrize("code", ["0.6", "0.4", "0.161"])
def test_sparse_general_loop_against_plain(code: str, early_sparse: None, monkeypatch: pytest.MonkeyPatch) -> None:
    # Values below 32 and below 256 go to the word kernels (one word, four words); a scratch of
    # 1,024 from the start sends every heap to the general loop, which values of 256 or more need.
    init = _OctalRunner.__init__

    def wide_scratch(self: _OctalRunner, *args: object) -> None:
        init(self, *args)  # type: ignore[arg-type]
        self.mark = np.zeros(1024, np.int64)

    monkeypatch.setattr(_OctalRunner, "__init__", wide_scratch)
    n = 1500
    sparse = sequence(Octal(code), n, kernel="octal-sparse", prove=False, use_period=False).values
    monkeypatch.undo()
    plain = sequence(Octal(code), n, kernel="octal-plain", prove=False, use_period=False).values
    assert np.array_equal(sparse, plain)


@pytest.mark.parametrize("code", ["0.07", "0.4", "0.6"])
def test_runner_takes_the_plain_rule_without_a_sparse_space(code: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # 0.07 and 0.4 keep about a third of their heaps rare under the best mask: past the first
    # chunk the runner computes them by the plain rule, re-picking the mask (and rebuilding the rare
    # list) at every chunk.  Officers 0.6 has a fifth of its first 4,096 heaps rare but a tenth of
    # its first 16,384: it goes plain for a while, then back to sparse with a rebuilt rare list.
    calls: list[str] = []
    plain, sparse = kernels.octal_plain, kernels.octal_sparse
    monkeypatch.setattr(kernels, "octal_plain", lambda *a: calls.append("plain") or plain(*a))
    monkeypatch.setattr(kernels, "octal_sparse", lambda *a: calls.append("sparse") or sparse(*a))
    n = 40000 if code == "0.6" else 20000
    got = sequence(Octal(code), n, prove=False, use_period=False)
    monkeypatch.setattr(kernels, "octal_plain", plain)
    ref = sequence(Octal(code), n, kernel="octal-plain", prove=False, use_period=False)
    assert np.array_equal(got.values, ref.values)
    assert got.rare_count is not None and got.rare_mask is not None
    assert "plain" in calls[1:]  # beyond the warm-up
    if code == "0.6":
        assert calls[-1] == "sparse"
    else:
        assert calls[-1] == "plain"
        # how many heaps went plain depends on the chunks, which depend on timing
        assert re.fullmatch(r"octal-sparse \([\d,]+ of 20,001 heaps by the plain rule: no sparse space\)", got.kernel)


@settings(max_examples=30, deadline=None)
@given(st.sets(st.integers(1, 12), min_size=1, max_size=5))
def test_subtraction_bitset_kernel(s: set[int]) -> None:
    game = Subtraction(s)
    got = sequence(game, 80, prove=False)
    assert got.kernel == "subtraction-bitset"
    assert got.values.tolist() == _engine(game, 80)
    octal = sequence(game, 80, kernel="octal-plain", prove=False)
    assert octal.values.tolist() == got.values.tolist()


@settings(max_examples=25, deadline=None)
@given(st.sets(st.integers(1, 9), max_size=4))
def test_allbut_counting_kernel(s: set[int]) -> None:
    game = AllBut(s)
    got = sequence(game, 70, prove=False)
    assert got.kernel == "allbut-counts"
    assert got.values.tolist() == _engine(game, 70)


def test_big_subtraction_set_uses_the_octal_kernel() -> None:
    game = Subtraction(range(1, 70))
    s = sequence(game, 300)
    assert s.kernel.startswith("octal")
    assert s.values.tolist() == [n % 70 for n in range(301)]


@pytest.mark.parametrize(
    ("spec", "kernel"),
    [
        ("subtraction:1,3,4", "subtraction-bitset"),
        ("allbut:1,2", "allbut-counts"),
        ("octal:0.16", "octal-sparse"),
        ("octal:0.16", "octal-plain"),
        ("hex:0.9", "tbreak-plain"),
    ],
)
def test_a_runner_prepares_every_kernel_it_calls_with_the_types_it_calls_it_with(
    spec: str, kernel: str, early_sparse: None
) -> None:
    """A run of many heaps compiles its kernels (`prepare`) before it makes its values array: a
    kernel compiled after it found no room under an address-space cap.  So after `prepare` the
    run itself compiles nothing: each kernel it calls has no new signature (numba compiles one per
    set of argument types)."""
    from zermelo.core._jit import compiled
    from zermelo.games.registry import make_game
    from zermelo.heaps.runners import runner_for

    game = make_game(spec)
    runner_for(game, kernel, 300)[0].prepare()
    names = ("subtraction_bitset", "allbut_counts", "octal_plain", "octal_sparse", "tbreak_plain")
    before = {name: list(compiled(getattr(kernels, name)).signatures) for name in names}
    sequence(game, 300, kernel=kernel, prove=False, use_period=False)
    after = {name: list(compiled(getattr(kernels, name)).signatures) for name in names}
    assert after == before
    used = ["octal_plain", "octal_sparse"] if kernel == "octal-sparse" else [kernel.replace("-", "_")]
    assert all(before[name] for name in used)  # compiled by `prepare`, not by the run
