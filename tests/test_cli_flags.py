"""Flags may stand anywhere among a command's POSITION words."""

from __future__ import annotations

import json

import pytest

from zermelo.cli import main


def test_flag_before_the_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "nim", "--misere", "1", "1", "1"]) == 0
    assert "P: the second player" in capsys.readouterr().out


def test_json_flag_between_position_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "nim", "3", "--json", "4", "5"]) == 0
    assert json.loads(capsys.readouterr().out)["position"] == "3 4 5"


def test_compare_before_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["negamax", "tictactoe", "--compare", "........."]) == 0
    out = capsys.readouterr().out
    assert "minimax" in out and "alphabeta" in out


def test_unknown_flag_is_still_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "nim", "3", "--frobnicate"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--frobnicate" in err


def test_games_lists_whole_runnable_example_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    examples = [
        line.split("example:", 1)[1].strip() for line in capsys.readouterr().out.splitlines() if "example:" in line
    ]
    assert examples and all(e.startswith(("zermelo solve ", "zermelo value ", "zermelo negamax ")) for e in examples)


# ---------------------------------------------------------------------- the numeric flags (issue 32 item 6)
def _numeric_flags() -> dict[tuple[str, str], tuple[int, int]]:
    import argparse

    from zermelo.cli import build_parser
    from zermelo.commands.common import Whole

    found: dict[tuple[str, str], tuple[int, int]] = {}

    def walk(name: str, parser: argparse.ArgumentParser) -> None:
        for a in parser._actions:
            if isinstance(a, argparse._SubParsersAction):
                for sub, q in a.choices.items():
                    walk(f"{name} {sub}".strip(), q)
            elif isinstance(a.type, Whole):
                found[(name, a.option_strings[-1])] = (a.type.lo, -1 if a.type.hi is None else a.type.hi)

    walk("", build_parser())
    return found


def _number(text: str) -> int:
    text = text.strip().replace(",", "").replace("−", "-").replace(" ", "")
    sign = -1 if text.startswith("-(") else 1
    text = text.strip("-()")
    if text == "any":
        return -1  # no bound: memory decides
    if text == "2^63-1":
        return sign * (2**63 - 1)
    base, _, power = text.partition("^")
    return sign * (int(base) ** int(power) if power else int(base))


def test_docs_limits_lists_every_numeric_flag_with_its_range() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "limits.md").read_text()
    table = text.split("## Numeric flags", 1)[1].split("\n## ", 1)[0]
    documented: dict[tuple[str, str], tuple[int, int]] = {}
    for row in table.splitlines():
        cells = [c.strip() for c in row.strip("|").split("|")]
        if len(cells) != 4 or not cells[1].startswith("`"):
            continue
        lo, hi = cells[2].split("..")
        for command in cells[0].split(", "):
            for flag in cells[1].replace("`", "").split(", "):
                documented[(command, flag)] = (_number(lo), _number(hi))
    assert documented == _numeric_flags()


@pytest.mark.parametrize(
    "argv",
    [
        ["census", "octal", "--digits", "9223372036854775808", "--upto", "10"],
        ["census", "subtraction", "--max", str(2**63), "--upto", "10"],
        ["census", "octal", "--digits", "2", "--upto", str(2**63)],
        ["census", "report", "--upto", str(2**63)],
        ["conjecture", "subtraction:1,2", "a == 0", "--upto", "5", "--heaps", "99"],
        ["solve", "nim", "3", "--budget", "0"],
    ],
)
def test_numbers_past_a_flags_range_are_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    assert main(argv) == 2  # issue 32 item 6: these grew memory without end, or met SQLite's OverflowError
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "must be a whole number from" in err


def test_signs_and_spaces_read_as_int_reads_them(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conjecture", "nim", "a ^ b == 0", "--upto", "3", "--heaps", " +2", "--quiet"]) == 0
    assert "holds up to 3" in capsys.readouterr().out
