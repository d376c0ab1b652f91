"""Budgets of a search, the deadline every search of one analysis shares, and the budget error.

Bottom floor: imports only :mod:`zermelo.core.errors` and :mod:`zermelo.core.frozen`. Every search
in zermelo (the engine's graph search, negamax, canonical forms, the value arithmetic, the compiled
solvers) takes :class:`Limits` and, past them, raises the one
:class:`~zermelo.core.errors.SearchLimitExceeded` built here by :func:`over_budget`,
:func:`over_time` or :func:`too_big`. :func:`deep` is the one recursion allowance of the value
arithmetic (its depth is bounded by birthdays).

>>> lim = Limits(max_positions=1000, max_seconds=5).started()
>>> lim.deadline is not None and lim.started() is lim
True
>>> str(over_budget(1000))
'search budget exceeded: more than 1,000 positions'
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from numbers import Integral, Real
from typing import Any, NamedTuple, TypeVar

from .errors import InvalidArgument, Remedy, SearchLimitExceeded, Unsupported
from .frozen import Frozen

__all__ = [
    "ARITHMETIC",
    "Limits",
    "Progress",
    "ambient_deadline",
    "approx",
    "deadline",
    "deadline_scope",
    "deep",
    "keeping_to",
    "limits_argument",
    "metered",
    "over_budget",
    "over_time",
    "spent",
    "too_big",
]


#: The phase of a report from value arithmetic (sums, comparisons, canonical simplification):
#: its ``work`` counts what the arithmetic has built, ``positions`` is then not reported.
ARITHMETIC = "value arithmetic"


class Progress(NamedTuple):
    """What a long search reports: positions reached, options examined, seconds so far.

    ``phase`` names what is running (``"searching"``, or :data:`ARITHMETIC` with ``work`` the
    sums, comparisons and values built so far); ``detail`` says where a search that is not a
    graph walk is (the compiled Connect Four solver: its phase and window).  (A named tuple, not a
    dataclass: :mod:`zermelo.core.frozen` says why.)
    """

    positions: int
    options: int
    seconds: float
    done: bool = False
    phase: str = "searching"
    work: int = 0
    detail: str = ""


def _finite(v: Real) -> bool:
    return isinstance(v, Integral) or math.isfinite(v)  # an int is; isfinite(10**5000) overflows


def _quoted(v: object) -> str:
    """A wrong value as a message shows it (a 5,000-digit number is not converted: it cannot be)."""
    try:
        text = repr(v)
    except ValueError:  # past Python's 4,300 digits, alone or inside a tuple
        return "<a number too long to print>" if isinstance(v, int) else f"<a {type(v).__name__} too long to print>"
    return text if len(text) <= 60 else text[:59] + "…"


class Limits(Frozen):
    """Budgets for one search.  ``None`` means unbounded.

    ``max_positions`` and ``max_options`` count what *this* search adds to the engine's graph
    (positions reached, options examined); ``max_seconds`` is its running time, or, once
    :meth:`started`, the time left until one ``deadline`` shared by every search given these limits
    (so the parts of one analysis share one ``--timeout``).  Frozen; ``limits.replace(max_seconds=5)``
    is a copy with a field changed (:class:`~zermelo.core.frozen.Frozen`, not a dataclass: it says why).
    """

    __match_args__ = ("max_positions", "max_seconds", "progress", "max_options", "deadline")
    __slots__ = __match_args__
    max_positions: int | None
    max_seconds: float | None
    progress: Callable[[Progress], None] | None
    max_options: int | None
    deadline: float | None  # time.monotonic() by which every search must end

    def __init__(
        self,
        max_positions: int | None = 10_000_000,
        max_seconds: float | None = None,
        progress: Callable[[Progress], None] | None = None,
        max_options: int | None = None,
        deadline: float | None = None,
    ) -> None:
        # Checked where they are made (``Limits('x')`` was taken, and failed deep in a search).
        for name, v in (("max_positions", max_positions), ("max_options", max_options)):
            if v is not None and (not isinstance(v, Integral) or isinstance(v, bool) or v < 0):
                raise InvalidArgument(f"Limits: {name} must be a whole number >= 0 or None, got {_quoted(v)}")
        for name, t in (("max_seconds", max_seconds), ("deadline", deadline)):
            if t is not None and (not isinstance(t, Real) or isinstance(t, bool) or not _finite(t)):
                raise InvalidArgument(f"Limits: {name} must be a finite number of seconds or None, got {_quoted(t)}")
        if max_seconds is not None and max_seconds < 0:
            raise InvalidArgument(f"Limits: max_seconds must be >= 0, got {_quoted(max_seconds)}")
        if progress is not None and not callable(progress):
            raise InvalidArgument(f"Limits: progress must be a function of a Progress, got {_quoted(progress)}")
        self._fill(max_positions, max_seconds, progress, max_options, deadline)

    def started(self) -> Limits:
        """These limits with ``max_seconds`` fixed to an absolute deadline from now (idempotent)."""
        if self.deadline is not None or self.max_seconds is None:
            return self
        return self.replace(deadline=time.monotonic() + self.max_seconds)

    def tighter(self, max_positions: int, max_seconds: float | None = None, max_options: int | None = None) -> Limits:
        """These limits, capped further (for optional extras like remoteness of a huge Nim)."""

        def cap(mine: Any, other: Any) -> Any:
            return other if mine is None else mine if other is None else min(mine, other)

        base = self.started()
        end = base.deadline
        if max_seconds is not None:
            end = cap(end, time.monotonic() + max_seconds)
        return Limits(
            cap(base.max_positions, max_positions),
            cap(base.max_seconds, max_seconds),
            base.progress,
            cap(base.max_options, max_options),
            end,
        )


#: A deadline (time.monotonic()) every search in this context must also meet: :func:`deadline_scope`.
_AMBIENT_DEADLINE: ContextVar[float | None] = ContextVar("zermelo_deadline", default=None)


def ambient_deadline() -> float | None:
    """The deadline (a ``time.monotonic()``) every search in this context must meet, if any.

    >>> with deadline_scope(12.5):
    ...     ambient_deadline()
    12.5
    """
    return _AMBIENT_DEADLINE.get()


@contextmanager
def deadline_scope(end: float | None) -> Iterator[None]:
    """Make every search inside the ``with`` block end by ``end`` (a ``time.monotonic()``) too.

    So code that searches with its own limits (the explanation of one analysis) keeps to the
    deadline of the analysis that called it.
    """
    token = _AMBIENT_DEADLINE.set(end)
    try:
        yield
    finally:
        _AMBIENT_DEADLINE.reset(token)


_T = TypeVar("_T")


def keeping_to(limits: Limits | None, fn: Callable[..., _T], *args: Any) -> _T:
    """``fn(*args)`` with every search inside it ending by ``limits``' deadline (from now, when
    they are not started) as well as the ambient one: for code that runs without limits of its
    own.  A take-and-break game's closed form may run a compiled kernel up to the heap (a
    repeating code's is cubic: ``solve octal:0.7... 999999 3 --timeout 1`` ran for hours).

    >>> keeping_to(None, max, 2, 3), keeping_to(Limits(None, 1.0), lambda: _AMBIENT_DEADLINE.get() is not None)
    (3, True)
    """
    if limits is None:
        return fn(*args)
    with deadline_scope(deadline(limits, time.monotonic())):
        return fn(*args)


def deadline(limits: Limits, start_time: float) -> float | None:
    """When a search started at ``start_time`` must end: its limits' deadline or the ambient one."""
    end = limits.deadline
    if end is None and limits.max_seconds is not None:
        end = start_time + limits.max_seconds
    ambient = _AMBIENT_DEADLINE.get()
    if ambient is not None and (end is None or ambient < end):
        end = ambient
    return end


