"""The user's own file on the command line: FILE.py:NAME in every command, their bugs theirs."""

from __future__ import annotations

from pathlib import Path

import pytest

from zermelo.cli import LAST_RESORT, main

pytestmark = pytest.mark.usefixtures("registry_restored")


DIVISORS = '''import zermelo


@zermelo.impartial
def game(n):
    """Subtract a proper divisor of n."""
    return [n - d for d in range(1, n) if n % d == 0]
'''

BUGGY = """import zermelo


@zermelo.impartial
def game(n):
    return [n - d for d in range(1, n) if n % (d - 1) == 0]
"""

FAMILY = """import zermelo


class Bachet:
    def __init__(self, k):
        self.k = k

    def options(self, n):
        return [n - t for t in range(1, min(n, self.k) + 1)]
"""


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def written(path: Path, text: str) -> str:
    """``text`` saved as the user's file ``path``; its name as a command takes it."""
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.fixture
def divisors(tmp_path: Path) -> str:
    return written(tmp_path / "divisors.py", DIVISORS)


def test_every_command_takes_the_file(divisors: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["solve", f"{divisors}:game", "60"], capsys)
    assert status == 0 and "N: the first player" in out and "60 -> 59" in out
    status, out, _ = run(["table", f"{divisors}:game", "--size", "40"], capsys)
    assert status == 0 and out.splitlines()[2].split()[:4] == ["P", "P", "N", "P"]
    status, out, _ = run(["sequence", f"{divisors}:game", "--upto", "200", "--quiet"], capsys)
    assert status == 0 and "0 0 1 0 2 0 1 0 3" in out
    status, out, _ = run(["conjecture", f"{divisors}:game", "n % 2 == 1", "--upto", "200"], capsys)
    assert status == 1 and "0 is terminal but is not in the set" in out  # 0 is a P-position too
    status, out, _ = run(["conjecture", f"{divisors}:game", "n == 0 or n % 2 == 1", "--upto", "200"], capsys)
    assert status == 0 and "holds up to 200" in out
    status, out, _ = run(["solve", f"{divisors}:game", "3", "+", "nim", "4"], capsys)
    assert status == 0 and "Grundy      4" in out
    status, out, _ = run(["solve", divisors, "12"], capsys)  # the file's only game
    assert status == 0 and "Grundy      2" in out


def test_parameters_after_the_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bachet.py"
    path.write_text(FAMILY, encoding="utf-8")
    status, out, _ = run(["solve", f"{path}:Bachet:3", "8"], capsys)
    assert status == 0 and "P: the second player" in out
    status, _, err = run(["solve", f"{path}:Bachet", "8"], capsys)
    assert status == 2 and "parameters go after the name" in err and err.count("\n") == 1


def test_the_users_bug_names_their_file_line_and_position(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "buggy.py"
    path.write_text(BUGGY, encoding="utf-8")
    before = len(LAST_RESORT)
    status, _, err = run(["solve", f"{path}:game", "5"], capsys)
    assert status == 2 and len(LAST_RESORT) == before
    assert "ZeroDivisionError" in err and "buggy.py, line 6, in game (n = " in err
    assert "zermelo/" not in err  # their frames only


@pytest.mark.parametrize(
    ("text", "name", "message"),
    [
        (None, "game", "no file"),
        ("import nosuchmodule_zz\n", "game", "does not import"),
        ("def f(:\n", "game", "SyntaxError"),
        (DIVISORS, "gam", "has no 'gam'; its games: game"),
        ("x = 3\n", "x", "is not a game"),
    ],
)
def test_a_bad_file_is_one_line(
    tmp_path: Path, text: str | None, name: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "g.py"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    status, _, err = run(["solve", f"{path}:{name}", "5"], capsys)
    assert status == 2 and message in err and err.count("\n") == 1
