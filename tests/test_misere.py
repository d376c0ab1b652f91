"""Misère quotients (zermelo.misere): golden quotients, the verification, and every answer
checked against plain misère search by the engine (closed forms are claims)."""

from __future__ import annotations

import functools
import json
import random
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zermelo as z
from zermelo.cli import main
from zermelo.games import Nim, Subtraction
from zermelo.heaps import Octal
from zermelo.heaps.census import members
from zermelo.misere import misere_quotient
from zermelo.misere.hook import quotient_for
from zermelo.misere.monoid import Bipartite
from zermelo.misere.quotient import _letters, compute, heap_option_parts
from zermelo.misere.verify import find_failure, heap_words
from zermelo.rules import Outcome
from zermelo.search.engine import PREVIOUS_WINS, engine_for


@pytest.fixture(autouse=True)
def _cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ZERMELO_CACHE_DIR", str(tmp_path))
    from zermelo.misere import api, hook

    monkeypatch.setattr(api, "_MEMORY", {})
    monkeypatch.setattr(hook, "_GAVE_UP", {})


def searched(game: z.Impartial, heaps: tuple[int, ...]) -> Outcome:
    """The misère outcome by the engine's plain search of the whole sum."""
    position = tuple(sorted(h for h in heaps if h)) or 0
    if isinstance(position, tuple) and len(position) == 1:
        position = position[0]
    status, _ = engine_for(game).outcome(position, True)
    return Outcome.P if status == PREVIOUS_WINS else Outcome.N


# ---------------------------------------------------------------------- golden quotients
def test_0_75_is_r8() -> None:
    """Plambeck, "Taming the wild" (2005) and Plambeck–Siegel (2008): 0.75 has the quotient R8 of order 8."""
    q = misere_quotient(Octal("0.75"), 30)
    assert (q.order, q.name, len(q.monoid.p_portion)) == (8, "R8", 2)
    assert q.presentation == ["a² = 1", "bc = ab", "c² = b²", "b³ = b"]
    assert q.p_portion == ["a", "b²"]
    assert q.generator_heaps == [1, 2, 5]
    assert (q.period, q.preperiod, q.proven) == (2, 8, True)
    assert q.pretending(10) == ["1", "a", "b", "a", "b", "c", "b", "c", "b", "ab²", "b"]
    assert q.element_text(10**30) == "b" and q.element_text(10**30 + 1) == "ab²"


def test_kayles_is_solved_its_period_proven() -> None:
    """Misère Kayles (Sibert–Conway 1992; its quotient in Plambeck–Siegel 2008): the quotient is
    finite and the pretending function periodic — derived here: order 40, |P| = 9, period 12 from
    heap 71, proven by the periodicity theorem with every heap up to 167 verified.  Its answers,
    for heaps far beyond any search, are checked against plain misère search on small sums."""
    kayles = Octal("0.77")
    q = misere_quotient(kayles, 400)
    assert (q.order, len(q.monoid.p_portion), q.period, q.preperiod, q.proven) == (40, 9, 12, 71, True)
    assert q.upto < 400 and q.generator_heaps == [1, 2, 5, 9, 12, 25, 27]
    rng = random.Random(77)
    for _ in range(40):
        heaps = tuple(rng.randint(1, 10) for _ in range(rng.randint(2, 3)))
        assert q.outcome(heaps) is searched(kayles, heaps), heaps
    assert q.element_text(10**12 + 5) == q.element_text(10**12 + 5 - 12 * 10**6)
    moves = z.winning_moves(kayles, (12, 17, 25, 31, 40, 1000), misere=True)
    assert len(moves) == 20 and all(q.outcome(m.position) is Outcome.P for m in moves)


