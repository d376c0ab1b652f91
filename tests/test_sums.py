"""Sums of different games: ``Sum`` (impartial), ``PartisanSum``, and the CLI's ``+`` word.

A sum's answers come from its parts (nim-sum of Grundy values, sum of canonical forms); every
test here checks them against a plain search of the product game, which knows nothing of sums.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_helper_games import run
from zermelo import Outcome, PartisanSum, Sum, grundy, partisan_outcome
from zermelo.analyses.canonical import canonical_form
from zermelo.core.errors import InvalidPosition
from zermelo.games import Domineering, Kayles, Nim, Subtraction, ToadsAndFrogs
from zermelo.rules import Impartial
from zermelo.values import parse_value


class _Product(Impartial[tuple[int, ...]]):
    """Nim + Subtraction{1,2} written as one game with no components: only plain search applies."""

    def options(self, position: tuple[int, ...]) -> list[tuple[int, ...]]:
        a, b = position
        return [(x, b) for x in range(a)] + [(a, b - k) for k in (1, 2) if k <= b]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 12), st.integers(0, 12))
def test_impartial_sum_grundy_is_the_product_search(a: int, b: int) -> None:
    s = Sum(Nim(), Subtraction((1, 2)))
    assert grundy(s, ((a,), b)) == grundy(_Product(), (a, b)) == a ^ (b % 3)


BOARDS = ["..|..", "...", "..|.#", ".|.|.", "...|..#", "#.|..", "....", "..|..|.."]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(BOARDS), st.sampled_from(BOARDS), st.integers(0, 3))
def test_partisan_sum_value_agrees_with_searching_the_product(a: str, b: str, heap: int) -> None:
    d = Domineering()
    s = PartisanSum(d, d, Nim())
    pos = s.parse(f"{a} + {b} + {heap}")
    value = canonical_form(s, pos)
    assert value == canonical_form(d, pos[0]) + canonical_form(d, pos[1]) + parse_value(f"*{heap}")
    # partisan_outcome searches (position, side to move) over the product: no values, no parts.
    assert partisan_outcome(s, pos) is value.outcome


def test_partisan_sum_moves_are_moves_in_one_part() -> None:
    s = PartisanSum(Domineering(), ToadsAndFrogs(), Nim())
    pos = s.parse("..|.. + T.F + 2")
    left, right = list(s.left_options(pos)), list(s.right_options(pos))
    assert len(left) == 2 + 1 + 2 and len(right) == 2 + 1 + 2
    assert all(sum(x != y for x, y in zip(o, pos, strict=True)) == 1 for o in left + right)
    assert s.format(pos) == "..|.. + T.F + 2" and s.spec() == "domineering + toads + nim"


def test_sum_positions_must_match_the_summands() -> None:
    with pytest.raises(InvalidPosition, match="needs 2 positions"):
        Sum(Nim(), Kayles()).parse("3 4")
    with pytest.raises(InvalidPosition, match="tuple of 2 positions"):
        canonical_form(PartisanSum(Domineering(), Nim()), (1, 2, 3))


# ---------------------------------------------------------------------- the CLI's "+"
def test_cli_solve_a_sum(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "nim", "3", "4", "+", "kayles", "5", "--json")
    data = json.loads(out)
    # Each position as it reads back after the first game's name (it printed "0 4 + 5").
    assert status == 0 and data["game"] == "nim + kayles" and data["position"] == "3 4 + kayles 5"
    assert data["grundy"] == 3 ^ 4 ^ 4 and data["outcome"] == "N"
    assert [m["position"] for m in data["winning_moves"]] == ["0 4 + kayles 5"]
    status, out, _ = run(capsys, "solve", "nim", *data["winning_moves"][0]["position"].split(), "--json")
    assert status == 0 and json.loads(out)["outcome"] == "P"


def test_cli_solve_prints_a_sums_positions_as_they_read_back(capsys: pytest.CaptureFixture[str]) -> None:
    # The text, the JSON and the web page print a position by one function (position_words).
    from zermelo.web.api import handle

    status, out, _ = run(capsys, "solve", "nim", "3", "4", "+", "kayles", "5", "--all-moves")
    assert status == 0 and "nim + kayles  3 4 + kayles 5\n" in out
    assert "=>  0 4 + kayles 5  (win in 9)" in out and "=>  3 4 + kayles 2 2  (lose in 12)" in out
    web = json.loads(handle("solve", {"game": "nim", "position": "3 4 + kayles 5"}).body)
    _, out, _ = run(capsys, "solve", "nim", "3", "4", "+", "kayles", "5", "--json")
    cli = json.loads(out)
    assert web["position"] == cli["position"] and web["winning_moves"] == cli["winning_moves"]


def test_cli_solve_a_misere_sum_searches_the_product(capsys: pytest.CaptureFixture[str]) -> None:
    # Misère sums do not follow the nim-sum: 1 + 1 is P in normal play (nim-sum 0), but in
    # misère play the mover empties one heap, the opponent must take the last counter, and then
    # the mover cannot move and wins: N.
    status, out, _ = run(capsys, "solve", "nim", "1", "+", "nim", "1", "--json")
    assert status == 0 and json.loads(out)["outcome"] == "P"
    status, out, _ = run(capsys, "solve", "nim", "1", "+", "nim", "1", "--misere", "--json")
    assert status == 0 and json.loads(out)["outcome"] == "N"


def test_cli_value_of_a_partisan_sum(capsys: pytest.CaptureFixture[str]) -> None:
    # Domineering 2x2 = ±1 and 2x3 = {2|-1/2}; their sum is positive (Left wins).
    status, out, _ = run(capsys, "value", "domineering", "..|..", "+", "domineering", "...|...", "--json")
    data = json.loads(out)
    expected = parse_value("±1") + parse_value("{2|-1/2}")
    assert status == 0 and parse_value(data["value"]) == expected and data["outcome"] == "L"
    status, out, _ = run(capsys, "value", "domineering", "..|..", "+", "nim", "2")
    assert status == 0 and "{1*2|-1*2}" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "nim", "3", "+"], "a '+' must be followed by a game"),
        (["solve", "nim", "3", "+", "+", "nim", "1"], "a '+' must be followed by a game"),
        (["solve", "nim", "1", "+", "4"], "after '+' comes a game and its position: unknown game '4'"),
        (["solve", "nim", "3", "+", "domineering", "..|.."], "not an impartial game"),
        (["value", "domineering", "..|..", "+", "tictactoe", "........."], "tictactoe is a scored game"),
        (["solve", "nim", "3", "+", "kayles"], "give a position"),
    ],
)
def test_cli_sum_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2 and message in err and err.count("\n") == 1


def test_play_a_sum_outcome_matches_partisan_search() -> None:
    s = PartisanSum(Domineering(), Nim())
    pos = s.parse("..|.. + 1")
    assert partisan_outcome(s, pos) is Outcome.N is canonical_form(s, pos).outcome
