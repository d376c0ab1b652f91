"""Proven periods on disk: the closed forms they give are checked against plain search."""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.analyses.analysis import outcome, solve, winning_moves
from zermelo.cli import main
from zermelo.core import files
from zermelo.games import Nim, Subtraction
from zermelo.heaps import period_cache as proven
from zermelo.heaps.subtraction import PERIOD_FROM
from zermelo.rules import Outcome, Sum
from zermelo.search.engine import Engine


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv(files.CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(proven, "_MEMO", {})
    return tmp_path


@settings(max_examples=40, deadline=None)
@given(st.sets(st.integers(1, 12), min_size=1, max_size=4), st.integers(PERIOD_FROM, PERIOD_FROM + 1500))
def test_period_formula_matches_plain_search(s: set[int], n: int) -> None:
    game = Subtraction(s)
    searched = Engine(game).grundy(n)  # a fresh engine: the graph search, no closed form
    assert game.grundy_formula(n) == searched
    wins = winning_moves(game, n)
    assert [m.position for m in wins] == [n - k for k in sorted(s) if k <= n and Engine(game).grundy(n - k) == 0]


def test_cached_on_disk_and_read_back(cache, monkeypatch) -> None:
    pp = proven.proven_period(Subtraction({1, 2, 3}))
    assert pp is not None and (pp.period, pp.preperiod) == (4, 0)
    files = list((cache / "periods").iterdir())
    assert len(files) == 1 and json.loads(files[0].read_text())["period"] == 4
    monkeypatch.setattr(proven, "_MEMO", {})
    monkeypatch.setattr(proven, "_compute", lambda game: pytest.fail("recomputed although cached"))
    again = proven.proven_period(Subtraction({1, 2, 3}))
    assert again == pp


@pytest.mark.parametrize("junk", ["", "{", "[1, 2]", '{"format": 1, "game": "subtraction:1,2,3", "proven": true}'])
def test_corrupt_cache_is_recomputed(cache, junk: str) -> None:
    path = proven._path("subtraction:1,2,3")
    path.parent.mkdir(parents=True)
    path.write_text(junk)
    pp = proven.proven_period(Subtraction({1, 2, 3}))
    assert pp is not None and pp.period == 4
    assert json.loads(path.read_text())["values"] == [0, 1, 2, 3]


def test_cache_for_another_game_is_ignored(cache) -> None:
    path = proven._path("subtraction:1,2,3")
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": 1, "game": "subtraction:1,3,4", "proven": True, "preperiod": 0,
                                "period": 1, "values": [0], "proof": "", "tried": 1}))  # fmt: skip
    assert proven.proven_period(Subtraction({1, 2, 3})).period == 4


def test_describe_in_the_notes_words() -> None:
    assert proven.proven_period(Subtraction({1, 2, 3})).describe() == "period 4 from 0, proven: G(n) = G(n mod 4)"


def test_huge_heap_answers_at_once(capsys) -> None:
    n = 10**12 + 1
    game = Subtraction({1, 2, 3})
    proven.proven_period(game)  # proven once (the kernels may compile); then every answer is instant
    cpu = time.process_time()  # CPU seconds, which a loaded machine does not stretch
    a = solve(game, n)
    assert time.process_time() - cpu < 1.0
    assert a.outcome is Outcome.N and a.grundy == 1
    assert [m.position for m in a.winning_moves] == [10**12]
    assert main(["solve", "subtraction:1,2,3", str(n), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["winning_moves"][0]["position"] == "1000000000000" and data["winning_moves_listed"]


def test_sum_with_a_huge_heap() -> None:
    game = Sum(Subtraction({1, 3, 4}), Nim())
    n = 7 * 10**14 + 3  # G(n) = G(3) = 1 for 1,3,4 (period 7 from 0)
    assert Engine(Subtraction({1, 3, 4})).grundy(3) == 1
    a = solve(game, (n, 6))
    assert a.grundy == 1 ^ 6
    assert outcome(game, (n, 1)) is Outcome.P
    assert [m.position for m in a.winning_moves] == [(n, 1)]


def test_no_theorem_no_period(cache) -> None:
    from zermelo.games import Square

    assert proven.proven_period(Square()) is None


def test_why_cites_the_proof() -> None:
    a = solve(Subtraction({1, 2, 3}), 10**12 + 1)
    assert a.explanation == (
        "S = {1, 2, 3}: the Grundy values have period 4 from 0, proven: G(n) = G(n mod 4) "
        "(subtraction game: 3 = max(S) matching values after the preperiod).\n"
        "  1000000000001 ≡ 1 (mod 4), so G(1000000000001) = G(1) = 1\n"
        "The Grundy value is 1, so the player to move wins (an N-position). "
        "Move to a position of value 0: take 1 (1000000000001 -> 1000000000000)."
    )


def test_an_edited_cache_is_refused_with_a_warning_and_recomputed(tmp_path) -> None:
    # The fuzz's edit: one value of the proven period of octal:0.137 changed (values[70] 1 -> 0)
    # made `solve` answer P / 0 for a huge heap.  Real processes, as a user runs them.
    import os
    import subprocess
    import sys

    env = {**os.environ, files.CACHE_ENV: str(tmp_path)}
    cli = "import sys; from zermelo.cli import main; sys.exit(main(sys.argv[1:]))"
    argv = [sys.executable, "-c", cli, "solve", "octal:0.137", "123456789012345678901234567890", "--json"]
    first = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=120)
    assert first.returncode == 0 and json.loads(first.stdout)["grundy"] == 1
    (path,) = (tmp_path / "periods").iterdir()
    data = json.loads(path.read_text())
    assert data["values"][70] == 1
    data["values"][70] = 0
    path.write_text(json.dumps(data))
    again = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=120)
    out = json.loads(again.stdout)
    assert (again.returncode, out["outcome"], out["grundy"]) == (0, "N", 1)
    assert again.stderr == (
        f"zermelo: warning: period cache {path}: its checksum does not match its content (edited or damaged);"
        " computing the period again\n"
    )
    assert json.loads(path.read_text())["values"][70] == 1  # written again, right
