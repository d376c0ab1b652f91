"""Parts, partitions and primes of misère canonical forms (Conway, ONAG ch. 12; Siegel, "On the
structure of misère impartial games", 2020).  The names are CGSuite's (``Parts``, ``Partitions``,
``IsPrime``, ``IsExtraverted``, ``MisereMinus``); the method below is derived here.

A *part* of ``G`` is a game ``X`` with ``G = X + Y`` for some ``Y``.  Misère sums cancel
(Conway's cancellation theorem), so ``Y = G - X`` is unique when it exists: :func:`subtract`.
Since ``X`` and ``X + *`` are parts together, parts are listed by their even member (the one of
smaller birthday, :func:`~zermelo.values.misere.even_part`) and without the trivial ``0`` and
``G``'s own even part.  A game other than ``0`` and ``*`` with no such part is *prime*; a
*partition* of ``G`` is a multiset of even primes adding up to ``G`` (``G``'s even part, with
``*`` added when ``G`` is odd).  Unlike the integers, misère games can have several partitions
(Norton: ``*[[*[4] + *[2]]]``).  ``G`` is *extraverted* when ``G`` is a part of ``{G}``, and
*introverted* when it is a part of each of its options (only ``0`` and ``*`` are).

Why the search below finds every part.  Write ``S`` for the options ``X'+Y`` and ``X+Y'`` of the
sum, each in canonical form.  The canonical form of ``X + Y`` is one of: ``0`` (the misère
exception), ``{S}`` itself, or a grandchild ``H`` of ``{S}`` whose options are among ``S``, every
other member of ``S`` having ``H`` as an option (a reversible move, :func:`misere_game`).  So
for ``G = X + Y ≠ 0``:

1. every option of ``G`` is some ``X'+Y`` or some ``X+Y'``: one of ``X``, ``Y`` is a part of an
   option of ``G`` — a smaller game, whose parts are found first (:func:`pairs`);
2. when ``G`` has no option ``X'+Y`` (none has ``Y`` as a part), every option of ``G`` is some
   ``X+Y'`` with ``Y' = G' - X``; and every other option ``Y''`` of ``Y`` has ``G`` as an option of
   ``X + Y''``, so ``G = X' + Y''`` (``X + Y''' = X + Y`` would cancel to ``Y''' = Y``), i.e.
   ``Y'' = G - X'``.  ``Y``'s options are then all the ``G' - X`` and some of the ``G - X'``:
   :func:`subtract` tries those sets.

Each step asks for parts or differences of games of smaller birthday, so the recursion ends.
The tests check it against brute force: every pair of games born by day 4 whose sum is ``G``.

>>> from zermelo.values.misere import add, misere_game, nim_heap
>>> g = misere_game([add(nim_heap(4), nim_heap(2))])        # Norton's {*4 + *2}
>>> [str(p) for p in parts(g)], is_prime(nim_heap(2)), is_prime(g)
(['*[2]', '*[4]', '*[4[2#-2]]', '*[4[2#-4]]'], True, False)
>>> [[str(p) for p in q] for q in partitions(g)]          # two factorings
[['*[2]', '*[4[2#-2]]'], ['*[4]', '*[4[2#-4]]']]
>>> str(subtract(g, nim_heap(4))), subtract(nim_heap(2), g) is None
('*[4[2#-4]]', True)
"""

from __future__ import annotations

from itertools import combinations

from ..core.cache import memo_table
from ..core.limits import deep
from .misere import ZERO, MisereGame, add, even_part, misere_game, nim_heap, option_set

__all__ = ["is_extraverted", "is_introverted", "is_prime", "pairs", "partitions", "parts", "subtract"]

_SUB: dict[tuple[int, int], MisereGame | None] = memo_table("misere_parts: sub")
_PAIRS: dict[int, dict[MisereGame, MisereGame]] = memo_table("misere_parts: pairs", nested=True)
_NEAR: dict[int, frozenset[MisereGame]] = memo_table("misere_parts: near")


def subtract(g: MisereGame, x: MisereGame) -> MisereGame | None:
    """``G - X``: the game ``Y`` with ``X + Y = G``, or ``None`` when ``X`` is not a part of ``G``."""
    with deep():
        return _subtract(g, x)


def pairs(g: MisereGame) -> tuple[tuple[MisereGame, MisereGame], ...]:
    """Every ``(X, Y)`` with ``X + Y = G``, both orders, odd and even members alike."""
    with deep():
        return tuple(sorted(_pairs(g).items(), key=lambda p: p[0].order_key()))


def _subtract(g: MisereGame, x: MisereGame) -> MisereGame | None:
    if x is ZERO:
        return g
    key = (g.id, x.id)
    if key in _SUB:
        return _SUB[key]
    found = _difference(g, x)
    _SUB[key] = found
    return found