@pytest.mark.parametrize(
    ("code", "order", "p_size", "period", "preperiod", "heaps"),
    [
        ("0.31", 6, 2, 2, 3, [1, 2]),
        ("0.34", 12, 3, 8, 7, [1, 4, 10]),
        ("0.53", 12, 2, 9, 30, [1, 3, 9, 11]),
        ("0.71", 36, 9, 6, 3, [1, 2, 5, 8]),
    ],
)
def test_quotients_proven_finite(
    code: str, order: int, p_size: int, period: int, preperiod: int, heaps: list[int]
) -> None:
    """Finite misère quotients with a proven periodic Φ — derived here (the published tables of
    Plambeck–Siegel were not available to compare), each checked against plain misère search."""
    game = Octal(code)
    q = misere_quotient(game, 400)
    assert (q.order, len(q.monoid.p_portion), q.period, q.preperiod, q.proven) == (
        order,
        p_size,
        period,
        preperiod,
        True,
    )
    assert q.generator_heaps == heaps
    rng = random.Random(code)
    for _ in range(40):
        position = tuple(rng.randint(1, 11) for _ in range(rng.randint(2, 3)))
        assert q.outcome(position) is searched(game, position), position


def test_dawsons_kayles_to_heap_30_has_order_360() -> None:
    """Published: "Q_30(0.07) has size 360" — A. N. Siegel, answering questions about MisereSolver
    (miseregames.wordpress.com, 2007-08-28, `java -jar misere.jar 0.07 -maxheap 30`)."""
    q = misere_quotient(Octal("0.07"), 30)
    assert q.complete and not q.proven and q.upto == 30
    assert q.order == 360
    # Heaps 0 and 1 of 0.07 have no move: Φ = 1; heap 2 is the first generator (Φ(2) = a, a² = 1).
    assert q.pretending(2) == ["1", "1", "a"] and "a² = 1" in q.presentation


def test_0_312_from_plambecks_table() -> None:
    """Plambeck's misère octal pages (plambeck.org, "0.312", solved 4 February 2003): the heap genera
    are 1^031, 2^20, 0^02, 2^1420, 0^02, 1^13 and then period 2; the heap of 4 ("A", genus 2^1420)
    has A + A equal to 0.  Derived here: the quotient is proven from heap 5 with period 2."""
    from zermelo.analyses.genus import genus

    game = Octal("0.312")
    assert [str(genus(game, n)) for n in range(1, 15)] == ["1^031", "2^20", "0^02", "2^1420"] + ["0^02", "1^13"] * 5
    q = misere_quotient(game, 30)
    assert q.proven and (q.period, q.preperiod) == (2, 5)
    a = q.element(4)
    assert a is not None and q.monoid.table[a][a] == 0  # A + A = 0
    assert q.outcome((4, 4)) is searched(game, (4, 4)) is Outcome.N  # 0 under misère play: N


def test_structure_theorems_on_every_small_octal_game() -> None:
    """Plambeck–Siegel (2008): every misère quotient of impartial games has even order.  Siegel,
    "The structure and classification of misère quotients" (2007): with |P| = 2 a finite quotient
    has order 2^n + 2 or 2^n + 4, and there is exactly one quotient of order 8 (R8)."""
    for m in members("octal", digits=2):
        q = misere_quotient(Octal(m.code), 10)
        assert q.order % 2 == 0, m.code
        if len(q.monoid.p_portion) == 2:
            assert any(q.order in (2**n + 2, 2**n + 4) for n in range(12)), (m.code, q.order)
        if q.order == 8:
            assert q.name == "R8", m.code


def test_misere_nim_is_tame() -> None:
    """Misère Nim: heaps of 1 give T1 (order 2); heaps up to 2 or 3 give T2 (order 6: *3 = *2 + *1)."""
    assert misere_quotient(Nim(), 1).name == "T1"
    for top in (2, 3):
        q = misere_quotient(Nim(), top)
        assert (q.order, q.name, q.presentation) == (6, "T2", ["a² = 1", "b³ = b"])
    assert misere_quotient(Nim(), 7).order == 10  # the tame quotient of order 2^3 + 2


