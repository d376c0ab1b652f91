"""Misère canonical forms of impartial games (Conway, *On Numbers and Games* ch. 12; Siegel,
*Combinatorial Game Theory* ch. V).

Under misère play (whoever cannot move wins) two impartial games ``G`` and ``H`` are *equal* when
``G + X`` and ``H + X`` have the same misère outcome for every impartial ``X``.  Each class has
one simplest member, its *misère canonical form*, reached from the options' forms by two rules
(Conway's simplification theorem; the second is the misère exception for 0):

* if some option-of-an-option ``H ≠ 0`` of ``G`` has all its options among ``G``'s, and every
  other option of ``G`` has ``H`` as an option, then ``G = H`` (the extra options reverse
  through ``H``);
* if every option of ``G`` has 0 as an option, and some option is a misère P-position, then
  ``G = 0``.

A game none of whose options reverse so is canonical, and two canonical games are equal exactly
when they are identical, so forms are interned (``a == b`` is ``a is b``).  The tests check the
counts Conway gives (1, 2, 3, 5, 22 games born by days 0–4) and the outcome of thousands of random
sums against plain misère search.

>>> two = nim_heap(2)
>>> print(add(two, two), misere_game([two]), nim_heap(3))
*[2[2]] *[2#] *[3]
>>> add(nim_heap(1), nim_heap(1)) is ZERO     # *1 + *1 = 0 in misère play too
True
>>> misere_game([nim_heap(1)]) is ZERO, outcome_is_p(nim_heap(1))
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core import cache
from ..core.cache import Ids, intern_weakly, interned, memo_full, memo_table
from ..core.limits import deep
from ..core.sprague_grundy import mex

__all__ = [
    "ZERO",
    "MisereGame",
    "add",
    "even_part",
    "is_nim_heap",
    "mate",
    "misere_game",
    "misere_text",
    "nim_heap",
    "option_set",
    "outcome_is_p",
    "subtract_nim_heap",
    "total",
]


class MisereGame:
    """A misère canonical form: its options (canonical; :meth:`sorted_options` in CGSuite's order), birthday, ``G⁺``
    (normal-play nim value) and ``G⁻`` (misère nim value: the mex rule with 1 for no options).

    Do not construct directly (:func:`misere_game`): every form is interned.
    """

    __slots__ = ("__weakref__", "_even", "_key", "_sorted", "birthday", "gminus", "gplus", "id", "options")

    def __init__(self, ident: int, options: tuple[MisereGame, ...]) -> None:
        self.id = ident
        self.options = options
        self.birthday: int = 1 + max((o.birthday for o in options), default=-1)
        self.gplus: int = mex(o.gplus for o in options)
        self.gminus: int = mex(o.gminus for o in options) if options else 1
        self._key: tuple[Any, ...] | None = None
        self._even: bool | None = None
        self._sorted: tuple[MisereGame, ...] | None = None

    def __str__(self) -> str:
        return misere_text(self)

    def __repr__(self) -> str:
        return f"MisereGame({str(self)!r})"

    def __add__(self, other: MisereGame) -> MisereGame:
        return add(self, other)

    def cgsuite_text(self, _printer: Any = None) -> str:
        return str(self)

    def order_key(self) -> tuple[Any, ...]:
        """CGSuite's order of misère games: by the even part's birthday, number of options,
        ``G⁺``, ``G⁻`` and options (in this order, lexicographically), even before odd."""
        if self._key is None:
            e = even_part(self)
            if e is not self:
                self._key = (*e.order_key()[:-1], 1)
            else:
                opts = tuple(o.order_key() for o in self.sorted_options())
                self._key = (self.birthday, len(self.options), self.gplus, self.gminus, opts, 0)
        return self._key

    def sorted_options(self) -> tuple[MisereGame, ...]:
        """The options in CGSuite's order (:meth:`order_key`), least first."""
        if self._sorted is None:
            self._sorted = tuple(sorted(self.options, key=MisereGame.order_key))
        return self._sorted


# Forms by their options' ids, held weakly (zermelo.core.cache); the nim heaps are kept.
_FORMS: dict[frozenset[int], Any] = {}
_IDS = Ids()
_ADD: dict[tuple[int, int], MisereGame] = memo_table("misère: sums")
_MATE: dict[int, MisereGame] = memo_table("misère: mates")
_NIM: list[MisereGame] = []


def _intern(options: frozenset[MisereGame]) -> MisereGame:
    k = frozenset(o.id for o in options)
    g: MisereGame | None = interned(_FORMS, k)
    if g is None:
        g = intern_weakly(_FORMS, k, MisereGame(_IDS.new(), tuple(sorted(options, key=_ident))))
    return g


def _ident(g: MisereGame) -> int:
    return g.id


ZERO = _intern(frozenset())


def misere_game(options: Iterable[MisereGame]) -> MisereGame:
    """The misère canonical form of the game whose options are ``options`` (canonical forms)."""
    s = frozenset(options)
    g: MisereGame | None = interned(_FORMS, frozenset(o.id for o in s))
    if g is not None:
        return g
    # The misère exception: every option has a move to 0 and one of them is a P-position.
    if all(ZERO in option_set(o) for o in s) and any(o.gminus == 0 for o in s):
        return ZERO
    # Reversible options: a grandchild H whose options G has, every other option moving to H.
    tried: set[int] = set()
    for o in s:
        for h in o.options:
            if h is ZERO or h.id in tried:
                continue
            tried.add(h.id)
            hopts = option_set(h)
            if hopts <= s and all(h in option_set(x) for x in s - hopts):
                return h
    return _intern(s)


_SETS: dict[int, frozenset[MisereGame]] = memo_table("misère: option sets")


def option_set(g: MisereGame) -> frozenset[MisereGame]:
    """The options of ``g`` as a set (kept)."""
    f = _SETS.get(g.id)
    if f is None:
        f = _SETS[g.id] = frozenset(g.options)
    return f


def nim_heap(n: int) -> MisereGame:
    """``*n`` as a misère canonical form (its options are ``*0 … *(n-1)``, already canonical)."""
    if n < 0:
        raise ValueError("nim heaps are *n with n >= 0")
    while len(_NIM) <= n:
        _NIM.append(_intern(frozenset(_NIM)))
    return _NIM[n]


def is_nim_heap(g: MisereGame) -> bool:
    """Whether ``g`` is a nim heap ``*n`` (then ``n`` is its birthday)."""
    return nim_heap(g.birthday) is g


def add(g: MisereGame, h: MisereGame) -> MisereGame:
    """The misère canonical form of ``g + h``: ``{g' + h, g + h'}`` simplified."""
    with deep():
        return _add(g, h)


def _add(g: MisereGame, h: MisereGame) -> MisereGame:
    if g is ZERO:
        return h
    if h is ZERO:
        return g
    k = (g.id, h.id) if g.id <= h.id else (h.id, g.id)
    r = _ADD.get(k)
    if r is None:
        r = misere_game([_add(o, h) for o in g.options] + [_add(g, o) for o in h.options])
        if len(_ADD) >= cache.MEMO_LIMIT:
            memo_full("misère: sums")
        _ADD[k] = r
    return r


def total(games: Iterable[MisereGame]) -> MisereGame:
    """The misère canonical form of a sum of games."""
    result = ZERO
    for g in games:
        result = add(result, g)
    return result


def outcome_is_p(g: MisereGame) -> bool:
    """Whether ``g`` is a misère P-position (the previous player wins): ``G⁻ = 0``."""
    return g.gminus == 0


def even_part(g: MisereGame) -> MisereGame:
    """Of ``g`` and ``g + *1`` (each the other plus ``*1``) the one of smaller birthday: CGSuite
    calls it even and prints the other as it plus ``*1``."""
    if g._even is None:
        other = add(g, nim_heap(1))
        g._even = g.birthday < other.birthday
        other._even = not g._even
    return g if g._even else add(g, nim_heap(1))


def subtract_nim_heap(g: MisereGame, n: int) -> MisereGame | None:
    """The game ``x`` with ``x + *n = g``, or ``None`` when there is none (misère sums cancel,
    so it is unique).  Candidates come from ``g``'s options: ``x`` itself is ``g``'s option
    ``x + *0``, or an option of the form ``x + *j`` (``j < n``) gives it by recursion; only a
    candidate with ``x⁺ = g⁺ ⊕ n`` (normal-play values add by nim-sum) is tried."""
    if n < 2:  # *1 + *1 = 0
        return add(g, nim_heap(n))
    with deep():
        return _subtract(g, n)


_SUB: dict[tuple[int, int], MisereGame | None] = memo_table("misère: differences")


def _subtract(g: MisereGame, n: int) -> MisereGame | None:
    if n == 0:
        return g
    if n == 1:
        return _add(g, nim_heap(1))
    k = (g.id, n)
    if k in _SUB:
        return _SUB[k]
    heap = nim_heap(n)
    want = g.gplus ^ n
    found: MisereGame | None = None
    for j in range(n):
        for o in g.options:
            x = _subtract(o, j) if o.gplus == want ^ j else None
            if x is not None and x.gplus == want and _add(x, heap) is g:
                found = x
                break
        if found is not None:
            break
    _SUB[k] = found
    return found


def mate(g: MisereGame) -> MisereGame:
    """Conway's mate: ``0`` and ``*1`` are each other's mates; otherwise the game whose options
    are the mates of ``g``'s options."""
    if g is ZERO:
        return nim_heap(1)
    if g is nim_heap(1):
        return ZERO
    r = _MATE.get(g.id)
    if r is None:
        with deep():
            r = _MATE[g.id] = misere_game([mate(o) for o in g.options])
    return r


# ---------------------------------------------------------------------- CGSuite's notation
# (read back by :mod:`zermelo.values.misere_text`, which describes it)
def _digit(n: int) -> str:
    return str(n) if n < 10 else f"&{n};"


def _chain(g: MisereGame) -> tuple[str, list[str]]:
    """``g`` as a base (a nim heap or a parenthesised list of options) and its subscripts."""
    if is_nim_heap(g):
        return _digit(g.birthday), []
    odd = even_part(g) is not g
    for k in range(3 if odd else 2, g.birthday, 2):
        x = subtract_nim_heap(g, k)
        if x is not None and x.birthday < g.birthday:
            base, subs = _chain(x)
            return base, [*subs, _digit(k)]
        y = add(g, nim_heap(k))  # or as a simpler game less *k
        if y.birthday < g.birthday:
            base, subs = _chain(y)
            return base, [*subs, "-" + _digit(k)]
    if odd:
        base, subs = _chain(even_part(g))
        return base, [*subs, "1"]
    if len(g.options) == 1:
        base, subs = _chain(g.options[0])
        return base, [*subs, "#"]
    return "(" + _options_text(g) + ")", []


def _item(g: MisereGame) -> str:
    base, subs = _chain(g)
    if all(s == "#" for s in subs):
        return base + "".join(subs)
    return base + "[" + "".join(subs) + "]"


def _options_text(g: MisereGame) -> str:
    return "".join(_item(o) for o in reversed(g.sorted_options()))


def misere_text(g: MisereGame) -> str:
    """``g`` in CGSuite's notation, ``*[...]``."""
    with deep():
        if len(g.options) > 1 and not is_nim_heap(g):
            _base, subs = _chain(g)
            if not subs:  # a game written by its options needs no parentheses at the top
                return "*[" + _options_text(g) + "]"
        return "*[" + _item(g) + "]"
