"""Staircase Nim: move any positive number of stones from stair ``i`` down to stair ``i - 1``.

Stairs are numbered 0, 1, 2, …; stair 0 is the ground, where stones no longer move.  The player who
cannot move (every stone on the ground) loses.

Theorem: the position is equivalent to Nim on the *odd* stairs — its Grundy value is
``s₁ ⊕ s₃ ⊕ s₅ ⊕ …``.  Moving stones from an odd stair to the even stair below is a Nim move on that
odd heap; moving stones from an even stair to the odd stair below adds to a Nim heap, and the
opponent reverses it by moving the same stones one stair further down (the stones on even stairs
never matter).  Every move changes exactly one odd stair, so the winning moves are the moves that
bring one odd stair to ``sᵢ ⊕ s`` (``s`` the nim-sum): down from it, or up into it from the even
stair above.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from math import comb
from typing import TYPE_CHECKING, ClassVar

from ..core.errors import InvalidPosition
from ..core.sprague_grundy import nim_sum
from ..rules import Impartial, Move, Outcome, is_natural, parse_int, require
from ..rules.catalogue import GameEntry, no_params, register
from ..rules.wording import MAX_LISTED, few, first_move, notes_verdict, xor_text

if TYPE_CHECKING:
    from ..analyses.analysis import Analysis

__all__ = ["Staircase", "odd_stairs_nim_sum"]

Stairs = tuple[int, ...]


def odd_stairs_nim_sum(stairs: Stairs) -> int:
    """The nim-sum of the stones on the odd stairs (stair 0 is the ground).

    >>> odd_stairs_nim_sum((3, 5, 1, 4))
    1
    """
    return nim_sum(*stairs[1::2])


class Staircase(Impartial[Stairs]):
    """Staircase Nim; a position lists the stones on stairs 0, 1, 2, … (stair 0 first).

    >>> from zermelo import solve
    >>> a = solve(Staircase(), (3, 5, 1, 4))
    >>> a.grundy, [m.label for m in a.winning_moves]
    (1, ['move 1 from stair 1 to stair 0'])
    """

    syntax = "the coins on each step from the bottom step 1, separated by spaces"
    examples = ("3 5 1 4", "0 2")

    name: ClassVar[str] = "staircase"

    def options(self, stairs: Stairs) -> Iterator[Stairs]:
        for m in self.moves(stairs):
            yield m.position

    def moves(self, stairs: Stairs) -> Iterator[Move[Stairs]]:
        for i in range(1, len(stairs)):
            for k in range(1, stairs[i] + 1):
                yield Move(f"move {k} from stair {i} to stair {i - 1}", _shift(stairs, i, k))

    def key(self, stairs: Stairs) -> Hashable:
        # The stones on the ground never move again: positions that differ only there are the
        # same game.  Empty top stairs do not matter either.
        top = len(stairs)
        while top > 1 and stairs[top - 1] == 0:
            top -= 1
        return (0, *stairs[1:top])

    def size_hint(self, stairs: Stairs) -> int:
        # Every position below this one spreads the same stones over the same stairs.
        return comb(sum(stairs[1:]) + len(stairs) - 1, len(stairs) - 1)

    def grundy_formula(self, stairs: Stairs) -> int:
        return odd_stairs_nim_sum(stairs)

    def outcome_formula(self, stairs: Stairs, misere: bool = False) -> Outcome | None:
        if misere:
            return None
        return Outcome.N if odd_stairs_nim_sum(stairs) else Outcome.P

    def winning_moves_formula(self, stairs: Stairs, misere: bool = False) -> list[Move[Stairs]] | None:
        """Bring one odd stair to ``sᵢ ⊕ s``: from it (down) or into it from the stair above."""
        if misere:
            return None
        s = odd_stairs_nim_sum(stairs)
        if s == 0:
            return []
        found: list[Move[Stairs]] = []
        for i in range(1, len(stairs)):
            if i % 2:  # from an odd stair: a Nim move on that heap
                k = stairs[i] - (stairs[i] ^ s)
            else:  # from an even stair into the odd stair below: raise that heap
                k = (stairs[i - 1] ^ s) - stairs[i - 1]
                if k > stairs[i]:
                    continue
            if k > 0:
                found.append(Move(f"move {k} from stair {i} to stair {i - 1}", _shift(stairs, i, k)))
        return found

    def parse(self, text: str) -> Stairs:
        words = text.replace(",", " ").split()
        if not words:
            raise InvalidPosition("staircase: give the stones on stairs 0, 1, 2, …, like '3 5 1 4'")
        return tuple(parse_int(w, "the stones on a stair") for w in words)

    def validate(self, stairs: Stairs) -> Stairs:
        ok = isinstance(stairs, tuple) and all(map(is_natural, stairs))
        require(ok, "staircase", "a position is a tuple of stones per stair, whole numbers >= 0", stairs)
        return stairs

    def explain(self, position: Stairs, analysis: Analysis) -> str | None:
        """Only the odd stairs count: Nim on them (the notes' staircase argument)."""
        a = analysis
        if a.misere:
            return None
        odd = list(position[1::2])
        if not odd:
            return (
                f"There is no odd stair: every stone is on the ground (stair 0), where it never moves again: no "
                f"move is possible, {notes_verdict(a)}."
            )
        stairs = few(range(1, len(position), 2))
        if len(odd) > MAX_LISTED:
            stairs += f": {len(odd):,} odd stairs"
        return (
            f"Only the odd stairs ({stairs}) matter. Moving stones off an odd stair is a Nim move; moving stones "
            "onto an odd stair is undone by moving them one stair further down, so the stones on even stairs never "
            f"count. The odd stairs hold [{few(odd)}], nim-sum {xor_text(odd)}, {notes_verdict(a)}.{first_move(a)}"
        )

    def format(self, stairs: Stairs) -> str:
        return " ".join(map(str, stairs))


def _shift(stairs: Stairs, i: int, k: int) -> Stairs:
    out = list(stairs)
    out[i] -= k
    out[i - 1] += k
    return tuple(out)


register(
    GameEntry(
        "staircase",
        no_params(Staircase, "staircase"),
        "staircase Nim: move stones from stair i down to stair i-1 (stair 0 first)",
        "",
        "staircase 3 5 1 4",
        rules=Staircase,
    )
)
