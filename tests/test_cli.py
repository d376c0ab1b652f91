"""The command line: the foundation's "done means" commands, and every error path (one line on
stderr, exit status 2, never a traceback)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cli_helper_games import run

ERRORS: list[tuple[list[str], str]] = [
    (["solve", "chess", "1"], "unknown game 'chess'"),
    (["solve", "nim", "3", "x"], "whole number"),
    (["solve", "nim", "-1"], "whole number >= 0"),
    (["solve", "nim", "3", "-4"], "whole number >= 0"),
    (["solve", "nim"], "give a position"),
    (["solve", "nim:3", "1"], "takes no parameters"),
    (["solve", "subtraction", "5"], "give the subtraction set"),
    (["solve", "subtraction:", "5"], "give the subtraction set"),
    (["solve", "subtraction:,", "5"], "give the subtraction set"),
    (["solve", "subtraction:0,1", "5"], "positive numbers"),
    (["solve", "subtraction:-2", "5"], "positive numbers"),
    (["solve", "subtraction:1,a", "5"], "not a whole number"),
    (["solve", "allbut:0", "5"], "positive"),
    (["solve", "wythoff", "3"], "two heap sizes"),
    (["solve", "wythoff", "3", "4", "5"], "two heap sizes"),
    (["solve", "digraph"], "give the graph"),
    (["solve", "digraph", "a->", "a"], "cannot read edge"),
    (["solve", "digraph", "a b c", "a"], "cannot read edge"),
    (["solve", "digraph", "a->b"], "give a position"),
    (["solve", "digraph", "a->b", "z"], "no vertex 'z'"),
    (["solve", "square", "1000000", "--budget", "1000"], "budget"),
    (["solve", "wythoff", "1000000000000", "3", "--misere"], "budget"),
    (["solve", "square", "5000000", "--timeout", "0.01"], "time budget"),
    (["solve", "nim", "1", "--budget", "0"], "argument --budget: must be a whole number from 1"),
    (["solve", "nim", "1", "--budget", "-5"], "argument --budget: must be a whole number from 1"),
    (["solve", "nim", "1", "--budget", "many"], "argument --budget: must be a whole number from 1"),
    (["solve", "nim", "1", "--timeout", "0"], "--timeout must be a positive"),
    (["solve", "nim", "1", "--timeout", "nan"], "--timeout must be a positive number of seconds"),
    (["solve", "nim", "1", "--timeout", "inf"], "--timeout must be a positive number of seconds"),
    (["solve", "nim", "1", "--timeout", "-3"], "--timeout must be"),
    (["solve", "nim", "３", "４"], "whole number"),
    (["solve", "nim", "1", "--frobnicate"], "unrecognized arguments"),
    (["frobnicate"], "invalid choice"),
    ([], "required"),
]


@pytest.mark.parametrize(("argv", "message"), ERRORS, ids=[" ".join(a) or "(nothing)" for a, _ in ERRORS])
def test_every_error_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("zermelo: error: ") and message in err, err
    assert "Traceback" not in err


def test_missing_edge_file_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "solve", "digraph", "@" + str(tmp_path / "nope.txt"), "a")
    assert status == 2 and err.count("\n") == 1 and "cannot read edge-list file" in err


def test_solve_nim_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "nim", "3", "4", "5", "--json")
    assert status == 0
    data = json.loads(out)
    assert list(data) == [
        "game",
        "position",
        "outcome",
        "winner",
        "grundy",
        "remoteness",
        "winning_moves",
        "explanation",
        "winning_moves_listed",
        "notes",
        "best_defence",
        "stopped",
        "reasons",
    ]
    assert data["game"] == "nim" and data["position"] == "3 4 5"
    assert data["outcome"] == "N" and data["grundy"] == 2 and data["winner"] == "first"
    assert data["winning_moves"] == [{"move": "take 2 from heap 1 (3 -> 1)", "position": "1 4 5", "remoteness": 10}]
    assert isinstance(data["remoteness"], int) and data["explanation"]


def test_solve_subtraction_134_21(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "subtraction:1,3,4", "21")
    assert status == 0
    assert "P: the second player" in out and "Grundy      0" in out and "winning moves: none" in out


def test_solve_wythoff_153_289(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "wythoff", "153", "289", "--json")
    data = json.loads(out)
    assert status == 0 and data["outcome"] == "N"
    assert data["winning_moves"] == [
        {"move": "take 41 from heap 2 (289 -> 248)", "position": "153 248", "remoteness": 190}
    ]
    # The extras beside the closed form have position/option budgets, not a clock: always computed.
    # (375 is also the plain recursive solver's value: benchmarks/engine.py compares whole tables.)
    assert data["grundy"] == 375 and data["remoteness"] == 191


def test_solve_square_17_misere(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "square", "17", "--misere", "--json")
    data = json.loads(out)
    assert status == 0 and data["outcome"] == "N" and data["grundy"] is None and data["remoteness"] == 2
    assert [m["position"] for m in data["winning_moves"]] == ["1", "16", "8", "13"]  # fastest first


def test_solve_digraph_with_a_cycle(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "digraph", "a->b, b->a, b->c", "a")
    assert status == 0 and "P: the second player" in out
    status, out, _ = run(capsys, "solve", "digraph", "a->b, b->a", "a", "--json")
    data = json.loads(out)
    assert (data["outcome"], data["winner"], data["grundy"], data["remoteness"]) == ("DRAW", "draw", None, None)


def test_big_nim_answers_with_its_remoteness_from_the_closed_form(capsys: pytest.CaptureFixture[str]) -> None:
    # It said "remoteness not computed" (a search of 10^200 positions): Nim.remoteness_formula.
    status, out, _ = run(capsys, "solve", "nim", "1" + "0" * 200, "7", "1" + "0" * 200)
    assert status == 0 and "N: the first player" in out and "note: remoteness not computed" not in out
    assert f"  remoteness  {1 + 2 * 10**200}\n" in out


def test_games_lists_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "games")
    assert status == 0
    for name in ("nim", "subtraction", "allbut", "square", "primepower", "wythoff", "digraph"):
        assert f"\n{name} " in "\n" + out
    status, out, _ = run(capsys, "games", "--json")
    assert status == 0 and {g["name"] for g in json.loads(out)} >= {"nim", "wythoff", "digraph"}


def test_every_listed_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    import shlex

    from zermelo.games.registry import entries

    for e in entries():
        if e.kind != "impartial":
            continue
        status, out, err = run(capsys, "solve", *shlex.split(e.example))
        assert status == 0, (e.example, err)
        assert "outcome" in out


def test_the_console_script() -> None:
    script = Path(sys.executable).parent / "zermelo"
    cmd = [str(script)] if script.exists() else [sys.executable, "-m", "zermelo.cli"]
    done = subprocess.run([*cmd, "solve", "nim", "3", "4", "5", "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and json.loads(done.stdout)["grundy"] == 2
    bad = subprocess.run([*cmd, "solve", "nim", "-3"], capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and bad.stdout == "" and bad.stderr.count("\n") == 1


def test_the_text_lists_twenty_winning_moves_and_json_all(capsys: pytest.CaptureFixture[str]) -> None:
    heaps = ["3"] * 25  # nim-sum 3: emptying any of the 25 heaps wins
    status, out, _ = run(capsys, "solve", "nim", *heaps)
    assert status == 0 and "winning moves (25) fastest first:" in out and "… and 5 more (--json lists all)" in out
    assert out.count("  =>  ") == 20
    status, out, _ = run(capsys, "solve", "nim", *heaps, "--json")
    assert len(json.loads(out)["winning_moves"]) == 25


def test_errors_show_a_short_position(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "play", "cram", "20x20")  # the board used to fill ~600 characters
    assert status == 2 and err.count("\n") == 1 and len(err) < 250 and "…" in err


def test_a_position_too_big_to_list_its_winning_moves_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    # 10^10 + 1 ≡ 5 (mod 6): the winning moves are 5 and every prime power ≡ 5 (mod 6) below it.
    status, out, _ = run(capsys, "solve", "primepower", "10000000001", "--timeout", "3")
    assert status == 0 and "N: the first player" in out and "(1 known, not all listed: see the note)" in out
    assert "take 5 (10000000001 -> 9999999996)" in out
    status, out, _ = run(capsys, "solve", "primepower", "10000000001", "--timeout", "3", "--json")
    data = json.loads(out)
    assert status == 0 and data["winning_moves_listed"] is False
    assert [m["move"] for m in data["winning_moves"]] == ["take 5 (10000000001 -> 9999999996)"]
    assert any(n.startswith("winning moves not listed") for n in data["notes"])
    # The stop as data: which part, which limit, what would raise it (the note's words are the CLI's).
    stop = data["stopped"][0]
    assert stop["part"] == "winning moves" and stop["remedies"] and "--" not in stop["message"]


def test_the_console_script_ends_at_once_after_its_output_and_atexit() -> None:
    # cli.exit_fast: no interpreter teardown (0.1-0.3 s of CPU freeing numba's objects, 0.02 s
    # without numba and numpy), but the answer is flushed, atexit handlers run and the status is kept.
    code = (
        "import atexit, sys, numba; from zermelo.cli import main; atexit.register(print, 'atexit ran')\n"
        "class Late:\n    def __del__(self): print('teardown')\n"  # runs only in the interpreter's teardown
        "late = Late()\n"
        "sys.argv = ['zermelo', 'solve', 'nim', '3', '4', '5', '--json']; sys.exit(main())"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert '"outcome": "N"' in done.stdout and done.stdout.rstrip().endswith("atexit ran")
    assert "teardown" not in done.stdout
    # numpy without numba (kernels compiled ahead of time), neither (`zermelo games`): the same;
    # another thread alive: the ordinary teardown.
    numpy_only = code.replace("numba", "numpy")
    neither = code.replace(", numba", "").replace("'solve', 'nim', '3', '4', '5', '--json'", "'games'")
    threaded = neither.replace(
        "late = Late()\n",
        "late = Late()\nimport threading, time\nthreading.Thread(target=time.sleep, args=(60,), daemon=True).start()\n",
    )
    for source, teardown in ((numpy_only, False), (neither, False), (threaded, True)):
        done = subprocess.run([sys.executable, "-c", source], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert done.stdout.rstrip().endswith("teardown" if teardown else "atexit ran"), done.stdout[-200:]


def test_a_parser_is_built_once_a_command_and_keeps_nothing_of_a_run(capsys: pytest.CaptureFixture[str]) -> None:
    """main() reuses the parser it built for a command (building argparse's sub-parsers again cost
    more than a small answer); what one run said is not carried into the next."""
    from zermelo.cli import main, parser_for

    assert parser_for(["solve", "nim", "1"]) is parser_for(["solve", "--json", "kayles", "3"])
    assert parser_for(["nonsense"]) is not parser_for(["nonsense"])  # an unknown word is never kept
    assert main(["solve", "nim", "3", "4", "5", "--json", "--misere"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(["solve", "nim", "3", "4", "5"]) == 0
    second = capsys.readouterr().out
    assert first["grundy"] is None and "Misère" in first["explanation"]  # --misere was read
    assert not second.startswith("{") and "Grundy      2" in second and "isère" not in second
