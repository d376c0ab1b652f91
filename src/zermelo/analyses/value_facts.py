"""The value of a position and its facts: one path for every front end.

``zermelo value GAME POSITION --json`` and the web explorer's ``/api/value`` both answer with
:func:`value_facts`: the position's canonical form (an impartial position's is the nimber of its
Grundy value, from the engine, which knows the game's closed forms and keeps to the budget) and
what :func:`describe` says of it: outcome, stops, mean, temperature, birthday, reduced form,
atomic weight, thermograph.

>>> from zermelo.games import Nim
>>> _, facts = value_facts(Nim(), (1, 2))
>>> facts["value"], facts["outcome"], facts["birthday"]
('*3', 'N', 3)
"""

from __future__ import annotations

from typing import Any

from ..cgsuite.printer import cgsuite_text
from ..core.dyadic import format_dyadic
from ..core.errors import SearchLimitExceeded, Unsupported
from ..core.limits import Limits
from ..rules import Impartial, Partisan, PartisanSum, Rules, Sum
from ..rules.sizes import check_size
from ..values.atomic import atomic_weight, is_all_small
from ..values.calculus import is_infinitesimal
from ..values.game import Game, star
from .canonical import canonical_form

__all__ = ["describe", "position_value", "sum_explanation", "value_facts"]


def position_value(
    game: Rules[Any], position: Any, *, limits: Limits | None = None, max_nimber: int | None = None
) -> Game:
    """The canonical form of a position of an impartial or partisan game.

    Impartial: the nimber of its Grundy value (Sprague–Grundy), by the analyses' ``grundy``
    (closed form first); a position whose search would pass the budget (its size hint) is
    refused first, as the engine refuses it; ``max_nimber`` refuses bigger nimbers (the facts of
    *n cost about n² steps).  A game with cycles has no value; a scored game neither.
    """
    if isinstance(game, Impartial):
        game.validate(position)
        check_size(game, position, limits or Limits())
        from .analysis import grundy  # the engine (and numpy) only for an impartial position

        n = grundy(game, position, limits=limits)
        if not isinstance(n, int):
            raise Unsupported("this analysis needs a game without cycles")
        if max_nimber is not None and n > max_nimber:
            raise SearchLimitExceeded(f"the value is *{n}: nimbers beyond *{max_nimber} are too big to describe here")
        return star(n)
    if not isinstance(game, Partisan):
        raise Unsupported(f"{game.spec()} has no game value (it is a scored game)")
    return canonical_form(game, position, limits=limits)


def describe(g: Game) -> dict[str, Any]:
    """The facts of a value, as the JSON of ``zermelo value`` (exact numbers as strings)."""
    o = g.outcome
    small = is_all_small(g)
    return {
        "value": str(g),
        "cgsuite": cgsuite_text(g),
        "outcome": str(o),
        "winner": o.winner,
        "left_stop": format_dyadic(g.left_stop),
        "right_stop": format_dyadic(g.right_stop),
        "mean": format_dyadic(g.mean),
        "temperature": format_dyadic(g.temperature),
        "birthday": g.birthday,
        "reduced": str(g.reduced),
        "is_number": g.is_number,
        "all_small": small,
        "atomic_weight": _atomic_weight(g),
        "thermograph": g.thermograph.to_json(),
    }


def _atomic_weight(g: Game) -> str | None:
    """The atomic weight as text: every all-small game has one, other infinitesimals may (Wolfe's check)."""
    if not is_infinitesimal(g):
        return None
    try:
        return str(atomic_weight(g))
    except Unsupported:
        return None  # an infinitesimal that is not atomic


def value_facts(
    game: Rules[Any],
    position: Any,
    *,
    limits: Limits | None = None,
    max_nimber: int | None = None,
    explained: bool = False,
) -> tuple[Game, dict[str, Any]]:
    """The value and the object of ``zermelo value GAME POSITION --json``: the game, the position,
    the facts (with ``explained``, a sum's value component by component: ``explanation``)."""
    g = position_value(game, position, limits=limits, max_nimber=max_nimber)
    facts = {"game": game.spec(), "position": game.format(position), **describe(g)}
    why = sum_explanation(game, position, g, limits=limits) if explained else None
    if why is not None:
        facts["explanation"] = why
    return g, facts


def sum_explanation(game: Rules[Any], position: Any, total: Game, *, limits: Limits | None = None) -> str | None:
    """A sum's value component by component (``None`` for a position that is not a sum).

    Values add: a move is a move in one component, so the sum's canonical form is the sum of the
    components' forms.  Each part is named with its value and, for a hot one, its mean and
    temperature; the hottest is where the thermograph says the fight is.

    >>> from zermelo.games import Domineering, Nim
    >>> g = PartisanSum(Domineering(), Nim())
    >>> pos = g.parse("..|.. + 3")
    >>> print(sum_explanation(g, pos, position_value(g, pos)))  # doctest: +NORMALIZE_WHITESPACE
    A sum of 2 games: values add component by component (a move changes one component).
      domineering ..|..: ±1 (hot: mean 0, temperature 1)
      nim 3: *3 (a nimber)
    Sum: ±1 + *3 = {1*3|-1*3}: N, the first player wins; the hottest component is domineering ..|.. (temperature 1).
    """
    if not isinstance(game, (Sum, PartisanSum)) or len(game.games) < 2:
        return None
    parts = list(zip(game.games, position, strict=True))
    values = [position_value(g, p, limits=limits) for g, p in parts]
    lines = [f"A sum of {len(parts)} games: values add component by component (a move changes one component)."]
    for (g, p), v in zip(parts, values, strict=True):
        lines.append(f"  {g.spec()} {g.format(p)}: {v} ({_kind(v)})")
    terms = " + ".join(str(v) for v in values)
    o = total.outcome
    end = f"Sum: {terms} = {total}: {o}, {_WINNER[o.winner]}"
    hot = [(v.temperature, i) for i, v in enumerate(values) if not v.is_number and v.temperature > 0]
    if hot:
        t, i = max(hot)
        g, p = parts[i]
        end += f"; the hottest component is {g.spec()} {g.format(p)} (temperature {format_dyadic(t)})"
    lines.append(end + ".")
    return "\n".join(lines)


_WINNER = {
    "first": "the first player wins",
    "second": "the second player wins",
    "left": "Left wins, whoever starts",
    "right": "Right wins, whoever starts",
}


def _kind(v: Game) -> str:
    if v.is_number:
        return "a number"
    if v.nim is not None:
        return "a nimber"
    if v.temperature > 0:
        return f"hot: mean {format_dyadic(v.mean)}, temperature {format_dyadic(v.temperature)}"
    if is_infinitesimal(v):
        return "an infinitesimal"
    return f"cold: mean {format_dyadic(v.mean)}, temperature {format_dyadic(v.temperature)}"
