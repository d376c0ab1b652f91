"""zermelo check: the self-check passes on every built-in game and catches planted bugs with their
smallest counterexample."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

import pytest

import zermelo
from zermelo.analyses.selfcheck import self_check
from zermelo.cli import main
from zermelo.commands.check import seeds
from zermelo.games.registry import entries, game_and_position, make_game

pytestmark = pytest.mark.usefixtures("registry_restored")


def _start(e: Any) -> tuple[Any, list[Any]]:
    words = shlex.split(e.example)
    if words[0] == "zermelo":
        words = words[2:]
    try:
        game = make_game(e.name)
        starts = seeds(game, e.name)
    except zermelo.ZermeloError:  # a game that needs its parameters or its graph: the example's
        starts = []
    if not starts:
        game, position = game_and_position(words[0], words[1:])
        starts = [position]
    return game, starts


@pytest.mark.parametrize("e", entries(), ids=lambda e: e.name)
def test_every_built_in_game_passes(e: Any) -> None:
    game, starts = _start(e)
    report = self_check(game, starts, most=40, sample=6, budget=20_000)
    assert report.ok, report.findings
    assert report.counts["text"] > 0 and report.counts["cycle"] == report.positions > 0


@zermelo.impartial(grundy_formula=lambda n: n % 3)  # wrong: the true values are the 2-adic valuation
def divisors(n: int) -> list[int]:
    return [n - d for d in range(1, n) if n % d == 0]


def test_a_planted_wrong_closed_form_is_caught_at_its_smallest_counterexample() -> None:
    report = self_check(divisors, range(16), sample=16)
    [finding] = report.findings
    # G(1) = 0 but 1 % 3 = 1; G(0) = 0 = 0 % 3 agrees.
    assert (finding.check, finding.position) == ("grundy_formula", "1")
    assert finding.detail == "grundy_formula says 1, plain search 0"


def test_wrong_declarations_and_a_text_form_that_does_not_read_back() -> None:
    @zermelo.impartial(subtraction_set=(1, 2))
    def s13(n: int) -> list[int]:
        return [n - s for s in (1, 3) if s <= n]

    [f] = self_check(s13, [5]).findings
    assert (f.check, f.position) == ("subtraction_set", "2")

    @zermelo.impartial(positions="str", format=lambda w: w.upper())
    def strip(word: str) -> list[str]:
        return sorted({word[1:], word[:-1]}) if word else []

    [f] = self_check(strip, ["ab"]).findings
    assert (f.check, f.position) == ("text", "A")


def test_a_cycle_is_shown_unless_declared() -> None:
    def around(n: int) -> list[int]:
        return [(n + 1) % 3]

    [f] = self_check(zermelo.impartial(around), [0]).findings
    assert f.check == "cycle" and f.detail.startswith("a cycle of moves: 0 -> 1 -> 2 -> 0")
    assert self_check(zermelo.impartial(loopy=True)(around), [0]).ok


def test_components_must_be_a_sum() -> None:
    @zermelo.impartial(positions="tuple", components=lambda p: [(h,) for h in p] if len(p) > 1 else None)
    def heaps(p: tuple[int, ...]) -> list[tuple[int, ...]]:  # take from the first heap only: no sum
        return [(h, *p[1:]) for h in range(p[0])] if p else []

    report = self_check(heaps, [(1, 1)], sample=10)
    assert [f.check for f in report.findings] == ["components"]


def test_partisan_negation_where_declared() -> None:
    @zermelo.partisan(negative=lambda p: (p[1], p[0]), positions="tuple")
    def race(p: tuple[int, int]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        a, b = p  # Left takes from a, Right from b
        return [(a - 1, b)] if a else [], [(a, b - 1)] if b else []

    assert self_check(race, [(2, 3)]).ok

    @zermelo.partisan(negative=lambda p: p, positions="tuple")  # wrong: (1, 0) is 1, not -1
    def race2(p: tuple[int, int]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        a, b = p
        return [(a - 1, b)] if a else [], [(a, b - 1)] if b else []

    [f] = self_check(race2, [(1, 0)]).findings
    assert (f.check, f.position) == ("negative", "1 0")


def test_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.py"
    path.write_text(
        "import zermelo\n\n\n@zermelo.impartial(grundy_formula=lambda n: n % 2)\n"
        "def game(n):\n    return [n - d for d in range(1, n) if n % d == 0]\n",
        encoding="utf-8",
    )
    assert main(["check", f"{path}:game"]) == 1
    out = capsys.readouterr().out
    assert "grundy_formula         FAILS at 0: grundy_formula says 0" not in out
    assert "grundy_formula         FAILS at 1: grundy_formula says 1, plain search 0" in out
    assert out.rstrip().endswith("1 finding")
    assert main(["check", "subtraction:1,3,4"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("every check passes")
