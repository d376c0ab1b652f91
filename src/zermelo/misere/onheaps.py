"""A game on whole numbers read as a heap game, for its misère quotient: ``zermelo misere FILE.py:NAME``.

A user's impartial game on whole numbers (``@zermelo.impartial def game(n): ...``) is one heap:
its options of ``n`` are what the heap may become.  Sums of such heaps are the positions a misère
quotient describes, provided heap 0 is the empty game and every move makes the heap smaller (the
quotient is built heap by heap); anything else is refused with the heap and the option that break
it.  A declared ``subtraction_set`` (which ``zermelo check`` verifies) gives the periodicity
theorem of a one-heap subtraction code.

>>> from zermelo.rules.define import impartial
>>> @impartial
... def halving(n):
...     return [n // 2] if n else []
>>> g = as_heap_game(halving)
>>> list(g.heap_options(9)), g.spec()
([4], 'halving')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core.checks import shown
from ..core.errors import Unsupported
from ..heaps.heap import HeapGame
from ..rules import Impartial, Rules

__all__ = ["WholeNumberHeaps", "as_heap_game"]


class WholeNumberHeaps(HeapGame):
    """An impartial game on whole numbers, each position one heap of a sum."""

    def __init__(self, game: Impartial[Any]) -> None:
        self.game = game
        self.subtraction_set = game.subtraction_set

    def spec(self) -> str:
        return self.game.spec()

    def heap_options(self, n: int) -> Iterable[int]:
        out = []
        for o in self.game.options(n):
            if type(o) is not int or not 0 <= o < n:
                raise Unsupported(
                    f"{self.spec()}: heap {n} moves to {shown(o)}: a misère quotient needs every move to leave"
                    " a smaller whole number (one heap)"
                )
            out.append(o)
        if n == 0 and out:
            raise Unsupported(f"{self.spec()}: heap 0 has moves: a misère quotient needs heap 0 to be the empty game")
        return out

    def period_proof(self, p: int, n0: int) -> int | None:
        s = self.subtraction_set
        if not s:
            return None
        from ..search.period_bounds import proof_length

        return proof_length(p, n0, removal=max(s), heaps=1) - 1


def as_heap_game(game: Rules[Any]) -> HeapGame:
    """``game`` itself if it is a heap game, else an impartial game on whole numbers read as one
    (:class:`WholeNumberHeaps`); :class:`~zermelo.core.errors.Unsupported` for any other game."""
    if isinstance(game, HeapGame):
        return game
    if isinstance(game, Impartial) and _on_whole_numbers(game):
        named: type[WholeNumberHeaps] = type("WholeNumberHeaps", (WholeNumberHeaps,), {"name": game.name})
        return named(game)
    raise Unsupported(
        f"{game.spec()} is not a heap game: misère quotients are computed for heap games and impartial games"
        " on whole numbers"
    )


def _on_whole_numbers(game: Impartial[Any]) -> bool:
    """Whether the game's positions are whole numbers: it says so, or ``"5"`` reads as the number 5."""
    kind = getattr(game, "positions", None)
    if kind is not None:
        return bool(kind == "int")
    try:
        return type(game.parse("5")) is int and type(game.parse("0")) is int
    except ValueError:
        return False
