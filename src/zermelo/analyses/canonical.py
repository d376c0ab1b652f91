"""The canonical form of a position: its value, computed bottom-up over its options by the engine's fold.

A position's value is ``{values of Left's options | values of Right's options}`` in canonical
form, and the value of a sum of independent components is the sum of their values.  The
traversal is :func:`zermelo.search.engine.fold` (iterative, memoised by the rules' key), so deep games
never reach the recursion limit, and each distinct component is evaluated once per game.

Impartial rules are partisan games whose two players have the same options; their values are
nimbers, and *n is exactly Grundy value n (Sprague–Grundy).

>>> from zermelo.games import Nim
>>> print(canonical_form(Nim(), (1, 2)))
*3
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from typing import Any

from ..core.cache import RulesCache
from ..core.checks import game_argument, short
from ..core.checks import shown as quoted
from ..core.errors import InvalidArgument
from ..core.limits import Limits, Progress, deadline, deep, limits_argument, over_budget, over_time
from ..core.sprague_grundy import mex
from ..core.traversal import fold
from ..rules import Impartial, Partisan, PartisanSum, Rules, Sum
from ..rules.sizes import check_size
from ..values.game import Game, game, star, total
from ..values.ordinal import ordinal_sum

__all__ = ["canonical_form", "value_cache"]

_SUM = "sum"
_ORD = "ordinal"


#: The memo of values per position key, one per rules object (the last few: :mod:`zermelo.core.cache`).
VALUES: RulesCache[dict[Hashable, Any]] = RulesCache(lambda rules: {})


def value_cache(rules: Rules[Any]) -> dict[Hashable, Any]:
    """The memo of values per position key for one rules object (kept, so repeated queries are free)."""
    return VALUES.get(rules)


def canonical_form(rules: Rules[Any], position: Any, *, limits: Limits | None = None) -> Game:
    """The canonical form of ``position`` under ``rules`` (Partisan or Impartial).

    ``limits`` caps the number of distinct positions examined and the seconds spent
    (:class:`~zermelo.core.errors.SearchLimitExceeded` past them).
    """
    if not isinstance(rules, (Partisan, Impartial)):
        hint = f" (make one with zermelo.make_game({short(rules)!r}))" if isinstance(rules, str) else ""
        raise InvalidArgument(
            f"canonical_form: the game must be a game object (partisan or impartial rules){hint}, got {quoted(rules)}"
        )
    game_argument("canonical_form", rules, Rules, position)  # a 10**5000 in the position, say
    limits = limits_argument("canonical_form", limits)
    rules.validate(position)
    if isinstance(rules, (Sum, PartisanSum)):
        # A sum's value is the sum of its parts' values: each part is valued by its own rules
        # (and their cache), never by searching the product of the parts' positions.
        return total(canonical_form(g, p, limits=limits) for g, p in zip(rules.games, position, strict=True))
    impartial = isinstance(rules, Impartial)
    if impartial:
        # As the engine does: a position whose options alone pass the budget (Wythoff with
        # 400-digit heaps) is refused before a single option is listed.
        check_size(rules, position, limits)  # type: ignore[arg-type]
    memo = value_cache(rules)
    shapes: dict[Hashable, tuple[str, int]] = {}
    keys: dict[Any, Hashable] = {}
    # Rules may merge a position with its negative (Domineering turned a quarter turn is the
    # same board with the players swapped): value_key(p) -> (key, negated).  The memo then
    # holds the value of the unnegated representative.
    value_key = (
        rules.value_key
        if isinstance(rules, Partisan) and type(rules).value_key is not Partisan.value_key  # the default merges nothing
        else None
    )
    flips: dict[Any, bool] = {}
    kids_of: dict[Hashable, list[Any]] = {}
    # Rules may say a position is an ordinal sum base : top (a Hackenbush edge carrying a
    # tree): ordinal(p) -> (base value, top position) or None.  Then only the top is searched.
    ordinal = rules.ordinal if isinstance(rules, Partisan) and type(rules).ordinal is not Partisan.ordinal else None
    bases: dict[Hashable, Game] = {}
    start = time.monotonic()
    end = deadline(limits, start)  # max_seconds, the analysis' deadline or the ambient one
    count = [0, 0]  # positions expanded, options listed
    components = rules.components
    keys_get = keys.get

    def key(p: Any) -> Hashable:
        k = keys_get(p)
        if k is None:
            if value_key is None:
                k = keys[p] = rules.key(p)
            else:
                k, flips[p] = value_key(p)
                keys[p] = k
        return k

    cap = limits.max_positions
    shown = [start]

    def children(p: Any) -> list[Any]:
        count[0] += 1
        # At every position (one of a long Toads row takes 0.1 s; the clock costs 0.05 µs): the
        # budget, before the arithmetic of more positions, and every 1/4 s the clock and a report.
        if cap is not None and count[0] > cap:
            _check(limits, count[0], start, end)
        if (now := time.monotonic()) - shown[0] >= 0.25:
            shown[0] = now
            _check(limits, count[0], start, end)
            if limits.progress is not None:
                limits.progress(Progress(count[0], count[1], now - start))
        comps = components(p)
        k = key(p)
        if comps is not None and (len(comps) != 1 or key(comps[0]) != k):
            shapes[k] = (_SUM, len(comps))
            kids = list(comps)
        elif ordinal is not None and (split := ordinal(p)) is not None:
            bases[k] = split[0]
            shapes[k] = (_ORD, 1)
            kids = [split[1]]
        elif impartial:
            kids = list(rules.options(p))  # type: ignore[union-attr]
            shapes[k] = ("imp", len(kids))
        else:
            kids = list(rules.left_options(p))  # type: ignore[union-attr]
            shapes[k] = ("lr", len(kids))
            kids.extend(rules.right_options(p))  # type: ignore[union-attr]
        if value_key is not None:
            kids_of[k] = kids
        count[1] += len(kids)
        return kids

    def combine(p: Any, vals: list[Game]) -> Game:
        k = keys[p]
        kind, n = shapes.pop(k)
        if value_key is not None:
            vals = [-v if flips[c] else v for c, v in zip(kids_of.pop(k), vals, strict=True)]
        if kind == "lr":
            out = game(vals[:n], vals[n:])
        elif kind == _SUM:
            out = total(vals)
        elif kind == _ORD:
            out = ordinal_sum(bases.pop(k), vals[0])
        else:
            out = _mex_star(vals) or game(vals, vals)
        return -out if value_key is not None and flips[p] else out

    try:
        with deep():  # value arithmetic recurses by birthday
            out: Game = fold(position, children, combine, key, memo)
    finally:
        if limits.progress is not None:
            limits.progress(Progress(count[0], count[1], time.monotonic() - start, done=True))
    return -out if value_key is not None and flips[position] else out


def _mex_star(vals: list[Game]) -> Game | None:
    """*mex when every option is a nimber (the Sprague–Grundy shortcut), else None."""
    nims = [v.nim for v in vals]
    if any(n is None for n in nims):
        return None
    return star(mex(n for n in nims if n is not None))


def _check(limits: Limits, count: int, start: float, end: float | None) -> None:
    seconds = time.monotonic() - start
    if limits.max_positions is not None and count > limits.max_positions:
        raise over_budget(limits.max_positions, positions=count, seconds=seconds)
    if end is not None and start + seconds > end:
        raise over_time(limits.max_seconds, f"{count:,} positions", positions=count, elapsed=seconds)
