"""Reading and checking positions: whole numbers, short echoes of bad input, one-line errors.

What every game's ``parse`` and ``validate`` use, below the rules (it imports only
:mod:`zermelo.core.errors`); :mod:`zermelo.rules` offers the same names.
"""

from __future__ import annotations

import reprlib
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .errors import InvalidArgument, InvalidGame, InvalidPosition

__all__ = [
    "STRUCTURE_DEPTH",
    "game_argument",
    "is_digits",
    "is_natural",
    "parse_int",
    "recursion_room",
    "require",
    "short",
    "shown",
]


def parse_int(
    text: str,
    what: str = "position",
    *,
    minimum: int = 0,
    maximum: int | None = None,
    error: type[InvalidPosition] | type[InvalidGame] = InvalidPosition,
) -> int:
    """Parse a whole number, with a one-line error for anything else (and for one outside
    ``minimum .. maximum``).  Signs, spaces around and ``_`` between digits are taken, as ``int``
    takes them: ``" +5"`` is 5.  The error is ``error`` (:class:`InvalidGame` for a game's
    parameters).

    >>> parse_int(" 12 ")
    12
    >>> parse_int("-1")
    Traceback (most recent call last):
    ...
    zermelo.core.errors.InvalidPosition: position must be a whole number >= 0, got '-1'
    >>> parse_int("３")
    Traceback (most recent call last):
    ...
    zermelo.core.errors.InvalidPosition: position must be a whole number >= 0, got '３'
    >>> parse_int(str(2**63), "--upto", maximum=10**9)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    zermelo.core.errors.InvalidPosition: --upto must be a whole number from 0 to 1,000,000,000, got '92233720...'
    """
    t = text.strip().replace("_", "")
    got = short(text.strip())  # the echo of a huge word stays one readable line
    wanted = f"a whole number >= {minimum}" if maximum is None else f"a whole number from {minimum:,} to {maximum:,}"
    # str.isdigit and int() also take other scripts' digits (full-width "３"): ASCII only.
    if not t or not t.isascii() or not (t.isdigit() or (t[0] in "+-" and t[1:].isdigit())):
        raise error(f"{what} must be {wanted}, got {got!r}")
    try:
        value = int(t)
    except ValueError:  # more digits than Python converts (sys.get_int_max_str_digits, 4300)
        raise error(f"{what} has {len(t):,} digits, too many (at most {sys.get_int_max_str_digits():,})") from None
    if value < minimum or (maximum is not None and value > maximum):
        raise error(f"{what} must be {wanted}, got {got!r}")
    return value


def is_digits(text: str) -> bool:
    """Is ``text`` a run of ASCII digits?  ``str.isdigit`` alone also takes digits ``int()``
    refuses (``'²'``) and other scripts' digits (full-width ``'３'``): a parse that trusted it
    would end in a ``ValueError`` traceback.

    >>> is_digits("12"), is_digits("²"), is_digits("３"), is_digits(""), is_digits("-1")
    (True, False, False, False, False)
    """
    return text.isascii() and text.isdigit()


def short(text: str, width: int = 60) -> str:
    """A position's text cut to ``width`` characters, so a message stays one readable line.

    >>> short("x" * 100)[-5:]
    'xxxx…'
    """
    return text if len(text) <= width else text[: width - 1] + "…"


class _Shown(reprlib.Repr):
    """``repr`` cut in depth, length and digits: a message never recurses or converts a huge int."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxtuple, self.maxlist, self.maxset = 4, 8, 8, 8
        self.maxdict, self.maxstring, self.maxother, self.maxlong = 8, 60, 60, 40

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 1000:  # str() of a big int is slow (and refused past 4,300 digits)
            return f"<a number of {x.bit_length():,} bits>"
        return super().repr_int(x, level)

    def repr_instance(self, x: object, level: int) -> str:
        try:
            return super().repr_instance(x, level)
        except (RecursionError, ValueError):
            return f"<{type(x).__name__}>"


_SHOWN = _Shown()


def shown(x: object, width: int = 60) -> str:
    """``x`` as a message quotes it: its repr cut to ``width`` characters and a few levels deep,
    so a deep or huge position (a Hackenbush stalk of 2,000 edges, a 5,000-digit heap) is
    quoted without recursing or converting the whole number.

    >>> tall = ("B", ())
    >>> for _ in range(1000):
    ...     tall = ("B", (tall,))
    >>> shown(tall)
    "('B', (('B', ((...),)),))"
    >>> shown(10**5000)
    '<a number of 16,610 bits>'
    """
    return short(_SHOWN.repr(x), width)


#: How deep the rules' own structures may nest: a Hackenbush tree of 2,000 edges (its limit) is
#: 4,000 tuples deep, and comparing, hashing or printing it recurses in C that deep.
STRUCTURE_DEPTH = 20_000


@contextmanager
def recursion_room(limit: int = STRUCTURE_DEPTH) -> Iterator[None]:
    """Raise the interpreter's recursion limit to ``limit`` inside the block (never lowers it).

    Python 3.11 runs Python-to-Python calls without growing the C stack, and the structures
    that recurse in C (nested tuples) are capped by their games far below this, so the limit
    is safe on a thread's default stack.
    """
    old = sys.getrecursionlimit()
    if old < limit:
        sys.setrecursionlimit(limit)
    try:
        yield
    finally:
        if old < limit:
            sys.setrecursionlimit(old)


def is_natural(x: object) -> bool:
    """A whole number >= 0 (an ``int``, not a ``bool``): what most positions are made of."""
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def require(ok: bool, game: str, what: str, position: object) -> None:
    """Raise :class:`InvalidPosition` ``"<game>: <what>, got <position>"`` unless ``ok``."""
    if not ok:
        raise InvalidPosition(f"{game}: {what}, got {shown(position)}")


#: The most bits a number in a position may have at the public API: about 4,300 digits, what
#: Python prints (``sys.get_int_max_str_digits``), so every message and answer can show it.
MAX_NUMBER_BITS = 14_000


def game_argument(call: str, game: object, kind: type, position: object = None) -> None:
    """The public API's boundary check: ``game`` must be a game object of ``kind`` and no number
    in ``position`` may pass :data:`MAX_NUMBER_BITS`; else :class:`InvalidArgument` in one line
    (not an ``AttributeError`` from deep inside).

    >>> game_argument("solve", None, int)
    Traceback (most recent call last):
    ...
    zermelo.core.errors.InvalidArgument: solve: the game must be a game object (int), got None
    >>> game_argument("f", "nim", int)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    zermelo.core.errors.InvalidArgument: f: the game must be a game object (int) (make one with zermelo.make_game(...
    """
    if not isinstance(game, kind):
        hint = f" (make one with zermelo.make_game({short(game)!r}))" if isinstance(game, str) else ""
        raise InvalidArgument(f"{call}: the game must be a game object ({kind.__name__}){hint}, got {shown(game)}")
    stack: list[Any] = [position]
    budget = 100_000  # a position's numbers, nested in tuples, lists and sets
    while stack and budget:
        x = stack.pop()
        budget -= 1
        if type(x) is int:
            if x.bit_length() > MAX_NUMBER_BITS:
                bits = x.bit_length()
                raise InvalidArgument(
                    f"{call}: a number in the position has {bits:,} bits (at most {MAX_NUMBER_BITS:,})"
                )
        elif type(x) in (tuple, list, frozenset, set):
            stack.extend(x)
