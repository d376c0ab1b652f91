"""CGSuite's notation for misère canonical forms, printed and read back.

A form is written ``*[...]``.  Inside, a digit is a nim heap (``&12;`` for 10 and more), and a
run of entries is the game with those options: ``*[2]`` is ``*2``, ``*[42]`` is ``{*4, *2}``.
A game is named, where it can be, by a simpler game and *subscripts* read left to right: ``#``
("sharp") is the game whose only option is what precedes it, a number ``k`` adds ``*k`` and
``-k`` takes it away (the game that gives what precedes when ``*k`` is added).  In plain
text the subscripts follow the base in brackets as soon as one of them is a number:

* ``*[2#]`` is ``{*2}``; ``*[2[2]]`` is ``*2 + *2``; ``*[2[#2#]]`` is ``{{*2} + *2}``;
* ``*[2[2]321]`` is ``{*2 + *2, *3, *2, *1}``; parentheses group the options of a base:
  ``*[((2#1)21)32]``.

As CGSuite does, a game is written as ``x`` plus ``*k`` when ``x`` is simpler, or else as ``x``
less ``*k`` (``*[2[#-2]]``) when ``x`` is simpler (smallest ``k`` first, ``k`` of the game's
parity, 2 and up), an odd game as its even part plus ``*1``, a game
with one option as that option with ``#``, and otherwise by its options, greatest first.

>>> from zermelo.values.misere import add, misere_game, nim_heap
>>> print(misere_text(misere_game([add(nim_heap(2), nim_heap(2)), nim_heap(3), nim_heap(2), nim_heap(1)])))
*[2[2]321]
>>> print(parse_misere("*[((2#1)21)32]"), parse_misere("*[2[#2#]]").birthday)
*[((2#1)21)32] 6
"""

from __future__ import annotations

from ..core.checks import is_digits, parse_int
from ..core.errors import InvalidPosition
from ..core.limits import deep
from .misere import MisereGame, add, misere_game, misere_text, nim_heap
from .misere_parts import subtract

__all__ = ["MisereSyntaxError", "misere_text", "parse_misere"]


#: The largest nim heap written ``&n;`` (``*n`` holds n options, and builds every smaller one).
MAX_HEAP = 4096


class MisereSyntaxError(InvalidPosition):
    """Text that is not a misère form in CGSuite's notation."""


def parse_misere(text: str) -> MisereGame:
    """The form written ``*[...]`` (or just its inside) in CGSuite's notation."""
    s = text.strip()
    if s.startswith("*[") and s.endswith("]"):
        s = s[2:-1]
    reader = _Reader(s, text)
    with deep():
        items = reader.items()
    if reader.at < len(s) or not items:
        raise MisereSyntaxError(f"not a misère form in CGSuite's notation: {text!r}")
    return items[0] if len(items) == 1 else misere_game(items)


class _Reader:
    def __init__(self, s: str, text: str) -> None:
        self.s, self.text, self.at = s, text, 0

    def fail(self) -> MisereSyntaxError:
        return MisereSyntaxError(f"not a misère form in CGSuite's notation: {self.text!r} (at character {self.at + 1})")

    def peek(self) -> str:
        return self.s[self.at] if self.at < len(self.s) else ""

    def number(self) -> int:
        c = self.peek()
        if is_digits(c):  # not '²', which str.isdigit takes and int refuses
            self.at += 1
            return int(c)
        if c == "&":
            end = self.s.find(";", self.at)
            digits = self.s[self.at + 1 : end]
            if end < 0 or not is_digits(digits):
                raise self.fail()
            self.at = end + 1
            return parse_int(digits, "a nim heap &n;", maximum=MAX_HEAP)
        raise self.fail()

    def items(self) -> list[MisereGame]:
        out: list[MisereGame] = []
        while self.peek() and self.peek() not in ")]":
            out.append(self.item())
        return out

    def item(self) -> MisereGame:
        if self.peek() == "(":
            self.at += 1
            opts = self.items()
            if self.peek() != ")":
                raise self.fail()
            self.at += 1
            g = misere_game(opts)
        else:
            g = nim_heap(self.number())
        while self.peek() in ("#", "["):
            if self.peek() == "#":
                self.at += 1
                g = misere_game([g])
                continue
            self.at += 1
            while self.peek() != "]":
                if self.peek() == "#":
                    self.at += 1
                    g = misere_game([g])
                elif self.peek() == "-":
                    self.at += 1
                    k = self.number()
                    x = subtract(g, nim_heap(k))
                    if x is None:
                        raise MisereSyntaxError(f"{misere_text(g)} is not a sum with *{k}: {self.text!r}")
                    g = x
                elif self.peek():
                    g = add(g, nim_heap(self.number()))
                else:
                    raise self.fail()
            self.at += 1
        return g
