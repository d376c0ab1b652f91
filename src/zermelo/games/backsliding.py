"""Backsliding Toads and Frogs (Winning Ways ch. 11): Toads and Frogs in which a piece may also
slide one cell *back* into an empty cell, so positions repeat: a loopy game (the moves are
generalized Toads and Frogs' with a backslide, :class:`~zermelo.games.gentoads.LoopyGenToads`).

Toads (``T``, Left) move one cell right into an empty cell, jump right over one frog into the
empty cell behind it, or slide one cell left into an empty cell; frogs (``F``, Right) the same
the other way.  An infinite play is a draw.  Its values are loopy games' values (stoppers, or an
onside and an offside: :mod:`zermelo.analyses.loopy_form`): ``TT.F`` is ``on`` (Left can always
move, Right never), ``T..F`` is ``*``; tests/test_backsliding.py checks every value of the short
rows against the engine's search of the game graph, draws included.

>>> g = BackslidingToads()
>>> sorted(g.left_options(g.parse(".T.F")))
['..TF', 'T..F']
"""

from __future__ import annotations

from typing import ClassVar

from ..rules.catalogue import CGSuiteName, GameEntry, cgsuite_string, no_params, register
from .gentoads import LoopyGenToads, cgsuite_listed

__all__ = ["BackslidingToads"]


class BackslidingToads(LoopyGenToads):
    """Backsliding Toads and Frogs on one row: a position is the row, ``T``, ``F`` and ``.``;
    CGSuite's ``GenToadsAndFrogs(minSlide => -1)`` (``gentoads:-1,1,1``)."""

    examples = ("T..F", "TT..FF")
    name: ClassVar[str] = "backsliding"

    def __init__(self) -> None:
        super().__init__(-1, 1, 1)

    def spec(self) -> str:
        return "backsliding"


register(
    GameEntry(
        "backsliding",
        no_params(BackslidingToads, "backsliding"),
        "Backsliding Toads and Frogs: toads and frogs may also step back (loopy, partisan)",
        "",
        "backsliding T..F",
        rules=BackslidingToads,
        aliases=("backslidingtoadsandfrogs",),
        cgsuite=(
            CGSuiteName(
                "game.strip.BackslidingToadsAndFrogs",
                shown=cgsuite_string({"T": "t", "F": "f"}),
                options=cgsuite_listed,
            ),
        ),
    )
)
