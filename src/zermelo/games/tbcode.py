"""CGSuite's take-and-break codes (``game.heap.TakeAndBreak("…")``), the whole notation.

A code ``d0.d1d2…`` gives a digit per number k of counters removed (d0: none removed); the digit
says how many heaps the rest may be left as: bit 2^j allows j heaps (0 heaps: the heap is gone).
Digits are ``0``–``9`` and ``A``–``V`` (0 to 31), ``&n;`` for any n, ``*`` for any number of
heaps, or ``{a,b,…}`` listing the numbers of heaps (``{2+}``: 2 or more).  After a digit (or
inside the braces, after a number) a modifier restricts the heaps left: ``!`` all different,
``?`` not all equal, ``=`` all equal.  A period in brackets at the end repeats forever: ``0.[3]``
is Nim (remove any number, leave one heap or none).  So ``4!.0`` is Grundy's game, ``0.77``
Kayles, ``{2+}=.0`` "split a heap into two or more equal heaps".

As CGSuite reads the modifiers (and zermelo with it): a modifier on the counts of two or more
heaps also binds the counts 0 and 1 when it is the only one (``6?``: one heap must then have at
least 2 counters, "not all equal" read on a single heap), and otherwise the counts 0 and 1 are
free.  Digits before the point other than the last would add counters: refused.

A code zermelo's own take-and-break games can say (:mod:`zermelo.core.heap_codes`: digits, ``!`` on
splits in two, a period of one digit) is built as one of them, so the compiled heap kernels
serve it; any other is a :class:`CodeGame` here, searched by the one engine.

>>> from zermelo import grundy
>>> [grundy(take_and_break("{2+}=.0"), n) for n in range(1, 11)]
[0, 1, 1, 1, 1, 2, 1, 1, 2, 2]
>>> type(take_and_break("0.[3]")).__name__, type(take_and_break("0.[37]")).__name__
('TakeAndBreak', 'CodeGame')
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice
from typing import ClassVar

from ..core.checks import short
from ..core.errors import InvalidGame
from ..heaps.heap import HeapGame, partition_count
from ..rules import Impartial, parse_int
from ..rules.catalogue import CGSuiteName, GameEntry, needs_params, register

__all__ = ["CodeGame", "Digit", "parse_tbcode", "set_code", "take_and_break"]

_BASE32 = "0123456789ABCDEFGHIJKLMNOPQRSTUV"
_NO = "x"  # a count of heaps not allowed
_FREE, _UNEQUAL, _SOME, _EQUAL = "", "!", "?", "="


@dataclass(frozen=True)
class Digit:
    """The heap counts a digit allows, each with its modifier; ``more``: every count past the
    last listed is allowed with the last one's modifier."""

    rule: tuple[str, ...]  # per count of heaps 0, 1, 2, …: _NO or a modifier
    more: bool = False

    def modifier(self, j: int) -> str:
        if j < len(self.rule):
            return self.rule[j]
        return self.rule[-1] if self.more and self.rule else _NO

    def most(self, left: int) -> int:
        return left if self.more else min(left, len(self.rule) - 1)


def _digit(rule: list[str], more: bool) -> Digit:
    """CGSuite's normal form of a digit's modifiers (see the module docstring)."""
    while rule and rule[-1] == _NO:
        rule.pop()
    if more and len(rule) < 4 and rule:
        rule = rule + [rule[-1]] * (4 - len(rule))
    kinds = {m for m in rule[2:] if m != _NO}
    if len(kinds) == 1:
        only = next(iter(kinds))
        rule = [m if m == _NO else only for m in rule]
    else:
        rule = [_FREE if j < 2 and m != _NO else m for j, m in enumerate(rule)]
    return Digit(tuple(rule), more)


def _modifier(text: str, i: int) -> tuple[str, int]:
    if i < len(text) and text[i] in "!?=":
        return text[i], i + 1
    return _FREE, i


#: The largest ``&n;``: a bit for each number of heaps 0 to 63.
MAX_MASK = 2**64 - 1


