"""A budget for value arithmetic: stop a long computation with values cleanly, by time or by work.

Sums and comparisons of games recurse over options and cache every result; a sum of many hot
games can have an exponentially large canonical form, so ``zermelo value --expr`` needs the
same ``--timeout`` / ``--budget`` as a search.  The arithmetic itself (:mod:`zermelo.values.game`)
is the hot path and polls nothing, so the budget is watched from outside: an interval timer
(``SIGALRM``) ticks the one :class:`~zermelo.core.budget.Budget` every 1/20 s with the size of
the value caches, and its stop rule raises :class:`~zermelo.core.errors.SearchLimitExceeded` in the
computation when the time or the work is exhausted.

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
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from ..core.budget import Budget
from ..core.cache import trim_memos
from ..core.errors import SearchLimitExceeded
from ..core.limits import ARITHMETIC, Limits
from .game import repair_interrupted, work_done

__all__ = ["timer_armed", "value_budget", "work_done"]

TICK = 0.05  # seconds between looks at the clock and the caches
_HOME = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the zermelo package
_VALUES = os.path.dirname(os.path.abspath(__file__)) + os.sep  # its value arithmetic
#: The memos' weak-reference callbacks (core/cache.py) run inside the garbage collector, wherever it
#: was triggered: a stop raised there is dropped, and Python prints "Exception ignored in" on stderr.
_CALLBACKS = os.path.join(_HOME, "core", "cache.py")


def raises_into(filename: str, home: str = _HOME) -> bool:
    """Whether a stop may be raised into code of ``filename``: zermelo's own code under ``home``,
    not its memos' weak-reference callbacks.  A tick can land in a finaliser or garbage-collector
    callback (hypothesis times the collector; the memos drop dead forms), which would drop it.

    >>> raises_into(os.path.join(_HOME, "values", "game.py")), raises_into(_CALLBACKS)
    (True, False)
    >>> raises_into("/usr/lib/python3/weakref.py")
    False
    """
    return filename.startswith(home) and filename != _CALLBACKS


def timer_armed() -> bool:
    """Whether an interval timer (``ITIMER_REAL``) is armed in this process: a value budget's ticks,
    or another's timer, which a value budget leaves alone and a compiled call could not heed."""
    return hasattr(signal, "getitimer") and signal.getitimer(signal.ITIMER_REAL) != (0.0, 0.0)


@contextmanager
def value_budget(limits: Limits, *, count_work: bool = True, arithmetic_only: bool = False) -> Iterator[None]:
    """Stop the value arithmetic inside the block past ``limits``' time or work budget.

    ``limits.max_positions`` caps the work (see :func:`work_done`) when ``count_work``; the
    deadline is ``limits.max_seconds`` from now (or ``limits.deadline``) and the ambient one.
    ``limits.progress`` hears the work done every :data:`~zermelo.core.budget.REPORT_EVERY` seconds.  With
    ``arithmetic_only`` the stop is raised only into the value arithmetic (this package), never
    into a search, whose engine keeps its graph for later questions (a web worker's).
    """
    # No computation is under way yet: the one safe moment to bound the memos (a fold reads back
    # what it stored a moment ago), so a process valuing request after request stays bounded.
    trim_memos()
    budget = Budget(
        limits,
        counts="work" if count_work else None,
        unit="sums, comparisons and values",
        phase=ARITHMETIC,  # the arithmetic polls nothing: the display moves from here while it works
    )
    watchable = (
        hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
        and not timer_armed()  # no outer budget (or other timer) running
    )
    if not watchable or (budget.end is None and budget.cap is None and budget.show is None):
        yield
        return
    base = work_done()

    home = _VALUES if arithmetic_only else _HOME
    fired = [False]

    def check(signum: int, frame: FrameType | None) -> None:
        # Raise at every tick past the budget, in case one is dropped anyway.
        if frame is None or not raises_into(frame.f_code.co_filename, home):
            budget.work = work_done() - base
            budget.report_if_due()  # no stop raised here, but the display goes on
            return
        try:
            budget.look(work=work_done() - base)
        except SearchLimitExceeded:
            fired[0] = True
            raise

    first = TICK if budget.end is None else min(TICK, max(budget.end - budget.began, 0.0) + 1e-3)
    old = signal.signal(signal.SIGALRM, check)
    try:
        # Armed inside the try: a first tick (2 ms away under --timeout 0.001) that lands before
        # the block starts still reaches the finally.  Armed before it, the timer outlived the
        # block and raised its stop into whatever zermelo code ran next, for good (make fuzz).
        signal.setitimer(signal.ITIMER_REAL, first, TICK)
        yield
        # The work cap is exact: work past it fails also when the block ended between two ticks
        # (a tick every 1/20 s let a short computation through on one run and not on the next).
        budget.check_cap(work=work_done() - base)
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
