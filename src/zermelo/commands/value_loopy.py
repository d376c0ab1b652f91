"""``zermelo value`` of a position of a loopy partisan game: its value as CGSuite writes it, in
words the outcome with draws, and for a value that is not a stopper its onside and offside."""

from __future__ import annotations

from typing import Any

from ..analyses.loopy_form import loopy_position_facts
from ..core.limits import Limits
from ..rules import Partisan
from .common import emit_json

_WORDS = {
    "L": "L: Left wins, whoever starts",
    "R": "R: Right wins, whoever starts",
    "P": "P: the second player wins",
    "N": "N: the first player wins",
    "D": "D: a draw, whoever starts",
    "PHat": "PHat: Left wins moving second; moving first, a draw",
    "PCheck": "PCheck: Right wins moving second; moving first, a draw",
    "NHat": "NHat: Left wins moving first; moving second, a draw",
    "NCheck": "NCheck: Right wins moving first; moving second, a draw",
}


def loopy_json(game: Partisan[Any], position: Any, limits: Limits) -> dict[str, Any]:
    """The object of ``--json``: the game, the position, the loopy value's facts (the web's value
    panel gets the same object, with the game graph of a small game)."""
    return loopy_position_facts(game, position, limits=limits)


def run_loopy(game: Partisan[Any], position: Any, limits: Limits, as_json: bool) -> int:
    facts = loopy_json(game, position, limits)
    head = {"game": facts["game"], "position": facts["position"]}
    if as_json:
        emit_json(facts)
        return 0
    print(f"{head['game']}  {head['position']}")
    print(f"  value        {facts['cgsuite']}")
    print(f"  outcome      {_WORDS[facts['outcome']]}")
    if facts["stopper"]:
        print(f"  stops        left {facts['left_stop']}, right {facts['right_stop']}")
        print("  loopy        a stopper (no play can go on for ever with the players alternating)")
    else:
        on, off = facts["onside"], facts["offside"]
        print(f"  loopy        onside {on} (infinite play won by Left), offside {off} (won by Right)")
    return 0