def _count(word: str, text: str, what: str, most: int) -> int:
    """A number of a code (``{2,3}``'s, ``&12;``'s) read by the one numeric parser (``'²'`` and a
    5,000-digit number were taken by ``str.isdigit`` and failed in ``int``: an internal error)."""
    if not word or not word.isascii() or not word.isdigit():  # no sign nor space inside a code
        raise InvalidGame(f"TakeAndBreak: {what} must be a whole number from 0 to {most:,} in {short(text.strip())!r}")
    return parse_int(word, f"TakeAndBreak: {what} in {short(text.strip(), 40)!r}", maximum=most, error=InvalidGame)


def parse_tbcode(text: str) -> tuple[Digit, tuple[Digit, ...], int]:
    """(d0, the digits d1 d2 …, the period: how many of the last digits repeat)."""
    code = text.strip().upper().replace(" ", "")
    bad = InvalidGame(
        f"TakeAndBreak: {text.strip()!r} is not a take-and-break code (like 0.77, 4!.0, 0.[3], {{2+}}=.0)"
    )
    before: list[Digit] = []
    after: list[Digit] = []
    i, point, period_at = 0, False, -1
    while i < len(code):
        ch = code[i]
        if ch == ".":
            if point:
                raise bad
            point, i = True, i + 1
            continue
        if ch == "[":
            if not point or period_at >= 0:
                raise bad
            period_at, i = len(after), i + 1
            continue
        if ch == "]":
            if period_at < 0 or i != len(code) - 1:
                raise bad
            i += 1
            continue
        if ch == "*":
            mod, i = _modifier(code, i + 1)
            d = _digit([mod], True)
        elif ch == "{":
            end = code.find("}", i)
            if end < 0:
                raise bad
            glob, nxt = _modifier(code, end + 1)
            body = code[i + 1 : end]
            more = body.endswith("+")
            counts: dict[int, str] = {}
            for tok in (body[:-1] if more else body).split(","):
                mod, _ = _modifier(tok, len(tok) - 1) if tok[-1:] in ("!", "?", "=") else (_FREE, 0)
                num = tok[:-1] if mod else tok
                if mod and glob:
                    raise bad
                counts[_count(num, text, "a number of heaps", 63)] = mod or glob
            d = _digit([counts.get(j, _NO) for j in range(max(counts) + 1)], more)
            i = nxt
        elif ch == "&":
            end = code.find(";", i)
            if end < 0:
                raise bad
            mask = _count(code[i + 1 : end], text, "&n;", MAX_MASK)
            mod, i = _modifier(code, end + 1)
            d = _digit([mod if mask >> j & 1 else _NO for j in range(mask.bit_length())], False)
        elif ch in _BASE32:
            mask = _BASE32.index(ch)
            mod, i = _modifier(code, i + 1)
            d = _digit([mod if mask >> j & 1 else _NO for j in range(mask.bit_length())], False)
        else:
            raise InvalidGame(f"TakeAndBreak: {ch!r} at column {i + 1} of {text.strip()!r} is not part of a code")
        (after if point else before).append(d)
    if not point or not before or (period_at >= 0 and not code.endswith("]")):
        raise bad
    if len(before) > 1:
        raise InvalidGame(f"TakeAndBreak: {text.strip()!r} adds counters (digits before the last one before the point)")
    period = len(after) - period_at if period_at >= 0 else 0
    if period_at >= 0 and period == 0:
        raise bad
    return before[0], tuple(after), period