def test_named_quotients_need_the_p_portion() -> None:
    t2 = Bipartite.from_actions([[1, 0, 3, 2, 5, 4], [2, 3, 4, 5, 2, 3]], {1, 4})
    assert t2.name() == "T2"
    assert Bipartite(t2.table, frozenset({1}), t2.generators).name() is None


# ---------------------------------------------------------------------- answers against search
GAMES = [("0.75", 12), ("0.77", 10), ("0.07", 10), ("0.137", 10), ("0.45", 9), ("4.7", 9)]


@functools.cache
def _quotient(code: str, top: int) -> z.misere.MisereQuotient:
    return misere_quotient(Octal(code), top, cache=False)


@functools.cache
def _game(code: str) -> Octal:
    """One game object a code, so the examples share the engine's searched graph (a fresh one
    each example searched the same sums again: 60 examples of 0.75 took 8 CPU s)."""
    return Octal(code)


@pytest.mark.parametrize(("code", "top"), GAMES)
@settings(max_examples=250, deadline=None)
@given(data=st.data())
def test_quotient_outcomes_match_search(code: str, top: int, data: st.DataObject) -> None:
    """Random sums of up to four heaps (at most 22 counters, so plain search stays small): the
    quotient's outcome is the engine's."""
    game = _game(code)
    q = _quotient(code, top)
    heaps = tuple(data.draw(st.lists(st.integers(1, top), min_size=1, max_size=4).filter(lambda hs: sum(hs) <= 22)))
    assert q.outcome(heaps) is searched(game, heaps)


def test_every_position_of_small_heaps_matches_search() -> None:
    """All positions of up to three heaps up to 9 of 0.77 (Kayles) and 0.137 (Dawson's chess)."""
    for code in ("0.77", "0.137"):
        game = Octal(code)
        q = _quotient(code, 9)
        for a in range(10):
            for b in range(a, 10):
                for c in range(b, 10):
                    assert q.outcome((a, b, c)) is searched(game, (a, b, c)), (code, a, b, c)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 14), min_size=1, max_size=3).filter(lambda hs: sum(hs) <= 24))
def test_solve_misere_winning_moves_match_search(heaps: list[int]) -> None:
    # Heaps past the pretending function's preperiod (8), at most 24 counters: the remoteness
    # solve reports is a plain search of the whole sum (sums of 42 counters: 59,000 positions).
    game = _game("0.75")
    misere_quotient(game, 30)  # cached: solve reads it
    position = tuple(heaps) if len(heaps) > 1 else heaps[0]
    a = z.solve(game, position, misere=True)
    assert a.outcome is searched(game, tuple(heaps))
    expected = [m.label for m in game.moves(position) if searched(game, tuple(_as_heaps(m.position))) is Outcome.P]
    assert [m.label for m in a.winning_moves] == expected


def _as_heaps(position: int | tuple[int, ...]) -> tuple[int, ...]:
    return (position,) if isinstance(position, int) else position


@settings(max_examples=40, deadline=None)
@given(st.sets(st.integers(1, 4), min_size=1, max_size=3), st.lists(st.integers(1, 12), min_size=1, max_size=3))
def test_subtraction_games(sset: set[int], heaps: list[int]) -> None:
    game = Subtraction(sset)
    q = _subtraction_quotient(tuple(sorted(sset)))
    assert q.outcome(tuple(heaps)) is searched(game, tuple(heaps))


@functools.cache
def _subtraction_quotient(sset: tuple[int, ...]) -> z.misere.MisereQuotient:
    return misere_quotient(Subtraction(sset), 12, cache=False)


# ---------------------------------------------------------------------- the verification
def test_a_wrong_candidate_is_caught_with_its_true_outcome() -> None:
    game = Octal("0.75")
    run = compute(game, 12)
    options = [heap_option_parts(game, h) for h in range(13)]
    q = run.quotient
    letters = _letters(q, run.phi, options)
    assert find_failure(q, letters)[0] is None
    for x in range(q.order):  # move one element in or out of the P-portion
        bad = Bipartite(q.table, q.p_portion ^ {x}, q.generators)
        failure, _ = find_failure(bad, letters)
        assert failure is not None
        heaps = tuple(h for h, c in failure.counts for _ in range(c))
        assert (searched(game, heaps) is Outcome.P) == failure.true_p
        words = heap_words(bad, letters)
        assert len(words) == q.order