def spent(limits: Limits | None, end: float | None, now: float, began: float) -> float:
    """Seconds of ``limits``' time budget used at ``now``, when the deadline ``end`` has passed:
    a started budget (``end`` its deadline) began ``max_seconds`` before it, so it covers what ran
    before this search too; otherwise (an ambient deadline, limits not started) the seconds since
    ``began``.

    >>> spent(Limits(None, 3.0, deadline=103.0), end=103.0, now=103.25, began=102.0)
    3.25
    >>> spent(Limits(None, 3.0), end=103.0, now=103.25, began=102.0)
    1.25
    """
    if limits is not None and limits.max_seconds is not None and end is not None and end == limits.deadline:
        return limits.max_seconds + now - end
    return now - began


def check_clock(limits: Limits, end: float | None, doing: str = "") -> None:
    """Raise the one time-budget error (with the seconds really spent) once ``end``, ``limits``'
    deadline, has passed; ``doing`` says what was under way."""
    if end is not None:
        now = time.monotonic()
        if now > end:
            raise over_time(limits.max_seconds or 0, doing, elapsed=spent(limits, end, now, now))


def approx(n: int) -> str:
    """A count for a message: ``1,234`` below 10^12, ``10^k`` above.

    The magnitude comes from the bit length, not ``str(n)``: a size estimate may have more
    digits than Python converts to text (4,300).

    >>> approx(12345), approx(10**400 + 1), approx(10**12), approx(2**20_000)
    ('12,345', '10^400', '10^12', '10^6020')
    """
    if n < 10**12:
        return f"{n:,}"
    k = (n.bit_length() - 1) * 30103 // 100_000  # log10(2) is just above 0.30103
    while 10 ** (k + 1) <= n:
        k += 1
    return f"10^{k}"


