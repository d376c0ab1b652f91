"""The progress display of long CLI searches: a rich bar on a terminal's stderr, off with --quiet."""

from __future__ import annotations

import io

from zermelo.commands.common import progress_printer
from zermelo.engine import Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_bar_with_rate_and_estimated_time_on_a_terminal() -> None:
    out = Terminal()
    report = progress_printer(False, total=1_000_000, stream=out)
    assert report is not None
    report(Progress(100, 500, 0.5))  # the first second stays quiet
    assert out.getvalue() == ""
    report(Progress(100_000, 400_000, 1.0))
    report(Progress(250_000, 900_000, 2.0))
    shown = out.getvalue()
    assert "250,000 positions" in shown
    assert "125,000/s" in shown
    assert "0:00:02" in shown  # elapsed
    assert "at most" in shown and "0:00:05" in shown  # the rest of the budget at 150,000/s
    report(Progress(400_000, 1_500_000, 3.0, done=True))  # the bar goes away when done
    tail = out.getvalue()[len(shown) :]
    assert "\x1b[?25h" in tail and tail.endswith("\x1b[2K")  # cursor back, the bar's line erased


def test_quiet_or_not_a_terminal_shows_nothing() -> None:
    assert progress_printer(True, stream=Terminal()) is None
    assert progress_printer(False, stream=io.StringIO()) is None
