"""The genus of a position (Conway, *On Numbers and Games* ch. 12; Grundy and Smith 1956).

The misère Grundy value ``G⁻`` is the mex rule with one change: a position without moves has
value 1.  The genus of ``G`` is ``g^(γ0 γ1 γ2 ...)``: ``g`` its normal-play Grundy value and
``γk = (G + *2 + ... + *2)⁻`` with ``k`` heaps of 2; the γ's end in a repeating pair, written once.
A genus is *tame* when it is ``0^120``, ``1^031`` or ``g^(g, g⊕2)`` — the genera of misère Nim
positions — and a position is tame when it and every position below it have tame genera
(Conway's tameness).  Tame positions add like misère Nim: a sum is a P-position exactly when

* some part is "big" (a tame genus other than ``0^120`` and ``1^031``) and the nim-sum of the
  ``g``'s is 0, or
* every part is ``0^120`` or ``1^031`` and the nim-sum is 1,

so a sum of tame heaps is answered from its heaps' genera, O(1) per heap (:func:`tame_outcome`).

A position that is not tame but whose options all are is *restive* or *restless* (Conway, ONAG
ch. 12; *Winning Ways* ch. 13), by its ``g = G⁺`` and ``g₀ = G⁻``: restive when ``g ∈ {0, 1}`` and
``g₀ ≥ 2`` (an "ambivalent Nim-heap", ``*g`` in some company and ``*g₀`` in other), restless when
``g ≥ 2`` and ``g₀ ∈ {0, 1}``.  (The same split as CGSuite's phyla.)  With tame options the genus is
fixed by ``(g, g₀)``: tame exactly when ``g = g₀`` or both are 0 or 1 — checked by brute force in
the tests.  Anything else is *wild*.  :func:`classify` names a position's class and :func:`genera`
lists a heap game's heaps with their genus and class.

>>> from zermelo.games import Nim
>>> [str(genus(Nim(), n)) for n in range(5)]
['0^120', '1^031', '2^20', '3^31', '4^46']
>>> from zermelo.heaps import Octal
>>> str(genus(Octal("0.75"), 5)), is_tame(Octal("0.75"), 5)
('1^431', False)
>>> [(h.heap, str(h.genus), h.kind) for h in genera(Octal("0.75"), 5)][3:]
[(3, '1^031', 'tame'), (4, '2^20', 'tame'), (5, '1^431', 'restive')]
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.checks import game_argument
from ..core.limits import Limits, deadline, limits_argument, metered
from ..core.traversal import fold
from ..games.nim import Nim
from ..rules import Impartial, Outcome, Sum
from .analysis import grundy

__all__ = [
    "KINDS",
    "Genus",
    "HeapGenus",
    "classify",
    "genera",
    "genus",
    "is_tame",
    "is_tame_genus",
    "misere_grundy",
    "tame_outcome",
]

#: The classes of a position, from Conway's ONAG ch. 12.
KINDS = ("tame", "restive", "restless", "wild")

#: γ values computed before the repeating pair is looked for.
TERMS = 8


@dataclass(frozen=True)
class Genus:
    """``plus`` is the normal-play Grundy value, ``minus`` the γ's up to and including the repeating pair."""

    plus: int
    minus: tuple[int, ...]

    def __str__(self) -> str:
        return (
            f"{self.plus}^" + "".join(map(str, self.minus))
            if all(v < 10 for v in self.minus)
            else (f"{self.plus}^(" + ",".join(map(str, self.minus)) + ")")
        )

    @property
    def tame(self) -> bool:
        return is_tame_genus(self)

    @property
    def big(self) -> bool:
        """A tame genus other than 0^120 and 1^031 (it behaves like a Nim position with a heap of 2 or more)."""
        return self.minus not in ((1, 2, 0), (0, 3, 1))


def is_tame_genus(g: Genus) -> bool:
    """``0^120``, ``1^031`` or ``g^(g, g⊕2)``."""
    return (g.plus, g.minus) in ((0, (1, 2, 0)), (1, (0, 3, 1))) or g.minus == (g.plus, g.plus ^ 2)


def _mex(values: Iterable[int]) -> int:
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def misere_grundy(
    game: Impartial[Any],
    position: Any,
    memo: dict[Hashable, Any] | None = None,
    *,
    limits: Limits | None = None,
    seen: list[int] | None = None,
) -> int:
    """``G⁻``: the mex of the options' values, 1 for a position without moves.

    Misère play does not split into parts, so every follower of the whole position is searched:
    ``limits`` caps the positions searched (counted in ``seen[0]``, which calls may share) and the
    seconds (:class:`~zermelo.core.errors.SearchLimitExceeded` past them).
    """
    lim = limits_argument("misere_grundy", limits)
    end = deadline(lim, time.monotonic())
    kids = metered(lambda p: list(game.options(p)), lim, end, [0] if seen is None else seen)
    return int(fold(position, kids, lambda _p, vs: _mex(vs) if vs else 1, key=game.key, memo=memo))


