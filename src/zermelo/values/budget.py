"""A budget for value arithmetic: stop a long computation with values cleanly, by time or by work.

Sums and comparisons of games recurse over options and cache every result; a sum of many hot
games can have an exponentially large canonical form, so ``zermelo value --expr`` needs the
same ``--timeout`` / ``--budget`` as a search.  The arithmetic itself (:mod:`zermelo.values.game`)
is the hot path and polls nothing, so the budget is watched from outside: an interval timer
(``SIGALRM``) looks at the clock and at the size of the value caches every 1/20 s and raises
:class:`~zermelo.core.errors.SearchLimitExceeded` in the computation when either is exhausted.

*Work* is what the caches hold: values built plus sums and comparisons computed — about 100
bytes each, so it bounds memory as well as time.  The deadline is the limits' own (``--timeout``)
or the engine's ambient one (:func:`zermelo.core.limits.deadline_scope`), whichever is earlier.

Signals reach only the main thread: elsewhere (a web server's worker thread, or a platform
without ``SIGALRM``) the block runs unwatched.

>>> from zermelo.search.engine import Limits
>>> from zermelo.values import parse_value
>>> with value_budget(Limits(max_positions=None, max_seconds=10)):
...     print(parse_value("{1|-1} + ^ + *"))
{1^*|-1^*}
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from ..core.errors import SearchLimitExceeded
from ..core.limits import ARITHMETIC, Limits, Progress, deadline, over_budget, over_time, spent
from .game import repair_interrupted, work_done

__all__ = ["value_budget", "work_done"]

TICK = 0.05  # seconds between looks at the clock and the caches
REPORT_EVERY = 0.25  # seconds between progress reports of the arithmetic
_HOME = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the zermelo package
_VALUES = os.path.dirname(os.path.abspath(__file__)) + os.sep  # its value arithmetic


@contextmanager
def value_budget(limits: Limits, *, count_work: bool = True, arithmetic_only: bool = False) -> Iterator[None]:
    """Stop the value arithmetic inside the block past ``limits``' time or work budget.

    ``limits.max_positions`` caps the work (see :func:`work_done`) when ``count_work``; the
    deadline is ``limits.max_seconds`` from now (or ``limits.deadline``) and the ambient one.
    ``limits.progress`` hears the work done every :data:`REPORT_EVERY` seconds.  With
    ``arithmetic_only`` the stop is raised only into the value arithmetic (this package), never
    into a search, whose engine keeps its graph for later questions (a web worker's).
    """
    start = time.monotonic()
    end = deadline(limits, start)
    cap = limits.max_positions if count_work else None
    watchable = (
        hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
        and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)  # no outer budget (or other timer) running
    )
    report = limits.progress
    if not watchable or (end is None and cap is None and report is None):
        yield
        return
    base = work_done()

    home = _VALUES if arithmetic_only else _HOME
    fired = [False]
    shown = [start]
    reported = [0]

    def check(signum: int, frame: FrameType | None) -> None:
        # Raise only into zermelo's own code: a tick can land in someone else's finaliser or
        # garbage-collector callback (hypothesis times the collector), which would drop the
        # exception.  And raise at every tick past the budget, in case one is dropped anyway.
        if frame is None or not frame.f_code.co_filename.startswith(home):
            return
        now = time.monotonic()
        work = work_done() - base
        if end is not None and now > end:
            fired[0] = True
            raise over_time(
                limits.max_seconds,
                # No arithmetic done: the search was what ran out (its positions are its own to count).
                f"{work:,} sums, comparisons and values" if count_work and work else "",
                positions=work,
                elapsed=spent(limits, end, now, start),
            )
        if cap is not None and work > cap:
            fired[0] = True
            raise over_budget(cap, "sums, comparisons and values", positions=work, seconds=now - start)
        if report is not None and now - shown[0] >= REPORT_EVERY and work != reported[0]:
            # The arithmetic polls nothing, so the progress display moves from here (while it
            # works: a search reports its own positions).
            shown[0], reported[0] = now, work
            report(Progress(0, 0, now - start, phase=ARITHMETIC, work=work))

    first = TICK if end is None else min(TICK, max(end - start, 0.0) + 1e-3)
    old = signal.signal(signal.SIGALRM, check)
    try:
        # Armed inside the try: a first tick (2 ms away under --timeout 0.001) that lands before
        # the block starts still reaches the finally.  Armed before it, the timer outlived the
        # block and raised its stop into whatever zermelo code ran next, for good (make fuzz).
        signal.setitimer(signal.ITIMER_REAL, first, TICK)
        yield
    finally:
        # A tick may land here too (after the block ended in time, or again after it was stopped):
        # retry until the timer is off; a tick is 1/20 s apart, so this ends at once.  Anything
        # else that arrives meanwhile (Ctrl-C) is raised once the timer is off.
        later: BaseException | None = None
        while True:
            try:
                _stop(old)
                break
            except SearchLimitExceeded:
                continue
            except BaseException as exc:  # raised again below
                later = exc
        if fired[0]:
            repair_interrupted()
        if later is not None:
            raise later


def _stop(old: Any) -> None:
    signal.setitimer(signal.ITIMER_REAL, 0.0)
    signal.signal(signal.SIGALRM, old)