# ---------------------------------------------------------------------- budgets, cache, CLI
def test_time_budget_reports_how_far_it_got() -> None:
    q = misere_quotient(Octal("0.07"), 500, seconds=0.3)
    assert not q.complete and "time budget" in (q.stopped or "")
    assert "no finite quotient up to heap" in q.summary() and f"(order so far {q.order})" in q.summary()
    assert 0 < q.upto < 500


def test_time_budget_inside_a_large_candidate() -> None:
    """Officers (0.6) builds candidates of thousands of elements by heap 16: the budget is checked
    while their tables are built too (a 5 s budget used to end after 29 s)."""
    cpu = time.process_time()
    q = misere_quotient(Octal("0.6"), 60, seconds=1.0)
    assert not q.complete and "time budget" in (q.stopped or "")
    # CPU seconds, which a loaded machine does not stretch: a guard against the stretch without a
    # budget check (29 s), not a timing.
    assert time.process_time() - cpu < 15


def test_size_budget_and_cli_budget(capsys: pytest.CaptureFixture[str]) -> None:
    q = misere_quotient(Octal("0.07"), 60, max_order=100)
    assert not q.complete and "budget of 100 elements" in (q.stopped or "") and q.order <= 100
    assert all(h <= q.upto for h in q.expansions)
    assert main(["misere", "octal:0.07", "--maxheap", "60", "--budget", "100", "--genus", "0"]) == 0
    out = capsys.readouterr().out
    assert f"no finite quotient up to heap {q.upto} (order so far {q.order})" in out
    assert main(["misere", "octal:0.07", "--maxheap", "500", "--timeout", "0.3", "--quiet", "--genus", "0"]) == 0
    assert "time budget of 0.3 s reached" in capsys.readouterr().out


