"""Moore's Nim_k: Moore's theorem against plain search."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.analyses.analysis import solve
from zermelo.cli import main
from zermelo.games.moore import MooreNim
from zermelo.rules import Outcome
from zermelo.search.engine import PREVIOUS_WINS, Engine


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 3), st.lists(st.integers(0, 5), min_size=1, max_size=4))
def test_moores_theorem_matches_search(k: int, heaps: list[int]) -> None:
    g = MooreNim(k)
    searched = Outcome.P if Engine(g).outcome(tuple(heaps))[0] == PREVIOUS_WINS else Outcome.N
    assert g.outcome_formula(tuple(heaps)) is searched


def test_nim_1_is_nim() -> None:
    assert MooreNim(1).outcome_formula((1, 2, 3)) is Outcome.P


def test_why_and_cli(capsys) -> None:
    a = solve(MooreNim(2), (1, 1, 1))
    assert a.outcome is Outcome.P and "multiple of 3" in a.explanation and "ones per column:  3" in a.explanation
    assert main(["solve", "moore:2", "1", "2", "3"]) == 0
    assert "Moore's Nim_2" in capsys.readouterr().out
    assert main(["table", "moore:2", "--size", "6", "6"]) == 0
    assert main(["solve", "moore:0", "1"]) == 2
