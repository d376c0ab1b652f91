"""Misère outcome classes of partisan short games (CGSuite's ``G.MisereOutcomeClass``).

Under misère play the player who cannot move wins.  A partisan game's misère outcome is not a
function of its normal-play value (a Domineering board of value 0 may have moves), so it is found
by plain search of the game itself, on the one engine: a ruleset's position by
:func:`~zermelo.analyses.analysis.partisan_outcome` with ``misere=True``, a value (``{1|}``) on
the tree of its canonical form, here, as CGSuite does.

>>> from zermelo.values.game import number, star
>>> [str(form_misere_outcome(g)) for g in (number(0), number(1), number(2), number(-1), star(1))]
['N', 'R', 'R', 'L', 'P']
"""

from __future__ import annotations

from collections.abc import Hashable

from ..core.limits import Limits
from ..rules import Outcome, Partisan
from ..values.game import Game
from .analysis import partisan_outcome

__all__ = ["Forms", "form_misere_outcome"]


class Forms(Partisan[Game]):
    """A canonical form played as it stands: Left's options are ``g.left``, Right's ``g.right``."""

    name = "forms"

    def left_options(self, position: Game) -> list[Game]:
        return list(position.left)

    def right_options(self, position: Game) -> list[Game]:
        return list(position.right)

    def key(self, position: Game) -> Hashable:
        return position.id


_FORMS = Forms()


def form_misere_outcome(g: Game, *, limits: Limits | None = None) -> Outcome:
    """The misère outcome class (L, R, P or N) of the canonical form ``g`` played as a game tree."""
    return partisan_outcome(_FORMS, g, misere=True, limits=limits)
