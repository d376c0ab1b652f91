"""Reduced canonical form by its definition (Grossman and Siegel, *Reductions of partizan games*,
2009; Siegel, *CGT*, II.6): built bottom-up like the canonical form, with the order modulo
infinitesimals deciding domination and reversibility.  zermelo computes rcf(G) another way (the
star projection of G heated by *, as CGSuite does); this slow construction is the tests' oracle.
"""

from __future__ import annotations

from zermelo.values.game import Game, fold_values, game, number
from zermelo.values.reduced import inf_le

_REF: dict[int, Game] = {}


def reduced_by_definition(g: Game) -> Game:
    """rcf(G) by the Grossman–Siegel construction, bottom-up over the options and cached."""

    def leaf(x: Game) -> Game | None:
        hit = _REF.get(x.id)
        if hit is None and x.num is not None:
            hit = _REF[x.id] = x
        elif hit is None and x.nim is not None:
            hit = _REF[x.id] = number(0)  # nimbers are infinitesimal
        return hit

    def combine(x: Game) -> Game:
        left = list(dict.fromkeys(_REF[o.id] for o in x.left))
        right = list(dict.fromkeys(_REF[o.id] for o in x.right))
        out = _reduce(left, right)
        _REF[x.id] = out
        return out

    return fold_values(g, leaf, combine)


def _reduce(left: list[Game], right: list[Game]) -> Game:
    while True:
        value = game(left, right)
        if value.num is not None or value.left_stop == value.right_stop:
            return number(value.left_stop)  # infinitesimally close to a number
        new_left = _undominated(left, True)
        new_right = _undominated(right, False)
        value = game(new_left, new_right)
        changed = (new_left, new_right) != (left, right)
        left, right = new_left, new_right
        bypassed_left = _bypass(left, value, True)
        if bypassed_left is not None:
            left, changed = bypassed_left, True
            value = game(left, right)
        bypassed_right = _bypass(right, value, False)
        if bypassed_right is not None:
            right, changed = bypassed_right, True
        if not changed:
            return game(left, right)


def _undominated(opts: list[Game], left_side: bool) -> list[Game]:
    keep: list[Game] = []
    for i, a in enumerate(opts):
        dominated = False
        for j, b in enumerate(opts):
            if i == j:
                continue
            worse = inf_le(a, b) if left_side else inf_le(b, a)
            if worse:
                # Equivalent options: keep the first of them only.
                same = inf_le(b, a) if left_side else inf_le(a, b)
                if not same or j < i:
                    dominated = True
                    break
        if not dominated:
            keep.append(a)
    return keep


def _bypass(opts: list[Game], value: Game, left_side: bool) -> list[Game] | None:
    out: list[Game] = []
    changed = False
    for o in opts:
        for rev in o.right if left_side else o.left:
            if inf_le(rev, value) if left_side else inf_le(value, rev):
                out.extend(rev.left if left_side else rev.right)
                changed = True
                break
        else:
            out.append(o)
    return list(dict.fromkeys(out)) if changed else None
