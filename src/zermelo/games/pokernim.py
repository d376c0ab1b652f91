"""Poker Nim (the notes' section 1.11): Nim where a player may also add chips to a heap from the
chips they took earlier.

The rules need whose chips are whose, so a position is ``(heaps, mine, yours)`` seen from the
player to move: the heap sizes, the reserve of the player to move and the reserve of the other
player.  A move either removes ``k >= 1`` chips from one heap (they go to the mover's reserve) or
adds ``1 <= k <= mine`` chips from the mover's reserve to one heap; then the roles swap, so the
game is impartial over positions "from the mover's view".  A heap that is emptied stays as a place
that may be refilled.  Text form: ``"3 4 5 / 2 1"`` — heaps, then the two reserves (mover's first);
``"3 4 5"`` means both reserves are empty.

No chip is ever created or destroyed, so the game graph is finite (its positions share out a fixed
number of chips) — but it has cycles: adding chips undoes removing them.  A draw could therefore
be possible in principle; the engine's retrograde pass would report one.  It never happens:

**Theorem (the reversing strategy).**  The position is won for the player to move exactly when
the nim-sum of the heaps is not 0, whatever the reserves.  The winner plays Nim, and answers an
opponent's *increase* of a heap by removing the added chips again.  The winner never adds chips,
so the heaps plus the loser's reserve shrink by at least one chip every two moves: the game ends,
with the winner's victory.

Every move changes exactly one heap, so the winning moves are the moves that bring some heap
``h`` to ``h ⊕ s`` (``s`` the nim-sum) — by removing chips, or by adding them if the mover's
reserve allows.  The tests check the theorem against the engine's search, draws included.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from math import comb
from typing import TYPE_CHECKING, ClassVar

from ..core.errors import InvalidPosition
from ..core.sprague_grundy import nim_sum
from ..rules import Impartial, Move, Outcome, is_natural, parse_int, require
from ..rules.catalogue import GameEntry, no_params, register
from ..rules.wording import first_move, notes_verdict, xor_text

if TYPE_CHECKING:
    from ..analyses.analysis import Analysis

__all__ = ["PokerNim", "PokerPosition"]

#: (heaps, reserve of the player to move, reserve of the other player)
PokerPosition = tuple[tuple[int, ...], int, int]


class PokerNim(Impartial[PokerPosition]):
    """Poker Nim, from the mover's view.

    >>> from zermelo import solve
    >>> p = PokerNim()
    >>> a = solve(p, p.parse("1 4 5 / 0 3"))   # player II to move after I played 3 4 5 -> 1 4 5
    >>> str(a.outcome)
    'P'
    >>> a = solve(p, p.parse("1 6 5 / 2 2"))
    >>> [(m.label, p.format(m.position)) for m in a.winning_moves]  # doctest: +NORMALIZE_WHITESPACE
    [('take 2 from heap 2 (6 -> 4)', '1 4 5 / 2 4'),
     ('add 2 to heap 1 (1 -> 3)', '3 6 5 / 2 0'),
     ('add 2 to heap 3 (5 -> 7)', '1 6 7 / 2 0')]
    """

    syntax = "heap sizes, then / and the two reserves (the mover's, then the other's)"
    examples = ("1 6 5 / 2 2", "3 4 / 0 1")

    name: ClassVar[str] = "pokernim"
    loopy: ClassVar[bool] = True  # positions may repeat (zermelo check allows cycles)

    def moves(self, position: PokerPosition) -> Iterator[Move[PokerPosition]]:
        heaps, mine, yours = position
        for i, h in enumerate(heaps):
            for t in range(h):
                yield Move(
                    f"take {h - t} from heap {i + 1} ({h} -> {t})",
                    ((*heaps[:i], t, *heaps[i + 1 :]), yours, mine + h - t),
                )
        for i, h in enumerate(heaps):
            for k in range(1, mine + 1):
                yield Move(
                    f"add {k} to heap {i + 1} ({h} -> {h + k})",
                    ((*heaps[:i], h + k, *heaps[i + 1 :]), yours, mine - k),
                )

    def options(self, position: PokerPosition) -> Iterator[PokerPosition]:
        for m in self.moves(position):
            yield m.position

    def key(self, position: PokerPosition) -> Hashable:
        heaps, mine, yours = position
        return (tuple(sorted(heaps)), mine, yours)

    def size_hint(self, position: PokerPosition) -> int:
        heaps, mine, yours = position
        chips = sum(heaps) + mine + yours
        return comb(chips + len(heaps) + 1, len(heaps) + 1)

    def grundy_formula(self, position: PokerPosition) -> int:
        """The nim-sum of the heaps.  The game is loopy, but its generalized Sprague–Grundy value
        is finite: options reach every smaller nim-sum, none the same, and every larger one can be
        reversed back to it (the tests check this against the engine's labelling)."""
        return nim_sum(*position[0])

    def outcome_formula(self, position: PokerPosition, misere: bool = False) -> Outcome | None:
        if misere:
            return None
        return Outcome.N if nim_sum(*position[0]) else Outcome.P

    def winning_moves_formula(self, position: PokerPosition, misere: bool = False) -> list[Move[PokerPosition]] | None:
        """Bring one heap ``h`` to ``h ⊕ s``: remove chips, or add them from the reserve."""
        if misere:
            return None
        heaps, mine, yours = position
        s = nim_sum(*heaps)
        if s == 0:
            return []
        found: list[Move[PokerPosition]] = []
        adds: list[Move[PokerPosition]] = []
        for i, h in enumerate(heaps):
            t = h ^ s
            new = (*heaps[:i], t, *heaps[i + 1 :])
            if t < h:
                found.append(Move(f"take {h - t} from heap {i + 1} ({h} -> {t})", (new, yours, mine + h - t)))
            elif t - h <= mine:
                adds.append(Move(f"add {t - h} to heap {i + 1} ({h} -> {t})", (new, yours, mine - (t - h))))
        return found + adds

    def parse(self, text: str) -> PokerPosition:
        left, sep, right = text.partition("/")
        heaps = tuple(parse_int(w, "pokernim: a heap size") for w in left.replace(",", " ").split())
        if not heaps:
            raise InvalidPosition("pokernim: give the heaps, then '/' and the two reserves, like '3 4 5 / 2 1'")
        if not sep:
            return (heaps, 0, 0)
        words = right.replace(",", " ").split()
        if len(words) != 2:
            raise InvalidPosition(
                f"pokernim: after '/' give two reserves (the mover's, then the other's), got {right.strip()!r}"
            )
        return (heaps, parse_int(words[0], "pokernim: a reserve"), parse_int(words[1], "pokernim: a reserve"))

    def validate(self, position: PokerPosition) -> PokerPosition:
        what = "a position is (heaps, the mover's reserve, the other's reserve) of whole numbers >= 0"
        ok = isinstance(position, tuple) and len(position) == 3 and isinstance(position[0], tuple)
        require(ok and all(map(is_natural, (*position[0], *position[1:]))), "pokernim", what, position)
        return position

    def explain(self, position: PokerPosition, analysis: Analysis) -> str | None:
        """Played like Nim whatever the reserves: additions are reversed."""
        a = analysis
        if a.misere:
            return None
        heaps, mine, yours = position
        return (
            "Poker Nim is played like Nim, whatever the reserves: the player who wins at Nim answers a removal as in "
            "Nim and reverses any addition by taking the added chips straight back; they never add chips themselves, "
            f"so the loser's reserve runs out (now {mine} chips for the player to move, {yours} for the other) and the "
            f"game ends. The heaps have nim-sum {xor_text(list(heaps))}, {notes_verdict(a)}.{first_move(a)}"
        )

    def format(self, position: PokerPosition) -> str:
        heaps, mine, yours = position
        return f"{' '.join(map(str, heaps))} / {mine} {yours}"


register(
    GameEntry(
        "pokernim",
        no_params(PokerNim, "pokernim"),
        "Poker Nim: take from a heap, or add chips you took before (heaps / your reserve, theirs)",
        "",
        "pokernim 1 6 5 / 2 2",
        aliases=("poker-nim",),
        rules=PokerNim,
    )
)
