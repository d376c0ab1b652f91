"""Families of heap games for a census, and which of their codes are the same game.

A family lists codes: ``octal`` (every octal code with up to K digits after the point, optionally
with ``d0 = 4``), ``hex`` (the same with hexadecimal digits), ``subtraction`` (every non-empty
subset of 1..M, or those of one size) and ``allbut`` (every subset of 1..M as the excluded set).

**Equivalent codes.**  Many codes define the same game, or the same game with every heap one
counter bigger (Winning Ways ch. 4; the "game locator" tables of Winning Ways and Flammenkamp):

* spelling: trailing zeros (``0.70`` is ``0.7``); a hexadecimal code whose digits are all 0..7 is
  that octal code; a subtraction set S is the octal code with digit 3 at each element of S;
* the **shift**: when a heap of one counter has no move (``d1`` has no bit 1), such a heap is worth
  0 and leaving it is the same as leaving nothing.  So G(n) = G'(n - 1) for the code ``shift(c)``
  where a move "take k, leave j heaps" of ``c`` becomes "take k + j - 1, leave at most j heaps"
  (digit bits ``2^(j+1) - 1``).  Applied until a heap of one counter has a move, this gives the
  code's *normal form* F and an offset s: G(n) = 0 for n < s and G(n) = G_F(n - s) for n >= s.

Codes with the same normal form are stored once, at F, with their offsets: Dawson's Kayles 0.07
is Dawson's Chess 0.137 shifted by one (G_0.07(n) = G_0.137(n - 1)), and 0.4 is 0.137 shifted by
two.  The shift is a claim; the tests check it against the generic engine on every code with up to
three digits.

>>> normal_form("0.07")
('octal', '0.137', 1)
>>> normal_form("0.4")
('octal', '0.137', 2)
>>> [c for c in octal_codes(1)]
['0.1', '0.2', '0.3', '0.4', '0.5', '0.6', '0.7']
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass

from ...core.checks import shown
from ...core.errors import InvalidGame
from ...core.heap_codes import Code, parse_code

__all__ = [
    "FAMILIES",
    "Member",
    "allbut_sets",
    "count",
    "hex_codes",
    "members",
    "normal_form",
    "octal_codes",
    "shift",
    "subtraction_sets",
]

#: The families ``zermelo census`` sweeps.
FAMILIES = ("octal", "hex", "subtraction", "allbut")

#: The most codes one census lists (a guard against ``--digits 9``: 8^9 codes).
MAX_CODES = 200_000

_HEX = "0123456789ABCDEF"


@dataclass(frozen=True)
class Member:
    """One code of a census and the game it is stored as.

    ``family``/``code`` name it as the family lists it (``octal``, ``0.07``); ``game_family`` /
    ``game_code`` name the game whose values are computed and stored (``octal``, ``0.137``), and
    ``shift`` is s in G(n) = G_game(n - s) (G(n) = 0 below s).  ``reason`` says why, in words.
    """

    family: str
    code: str
    game_family: str
    game_code: str
    shift: int
    reason: str

    @property
    def canonical(self) -> bool:
        """Whether this code is itself the stored game."""
        return (self.family, self.code) == (self.game_family, self.game_code)


def _codes(radix: int, digits: int, d0: bool) -> Iterator[str]:
    heads = ("0", "4", "8", "C") if d0 and radix == 16 else ("0", "4") if d0 else ("0",)
    alphabet = _HEX[:radix]
    for head in heads:
        if head != "0":
            yield f"{head}.0"
        for k in range(1, digits + 1):
            for tail in itertools.product(alphabet, repeat=k):
                if tail[-1] != "0":
                    yield f"{head}.{''.join(tail)}"


def _check_count(what: str, base: int, power: int, times: int = 1) -> None:
    """Refuse ``times · base^power`` codes past :data:`MAX_CODES` (a huge power is not computed:
    2^(2^70) has 2^70 bits)."""
    if power > 64:
        many = f"{times} × {base}^{power:,}" if times > 1 else f"{base}^{power:,}"
        raise InvalidGame(f"{what} lists {many} codes; a census takes at most {MAX_CODES:,}")
    count = times * base**power
    if count > MAX_CODES:
        raise InvalidGame(f"{what} lists {count:,} codes; a census takes at most {MAX_CODES:,}")


def octal_codes(digits: int, d0: bool = False) -> Iterator[str]:
    """Every octal code with 1..``digits`` digits after the point (the last one not 0), ``0.d...``
    and, with ``d0``, also ``4.d...`` (and ``4.0``)."""
    _check_digits(digits)
    _check_count(f"octal --digits {digits}", 8, digits, 2 if d0 else 1)
    return _codes(8, digits, d0)


def hex_codes(digits: int, d0: bool = False) -> Iterator[str]:
    """Every hexadecimal code with 1..``digits`` digits after the point (``d0`` in 0, 4, 8, C)."""
    _check_digits(digits)
    _check_count(f"hex --digits {digits}", 16, digits, 4 if d0 else 1)
    return _codes(16, digits, d0)


def _check_digits(digits: int) -> None:
    if isinstance(digits, bool) or not isinstance(digits, int) or digits < 1:
        raise InvalidGame(f"--digits must be a whole number of at least 1, got {shown(digits)}")
    if digits.bit_length() > 64:
        raise InvalidGame(f"--digits {shown(digits)} lists far more codes than a census takes (at most {MAX_CODES:,})")


def _check_max(top: int, size: int | None) -> None:
    if isinstance(top, bool) or not isinstance(top, int) or top < 1:
        raise InvalidGame(f"--max must be a whole number of at least 1, got {shown(top)}")
    if top.bit_length() > 64:
        raise InvalidGame(f"--max {shown(top)} lists far more codes than a census takes (at most {MAX_CODES:,})")
    if size is not None and (isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= top):
        raise InvalidGame(f"--size must be between 1 and --max ({top}), got {shown(size)}")
    _check_count(f"--max {top}", 2, top if size is None else min(top, 62))


def subtraction_sets(top: int, size: int | None = None) -> Iterator[str]:
    """Every non-empty subset of 1..``top`` (or every one with ``size`` elements), as ``1,3,4``."""
    _check_max(top, size)
    sizes = [size] if size is not None else range(1, top + 1)
    for k in sizes:
        for subset in itertools.combinations(range(1, top + 1), k):
            yield ",".join(map(str, subset))


def allbut_sets(top: int, size: int | None = None) -> Iterator[str]:
    """Every subset of 1..``top`` as the excluded numbers of an all-but game (``""`` is Nim)."""
    _check_max(top, size)
    sizes = [size] if size is not None else range(0, top + 1)
    for k in sizes:
        for subset in itertools.combinations(range(1, top + 1), k):
            yield ",".join(map(str, subset))


def shift(code: Code) -> Code | None:
    """The code whose G(n - 1) is this code's G(n), when a heap of one counter has no move.

    None when one counter has a move (bit 1 of ``d1``), for ``!`` and repeating codes, and for a
    code with no move at all.

    >>> str(shift(parse_code("0.07")))
    '0.137'
    """
    if code.repeat or any(code.unequal) or code.digit(1) & 1 or not any(code.digits):
        return None
    out = [0] * (len(code.digits) + 4)
    for k, d in enumerate(code.digits):
        for j in range(d.bit_length()):
            if d >> j & 1:
                if k + j - 1 < 0:  # pragma: no cover - d0 has no bit 1 or 2 (parse_code)
                    return None
                out[k + j - 1] |= (1 << (j + 1)) - 1
    while len(out) > 2 and out[-1] == 0:
        out.pop()
    radix = 8 if max(out) < 8 else 16 if max(out) < 16 else 36
    return Code(tuple(out), (False,) * len(out), False, radix)


def _family_of(code: Code) -> str:
    if code.repeat or any(code.unequal) or max(code.digits) >= 16:
        return "tbreak"
    return "octal" if max(code.digits) < 8 else "hex"


def normal_form(text: str, radix: int = 8) -> tuple[str, str, int]:
    """The family and code of the game a code is stored as, and its offset s.

    >>> normal_form("0.77")
    ('octal', '0.77', 0)
    >>> normal_form("0.37", 16)
    ('octal', '0.37', 0)
    """
    family = {8: "octal", 16: "hex"}.get(radix, "tbreak")
    code = parse_code(text, radix, family)
    s = 0
    while (nxt := shift(code)) is not None:
        code, s = nxt, s + 1
    return _family_of(code), str(code), s


def _member(family: str, code: str, radix: int, prefix: str = "") -> Member:
    game_family, game_code, s = normal_form(code, radix)
    if (game_family, game_code) == (family, code):
        reason = "itself"
    elif s:
        reason = f"no move from heaps below {s}: G(n) = G_{game_code}(n - {s})"
    else:
        reason = f"{prefix or 'the same code'} {game_family} {game_code}".strip()
    return Member(family, code, game_family, game_code, s, reason)


def _listed(family: str, digits: int | None, d0: bool, top: int | None, size: int | None) -> tuple[int, Iterator[str]]:
    """How many codes a family lists and the codes themselves (not yet listed), its parameters
    checked: the count is arithmetic, so a progress display can show it before the listing."""
    if family in ("octal", "hex"):
        if digits is None:
            raise InvalidGame(f"census {family}: give --digits K (codes with up to K digits after the point)")
        if top is not None or size is not None:
            raise InvalidGame(f"census {family}: --max and --size are for subtraction and allbut; use --digits")
        radix = 8 if family == "octal" else 16
        codes = octal_codes(digits, d0) if radix == 8 else hex_codes(digits, d0)
        heads = (4 if radix == 16 else 2) if d0 else 1
        return heads * (radix**digits - 1) + heads - 1, codes
    if family in ("subtraction", "allbut"):
        if top is None:
            raise InvalidGame(f"census {family}: give --max M (subsets of 1..M)")
        if digits is not None or d0:
            raise InvalidGame(f"census {family}: --digits and --d0 are for octal and hex codes; use --max")
        _check_max(top, size)  # here: the sets below are checked only when first drawn
        sets = allbut_sets(top, size) if family == "allbut" else subtraction_sets(top, size)
        empty = 1 if family == "allbut" else 0
        return (math.comb(top, size) if size is not None else 2**top - 1 + empty), sets
    raise InvalidGame(f"census: unknown family {family!r}; one of {', '.join(FAMILIES)}")


def count(
    family: str, *, digits: int | None = None, d0: bool = False, top: int | None = None, size: int | None = None
) -> int:
    """How many codes :func:`members` lists, without listing them; InvalidGame as it.

    >>> count("allbut", top=17), count("octal", digits=3, d0=True), count("subtraction", top=4, size=2)
    (131072, 1023, 6)
    """
    return _listed(family, digits, d0, top, size)[0]


def members(
    family: str, *, digits: int | None = None, d0: bool = False, top: int | None = None, size: int | None = None
) -> list[Member]:
    """The codes of a family with the game each is stored as; InvalidGame for bad parameters.

    >>> [(m.code, m.game_code, m.shift) for m in members("subtraction", top=2)]
    [('1', '0.3', 0), ('2', '0.13', 1), ('1,2', '0.33', 0)]
    """
    _, codes = _listed(family, digits, d0, top, size)
    if family in ("octal", "hex"):
        radix = 8 if family == "octal" else 16
        return [_member(family, c, radix, "a hexadecimal code with octal digits: the") for c in codes]
    if family == "allbut":
        return [Member("allbut", s, "allbut", s, 0, "itself") for s in codes]
    out = []
    for s in codes:
        digits_of = [0] * (max(map(int, s.split(","))) + 1)
        for k in map(int, s.split(",")):
            digits_of[k] = 3
        text = "0." + "".join(map(str, digits_of[1:]))
        m = _member("octal", text, 8)
        why = m.reason if m.shift else f"the subtraction set {{{s}}} is octal {m.game_code}"
        out.append(Member("subtraction", s, m.game_family, m.game_code, m.shift, why))
    return out
