"""The user's file in the commands beyond solve/table: value, negamax and play for partisan and
scored games, misère quotients, sums of two files, a file's name kept with its case, and the kind
of positions read from the rule's annotation."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from test_userfile import run, written
from zermelo import solve
from zermelo.misere import misere_quotient
from zermelo.misere.onheaps import as_heap_game

pytestmark = pytest.mark.usefixtures("registry_restored")

GAMES = '''import zermelo


@zermelo.partisan
def cut(n):
    """Left takes 1 or 2 counters, Right takes 2."""
    return [n - k for k in (1, 2) if k <= n], [n - 2] if n >= 2 else []


@zermelo.scored(payoff=lambda p: p[1] if p[0] == 0 else None)
def race(p):
    """Take 1 or 2 from the pile, scoring what you take; (pile, the mover's lead so far)."""
    n, lead = p
    return [(n - k, -(lead + k)) for k in (1, 2) if k <= n]


@zermelo.impartial(subtraction_set=(1, 2, 5))
def take125(n):
    return [n - s for s in (1, 2, 5) if s <= n]


@zermelo.impartial
def grow(n):
    return [n + 1] if n < 5 else []


@zermelo.impartial
def shrink(w: str):
    """Delete one letter of the word."""
    return [w[:i] + w[i + 1 :] for i in range(len(w))]


@zermelo.impartial
def bachet(n, k):
    return [n - t for t in range(1, min(n, k) + 1)]
'''


@pytest.fixture
def games(tmp_path: Path) -> str:
    return written(tmp_path / "games.py", GAMES)


def test_value_of_a_partisan_game(games: str, capsys: pytest.CaptureFixture[str]) -> None:
    # cut(n): Left moves to n-1 or n-2, Right to n-2.  By hand: 0 = 0, 1 = {0|} = 1,
    # 2 = {1,0|0} = {1|0}, 3 = {{1|0},1|1} = {1|1} = 1* ({1|0} < 1 is dominated).
    status, out, _ = run(["value", f"{games}:cut", "3"], capsys)
    assert status == 0 and out.splitlines()[1].split() == ["value", "1*"]
    status, out, _ = run(["value", f"{games}:cut", "2", "--json"], capsys)
    assert status == 0 and '"value": "{1|0}"' in out


def test_negamax_of_a_scored_game(games: str, capsys: pytest.CaptureFixture[str]) -> None:
    # From a pile of 3: taking 2 then the opponent takes 1 nets +1; taking 1 lets the opponent
    # take 2: -1.  So the value is 1 and the best move takes 2.
    status, out, _ = run(["negamax", f"{games}:race", "3 0"], capsys)
    assert status == 0
    lines = {line.split()[0]: line for line in out.splitlines()[1:] if line.strip()}
    assert lines["value"].split()[1] == "+1" and "3 0 -> 1 -2" in lines["best"]


def test_play_a_partisan_game(games: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("4 -> 2\n"))
    status, out, _ = run(["play", f"{games}:cut", "4"], capsys)
    # 4 -> 2 leaves {1|0}: Right moves to 0 and Left, to move, has lost
    assert status == 0 and "you: 4 -> 2" in out and "computer: 2 -> 0" in out and "the computer wins" in out


def test_misere_quotient_of_a_users_game(games: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["misere", f"{games}:take125", "--maxheap", "30", "--quiet", "--genus", "3"], capsys)
    assert status == 0 and "period      3 from heap 1 (proven" in out
    # the same quotient as the built-in subtraction game's, element for element
    mine = misere_quotient(as_heap_game(solve_game(games, "take125")), 12, cache=False)
    theirs = misere_quotient(as_heap_game(solve_game_builtin("subtraction:1,2,5")), 12, cache=False)
    assert mine.presentation == theirs.presentation and mine.phi[:9] == theirs.phi[:9]
    status, _, err = run(["misere", f"{games}:grow", "--quiet"], capsys)
    assert status == 2 and "heap 1 moves to 2" in err and err.count("\n") == 1
    status, _, err = run(["misere", f"{games}:cut", "--quiet"], capsys)
    assert status == 2 and "not a heap game" in err


def solve_game(path: str, name: str) -> object:
    from zermelo.rules.userfile import load

    return load(f"{path}:{name}")


def solve_game_builtin(spec: str) -> object:
    from zermelo.games.registry import make_game

    return make_game(spec)


def test_sums_of_two_files_keep_each_files_case(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lower, upper = tmp_path / "walk.py", tmp_path / "Walk.py"
    lower.write_text("import zermelo\n\n@zermelo.impartial\ndef g(n):\n    return [n - 1] if n else []\n")
    upper.write_text("import zermelo\n\n@zermelo.impartial\ndef g(n):\n    return list(range(n))\n")
    if lower.read_text() == upper.read_text():
        pytest.skip("a file system that folds case")
    # walk 3 is *1 (a chain of 3), Walk 2 is nim's *2: the sum is *3, N
    status, out, _ = run(["solve", f"{lower}:g", "3", "+", f"{upper}:g", "2"], capsys)
    assert status == 0 and "Grundy      3" in out
    status, out, _ = run(["solve", f"{upper}:g", "2", "+", f"{lower}:g", "3"], capsys)
    assert status == 0 and "Grundy      3" in out


def test_string_positions_from_the_annotation(games: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["solve", f"{games}:shrink", "123"], capsys)  # digits, read as a word
    assert status == 0 and "Grundy      1" in out
    g = solve_game(games, "shrink")
    assert g.parse("123") == "123" and solve(g, "ab").outcome.name == "P"  # type: ignore[attr-defined]


def test_a_family_in_a_file_by_its_parameters(games: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["solve", f"{games}:bachet:3", "8"], capsys)
    assert status == 0 and "P: the second player" in out
    status, out, _ = run(["misere", f"{games}:bachet:3", "--maxheap", "12", "--quiet", "--genus", "0"], capsys)
    # bachet:3 is subtraction {1,2,3}: heaps 1, 2, 3 are misère *1, *2, *3, the tame quotient T2
    assert status == 0 and "Φ(0..)      1 a b ab 1 a b ab 1" in out and "6 (T2)" in out


def test_census_of_a_family_in_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    spec = "tests/data/divisors_planted.py:Bachet"  # take 1..k: G(n) = n mod (k + 1), declared
    status, out, _ = run(["census", "game", spec, "--params", "1..4", "--upto", "60", "--json"], capsys)
    rows = json.loads(out)
    assert status == 0 and [r["params"] for r in rows] == [[1], [2], [3], [4]]
    assert all(r["period"] == r["params"][0] + 1 and r["preperiod"] == 0 and r["proven"] for r in rows)
    status, _, err = run(["census", "game", f"{spec}:3", "--params", "1..4", "--upto", "60"], capsys)
    assert status == 2 and "without its parameters" in err
    status, _, err = run(
        ["census", "game", "tests/data/divisors_planted.py:game", "--params", "2", "--upto", "9"], capsys
    )
    assert status == 2 and "takes no parameters" in err and err.count("\n") == 1
