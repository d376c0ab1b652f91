"""Take-and-break codes: octal (``0.137``), hexadecimal (``0.3F``) and general codes.

A code ``d0.d1d2d3...`` gives one digit per number ``k`` of counters removed.  Bit ``2^j`` of the
digit ``d_k`` says a player may remove ``k`` counters from a heap and leave exactly ``j`` non-empty
heaps (Guy and Smith; *Winning Ways* ch. 4).  Octal codes have digits 0..7 (at most two heaps
left), hexadecimal codes 0..F (at most three), and general take-and-break codes any digit.
``d0`` (remove nothing) may only split, so it is 0, 4, 8, 12, ...

Notation read here (zermelo's, in the style of CGSuite's ``TakeAndBreak``):

* digits ``0-9`` and ``A-Z`` (values 0..35), or ``[n]`` for any decimal value;
* ``.77`` is ``0.77``; trailing zeros do not matter;
* ``!`` after a digit: a split into two heaps must leave two heaps of *different* sizes
  (Grundy's game is ``4!.0``); only on digits that leave at most two heaps;
* ``...`` at the end: the last digit repeats forever (Lasker's Nim is ``4.3...``; an all-but
  subtraction game is an infinite code too).

>>> c = parse_code("0.137")
>>> c.digit(1), c.digit(2), c.digit(3), c.digit(4), c.max_removal, c.max_heaps
(1, 3, 7, 0, 3, 2)
>>> str(parse_code(".770")), str(parse_code("4.3...")), str(parse_code("4!.0"))
('0.77', '4.3...', '4!.0')
"""

from __future__ import annotations

from dataclasses import dataclass

from .checks import is_digits, parse_int
from .errors import InvalidGame

__all__ = ["Code", "from_cgsuite", "parse_code"]

_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class Code:
    """A parsed take-and-break code.

    ``digits[k]`` is the digit for removing ``k`` counters; ``unequal[k]`` marks a ``!``;
    ``repeat`` says the last digit repeats forever.  ``radix`` (8, 16 or 36) only chooses how the
    code prints.
    """

    digits: tuple[int, ...]
    unequal: tuple[bool, ...]
    repeat: bool = False
    radix: int = 8

    def digit(self, k: int) -> int:
        """The digit for removing ``k`` counters (0 beyond the code unless it repeats)."""
        if k < len(self.digits):
            return self.digits[k]
        return self.digits[-1] if self.repeat else 0

    def is_unequal(self, k: int) -> bool:
        """Whether a split after removing ``k`` must leave heaps of different sizes."""
        if k < len(self.unequal):
            return self.unequal[k]
        return self.unequal[-1] if self.repeat else False

    @property
    def max_removal(self) -> int | None:
        """``t``: the most counters one move removes (None for a repeating code)."""
        if self.repeat:
            return None
        return max((k for k, d in enumerate(self.digits) if d), default=0)

    @property
    def max_heaps(self) -> int:
        """The most non-empty heaps a move may leave."""
        return max((d.bit_length() - 1 for d in self.digits if d), default=0)

    @property
    def is_octal(self) -> bool:
        """At most two heaps left, no ``!``, finite: the Guy–Smith periodicity theorem applies."""
        return self.max_heaps <= 2 and not self.repeat and not any(self.unequal)

    def __str__(self) -> str:
        def one(d: int) -> str:
            if d < self.radix and d < len(_DIGITS):
                return _DIGITS[d]
            return f"[{d}]"

        parts = [one(d) + ("!" if u else "") for d, u in zip(self.digits, self.unequal, strict=True)]
        head, tail = parts[0], parts[1:] or ["0"]
        return f"{head}.{''.join(tail)}" + ("..." if self.repeat else "")


def _max_digit(radix: int) -> int:
    return {8: 7, 16: 15}.get(radix, 1 << 62)


