"""The value arithmetic's budget timer (zermelo.values.budget): it never outlives its block."""

from __future__ import annotations

import signal
from typing import Any

import pytest

from zermelo.core.errors import SearchLimitExceeded
from zermelo.core.limits import Limits
from zermelo.values import budget


class _TickAtOnce:
    """``signal`` whose timer ticks the moment it is armed: the first tick of ``--timeout 0.001``
    (2 ms away) landing before the block starts, as it did on a loaded machine under make fuzz."""

    def __getattr__(self, name: str) -> Any:
        return getattr(signal, name)

    @staticmethod
    def setitimer(which: int, seconds: float, interval: float = 0.0) -> Any:
        before = signal.setitimer(which, seconds, interval)
        if seconds:
            raise SearchLimitExceeded("time budget exceeded after 0.0 s")
        return before


def test_a_tick_before_the_block_starts_leaves_no_timer_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    """The timer was armed before its try: such a tick left it running with its handler, and it
    raised 'time budget exceeded' into whatever zermelo code ran next (argparse set-up, a table's
    period, hypothesis's own drawing), seconds or minutes later."""
    monkeypatch.setattr(budget, "signal", _TickAtOnce())
    handler = signal.getsignal(signal.SIGALRM)
    try:
        with pytest.raises(SearchLimitExceeded), budget.value_budget(Limits(max_positions=None, max_seconds=0.001)):
            pass
        assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
        assert signal.getsignal(signal.SIGALRM) is handler
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0.0)
        signal.signal(signal.SIGALRM, handler)


def test_the_work_cap_holds_when_no_tick_came() -> None:
    """Work past the cap fails even when the block ends before the first tick (1/20 s): the same
    expression stops on every machine, fast or slow."""
    from zermelo.values import parse_value
    from zermelo.values.game import reset_caches

    reset_caches()
    with (
        pytest.raises(SearchLimitExceeded, match="more than 3 sums, comparisons and values"),
        budget.value_budget(Limits(max_positions=3, max_seconds=None)),
    ):
        parse_value("{3|2} + {5|4} + {7|6} + ^")  # a few ms of work, well past 3