def test_progress_lines_off_a_terminal(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from zermelo.commands import misere as command

    monkeypatch.setattr(command, "LINE_EVERY", 0.0)  # a line at every report past the first second
    assert main(["misere", "octal:0.07", "--maxheap", "500", "--timeout", "2", "--genus", "0", "--no-cache"]) == 0
    captured = capsys.readouterr()
    assert "misère quotient: heap " in captured.err and ", order " in captured.err
    assert "time budget of 2 s reached" in captured.out


def test_cache_on_disk_and_corrupt_files(tmp_path: Path) -> None:
    from zermelo.misere import api

    q = misere_quotient(Octal("0.75"), 25)
    files = list((tmp_path / "misere").glob("*.json"))
    assert len(files) == 1
    api._MEMORY.clear()
    again = misere_quotient(Octal("0.75"), 25)
    assert again.seconds == q.seconds and again.phi == q.phi  # read back, not recomputed
    files[0].write_text("{not json")
    api._MEMORY.clear()
    assert misere_quotient(Octal("0.75"), 25).order == 8
    data = json.loads(files[0].read_text())
    data["table"][0][0] = 99
    files[0].write_text(json.dumps(data))
    api._MEMORY.clear()
    assert misere_quotient(Octal("0.75"), 25).order == 8


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["misere", "octal:0.75", "--maxheap", "30"]) == 0
    out = capsys.readouterr().out
    assert "8 (R8)" in out and "a² = 1, bc = ab, c² = b², b³ = b" in out and "{a, b²}" in out
    assert "heaps 0-4 tame; heap 5 restive; heaps 6-12 wild" in out and "5: 1^431" in out
    assert main(["misere", "octal:0.75", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["order"] == 8 and data["proven"] and data["period"] == 2
    assert data["genus"][5] == {"heap": 5, "genus": "1^431", "class": "restive"}
    assert main(["solve", "octal:0.75", "12", "17", "25", "31", "40", "--misere", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["outcome"] == "N" and len(data["winning_moves"]) == 59
    assert "misère quotient" in data["explanation"] and "ab²" in data["explanation"]
    assert main(["table", "octal:0.75", "--misere", "--size", "12"]) == 0
    assert "N  P  N  P  N" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["misere", "octal:0.75", "--maxheap", "0"],
        ["misere", "wythoff"],
        ["misere", "octal:0.8"],
        ["misere", "nim", "--timeout", "-1"],
        ["misere", "nim", "--timeout", "nan"],
        ["misere", "nim", "--budget", "1"],
        ["misere", "nim", "--genus", "-1"],
    ],
)
def test_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("zermelo: error:") and err.count("\n") == 1


def test_fifty_heaps_from_the_quotient() -> None:
    """A misère sum of 50 heaps is answered from the quotient; the engine would need ~10^70 positions."""
    game = Octal("0.75")
    misere_quotient(game, 30)
    heaps = tuple(range(11, 61))
    a = z.solve(game, heaps, misere=True)
    q = misere_quotient(game, 30)
    assert a.outcome is q.outcome(heaps)
    assert all(q.outcome(_as_heaps(m.position)) is Outcome.P for m in a.winning_moves)


# ---------------------------------------------------------------------- genus
def test_genus_of_nim_heaps_and_kayles() -> None:
    from zermelo.analyses.genus import genus, is_tame

    assert [str(genus(Nim(), n)) for n in range(5)] == ["0^120", "1^031", "2^20", "3^31", "4^46"]
    kayles = Octal("0.77")
    assert [str(genus(kayles, n)) for n in range(6)] == ["0^120", "1^031", "2^20", "3^31", "1^031", "4^146"]
    assert [is_tame(kayles, n) for n in range(6)] == [True] * 5 + [False]  # Kayles is wild from 5 on


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=1, max_size=6))
def test_tame_heaps_add_by_their_genera(heaps: list[int]) -> None:
    """Kayles heaps 0..4 are tame: a sum's misère outcome comes from their genera, O(1) a heap."""
    from zermelo.analyses.genus import genus, tame_outcome

    kayles = Octal("0.77")
    assert tame_outcome([genus(kayles, h) for h in heaps]) is searched(kayles, tuple(heaps))


def test_restive_and_restless_heaps() -> None:
    """Conway (ONAG ch. 12; WW ch. 13): not tame, every option tame; restive when g ∈ {0, 1} and
    g₀ ≥ 2, restless when g ≥ 2 and g₀ ∈ {0, 1}."""
    from zermelo.analyses.genus import classify, genera

    assert classify(Octal("0.75"), 5) == "restive"  # 1^431
    assert classify(Octal("0.77"), 5) == "restless"  # Kayles K5: 4^146
    assert classify(Octal("0.07"), 10) == "restless"  # 3^1431
    assert classify(Octal("0.312"), 4) == "restless"  # 2^1420
    assert classify(Octal("0.75"), 6) == "wild"  # its option 5 is not tame
    assert classify(Nim(), 9) == "tame"
    assert [h.kind for h in genera(Octal("0.77"), 6)] == ["tame"] * 5 + ["restless", "wild"]
    assert z.genera(Octal("0.75"), 5)[5].genus == z.genus(Octal("0.75"), 5)