def parse_code(text: str, radix: int = 36, family: str = "tbreak") -> Code:
    """Read a code; :class:`InvalidGame` with a one-line reason if it is malformed.

    ``radix`` 8 (octal), 16 (hexadecimal) or 36 (general) bounds the digits.

    >>> parse_code("0.8", 8, "octal")
    Traceback (most recent call last):
    ...
    zermelo.core.errors.InvalidGame: octal: '8' is not a digit of an octal code (0.137, .77, 4.7)
    """
    example = {8: "0.137, .77, 4.7", 16: "0.3F, 4.7, 0.F"}.get(radix, "0.77, 4.3..., 4!.0, 0.[40]")
    raw = text.strip().upper().replace(" ", "")
    if not raw:
        raise InvalidGame(f"{family}: give a code, like {family}:{example.split(',')[0]}")
    repeat = raw.endswith("...")
    if repeat:
        raw = raw[:-3]
    head, dot, tail = raw.partition(".")
    if not dot:
        raise InvalidGame(f"{family}: a code has a point, like {example}; got {text.strip()!r}")
    if head == "":
        head = "0"
    digits: list[int] = []
    unequal: list[bool] = []
    top = _max_digit(radix)
    kind = {8: "an octal", 16: "a hexadecimal"}.get(radix, "a take-and-break")
    for part_index, part in enumerate((head, tail)):
        i = 0
        count = 0
        while i < len(part):
            ch = part[i]
            if ch == "[" and radix == 36:
                j = part.find("]", i)
                word = part[i + 1 : j] if j > 0 else ""
                if not is_digits(word):
                    raise InvalidGame(f"{family}: a bracketed digit is a decimal number like [40]; got {part[i:]!r}")
                d = parse_int(word, f"{family}: a bracketed digit", error=InvalidGame)
                i = j + 1
            elif ch in _DIGITS and _DIGITS.index(ch) < radix:
                d = _DIGITS.index(ch)
                i += 1
            else:
                raise InvalidGame(f"{family}: {ch!r} is not a digit of {kind} code ({example})")
            if d > top:
                raise InvalidGame(f"{family}: digit {d} is too big for {kind} code ({example})")
            bang = i < len(part) and part[i] == "!"
            if bang:
                i += 1
                if d >> 3:
                    raise InvalidGame(f"{family}: '!' (unequal heaps) is only for digits that leave at most two heaps")
            digits.append(d)
            unequal.append(bang)
            count += 1
        if part_index == 0 and count != 1:
            raise InvalidGame(f"{family}: one digit before the point (0 or 4), like {example}; got {text.strip()!r}")
    if digits[0] & 3:
        raise InvalidGame(f"{family}: the digit before the point may only split a heap (0, 4, 8, ...); got {digits[0]}")
    if repeat and len(digits) < 2:
        raise InvalidGame(f"{family}: '...' repeats the last digit after the point, like 4.3...")
    # Trailing zeros mean nothing (unless a zero repeats, which is the same as nothing either).
    while len(digits) > 2 and digits[-1] == 0 and not unequal[-1]:
        digits.pop()
        unequal.pop()
    if repeat and digits[-1] == 0:
        repeat = False
    if not any(digits):
        raise InvalidGame(f"{family}: the code {text.strip()!r} allows no move at all")
    shown = 8 if radix == 8 else 16 if radix == 16 or max(digits) < 16 else 36
    return Code(tuple(digits), tuple(unequal), repeat, shown)


def from_cgsuite(text: str) -> str:
    """CGSuite's take-and-break code in zermelo's notation (``0.[3]``, a period of one digit,
    is ``0.3...``), or :class:`InvalidGame` for what zermelo's codes cannot say yet.

    >>> from_cgsuite("0.[3]"), from_cgsuite("4!.0"), from_cgsuite("0.3F")
    ('0.3...', '4!.0', '0.3F')
    """
    t = text.strip()
    head, dot, tail = t.partition(".")
    if dot and tail.endswith("]") and tail.count("[") == 1:
        before, _, period = tail[:-1].partition("[")
        if len(period) == 1 and period.isalnum():
            return f"{head}.{before}{period}..."
    for ch in "[]{}&*?=;":
        if ch in t:
            raise InvalidGame(f"TakeAndBreak: {ch!r} in the code {t!r} is not supported yet")
    return t
