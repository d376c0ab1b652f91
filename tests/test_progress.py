"""The progress display of long CLI searches: a rich bar on a terminal's stderr, off with --quiet."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest

from zermelo.analyses.canonical import canonical_form
from zermelo.cli import main
from zermelo.commands.common import progress_printer
from zermelo.core.errors import SearchLimitExceeded
from zermelo.core.limits import ARITHMETIC, Limits
from zermelo.games.registry import make_game
from zermelo.search.engine import Progress
from zermelo.values import parse_value
from zermelo.values.budget import value_budget


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture(autouse=True)
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "140")  # a fake terminal is 80 columns: the line would be cut


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


def test_quiet_shows_nothing() -> None:
    assert progress_printer(True, stream=Terminal()) is None
    assert progress_printer(True, stream=io.StringIO()) is None


def test_not_a_terminal_gets_a_line_now_and_then() -> None:
    # --json piped to a program, stderr to a log: no bar, but the run is still seen to move.
    out = io.StringIO()
    report = progress_printer(False, total=1_000_000, stream=out)
    assert report is not None
    report(Progress(100, 500, 0.5))  # the first second stays quiet
    assert out.getvalue() == ""
    report(Progress(100_000, 400_000, 1.0, detail="window [-1, 1]"))
    report(Progress(150_000, 600_000, 1.5))  # under a second since the last line: quiet
    report(Progress(0, 0, 2.2, phase=ARITHMETIC, work=48_715))
    report(Progress(400_000, 1_500_000, 3.0, done=True))
    assert out.getvalue().splitlines() == [
        "zermelo: searching 100,000 positions 100,000/s 400,000 moves window [-1, 1] (0:00:01)",
        "zermelo: value arithmetic: 48,715 sums, comparisons and values (after 150,000 positions) (0:00:02)",
    ]


def test_the_bar_names_the_phase_and_the_arithmetic_done() -> None:
    out = Terminal()
    report = progress_printer(False, total=1_000_000, stream=out)
    assert report is not None
    report(Progress(1_024, 3_000, 1.0))
    report(Progress(0, 0, 1.5, phase=ARITHMETIC, work=48_715))
    shown = out.getvalue()
    assert "1,024 positions" in shown and "3,000 moves" in shown  # the search's count stays
    assert "value arithmetic" in shown and "48,715 sums, comparisons and values" in shown


def _reports(run: Callable[[Limits], object], limits: Limits) -> list[Progress]:
    seen: list[Progress] = []
    limits = Limits(limits.max_positions, limits.max_seconds, seen.append)
    with pytest.raises(SearchLimitExceeded):
        run(limits)
    return seen


def test_value_arithmetic_reports_its_work_while_it_runs() -> None:
    # `*4096 + ^` runs for minutes inside sums and comparisons, which poll nothing: the
    # budget's timer reports the work done, so the display moves.
    def run(limits: Limits) -> object:
        with value_budget(limits.started()):
            return parse_value("*4096 + ^")

    seen = _reports(run, Limits(None, 1.6))
    work = [p.work for p in seen if p.phase == ARITHMETIC]
    assert len(work) >= 3 and work == sorted(work) and work[-1] > work[0]


def test_a_slow_partisan_search_reports_positions_every_quarter_second() -> None:
    # A Toads-and-Frogs row of 300 cells takes milliseconds a position: the report came every
    # 1,024 positions (never, in 40 s).
    toads = make_game("toads")
    seen = _reports(lambda lim: canonical_form(toads, toads.parse("T." * 150), limits=lim), Limits(None, 1.6))
    counts = [p.positions for p in seen if p.phase == "searching" and not p.done]
    assert len(counts) >= 3 and counts[-1] > counts[0]


def test_a_partisan_budget_counts_the_arithmetic_too() -> None:
    # A row of 40 Snort cells has few positions but hot values: --budget 1000 was refused only
    # after 11.8 s of arithmetic, when the 1,024th position was reached.
    status = main(["value", "snort", "." * 40, "--budget", "1000", "--quiet"])
    assert status == 2