def test_genus_keeps_to_its_budget(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Misère play does not split into parts: Kayles' heap 22 took 1.5 s, three times as long
    every 4 heaps, and the genus took no budget (make fuzz called z.genus(kayles, 60) a hang)."""
    from zermelo.analyses.genus import classify, genera, genus, is_tame
    from zermelo.commands import misere as command

    kayles = Octal("0.77")
    with pytest.raises(z.SearchLimitExceeded) as e:
        genus(kayles, 60, limits=z.Limits(max_positions=1000))
    assert isinstance(e.value, ValueError) and (e.value.limit, e.value.budget) == ("positions", 1000)
    assert str(e.value) == "search budget exceeded: more than 1,000 positions"
    assert str(genus(kayles, 12, limits=z.Limits(max_positions=3000))) == "4^046"  # within it: the answer
    # Every heap's genus counts against one budget (heaps 0..12 need 1,515 positions together),
    # and so do the followers tameness walks (heap 40 has more than 1,000).
    for call in (lambda lim: genera(kayles, 12, limits=lim), lambda lim: is_tame(kayles, 40, limits=lim)):
        with pytest.raises(z.SearchLimitExceeded):
            call(z.Limits(max_positions=1000))
    assert classify(kayles, 12, limits=z.Limits(max_positions=3000)) == "wild"
    with pytest.raises(z.InvalidArgument, match=r"genus: limits must be a zermelo\.Limits"):
        genus(kayles, 3, limits=5)  # type: ignore[arg-type]
    # The command: the quotient, then a note naming the limit instead of the genera.
    monkeypatch.setattr(command, "GENUS_POSITIONS", 1000)
    assert main(["misere", "kayles", "--maxheap", "5", "--genus", "40", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "  genus       heaps 0..40 not computed: search budget exceeded: more than 1,000 positions" in out
    assert "fewer heaps with --genus" in out and "misère quotient" in out


def test_tame_options_fix_the_genus_by_brute_force() -> None:
    """ONAG ch. 12 (the split the classes rest on): when every option is tame the genus is tame
    exactly when g = g₀ or both are 0 or 1.  Checked on every heap and two-heap sum up to 8 of
    ten octal games, by computing each genus in full (up to 10: three times the CPU, 390 cases
    for 314)."""
    from zermelo.analyses.genus import _Classifier

    checked = 0
    for code in ("0.75", "0.07", "0.137", "0.312", "0.77", "4.7", "0.6", "0.51", "0.34", "0.16"):
        game = Octal(code)
        c = _Classifier(game)
        for h in range(9):
            for position in [h, *((h, k) for k in range(1, h + 1))]:
                if not all(c.tame(o) for o in game.options(position)):
                    assert c.kind(position) == "wild"
                    continue
                g = c.genus(position)
                g0 = g.minus[0]
                assert g.tame == (g.plus == g0 or max(g.plus, g0) < 2), (code, position, g)
                expect = "tame" if g.tame else "restive" if g.plus < 2 else "restless" if g0 < 2 else "wild"
                assert c.kind(position) == expect, (code, position, g)
                checked += 1
    assert checked >= 300


def test_a_cold_kayles_sum_is_read_off_the_quotient_not_searched(capsys: pytest.CaptureFixture[str]) -> None:
    """A misère search is of whole positions: Kayles 12 17 25 reaches about 2.5·10^6 multisets of
    heaps, not the 13·18·26 of its heaps one by one.  Sized as the latter, it went to the engine
    (minutes) instead of the quotient.  With no quotient cached and a budget of 20,000 positions, a
    search could not answer: the answer and every winning move come from the quotient."""
    kayles = Octal("0.77")
    a = z.solve(kayles, (12, 17, 25), misere=True, limits=z.Limits(max_positions=20_000))
    q = misere_quotient(kayles, 40)  # what the answer read, now cached
    expected = [m.label for m in kayles.moves((12, 17, 25)) if q.outcome(_as_heaps(m.position)) is Outcome.P]
    assert (a.outcome, [m.label for m in a.winning_moves]) == (Outcome.N, expected) and len(expected) == 3
    argv = ["solve", "kayles", "12", "17", "25", "31", "40", "1000", "--misere", "--json", "--budget", "20000"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    big = (12, 17, 25, 31, 40, 1000)
    q = quotient_for(kayles, big)  # the proven quotient the command computed, read from the cache
    assert q is not None and q.proven
    wins = [m.label for m in kayles.moves(big) if q.outcome(_as_heaps(m.position)) is Outcome.P]
    assert len(wins) == 20 and [m["move"] for m in out["winning_moves"]] == wins