def over_budget(
    budget: int,
    what: str = "positions",
    *,
    by: str | None = None,
    positions: int = 0,
    seconds: float = 0.0,
    remedies: tuple[Remedy, ...] = (Remedy.MORE_POSITIONS,),
) -> SearchLimitExceeded:
    """The error of a search that reached more than ``budget`` ``what``: its limit is ``what``,
    a larger budget (``remedies``) would raise it.

    ``by`` names a solver that counts against a budget of its own (``negamax``, a compiled
    solver); ``positions`` and ``seconds`` say how far it got.

    >>> e = over_budget(5000, by="negamax", remedies=(Remedy.MORE_POSITIONS, Remedy.DEPTH_LIMIT))
    >>> str(e), e.limit, e.budget
    ('negamax: search budget of 5,000 positions exceeded', 'positions', 5000)
    """
    if by:
        message = f"{by}: search budget of {budget:,} {what} exceeded"
    else:
        message = f"search budget exceeded: more than {budget:,} {what}"
    return SearchLimitExceeded(
        message, positions=positions, seconds=seconds, limit=what, budget=budget, remedies=remedies
    )


def over_time(
    seconds: float | None,
    doing: str = "",
    *,
    by: str | None = None,
    positions: int = 0,
    elapsed: float = 0.0,
) -> SearchLimitExceeded:
    """The error of a search past its time budget: ``seconds`` allowed, ``elapsed`` spent by this
    search (``0``: unknown, then ``seconds`` is shown), while ``doing`` (``"1,000 positions"``).

    >>> e = over_time(5, "1,000 positions", elapsed=5.02)
    >>> str(e), e.limit, e.budget, e.remedies
    ('time budget exceeded after 5.0 s (1,000 positions)', 'seconds', 5, (<Remedy.MORE_TIME: 'more time'>,))
    >>> str(over_time(5, "listing the winning moves"))
    'time budget exceeded after 5 s (listing the winning moves)'
    """
    shown = f"{elapsed:.1f}" if elapsed else f"{seconds or 0:g}"
    message = f"time budget exceeded after {shown} s"
    if by:
        message = f"{by}: {message}"
    return SearchLimitExceeded(
        message,
        positions=positions,
        seconds=elapsed,
        limit="seconds",
        budget=seconds,
        remedies=(Remedy.MORE_TIME,),
        doing=doing,
    )


def too_big(position: str, size: int, budget: int, what: str = "positions") -> SearchLimitExceeded:
    """The error of a position refused before its search: ``size`` (a game's ``size_hint``) is over
    the ``budget``.

    >>> str(too_big("3 4 5", 10**40, 1000)).split(",")[0]
    'search budget exceeded: 3 4 5 may reach about 10^40 positions'
    """
    return SearchLimitExceeded(
        f"search budget exceeded: {position} may reach about {approx(size)} {what}, more than the budget of {budget:,}",
        limit=what,
        budget=budget,
        remedies=(Remedy.MORE_POSITIONS,),
    )


def limits_argument(call: str, limits: object) -> Limits:
    """A public function's ``limits`` argument: :class:`Limits`, or ``None`` for the defaults.

    >>> limits_argument("genus", None) == Limits()
    True
    >>> limits_argument("genus", 5)
    Traceback (most recent call last):
    ...
    zermelo.core.errors.InvalidArgument: genus: limits must be a zermelo.Limits, got 5
    """
    if limits is None:
        return Limits()
    if not isinstance(limits, Limits):
        raise InvalidArgument(f"{call}: limits must be a zermelo.Limits, got {_quoted(limits)}")
    return limits


def metered(
    children: Callable[[Any], list[Any]], limits: Limits, end: float | None, seen: list[int]
) -> Callable[[Any], list[Any]]:
    """``children`` (a fold's) counting in ``seen[0]`` the positions it expands: past ``limits``'
    position budget the one budget error, and every 64 positions the clock against ``end``.

    >>> kids = metered(lambda n: [n - 1] if n else [], Limits(max_positions=3), None, [0])
    >>> [kids(n) for n in (3, 2, 1)]
    [[2], [1], [0]]
    >>> kids(0)
    Traceback (most recent call last):
    ...
    zermelo.core.errors.SearchLimitExceeded: search budget exceeded: more than 3 positions
    """
    cap = limits.max_positions

    def counted(p: Any) -> list[Any]:
        seen[0] += 1
        if cap is not None and seen[0] > cap:
            raise over_budget(cap, positions=seen[0])
        if seen[0] % 64 == 0:
            check_clock(limits, end, f"{seen[0]:,} positions")
        return children(p)

    return counted


@contextmanager
def deep(limit: int = 100_000) -> Iterator[None]:
    """Allow deep (birthday-bounded) recursion in value arithmetic; a clear error past it.

    Python 3.11 runs pure-Python recursion without growing the C stack, so a generous limit is
    safe; what is beyond it is reported as :class:`~zermelo.core.errors.Unsupported`.
    """
    old = sys.getrecursionlimit()
    if old < limit:
        sys.setrecursionlimit(limit)
    try:
        yield
    except RecursionError:
        raise Unsupported("these game values are too deep to compute (birthday beyond the recursion budget)") from None
    finally:
        if old < limit:
            sys.setrecursionlimit(old)
