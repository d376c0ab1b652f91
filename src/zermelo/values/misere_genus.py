"""Genus, phyla and the misère operations of misère canonical forms (Conway, ONAG ch. 12;
*Winning Ways* ch. 13; the phyla as CGSuite sorts them).

The *genus* ``g^(γ0 γ1 …)`` of a form: ``g = G⁺`` (normal-play nim value) and ``γk`` the misère
nim value of ``G`` plus ``k`` heaps of 2.  CGSuite prints it by the form's *phylum*: a nim heap
as ``g`` alone, a tame or restive form as ``g^γ0`` (the rest of the γ's follow from the phylum),
any other form with its γ's up to their final repeating pair, in parentheses with commas when a
γ is 10 or more (``3^1431``, ``6^(1,9,10,8)``).

Phyla, from the options' phyla and ``(G⁺, G⁻)``: a *tame* genus has ``G⁺ = G⁻`` or both in
{0, 1}; a *restive* one ``G⁺ ∈ {0, 1}`` and ``G⁻ ≥ 2``; a *restless* one ``G⁻ ∈ {0, 1}`` and
``G⁺ ≥ 2``.  A form is *hereditarily* tame (restive) when its genus is and all its options are
hereditarily tame; *reversibly* tame (restive) when its tame options alone give it that genus and
every other option reverses through a tame (restive or tame) option of the same values;
*tameable* likewise through tameable options; *restless* with restless genus and tame options;
anything else is *wild*.  An odd form (its even part plus ``*1``) has its even part's phylum.

>>> from zermelo.values.misere import add, nim_heap
>>> from zermelo.values.misere_text import parse_misere
>>> [str(genus(g)) for g in (nim_heap(2), add(nim_heap(2), nim_heap(2)), parse_misere("*[2#]"))]
['2', '0^0', '0^0']
>>> phylum(add(nim_heap(2), nim_heap(2))), is_tame(parse_misere("*[2#]"))
('hereditarily tame', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.cache import memo_table
from ..core.limits import deep
from ..core.sprague_grundy import mex
from .misere import ZERO, MisereGame, add, even_part, is_nim_heap, mate, misere_game, nim_heap

__all__ = [
    "PHYLA",
    "MisereGenus",
    "discriminator",
    "genus",
    "is_generally_restive",
    "is_generally_tame",
    "is_half_tame",
    "is_restive",
    "is_restless",
    "is_tame",
    "is_tameable",
    "link",
    "phylum",
]

NIMHEAP, H_TAME, R_TAME, TAMEABLE = "nim heap", "hereditarily tame", "reversibly tame", "tameable"
WILD_TAME, H_RESTIVE, R_RESTIVE = "wild of tame genus", "hereditarily restive", "reversibly restive"
WILD_RESTIVE, RESTLESS, WILD_RESTLESS, WILD = "wild of restive genus", "restless", "wild of restless genus", "wild"
#: The phyla, tamest first (CGSuite's order).
PHYLA = (
    NIMHEAP,
    H_TAME,
    R_TAME,
    TAMEABLE,
    WILD_TAME,
    H_RESTIVE,
    R_RESTIVE,
    WILD_RESTIVE,
    RESTLESS,
    WILD_RESTLESS,
    WILD,
)
_GENERALLY_TAME = (NIMHEAP, H_TAME, R_TAME)
_RESTIVE = (H_RESTIVE, R_RESTIVE)

_PHYLUM: dict[int, str] = memo_table("misere_genus: phylum")
_GENUS: dict[int, MisereGenus] = memo_table("misere_genus: genus")


def phylum(g: MisereGame) -> str:
    """The phylum of ``g`` (module docstring), one of :data:`PHYLA`."""
    e = even_part(g)
    p = _PHYLUM.get(e.id)
    if p is None:
        with deep():
            p = _PHYLUM[e.id] = _phylum(e)
    return p


def _phylum(e: MisereGame) -> str:
    gp, gm = e.gplus, e.gminus
    if gp == gm or (gp | gm) < 2:
        kind = WILD_TAME
    elif gp < 2:
        kind = WILD_RESTIVE
    elif gm < 2:
        kind = WILD_RESTLESS
    else:
        kind = WILD
    phyla = [phylum(o) for o in e.options]
    if all(p in _GENERALLY_TAME for p in phyla):
        worst = max(phyla, key=PHYLA.index, default=NIMHEAP)
        if worst == NIMHEAP and kind == WILD_TAME and (gp > 1 or gp != gm):
            return NIMHEAP
        hereditary = worst in (NIMHEAP, H_TAME)
        if kind == WILD_TAME:
            return H_TAME if hereditary else R_TAME
        if kind == WILD_RESTIVE:
            return H_RESTIVE if hereditary else R_RESTIVE
        if kind == WILD_RESTLESS:
            return RESTLESS
        return WILD
    if kind in (WILD_TAME, WILD_RESTIVE):
        return _reversible(e, kind, phyla) or WILD
    return WILD


def _reversible(e: MisereGame, kind: str, phyla: list[str]) -> str | None:
    """Reversibly tame, tameable or reversibly restive: the non-tame options reverse."""
    gp, gm = e.gplus, e.gminus
    possible = [R_TAME, TAMEABLE] if kind == WILD_TAME else [R_RESTIVE]
    tame_p: set[int] = set()
    tame_m: set[int] = set()
    tameable_p: set[int] = set()
    tameable_m: set[int] = set()
    for o, po in zip(e.options, phyla, strict=True):
        if po in _GENERALLY_TAME:
            tame_p.add(o.gplus)
            tame_m.add(o.gminus)
            continue
        m_ok = p_ok = False
        m_tameable = p_tameable = False
        if TAMEABLE in possible and po == TAMEABLE:
            tameable_p.add(o.gplus)
            tameable_m.add(o.gminus)
            m_tameable = p_tameable = True
        for x in o.options:
            px = phylum(x)
            if px in _GENERALLY_TAME and kind == WILD_TAME:
                m_ok |= x.gminus == gm
                p_ok |= x.gplus == gp
            elif (px in _GENERALLY_TAME or px in _RESTIVE) and kind == WILD_RESTIVE:
                m_ok |= x.gminus == gm and (x.gplus < 2 or (x.gplus ^ gm) < 2)
                p_ok |= x.gplus == gp and (x.gminus < 2 or (x.gminus ^ gm) < 2)
            elif px == TAMEABLE and TAMEABLE in possible:
                m_tameable |= x.gminus == gm
                p_tameable |= x.gplus == gp
        if not (m_ok and p_ok):
            possible = [p for p in possible if p == TAMEABLE]
            if not (m_tameable and p_tameable):
                possible = []
            if not possible:
                return None
    if gp != mex(tame_p) or gm != mex(tame_m):
        possible = [p for p in possible if p == TAMEABLE]
    if TAMEABLE in possible:
        tame_p |= tameable_p
        tame_m |= tameable_m
        if (gp != mex(tame_p) or gm != mex(tame_m)) and (tame_p or gp > 0):
            possible.remove(TAMEABLE)
    return possible[0] if possible else None


@dataclass(frozen=True)
class MisereGenus:
    """A genus as CGSuite keeps it: ``plus`` (``G⁺``), the γ's it writes (``sup``) and the phylum
    that continues them."""

    plus: int
    sup: tuple[int, ...]
    phylum: str

    def __str__(self) -> str:
        if not self.sup:
            return str(self.plus)
        if all(v < 10 for v in self.sup):
            return f"{self.plus}^" + "".join(map(str, self.sup))
        return f"{self.plus}^(" + ",".join(map(str, self.sup)) + ")"

    def cgsuite_text(self, _printer: object = None) -> str:
        return str(self)

    @property
    def misere_nim_value(self) -> int:
        """``G⁻ = γ0``."""
        return self.gamma(0)

    def gamma(self, i: int) -> int:
        """``γi``: the misère nim value of the game plus ``i`` heaps of 2."""
        if i < len(self.sup):
            return self.sup[i]
        if self.phylum in _GENERALLY_TAME:
            if i == 0 and self.plus < 2:
                return 1 - self.plus
            return self.plus ^ ((i & 1) << 1)
        if self.phylum in _RESTIVE:
            return (self.sup[0] if self.sup[0] < 4 else self.plus) ^ ((i & 1) << 1)
        n = len(self.sup)
        return self.sup[n - 2 + ((n ^ i) & 1)]

    def settles(self) -> int:
        """The least ``i`` from which ``γi = γ(i-2)`` always holds (at least 1)."""
        if self.phylum in _GENERALLY_TAME:
            return 2 if self.plus < 2 and (not self.sup or self.sup[0] != self.plus) else 1
        if self.phylum in _RESTIVE:
            return 1 if self.sup[0] < 4 else 2
        return len(self.sup) - 1


def genus(g: MisereGame) -> MisereGenus:
    """The genus of ``g`` as CGSuite computes and prints it (module docstring)."""
    p = phylum(g)
    if p in _GENERALLY_TAME or p in _RESTIVE:
        return MisereGenus(g.gplus, () if p == NIMHEAP else (g.gminus,), p)
    r = _GENUS.get(g.id)
    if r is None:
        with deep():
            r = _GENUS[g.id] = _wild_genus(g, p)
    return r


def _wild_genus(g: MisereGenus | MisereGame, p: str) -> MisereGenus:
    assert isinstance(g, MisereGame)
    opts = [genus(o) for o in g.options]
    top = max(1, max(o.settles() for o in opts)) + 2
    gammas = [mex(o.gamma(0) for o in opts)]
    for i in range(1, top + 1):
        gammas.append(mex({gammas[-1], gammas[-1] ^ 1} | {o.gamma(i) for o in opts}))
    while len(gammas) > 2 and gammas[-1] == gammas[-3]:
        gammas.pop()
    return MisereGenus(mex(o.plus for o in opts), tuple(gammas), p)


def is_tame(g: MisereGame) -> bool:
    """Hereditarily tame (a nim heap, or tame genus with hereditarily tame options)."""
    return phylum(g) in (NIMHEAP, H_TAME)


def is_generally_tame(g: MisereGame) -> bool:
    """Tame: hereditarily or reversibly."""
    return phylum(g) in _GENERALLY_TAME


def is_tameable(g: MisereGame) -> bool:
    return phylum(g) in (*_GENERALLY_TAME, TAMEABLE)


def is_restive(g: MisereGame) -> bool:
    """Hereditarily restive."""
    return phylum(g) == H_RESTIVE


def is_generally_restive(g: MisereGame) -> bool:
    return phylum(g) in _RESTIVE


def is_restless(g: MisereGame) -> bool:
    return phylum(g) == RESTLESS


def is_half_tame(g: MisereGame) -> bool:
    """Not tame, but ``G + G`` is tame of genus ``0^0``."""
    if is_generally_tame(g):
        return False
    d = add(g, g)
    return is_generally_tame(d) and d.gplus == 0 and d.gminus == 0


def _is_p(g: MisereGame) -> bool:
    return g.gminus == 0


_LINK: dict[tuple[int, int], MisereGame | None] = memo_table("misere_genus: link")
_DISC: dict[tuple[int, int], MisereGame | None] = memo_table("misere_genus: disc")


def link(g: MisereGame, h: MisereGame) -> MisereGame | None:
    """A game ``T`` with ``g + T`` and ``h + T`` both misère P-positions, or ``None`` when ``g``
    and ``h`` are not linked (Conway: exactly when one is an option of the other).  The answer
    is checked before it is returned."""
    with deep():
        return _link(g, h)


def _link(g: MisereGame, h: MisereGame) -> MisereGame | None:
    k = (g.id, h.id) if g.id <= h.id else (h.id, g.id)
    if k in _LINK:
        return _LINK[k]
    t: MisereGame | None
    if g is ZERO and h is ZERO:
        t = nim_heap(1)
    elif h in g.options or g in h.options:
        t = None
    else:
        parts = [_discriminator_pn(o, h) for o in g.options] + [_discriminator_pn(o, g) for o in h.options]
        t = None if any(x is None for x in parts) else misere_game([x for x in parts if x is not None])
        if t is not None and not (_is_p(add(g, t)) and _is_p(add(h, t))):
            raise ArithmeticError(f"no link found for {g} and {h}")  # Conway's theorem says there is one
    _LINK[k] = t
    return t


def discriminator(g: MisereGame, h: MisereGame) -> MisereGame | None:
    """A game ``T`` with ``g + T`` a misère P-position and ``h + T`` not (``None`` when ``g = h``)."""
    with deep():
        return _discriminator_pn(g, h)


def _discriminator(g: MisereGame, h: MisereGame) -> MisereGame | None:
    if g is h:
        return None
    if (g is ZERO and _is_p(h)) or (h is ZERO and _is_p(g)):
        return ZERO
    for a, b in [(h, o) for o in g.options] + [(g, o) for o in h.options]:
        t = _link(a, b)
        if t is not None:
            return t
    return None


def _discriminator_pn(g: MisereGame, h: MisereGame) -> MisereGame | None:
    k = (g.id, h.id)
    if k in _DISC:
        return _DISC[k]
    d = _discriminator(g, h)
    if d is not None and not _is_p(add(g, d)):
        d = misere_game([mate(o) for o in g.options] + [d])
    if d is not None and not (_is_p(add(g, d)) and not _is_p(add(h, d))):
        raise ArithmeticError(f"no discriminator found for {g} and {h}")
    _DISC[k] = d
    return d


def is_linked(g: MisereGame, h: MisereGame) -> bool:
    return link(g, h) is not None


__all__ += ["is_linked", "is_nim_heap", "mate"]
