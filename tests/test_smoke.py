"""The CLI answers the foundation's "done means" commands."""

from __future__ import annotations

import json
import re

import pytest

from cli_helper_games import run


def test_solve_nim_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "nim", "3", "4", "5", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["outcome"] == "N" and data["grundy"] == 2 and data["winner"] == "first"
    assert [m["position"] for m in data["winning_moves"]] == ["1 4 5"]


def test_the_demo_runs_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    from zermelo.demo import main as demo

    assert demo() == 0
    out, err = capsys.readouterr()
    # stderr holds only progress lines (a step past a second, stderr not a terminal), no error.
    assert all(re.fullmatch(r"zermelo: (?!error).* \(\d:\d\d:\d\d\)", line) for line in err.splitlines()), err
    assert "error" not in out
    assert out.count("$ zermelo ") >= 8 and "take 41 from heap 2 (289 -> 248)" in out and "DRAW" in out