def _difference(g: MisereGame, x: MisereGame) -> MisereGame | None:
    if g is ZERO:  # only 0 and * have inverses (each its own)
        return x if x is nim_heap(1) else None
    want = g.gplus ^ x.gplus  # normal-play values add by nim-sum
    least = g.birthday - x.birthday  # b(X + Y) <= b(X) + b(Y)
    for y in _near(g):  # step 1 of the module docstring
        if y.gplus == want and y.birthday >= least and _fits(g, x, y) and add(x, y) is g:
            return y
    # Step 2: Y's options are every G' - X and some of the G - X'.
    every: set[MisereGame] = set()
    for o in g.options:
        d = _subtract(o, x)
        if d is None:
            return None
        every.add(d)
    some = sorted({d for o in x.options if (d := _subtract(g, o)) is not None} - every, key=_ident)
    for r in range(len(some) + 1):
        for extra in combinations(some, r):
            y = misere_game(every.union(extra))
            if y.gplus == want and y.birthday >= least and _fits(g, x, y) and add(x, y) is g:
                return y
    return None


def _fits(g: MisereGame, x: MisereGame, y: MisereGame) -> bool:
    """A quick necessary condition for ``X + Y = G``: every option of ``G`` is an ``X' + Y`` or an
    ``X + Y'`` (the options of the canonical sum are among these), read off the options' pairs."""
    xs, ys = option_set(x), option_set(y)
    for o in g.options:
        split = _pairs(o)
        if split.get(y) not in xs and split.get(x) not in ys:
            return False
    return True


def _ident(g: MisereGame) -> int:
    return g.id


def _near(g: MisereGame) -> frozenset[MisereGame]:
    """Every part of every option of ``g``."""
    found = _NEAR.get(g.id)
    if found is None:
        found = _NEAR[g.id] = frozenset(p for o in g.options for p in _pairs(o))
    return found


def _pairs(g: MisereGame) -> dict[MisereGame, MisereGame]:
    """``X: Y`` for every ``X + Y = G``."""
    found = _PAIRS.get(g.id)
    if found is None:
        if g is ZERO:
            found = {ZERO: ZERO, nim_heap(1): nim_heap(1)}
        else:
            seen: dict[MisereGame, MisereGame] = {ZERO: g, g: ZERO}
            for x in _near(g):  # step 1: one member of every pair is a part of an option
                if x not in seen and (y := _subtract(g, x)) is not None:
                    seen[x] = y
                    seen[y] = x
            for x, y in list(seen.items()):  # X + Y = G, so (X + *) + (Y + *) = G
                seen[add(x, nim_heap(1))] = add(y, nim_heap(1))
            found = seen
        _PAIRS[g.id] = found
    return found


def parts(g: MisereGame) -> list[MisereGame]:
    """The even parts of ``G`` other than ``0`` and ``G``'s even part, in CGSuite's order."""
    with deep():
        e = even_part(g)
        found = {x for x in _pairs(e) if even_part(x) is x} - {ZERO, e}
        return sorted(found, key=MisereGame.order_key)


def is_prime(g: MisereGame) -> bool:
    """Whether ``G`` is neither ``0`` nor ``*`` and has no parts but the trivial ones."""
    if g is ZERO or g is nim_heap(1):
        return False
    with deep():
        e = even_part(g)
        return all(x is ZERO or x is e or even_part(x) is not x for x in _pairs(e))


def partitions(g: MisereGame) -> list[list[MisereGame]]:
    """Every way to write ``G`` as a sum of even primes (least first, in CGSuite's order), with
    ``*`` last when ``G`` is odd; ``0`` has the empty partition."""
    e = even_part(g)
    unit = [nim_heap(1)] if e is not g else []
    found: list[list[MisereGame]] = []

    def extend(rest: MisereGame, least: tuple[object, ...] | None, prefix: list[MisereGame]) -> None:
        if rest is ZERO:
            found.append(prefix + unit)
            return
        primes = [p for p in [*parts(rest), rest] if is_prime(p)]
        for p in sorted(set(primes), key=MisereGame.order_key):
            if least is None or p.order_key() >= least:
                r = subtract(rest, p)
                assert r is not None  # p is a part of rest
                extend(r, p.order_key(), [*prefix, p])

    with deep():
        extend(e, None, [])
    return found


def is_extraverted(g: MisereGame) -> bool:
    """Whether ``G`` is a part of ``{G}`` (the game whose one option is ``G``)."""
    return subtract(misere_game([g]), g) is not None


def is_introverted(g: MisereGame) -> bool:
    """Whether ``G`` is a part of each of its options (by Conway's theorem, only ``0`` and ``*``)."""
    return all(subtract(o, g) is not None for o in g.options)
