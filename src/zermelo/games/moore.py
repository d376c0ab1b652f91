"""Moore's Nim_k (E. H. Moore, 1910): a move takes counters from at least one and at most k heaps
(any number from each).  Nim is Nim_1.

Moore's theorem: write the heaps in binary; the position is a P-position exactly when, in every
binary column, the number of ones is a multiple of k + 1.  (Nim's rule is the case k = 1: an even
number of ones in every column.)  :meth:`MooreNim.outcome_formula` is that theorem; the tests check
it against plain search.

>>> from zermelo.analyses.analysis import outcome
>>> g = MooreNim(2)
>>> str(outcome(g, (1, 2, 3))), str(outcome(g, (1, 1, 1))), str(outcome(g, (3, 3, 3)))
('N', 'P', 'P')
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from itertools import combinations, product
from typing import TYPE_CHECKING, ClassVar

from ..core.errors import InvalidGame, InvalidPosition, SearchLimitExceeded
from ..rules import Impartial, Move, Outcome, parse_int, short, validate_by_text
from ..rules.catalogue import GameEntry, register
from ..rules.wording import MAX_LISTED, notes_verdict

if TYPE_CHECKING:
    from ..analyses.analysis import Analysis

__all__ = ["MooreNim", "column_counts"]

Heaps = tuple[int, ...]

#: The largest heap whose moves are listed (Moore's theorem answers any size without them).
MAX_HEAP = 10**6


def column_counts(heaps: Heaps) -> list[int]:
    """The number of ones in each binary column, highest column first.

    >>> column_counts((1, 2, 3))
    [2, 2]
    """
    bits = max(1, *(h.bit_length() for h in heaps)) if heaps else 1
    return [sum(h >> b & 1 for h in heaps) for b in range(bits - 1, -1, -1)]


class MooreNim(Impartial[Heaps]):
    """Nim_k: take from 1 to k heaps at once (``moore:2``)."""

    syntax = "heap sizes, separated by spaces"
    examples = ("1 2 3", "4 4 4")

    name: ClassVar[str] = "moore"

    def __init__(self, k: int) -> None:
        if k < 1:
            raise InvalidGame(f"moore: k (how many heaps a move may touch) is at least 1, got {k}")
        self.k = k

    def spec(self) -> str:
        return f"{self.name}:{self.k}"

    def moves(self, heaps: Heaps) -> Iterator[Move[Heaps]]:
        big = max(heaps, default=0)
        if big > MAX_HEAP:
            raise SearchLimitExceeded(
                f"moore: a heap of {short(str(big), 40)} has too many moves to list (heaps up to {MAX_HEAP:,})"
            )
        live = [i for i, h in enumerate(heaps) if h]
        for size in range(1, min(self.k, len(live)) + 1):
            for chosen in combinations(live, size):
                for new in product(*(range(heaps[i]) for i in chosen)):
                    after = list(heaps)
                    for i, v in zip(chosen, new, strict=True):
                        after[i] = v
                    what = ", ".join(f"heap {i + 1} {heaps[i]} -> {v}" for i, v in zip(chosen, new, strict=True))
                    yield Move(what, tuple(after))

    def options(self, heaps: Heaps) -> Iterator[Heaps]:
        return (m.position for m in self.moves(heaps))

    def key(self, heaps: Heaps) -> Hashable:
        return tuple(sorted(h for h in heaps if h))

    def size_hint(self, heaps: Heaps) -> int:
        n = 1
        for h in heaps:
            n *= h + 1
        return n

    def outcome_formula(self, heaps: Heaps, misere: bool = False) -> Outcome | None:
        """Moore's theorem: P exactly when every binary column's count of ones is a multiple of k + 1."""
        if misere:
            return None
        return Outcome.P if all(c % (self.k + 1) == 0 for c in column_counts(heaps)) else Outcome.N

    def parse(self, text: str) -> Heaps:
        words = text.replace(",", " ").split()
        if not words:
            raise InvalidPosition("moore: give the heaps, like '1 2 3'")
        return tuple(parse_int(w, "a heap size") for w in words)

    def format(self, heaps: Heaps) -> str:
        return " ".join(map(str, heaps))

    def validate(self, heaps: Heaps) -> Heaps:
        if not isinstance(heaps, tuple):
            raise InvalidPosition(f"moore: a position is a tuple of heaps, got {short(repr(heaps))}")
        return validate_by_text(self, heaps)

    def explain(self, heaps: Heaps, analysis: Analysis) -> str | None:
        """Moore's theorem with the column counts."""
        a = analysis
        if a.misere or len(heaps) > MAX_LISTED or max(heaps, default=0).bit_length() > 64:
            return None
        counts = column_counts(heaps)
        bits = len(counts)
        lines = [
            f"Moore's Nim_{self.k}: a move may take from up to {self.k} heaps. Moore's theorem: write the heaps in "
            f"binary; it is a P-position exactly when every column has a multiple of {self.k + 1} ones."
        ]
        width = max(len(str(h)) for h in heaps) if heaps else 1
        lines += [f"  heap {i + 1}:  {str(h).rjust(width)} = {h:0{bits}b}" for i, h in enumerate(heaps)]
        mods = " ".join(str(c % (self.k + 1)) for c in counts)
        lines.append(f"  ones per column:  {' '.join(map(str, counts))}  (mod {self.k + 1}: {mods})")
        if a.outcome is Outcome.P:
            lines.append(
                f"Every column's count is a multiple of {self.k + 1}, {notes_verdict(a)}: a move changes at most "
                f"{self.k} heaps, so it lowers the count of the highest column it touches by 1 to {self.k}, "
                f"which leaves a column that is not a multiple of {self.k + 1}."
            )
        else:
            move = f" A winning move: {a.winning_moves[0].label}." if a.winning_moves else ""
            lines.append(
                f"Some column's count is not a multiple of {self.k + 1}, {notes_verdict(a)}: from the highest such "
                f"column down, a move on at most {self.k} heaps brings every count to a multiple of "
                f"{self.k + 1}.{move}"
            )
        return "\n".join(lines)


def _moore(params: str | None) -> MooreNim:
    if params is None or not params.strip():
        raise InvalidGame("moore: give k, how many heaps a move may touch, like moore:2")
    return MooreNim(parse_int(params.strip(), "moore: k"))


register(
    GameEntry(
        "moore",
        _moore,
        "Moore's Nim_k: take from up to k heaps at once (P iff every binary column sums to 0 mod k+1)",
        "k",
        "moore:2 1 2 3",
        table="{r} {c}",
        rules=MooreNim,
    )
)
