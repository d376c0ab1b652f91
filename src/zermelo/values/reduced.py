"""Reduced canonical form: the simplest game equal to G up to an infinitesimal (Grossman and Siegel).

G ≥ H *modulo infinitesimals* when G + ε ≥ H for some infinitesimal ε, which holds exactly when
the right stop of G − H is ≥ 0.  The reduced canonical form rcf(G) is the simplest game with
G − rcf(G) infinitesimal (Grossman and Siegel, *Reductions of partizan games*, 2009; Siegel,
*Combinatorial Game Theory*, II.6).

It is computed as CGSuite computes it (``CanonicalShortGameOps.rcf``): heat G by * and take the
*star projection* — every x* becomes the number x, numbers stay, any other game projects its
options.  Building rcf(G) directly from its definition compares options modulo infinitesimals
by computing right stops of differences, which on sums of hot games took minutes where this
takes milliseconds; that construction stays in the tests as the oracle this one must equal.

>>> from zermelo.values import parse_value
>>> [str(reduced_canonical_form(parse_value(s))) for s in ("^", "^*", "*", "{1|0}+^", "{2|0||0}", "±1+v")]
['0', '0', '0', '{1|0}', '0', '±1']
>>> str(reduced_canonical_form(parse_value("{3|1} + ^ + {2|-1}")))
'{5|3||2|0}'
"""

from __future__ import annotations

from ..core.cache import memo_table
from .calculus import heat
from .folds import fold_values
from .game import BUILT_ON, Game, game, neg, star

__all__ = ["inf_le", "reduced_canonical_form"]


def inf_le(g: Game, h: Game) -> bool:
    """G ≤ H modulo infinitesimals: the right stop of H − G is at least 0."""
    return (h + neg(g)).right_stop >= 0


_RCF: dict[int, Game] = memo_table("reduced: rcf")
_PROJECTION: dict[int, Game] = memo_table("reduced: projection")


def reduced_canonical_form(g: Game) -> Game:
    """rcf(G): the star projection of ∫^* G, cached."""
    hit = _RCF.get(g.id)
    if hit is None:
        hit = _RCF[g.id] = star_projection(heat(g, star()))
    return hit


def star_projection(g: Game) -> Game:
    """x* ↦ x for numbers x, numbers unchanged, any other game {proj(G^L) | proj(G^R)}.

    >>> from zermelo.values import parse_value
    >>> print(star_projection(parse_value("{1*|-1*}")), star_projection(parse_value("{2|*}")))
    ±1 {2|0}
    """

    def leaf(x: Game) -> Game | None:
        hit = _PROJECTION.get(x.id)
        if hit is None:
            if x.num is not None:
                hit = _PROJECTION[x.id] = x
            elif len(x.left) == len(x.right) == 1 and x.left[0] is x.right[0] and x.left[0].num is not None:
                hit = _PROJECTION[x.id] = x.left[0]  # {x | x} = x*
        return hit

    def combine(x: Game) -> Game:
        out = _PROJECTION[x.id] = game([_PROJECTION[o.id] for o in x.left], [_PROJECTION[o.id] for o in x.right])
        return out

    return fold_values(g, leaf, combine)


BUILT_ON.reduced_canonical_form = reduced_canonical_form  # Game.reduced (see zermelo.values.game.BuiltOn)
