"""A position's text between CGSuite's arguments and a game's own: the words a ruleset reads
from ``Kayles(3)``, ``Wythoff((3,5))`` or ``Domineering("..|..")``, and the arguments CGSuite
writes a position with, one per summand (:mod:`zermelo.cgsuite.rulesets` uses both).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import CGSuiteError
from .values import as_int

__all__ = ["position_text", "shown_args"]


def shown_args(text: str, shown: Callable[[str], list[str]] | None, coordinates: bool) -> list[str]:
    """A position's text as CGSuite's arguments, one per summand: the game's own ``shown``, else
    whole numbers as heaps (``Kayles(1) + Kayles(3)``) or pairs as coordinates (``Wythoff((3,5))``),
    else the text as a string.

    >>> shown_args("1 3", None, False), shown_args("3 5", None, True), shown_args("..|#.", None, False)
    (['1', '3'], ['(3,5)'], ['"..|#."'])
    """
    if shown is not None:
        return shown(text)
    words = text.split()
    if words and all(w.isdigit() for w in words):
        if not coordinates:
            return words
        if len(words) % 2 == 0:
            return [f"({a},{b})" for a, b in zip(words[::2], words[1::2], strict=True)]
    return ['"' + text + '"']


def position_text(args: list[Any]) -> str:
    """The words of a position from CGSuite's arguments: a string as it is, numbers and tuples
    of numbers as whole numbers separated by spaces (``Wythoff((3,5))`` is ``3 5``)."""
    if len(args) == 1 and isinstance(args[0], str):
        return args[0]
    words: list[str] = []
    for a in args:
        if isinstance(a, frozenset):  # a set of coordinates (FoxAndGeese's geese), then ";"
            for c in sorted(a, key=lambda c: [as_int(x) for x in c] if isinstance(c, tuple | list) else [as_int(c)]):
                words.extend(str(as_int(x, "a whole number")) for x in (c if isinstance(c, tuple | list) else (c,)))
            words.append(";")
            continue
        for x in a if isinstance(a, tuple | list) else (a,):
            if isinstance(x, str):
                raise CGSuiteError("A position is a string, or whole numbers")
            words.append(str(as_int(x, "a whole number or a string")))
    if not words:
        raise CGSuiteError('Give a position: a string like "..|.." or a heap size')
    return " ".join(words)
