"""The one budget loop: count the work, look at the clock now and then, report, stop with one error.

Every long loop of zermelo (the engine's discovery, canonical forms, the value arithmetic's watcher,
a conjecture's check, a row of heaps) makes one :class:`Budget` from its :class:`Limits` and
ticks it.  The budget reads the clock only every ``every`` ticks (an integer compare on the hot
path), reports a :class:`Progress` to ``limits.progress`` at most every :data:`REPORT_EVERY`
seconds, and stops the loop with the one error of :mod:`zermelo.core.limits`
(:func:`~zermelo.core.limits.over_budget` past the count it caps, :func:`~zermelo.core.limits.over_time`
past the deadline), saying how far it got.

>>> b = Budget(Limits(max_positions=3))
>>> for n in range(1, 4):
...     b.tick(positions=n)
>>> b.tick(positions=4)
Traceback (most recent call last):
...
zermelo.core.errors.SearchLimitExceeded: search budget exceeded: more than 3 positions
>>> b.positions
4
"""

from __future__ import annotations

import time
from collections.abc import Callable

from .errors import Remedy, SearchLimitExceeded
from .limits import Limits, Progress, deadline, over_budget, over_time, spent

__all__ = ["REPORT_EVERY", "Budget"]

#: Seconds between two progress reports of one loop (the display moves, the callback stays cheap).
REPORT_EVERY = 0.25


def _now() -> float:
    return time.monotonic()  # looked up at each call: a test may replace this module's ``time``


class Budget:
    """The budget of one long loop, made from its :class:`Limits` (``None``: only the ambient deadline).

    ``counts`` names the counter ``limits.max_positions`` caps (``"positions"``, ``"work"``, or
    ``None``: nothing is capped, only the clock); ``unit`` is how the error names it.  ``tick``
    reads the clock every ``every`` ticks; ``clock`` is ``time.monotonic`` (a test gives its own,
    or replaces this module's ``time``).  ``by`` names a solver with a budget of its own
    (``negamax``) in the errors, and ``remedies`` say what would raise its cap.  Progress counts
    its seconds from ``since`` (by default when the budget was made; a table of several searches
    counts from its first).

    >>> now = [0.0]
    >>> b = Budget(Limits(None, max_seconds=2.0), every=10, clock=lambda: now[0])
    >>> now[0] = 5.0
    >>> for _ in range(9):
    ...     b.tick(positions=7)   # the clock is not read yet
    >>> b.tick(positions=7)
    Traceback (most recent call last):
    ...
    zermelo.core.errors.SearchLimitExceeded: time budget exceeded after 5.0 s (7 positions)
    """

    def __init__(
        self,
        limits: Limits | None,
        *,
        counts: str | None = "positions",
        unit: str = "positions",
        every: int = 1,
        phase: str = "searching",
        clock: Callable[[], float] | None = None,
        by: str | None = None,
        remedies: tuple[Remedy, ...] = (Remedy.MORE_POSITIONS,),
    ) -> None:
        self.limits = limits
        self.counts, self.unit, self.every, self.phase = counts, unit, every, phase
        self.by, self.remedies = by, remedies
        self.clock = clock if clock is not None else _now
        self.began = self.since = self.clock()
        self.end = deadline(limits or Limits(None), self.began)
        self.cap = limits.max_positions if limits is not None and counts is not None else None
        self.max_options = None if limits is None else limits.max_options
        self.show = None if limits is None else limits.progress
        self.positions = self.options = self.work = 0
        self.ticks = 0
        self.next_look = every
        self.shown = self.began

    @property
    def count(self) -> int:
        """The counter the budget caps (``0`` when it caps none)."""
        return 0 if self.counts is None else int(getattr(self, self.counts))

    def tick(
        self, n: int = 1, *, positions: int | None = None, options: int | None = None, work: int | None = None
    ) -> None:
        """``n`` more steps done, the counters now at the values given; :meth:`look` every ``every`` steps."""
        if positions is not None:
            self.positions = positions
        if options is not None:
            self.options = options
        if work is not None:
            self.work = work
        self.ticks += n
        if self.ticks >= self.next_look:
            self.next_look = self.ticks + self.every
            self.look()

    def look(self, doing: str | None = None, **counters: int) -> None:
        """The stop rule, then a report if one is due: past the cap, past the options' cap, past
        the deadline (``doing`` says what was under way; by default the count so far)."""
        for name, v in counters.items():
            setattr(self, name, v)
        now = self.clock()
        count = self.count
        self.check_cap(now)
        if self.max_options is not None and self.options > self.max_options:
            # No flag raises it: a cap of the extras of a closed form.
            raise over_budget(
                self.max_options, "options examined", remedies=(), positions=count, seconds=now - self.began
            )
        if self.end is not None and now > self.end:
            raise self.out_of_time(doing, now)
        self.report_if_due(now)

    def report_if_due(self, now: float | None = None) -> None:
        """A report if :data:`REPORT_EVERY` seconds passed since the last: never a stop (a watcher
        from outside calls it where it may not raise).  None past the deadline: the stop is due
        there, at the next look (a loaded machine that delays it shows no progress line before
        the one error of a short ``--timeout``)."""
        now = self.clock() if now is None else now
        if self.show is not None and now - self.shown >= REPORT_EVERY and (self.end is None or now <= self.end):
            self.report(now)

    def check_cap(self, now: float | None = None, **counters: int) -> None:
        """Only the cap of the count (no clock, no report): past it, the one error.  A loop that
        is watched from outside (a timer's ticks) calls it once more at its end, so that the same
        work stops on every machine, whether or not a tick came while it ran.
        """
        for name, v in counters.items():
            setattr(self, name, v)
        count = self.count
        if self.cap is not None and count > self.cap:
            seconds = (self.clock() if now is None else now) - self.began
            raise over_budget(self.cap, self.unit, by=self.by, remedies=self.remedies, positions=count, seconds=seconds)

    def out_of_time(self, doing: str | None = None, now: float | None = None) -> SearchLimitExceeded:
        """The error of this loop past its deadline: the seconds really spent, ``doing`` (by
        default the count so far) and the count."""
        now = self.clock() if now is None else now
        count = self.count
        if doing is None:
            doing = f"{count:,} {self.unit}" if count else ""
        seconds = self.limits.max_seconds if self.limits is not None else None
        elapsed = spent(self.limits, self.end, now, self.began)
        return over_time(seconds, doing, by=self.by, positions=count, elapsed=elapsed)

    def over(self) -> bool:
        """Whether the deadline has passed (for a loop that stops with what it has, not an error)."""
        return self.end is not None and self.clock() >= self.end

    def report(self, now: float | None = None, *, done: bool = False) -> None:
        """Tell ``limits.progress`` how far the loop got (``done``: the display is taken down).

        A report is made also when no counter moved since the last one: a long sum or canonical
        form can build nothing new for seconds, and the display's clock must go on meanwhile (a
        line printer's first line is due after a second, whatever the counters did).
        """
        if self.show is None:
            return
        now = self.clock() if now is None else now
        self.shown = now
        self.show(Progress(self.positions, self.options, now - self.since, done=done, phase=self.phase, work=self.work))

    def seconds(self) -> float:
        """Seconds since the budget was made."""
        return self.clock() - self.began
