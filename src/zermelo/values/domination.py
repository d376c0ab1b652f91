"""Dominated and reversible options: the two steps that take a short game to its canonical form
(Conway, *On Numbers and Games*, ch. 10; Siegel, *Combinatorial Game Theory*, II.2).

Written for any comparison ``le(G, H)`` (G ≤ H) of games that have ``left``, ``right`` and an
integer ``id``: :func:`zermelo.values.game.game` passes its own, so this module imports nothing
of it (and ``le`` is a local name in the loops).

>>> from zermelo.values import parse_value, le
>>> star, up = parse_value("*"), parse_value("^")
>>> [str(g) for g in undominated([star, up, parse_value("0")], le, left_side=True)]
['*', '^']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game

__all__ = ["bypass", "undominated"]

Le = Callable[["Game", "Game"], bool]


def undominated(opts: list[Game], le: Le, *, left_side: bool) -> list[Game]:
    """Keep the maximal options for Left (minimal for Right); equal values are already merged.

    Each option is compared with the maximal ones found so far only (a dominated option is
    below one of them, and domination is transitive), not with every other option.
    """
    if len(opts) < 2:
        return opts
    keep: list[Game] = []
    for a in opts:
        for k in keep:
            if le(a, k) if left_side else le(k, a):
                break
        else:
            keep = [k for k in keep if not (le(k, a) if left_side else le(a, k))]
            keep.append(a)
    return keep


def bypass(opts: list[Game], L: list[Game], R: list[Game], le: Le, *, left_side: bool) -> list[Game] | None:
    """Replace each reversible option by the options it reverses through; None if there is none.

    A Left option G^L is reversible when some G^{LR} ≤ G; it is then replaced by every
    G^{LRL}.  (Dually for Right.)  G here is the raw form {L | R}.
    """
    out: list[Game] = []
    changed = False
    form = _RawForm(L, R, le)
    for o in opts:
        replaced = False
        for rev in o.right if left_side else o.left:
            if form.le_form(rev) if left_side else form.ge_form(rev):
                out.extend(rev.left if left_side else rev.right)
                replaced = changed = True
                break
        if not replaced:
            out.append(o)
    return list({g.id: g for g in out}.values()) if changed else None


class _RawForm:
    """Comparisons of games with the raw form G = {L | R}, memoised by the other game's id."""

    __slots__ = ("L", "R", "ge_memo", "le", "le_memo")

    def __init__(self, L: list[Game], R: list[Game], le: Le) -> None:
        self.L, self.R, self.le = L, R, le
        self.le_memo: dict[int, bool] = {}
        self.ge_memo: dict[int, bool] = {}

    def le_form(self, x: Game) -> bool:
        """X ≤ G: no X^L ≥ G and no G^R ≤ X."""
        r = self.le_memo.get(x.id)
        if r is None:
            le = self.le
            r = not any(le(gr, x) for gr in self.R) and not any(self.ge_form(xl) for xl in x.left)
            self.le_memo[x.id] = r
        return r

    def ge_form(self, x: Game) -> bool:
        """X ≥ G: no G^L ≥ X and no X^R ≤ G."""
        r = self.ge_memo.get(x.id)
        if r is None:
            le = self.le
            r = not any(le(x, gl) for gl in self.L) and not any(self.le_form(xr) for xr in x.right)
            self.ge_memo[x.id] = r
        return r
