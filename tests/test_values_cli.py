"""``zermelo value``: printed facts, JSON, expressions, thermograph files, one-line errors."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cli_helper_games import run


def test_domineering_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "value", "domineering", "...|...")
    assert code == 0
    assert "value        {2|-1/2}" in out
    assert "mean         3/4" in out and "temperature  5/4" in out
    assert "stops        left 2, right -1/2" in out
    assert "N: the first player wins" in out


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "value", "hackenbush", "BRR", "--json")
    data = json.loads(out)
    assert code == 0
    assert (data["game"], data["position"], data["value"], data["outcome"], data["winner"]) == (
        "hackenbush",
        "BRR",
        "1/4",
        "L",
        "left",
    )
    assert data["temperature"] == "-1/4" and data["thermograph"]["mast"] == "1/4"


def test_expression(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "value", "--expr", "{1|-1} + ^ + *")
    assert code == 0 and "value        {1^*|-1^*}" in out
    code, out, _ = run(capsys, "value", "--expr", "^ + ^ + *", "--json")
    assert json.loads(out)["outcome"] == "L"


def test_impartial_games_are_nimbers(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "value", "nim", "3", "4", "5")
    assert "value        *2" in out


def test_thermograph_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    png = tmp_path / "d.png"
    code, _out, _ = run(capsys, "value", "domineering", "..|..", "--thermograph", str(png))
    assert code == 0 and png.read_bytes()[:4] == b"\x89PNG"
    os.mkfifo(tmp_path / "fifo.png")  # written atomically: a FIFO is refused, never opened (it would block)
    code, out, err = run(capsys, "value", "domineering", "..|..", "--thermograph", str(tmp_path / "fifo.png"))
    assert (code, out) == (2, "")
    assert err == f"zermelo: error: cannot write figure {tmp_path / 'fifo.png'}: it is a FIFO, not a regular file\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["value", "--expr", "{1|"], "unclosed '{'"),
        (["value", "--expr", "1", "domineering"], "not both"),
        (["value"], "give a game and a position"),
        (["value", "domineering"], 'like: zermelo value domineering "..|.."'),
        # Once "give a position, like: zermelo value zermelo negamax connect4:6x5 ''" (issue 32).
        (["value", "connect4:4x4", ""], "connect4:4x4 has no game value (it is a scored game); try `zermelo negamax`"),
        (["value", "domineering", "..|."], "equal lengths"),
        (["value", "nosuchgame", "1"], "unknown game"),
        (["value", "domineering", "..", "--thermograph", "x.jpg"], ".png"),
        (["value", "domineering", "......|......|......|......|......|......", "--budget", "100"], "budget"),
    ],
)
def test_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1 and "zermelo zermelo" not in err and "value zermelo" not in err


def test_sums_explain_component_by_component(capsys) -> None:
    from cli_helper_games import run

    code, out, _ = run(capsys, "value", "domineering", "..|..", "+", "nim", "3")
    assert code == 0
    assert "why: A sum of 2 games: values add component by component" in out
    assert "domineering ..|..: ±1 (hot: mean 0, temperature 1)" in out and "nim 3: *3 (a nimber)" in out
    assert "Sum: ±1 + *3 = {1*3|-1*3}: N, the first player wins; the hottest component is domineering ..|.." in out
    code, out, _ = run(capsys, "value", "domineering", "...|...", "+", "hackenbush", "BRR", "--json")
    assert '"explanation": "A sum of 2 games' in out and "hackenbush BRR: 1/4 (a number)" in out
    code, out, _ = run(capsys, "value", "domineering", "..|..")
    assert "why:" not in out  # one game: its facts say it all