def _parts(total: int, count: int, low: int = 1, gap: int = 0) -> Iterator[tuple[int, ...]]:
    """``total`` as ``count`` parts, each at least ``low`` and each at least ``gap`` more than the
    one before (0: non-decreasing, 1: increasing), listed without a dead end."""
    if count == 1:
        if total >= low:
            yield (total,)
        return
    # The smallest rest after ``first`` is (count - 1) parts from first + gap, each gap apart.
    top = (total - gap * count * (count - 1) // 2) // count
    for first in range(low, top + 1):
        for rest in _parts(total - first, count - 1, first + gap, gap):
            yield (first, *rest)


def _splits(total: int, count: int, mod: str) -> Iterator[tuple[int, ...]]:
    """``total`` counters left as ``count`` heaps obeying the modifier ``mod``, non-decreasing.

    Each kind is listed directly: filtering every split of a heap took 17 s of a web request for
    the table of ``{2+}=.0`` (the partitions of 59, to keep the few into equal parts)."""
    if mod == _EQUAL:
        if total >= count and total % count == 0:
            yield (total // count,) * count
    elif mod == _UNEQUAL:
        yield from _parts(total, count, 1, 1)
    elif mod == _SOME and count == 1:
        if total >= 2:  # CGSuite's reading of "not all equal" on one heap
            yield (total,)
    elif mod == _SOME:
        for parts in _parts(total, count):
            if parts[0] != parts[-1]:
                yield parts
    else:
        yield from _parts(total, count)


#: Heaps up to this many counters have their options counted when the quick bound is over
#: the most listed (counting a million splits takes a second or two).
EXACT_COUNT = 10_000


class CodeGame(HeapGame):
    """A take-and-break game by a CGSuite code zermelo's own codes cannot say."""

    name: ClassVar[str] = "cgtbreak"
    breaks: ClassVar[bool] = True
    #: A digit may split a heap into any number of heaps: p(n) options, a million past heap 61.
    many_options: ClassVar[bool] = True
    most_options: ClassVar[int] = 1_000_000

    def __init__(self, code: str) -> None:
        self.code = code.strip().upper().replace(" ", "")
        self.zero, self.digits, self.period = parse_tbcode(code)
        self._counts: dict[int, int] = {}  # option_count per heap

    def spec(self) -> str:
        return f"cgtbreak:{self.code}"

    def digit(self, k: int) -> Digit | None:
        if k == 0:
            return self.zero
        if k <= len(self.digits):
            return self.digits[k - 1]
        if self.period:
            start = len(self.digits) - self.period
            return self.digits[start + (k - 1 - start) % self.period]
        return None

    def heap_options(self, n: int) -> Iterator[int | tuple[int, ...]]:
        for k in range(n + 1):
            d = self.digit(k)
            if d is None:
                break
            left = n - k
            for j in range(d.most(left) + 1):
                mod = d.modifier(j)
                if mod == _NO:
                    continue
                if j == 0:
                    if left == 0:
                        yield ()
                    continue
                for parts in _splits(left, j, mod):
                    yield parts if j > 1 else parts[0]

    def option_count(self, n: int) -> int:
        """How many options a heap of ``n`` has, counted as far as :attr:`most_options` + 1: a
        quick bound first (per number taken, the splits of the rest its digit allows: one heap or
        none 1, two rest/2, equal heaps 1 a count, more p(rest)), the options counted only when
        the bound is over (``!`` and bounded counts of heaps have far fewer) and the heap is at
        most :data:`EXACT_COUNT` (a bigger one is refused on the bound); kept per heap."""
        if n not in self._counts:
            bound = self._bound(n)
            if bound > self.most_options and n <= EXACT_COUNT:
                bound = sum(1 for _ in islice(self.heap_options(n), self.most_options + 1))
            if len(self._counts) < 4096:
                self._counts[n] = bound
            return bound
        return self._counts[n]

    def _bound(self, n: int) -> int:
        total = 0
        for k in range(n + 1):
            d = self.digit(k)
            if d is None:
                break
            if k > self.most_options:  # a period: more numbers to take than options ever listed
                return total + k
            left = n - k
            most = d.most(left)
            total += sum(1 for j in (0, 1) if j <= most and d.modifier(j) != _NO)
            if most >= 2 and d.modifier(2) != _NO:
                total += 1 if d.modifier(2) == _EQUAL else left // 2
            many = {d.modifier(j) for j in range(3, min(most, len(d.rule)) + 1)}
            if d.more and most >= 3:
                many.add(d.modifier(most))
            if many - {_NO, _EQUAL}:
                total += partition_count(left)
            elif _EQUAL in many:
                total += most - 2
            if total > self.most_options:
                break
        return total


def set_code(text: str, name: str, digit: str = "3") -> str:
    """The code of a set of takes ``1,2,5`` with ``digit`` at each (CGSuite's
    ``TakeAndBreak.FromSubtractionSet``): ``3`` a subtraction game, ``7`` Splittles (the rest may
    also split in two).

    >>> set_code("1,2,5", "splittles", "7")
    '0.77007'
    """
    what = f"{name}: a number to take"
    sizes = {parse_int(w, what, minimum=1, maximum=1000, error=InvalidGame) for w in text.split(",") if w}
    if not sizes:
        raise InvalidGame(f"{name}: give a non-empty set of numbers to take, like 1,2")
    return "0." + "".join(digit if k in sizes else "0" for k in range(1, max(sizes) + 1))


def from_subtraction_set(named: dict[str, str]) -> str:
    """CGSuite's ``TakeAndBreak.FromSubtractionSet(subtset, codeDigit ? "3", allbut ? false)``: the
    code with ``codeDigit`` at each take in the set (or, ``allbut``, at each take not in it, and at
    every larger one: a period ``[d]``).

    >>> from_subtraction_set({"subtset": "2,3,5,9", "codeDigit": "3"})
    '0.033030003'
    >>> from_subtraction_set({"subtset": "2,3,7", "allbut": "true"})
    '0.3003330[3]'
    """
    what = "FromSubtractionSet: a number to take"
    text, digit, allbut = named.get("subtset", ""), named.get("codeDigit", "3"), named.get("allbut", "false")
    sizes = {parse_int(w, what, minimum=1, maximum=1000, error=InvalidGame) for w in text.split(",") if w}
    if not sizes:
        raise InvalidGame("FromSubtractionSet: give a non-empty set of numbers to take, like [2,3,5]")
    if len(digit) != 1 or allbut not in ("true", "false"):
        raise InvalidGame('FromSubtractionSet: codeDigit is one digit of a code ("3"), allbut true or false')
    keep = allbut == "true"
    body = "".join(digit if (k in sizes) != keep else "0" for k in range(1, max(sizes) + 1))
    return "0." + body + (f"[{digit}]" if keep else "")


def take_and_break(code: str) -> Impartial[object]:
    """The game of a CGSuite code: one of zermelo's take-and-break games when its codes can say
    it (the compiled kernels serve those), else a :class:`CodeGame`."""
    from ..core.heap_codes import from_cgsuite
    from ..heaps.games import TakeAndBreak

    game = CodeGame(code)  # checks the whole notation first
    try:
        simple = from_cgsuite(code)
    except InvalidGame:
        return game  # type: ignore[return-value]
    if any(ch in simple for ch in "[]{}&*?=;"):
        return game  # type: ignore[return-value]
    try:
        return TakeAndBreak(simple)  # type: ignore[return-value]
    except InvalidGame:  # '!' on a digit leaving three heaps, a d0 that does not split
        return game  # type: ignore[return-value]


register(
    GameEntry(
        "cgtbreak",
        needs_params(take_and_break, "cgtbreak", "the code", "4!.0"),
        "take-and-break games by CGSuite's codes: 0.[3], {2+}=.0, &40;, *, !, ?, = (see tbreak for zermelo's)",
        "CODE: digits 0-9 A-V, &n;, *, {a,b,c+}; modifiers ! ? =; a period in [ ] at the end",
        "cgtbreak:{2+}=.0 12",
        table="{n}",
        cgsuite=(
            CGSuiteName(
                "game.heap.TakeAndBreak",
                family=True,
                statics=(("FromSubtractionSet", ("subtset", "codeDigit", "allbut"), from_subtraction_set),),
            ),
            CGSuiteName("game.heap.Splittles", family=True, code=lambda s: set_code(s, "Splittles", "7")),
        ),
        rules=Impartial,  # a CodeGame or a TakeAndBreak: impartial both
    )
)
