"""Run the CLI in-process (every CLI test uses these)."""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest

from zermelo.cli import main


def solve_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    """``zermelo solve ARGV --json`` through ``cli.main``; the parsed JSON object."""
    status = main(["solve", *argv, "--json"])
    out, err = capsys.readouterr()
    assert status == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def solve_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """A ``zermelo solve`` that must fail with exit status 2 and one line on stderr."""
    status = main(["solve", *argv])
    out, err = capsys.readouterr()
    assert status == 2 and not out
    assert err.count("\n") == 1, err
    return err


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``zermelo ARGV`` through ``cli.main``: the exit status, stdout and stderr."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def play_cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], typed: str, *argv: str) -> str:
    """``zermelo play ARGV`` with ``typed`` as standard input; what it printed (it must exit 0)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    status = main(["play", *argv])
    out, err = capsys.readouterr()
    assert status == 0, err
    return out
