"""Reduced canonical form: the simplest game equal to G up to an infinitesimal (Grossman and Siegel).

G ≥ H *modulo infinitesimals* when G + ε ≥ H for some infinitesimal ε, which holds exactly when
the right stop of G − H is ≥ 0.  The reduced canonical form rcf(G) is the simplest game with
G − rcf(G) infinitesimal: built bottom-up like the canonical form, with that coarser order
deciding domination and reversibility, and any game whose stops agree collapsing to the number.
(Grossman and Siegel, *Reductions of partizan games*, 2009; Siegel, *Combinatorial Game Theory*, II.6.)

>>> from zermelo.values import parse_value
>>> [str(reduced_canonical_form(parse_value(s))) for s in ("^", "^*", "*", "{1|0}+^", "{2|0||0}", "±1+v")]
['0', '0', '0', '{1|0}', '0', '±1']
>>> str(reduced_canonical_form(parse_value("{3|1} + ^ + {2|-1}")))
'{5|3||2|0}'
"""

from __future__ import annotations

from .game import Game, _fold_values, game, neg, number

__all__ = ["inf_le", "reduced_canonical_form"]


def inf_le(g: Game, h: Game) -> bool:
    """G ≤ H modulo infinitesimals: the right stop of H − G is at least 0."""
    return (h + neg(g)).right_stop >= 0


_RCF: dict[int, Game] = {}


def reduced_canonical_form(g: Game) -> Game:
    """rcf(G), computed bottom-up over the options without recursion and cached."""

    def leaf(x: Game) -> Game | None:
        hit = _RCF.get(x.id)
        if hit is None and x.num is not None:
            hit = _RCF[x.id] = x
        elif hit is None and x.nim is not None:
            hit = _RCF[x.id] = number(0)  # nimbers are infinitesimal
        return hit

    def combine(x: Game) -> Game:
        left = list(dict.fromkeys(_RCF[o.id] for o in x.left))
        right = list(dict.fromkeys(_RCF[o.id] for o in x.right))
        out = _reduce(left, right)
        _RCF[x.id] = out
        return out

    return _fold_values(g, leaf, combine)


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
