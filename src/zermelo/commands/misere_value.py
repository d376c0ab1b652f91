"""``zermelo value GAME POSITION --misere``: the misère canonical form of an impartial position
(:func:`zermelo.misere.forms.misere_facts`), worded here."""

from __future__ import annotations

from typing import Any

from ..core.errors import Unsupported
from ..core.limits import Limits
from ..rules import Impartial
from .common import emit_json

__all__ = ["misere_json", "misere_value"]

_WHO = {"P": "P: the second player wins", "N": "N: the first player (to move) wins"}


def misere_json(game: Any, position: Any, limits: Limits) -> dict[str, Any]:
    """The object of ``--misere --json``."""
    if not isinstance(game, Impartial):
        raise Unsupported(f"{game.spec()}: misère canonical forms are of impartial games")
    from ..misere.forms import misere_facts

    return misere_facts(game, position, limits=limits)


def misere_value(game: Any, position: Any, limits: Limits, as_json: bool) -> int:
    facts = misere_json(game, position, limits)
    if as_json:
        emit_json(facts)
        return 0
    print(f"{facts['game']} {facts['position']}  (misère play)")
    print(f"  form         {facts['misere_canonical_form']}")
    print(f"  outcome      {_WHO[facts['misere_outcome']]}")
    print(f"  nim value    {facts['misere_nim_value']} (misère)")
    print(f"  genus        {facts['genus']} ({facts['phylum']})")
    print(f"  birthday     {facts['birthday']}")
    return 0