def genus(
    game: Impartial[Any],
    position: Any,
    terms: int = TERMS,
    memo: dict[Hashable, Any] | None = None,
    *,
    limits: Limits | None = None,
    seen: list[int] | None = None,
) -> Genus:
    """The genus of ``position``; the γ's are computed until a pair repeats (at most ``terms``).

    ``memo`` (misère values of ``(position, Nim part)`` pairs) may be shared between calls on
    positions of the same game.  ``limits`` caps the positions searched (those of the position
    plus heaps of 2, all the γ's together, counted in ``seen[0]``, which the calls sharing
    ``memo`` may share to be capped together) and the seconds, as every search's limits do
    (:class:`~zermelo.core.errors.SearchLimitExceeded` past them; default :class:`Limits`).
    """
    game_argument("genus", game, Impartial, position)
    lim = limits_argument("genus", limits).started()  # one deadline for G⁺ and every γ
    game.validate(position)
    plus = grundy(game, position, limits=lim)
    if not isinstance(plus, int):
        raise ValueError("the genus is defined for short games")
    s = Sum(game, Nim())
    memo = {} if memo is None else memo
    seen = [0] if seen is None else seen
    gammas: list[int] = []
    for k in range(terms):
        nim_part: Any = 0 if k == 0 else 2 if k == 1 else (2,) * k
        gammas.append(misere_grundy(s, (position, nim_part), memo, limits=lim, seen=seen))
        if k >= 3 and gammas[k] == gammas[k - 2] and gammas[k - 1] == gammas[k - 3]:
            break
    # Drop the repetitions of the final pair, keeping it once.
    while len(gammas) >= 4 and gammas[-1] == gammas[-3] and gammas[-2] == gammas[-4]:
        gammas.pop()
        gammas.pop()
    while len(gammas) >= 3 and gammas[-1] == gammas[-3]:
        gammas.pop()
    return Genus(int(plus), tuple(gammas))


def is_tame(game: Impartial[Any], position: Any, *, limits: Limits | None = None) -> bool:
    """Conway's tameness: the position and every position below it have tame genera
    (``limits``: as :func:`genus`'s, for each genus)."""
    game_argument("is_tame", game, Impartial, position)
    return _Classifier(game, limits_argument("is_tame", limits)).tame(position)


class _Classifier:
    """Genera and tameness of a game's positions, memoised (one misère memo for all of them)."""

    def __init__(self, game: Impartial[Any], limits: Limits | None = None) -> None:
        self.game = game
        self.limits = (limits or Limits()).started()
        self.seen = [0]  # positions searched by every genus: the limits cap them together
        self.misere: dict[Hashable, Any] = {}
        self.genera: dict[Hashable, Genus] = {}
        self.tameness: dict[Hashable, Any] = {}

    def genus(self, position: Any) -> Genus:
        k = self.game.key(position)
        if k not in self.genera:
            self.genera[k] = genus(self.game, position, memo=self.misere, limits=self.limits, seen=self.seen)
        return self.genera[k]

    def tame(self, position: Any) -> bool:
        """Hereditary tameness, bottom-up over the followers (one genus per position; the
        followers count against the limits with the genera's searches)."""
        return bool(
            fold(
                position,
                metered(lambda p: list(self.game.options(p)), self.limits, self.limits.deadline, self.seen),
                lambda p, kids: all(kids) and self.genus(p).tame,
                key=self.game.key,
                memo=self.tameness,
            )
        )

    def kind(self, position: Any) -> str:
        if self.tame(position):
            return "tame"
        if all(self.tame(o) for o in self.game.options(position)):
            g = self.genus(position)
            g0 = g.minus[0]
            if g.plus < 2 <= g0:
                return "restive"
            if g0 < 2 <= g.plus:
                return "restless"
        return "wild"


def classify(game: Impartial[Any], position: Any, *, limits: Limits | None = None) -> str:
    """``tame``, ``restive``, ``restless`` or ``wild`` (module docstring; ``limits``: as :func:`genus`'s)."""
    game_argument("classify", game, Impartial, position)
    lim = limits_argument("classify", limits)
    game.validate(position)
    return _Classifier(game, lim).kind(position)


@dataclass(frozen=True)
class HeapGenus:
    """One heap of a heap game: its genus and its class."""

    heap: int
    genus: Genus
    kind: str


def genera(game: Impartial[Any], upto: int, *, limits: Limits | None = None) -> list[HeapGenus]:
    """Heaps ``0..upto`` of a heap game with their genus and class (tame, restive, restless, wild).

    ``limits`` (as :func:`genus`'s) cap the positions and seconds of all the heaps together."""
    game_argument("genera", game, Impartial, upto)
    c = _Classifier(game, limits_argument("genera", limits))
    return [HeapGenus(h, c.genus(h), c.kind(h)) for h in range(upto + 1)]


def tame_outcome(genera: Sequence[Genus]) -> Outcome:
    """The misère outcome of a sum of tame positions from their genera (misère Nim's rule)."""
    x = 0
    for g in genera:
        x ^= g.plus
    if any(g.big for g in genera):
        return Outcome.P if x == 0 else Outcome.N
    return Outcome.P if x == 1 else Outcome.N
