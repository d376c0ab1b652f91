"""The misère canonical form of a position of any impartial game (:mod:`zermelo.values.misere`).

A position's form is the form of the game whose options are its options' forms; a position that
splits into independent parts (``components``, or a :class:`~zermelo.rules.Sum`) is the misère sum
of its parts' forms — computed once per part, never by searching the product of the parts.
The traversal is the engine's :func:`~zermelo.core.traversal.fold`: iterative and memoised by the
rules' key, so deep games never reach the recursion limit.

>>> from zermelo.games import Cram, Nim
>>> print(misere_canonical_form(Cram(), ".........|##.######"))
*[2[2]321]
>>> print(misere_canonical_form(Nim(), (2, 2)), misere_canonical_form(Nim(), (1, 1)))
*[2[2]] *[0]
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from typing import Any

from ..core.cache import RulesCache
from ..core.checks import game_argument
from ..core.limits import Limits, deadline, metered
from ..core.traversal import fold
from ..rules import Impartial, Sum
from ..values.misere import MisereGame, misere_game, total
from ..values.misere_genus import genus, phylum
from ..values.misere_text import misere_text

__all__ = ["misere_canonical_form", "misere_facts"]

_NO_LIMITS = Limits()

#: Forms per position key, one memo per rules object (the last few: :mod:`zermelo.core.cache`).
FORMS: RulesCache[dict[Hashable, MisereGame]] = RulesCache(lambda rules: {})


def misere_canonical_form(game: Impartial[Any], position: Any, *, limits: Limits | None = None) -> MisereGame:
    """The misère canonical form of ``position`` (a position or its text) under ``game``'s rules.

    ``limits`` caps the positions examined and the seconds spent
    (:class:`~zermelo.core.errors.SearchLimitExceeded` past them).
    """
    game_argument("misere_canonical_form", game, Impartial, position)
    if isinstance(position, str):
        position = game.parse(position)
    game.validate(position)
    limits = limits if limits is not None else _NO_LIMITS
    return _form(game, position, limits, deadline(limits, time.monotonic()), [0])


def _form(game: Impartial[Any], position: Any, limits: Limits, end: float | None, seen: list[int]) -> MisereGame:
    if isinstance(game, Sum):
        return total(_form(g, p, limits, end, seen) for g, p in zip(game.games, position, strict=True))
    memo = FORMS.get(game)

    def children(p: Any) -> list[Any]:
        parts = game.components(p)
        if parts is not None and len(parts) > 1:
            return list(parts)
        return list(game.options(p))

    def combine(p: Any, forms: list[MisereGame]) -> MisereGame:
        parts = game.components(p)
        if parts is not None and len(parts) > 1:
            return total(forms)
        return misere_game(forms)

    return fold(position, metered(children, limits, end, seen), combine, key=game.key, memo=memo)  # type: ignore[no-any-return]


def misere_facts(game: Impartial[Any], position: Any, *, limits: Limits | None = None) -> dict[str, Any]:
    """The misère facts of a position, as data: its form (CGSuite's text), misère outcome
    (``P``/``N``), misère nim value ``G⁻``, genus (as CGSuite prints it), phylum and birthday."""
    g = misere_canonical_form(game, position, limits=limits)
    if isinstance(position, str):
        position = game.parse(position)
    return {
        "game": game.spec(),
        "position": game.format(position),
        "misere_canonical_form": misere_text(g),
        "misere_outcome": "P" if g.gminus == 0 else "N",
        "misere_nim_value": g.gminus,
        "genus": str(genus(g)),
        "phylum": phylum(g),
        "birthday": g.birthday,
    }
