"""Many positions in one process: ``zermelo solve|value|negamax GAME --batch FILE`` and the Python
API (``zermelo.solve_many``, ``negamax_many``, ``value_many``)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import zermelo as z
from zermelo.analyses.batch import keep_bounded
from zermelo.cli import main
from zermelo.games import Nim
from zermelo.search.engine import ENGINES, engine_for

CODE = "import sys; from zermelo.cli import main; sys.exit(main(sys.argv[1:]))"


def zermelo(*argv: str, stdin: str | None = None) -> tuple[int, list[dict[str, Any]], str]:
    """A real process: exit status, the JSON objects it printed (one a line), stderr."""
    env = {**os.environ, "ZERMELO_DEBUG": "1"}
    done = subprocess.run(
        [sys.executable, "-c", CODE, *argv], input=stdin, capture_output=True, text=True, env=env, timeout=300
    )
    return done.returncode, [json.loads(line) for line in done.stdout.splitlines()], done.stderr


def test_a_file_of_positions_gives_one_object_a_line_in_order(tmp_path: Path) -> None:
    lines = ["3 4 5", "1 2 3", "", "-1", "x y", '7 "', "  2   2  "]
    f = tmp_path / "nim.txt"
    f.write_text("\n".join(lines) + "\n")
    status, out, err = zermelo("solve", "nim", "--batch", str(f))
    assert status == 2, err  # some lines were refused
    assert err == ""  # stderr is no terminal: no progress
    assert [o["line"] for o in out] == list(range(1, len(lines) + 1))
    # Each answer is what `zermelo solve nim ... --json` says of the line.
    alone = subprocess.run(
        [sys.executable, "-c", CODE, "solve", "nim", "2", "2", "--json"], capture_output=True, text=True
    )
    assert {k: v for k, v in out[6].items() if k != "line"} == json.loads(alone.stdout)
    assert (out[0]["outcome"], out[1]["outcome"], out[6]["outcome"]) == ("N", "P", "P")
    # A blank line is an error (never guessed to be a start); bad lines name their input.
    assert out[2] == {"line": 3, "input": "", "error": "empty line: give a position ('' for a scored game's start)"}
    assert out[3]["input"] == "-1" and "whole number" in out[3]["error"]
    assert out[4]["input"] == "x y" and "error" in out[4]
    assert "closing quotation" in out[5]["error"]
    assert all("\n" not in o.get("error", "") for o in out)


def test_standard_input_and_the_scored_games_start() -> None:
    status, out, err = zermelo("negamax", "connect4:5x4", "--batch", "-", stdin="''\n4453\n1111111\n")
    assert status == 2, err
    assert [o["line"] for o in out] == [1, 2, 3]
    assert out[0]["position"] == "...../...../...../....." and out[0]["outcome"] == "draw"
    assert out[1]["outcome"] == "loss" and out[1]["distance"] == 16
    assert "full column" in out[2]["error"]


def test_value_batch_and_flags_that_do_not_batch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "boards.txt"
    f.write_text("..|..\n.|.\n")
    assert main(["value", "domineering", "--batch", str(f)]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(o["line"], o["value"]) for o in out] == [(1, "±1"), (2, "1")]
    for argv, message in (
        (
            ["value", "domineering", "--batch", str(f), "--thermograph", "t.png"],
            "--thermograph does not go with --batch",
        ),
        (
            ["negamax", "connect4", "4453", "--batch", str(f)],
            "--batch reads the positions from its file: give GAME only",
        ),
        (["negamax", "connect4", "--batch", str(f), "--compare"], "--compare does not go with --batch"),
        (["solve", "nosuchgame", "--batch", str(f)], "unknown game"),
    ):
        assert main(argv) == 2
        got = capsys.readouterr()
        assert got.out == "" and got.err.startswith(f"zermelo: error: {message}"), got.err


def test_ctrl_c_stops_between_lines_with_130_and_whole_lines() -> None:
    # The first line is settled at once (the mover wins); the second is a long search (7x6 from
    # the empty board): Ctrl-C lands in it.
    p = subprocess.Popen(
        [sys.executable, "-c", CODE, "negamax", "connect4", "--batch", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert p.stdin is not None and p.stdout is not None
    p.stdin.write("445566\n")
    p.stdin.flush()
    first = json.loads(p.stdout.readline())  # answered before the next line is even written
    assert (first["line"], first["outcome"], first["distance"]) == (1, "win", 1)
    p.stdin.write("''\n")
    p.stdin.flush()
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=120)
    assert p.returncode == 130, err
    assert err.strip().splitlines()[-1] == "zermelo: interrupted"
    assert all(json.loads(line) for line in out.splitlines())  # what was written is whole


def test_solve_many_answers_each_position_or_its_error() -> None:
    nim = Nim()
    got = list(z.solve_many(nim, [(3, 4, 5), "bad", (1, 2, 3)]))
    assert isinstance(got[0], z.Analysis) and got[0].grundy == 2
    assert isinstance(got[1], z.ZermeloError)
    assert isinstance(got[2], z.Analysis) and str(got[2].outcome) == "P"
    # The same game object throughout: the second question reuses the first's graph.
    assert ENGINES.get(nim) is engine_for(nim)


def test_negamax_and_value_many() -> None:
    g = z.make_game("connect4:5x4")
    first, bad = z.negamax_many(g, [g.parse("4453"), "not a board"])
    assert isinstance(first, z.negamax(g, g.parse("4453")).__class__) and first.distance == 16
    assert isinstance(bad, z.ZermeloError)
    d = z.make_game("domineering")
    values = [str(v) for v in z.value_many(d, [d.parse("..|.."), d.parse(".|.")])]
    assert values == ["±1", "1"]


def test_a_batch_keeps_its_graph_bounded() -> None:
    sub = z.make_game("subtraction:1,3,4")
    z.solve(sub, 500)
    assert engine_for(sub).positions_seen > 100
    keep_bounded(sub, z.Limits(max_positions=10_000))
    assert sub in ENGINES  # within the budget: kept
    keep_bounded(sub, z.Limits(max_positions=100))
    assert sub not in ENGINES  # past it: forgotten, the next position starts afresh
    assert z.solve(sub, 7).grundy == 0


def test_a_sum_on_a_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "sums.txt"
    f.write_text("3 + kayles 4\n3\n")
    assert main(["solve", "nim", "--batch", str(f)]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(o["game"], o["grundy"]) for o in out] == [("nim + kayles", 3 ^ 1), ("nim", 3)]
