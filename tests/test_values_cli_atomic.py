"""``zermelo value``: the all-small line (atomic weight) in text and JSON.

Every all-small game has an atomic weight; other infinitesimals have one when they pass Wolfe's
check (CGSuite's rule), so ``all-small no`` may still carry a weight.
"""

from __future__ import annotations

import json

import pytest

from cli_helper_games import run

# argv -> the all-small line, as printed (CGSuite's values: x^n o in Clobber is (n - 1)·↑ (+ * for odd n)).
TEXT = [
    (["clobber", "xxxo"], "all-small    yes, atomic weight 2"),
    (["clobber", "xoo"], "all-small    yes, atomic weight -1"),
    (["clobber", "xo|ox"], "all-small    yes, atomic weight 0"),
    (["--expr", "^ + ^ + ^"], "all-small    yes, atomic weight 3"),
    (["--expr", "{^^|v}"], "all-small    yes, atomic weight 1/2"),
    (["--expr", "*5"], "all-small    yes, atomic weight 0"),
    (["nim", "3", "4"], "all-small    yes, atomic weight 0"),
    (["--expr", "{0||0|-1} + ^"], "all-small    no, atomic weight 1"),
    (["--expr", "{0||||0|||0||0|-1|||||*2|-1*}"], "all-small    no"),
    (["domineering", "..|.."], "all-small    no"),
    (["--expr", "^ + 1"], "all-small    no"),
    (["--expr", "1/2"], "all-small    no"),
]


@pytest.mark.parametrize(("argv", "line"), TEXT)
def test_text(capsys: pytest.CaptureFixture[str], argv: list[str], line: str) -> None:
    code, out, err = run(capsys, "value", *argv)
    assert code == 0, err
    assert f"  {line}\n" in out


def test_golden_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "value", "clobber", "xxxo")
    assert code == 0
    assert out == (
        "clobber  xxxo\n"
        "  value        ^^*\n"
        "  cgsuite      ^^*\n"
        "  outcome      L: Left wins, whoever starts (positive)\n"
        "  stops        left 0, right 0\n"
        "  mean         0\n"
        "  temperature  0\n"
        "  birthday     3\n"
        "  reduced      0  (equal up to an infinitesimal)\n"
        "  all-small    yes, atomic weight 2\n"
    )


@pytest.mark.parametrize(
    ("argv", "small", "weight"),
    [
        (["clobber", "xxxxo"], True, "3"),
        (["--expr", "{0|^}"], True, "2"),
        (["--expr", "{^|*}"], True, "1"),
        (["--expr", "{4|*||*}"], False, "1"),
        (["--expr", "{0||||0|||0||0|-1|||||*2|-1*}"], False, None),
        (["hackenbush", "BRR"], False, None),
        (["--expr", "{1|-1} + ^"], False, None),
    ],
)
def test_json(capsys: pytest.CaptureFixture[str], argv: list[str], small: bool, weight: str | None) -> None:
    code, out, _ = run(capsys, "value", *argv, "--json")
    data = json.loads(out)
    assert code == 0
    assert data["all_small"] is small
    assert data["atomic_weight"] == weight
