"""A base for take-away games with a memory (Mem, the move-limit games, Fibonacci Nim): one heap
whose position also holds the previous take, which sets how few or how many the next move takes.

A subclass says which takes are allowed (:meth:`TakeAway.takes`); the base draws the heap with
that range beside it and reads a take typed as on any heap (``take 3``, ``take 3 from heap 1``,
``1 3``, ``heap 1 -> 9``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.errors import InvalidPosition
from ..rules import Impartial, Move
from ..rules.boards import Board, heaps_board, read_heap_move

__all__ = ["Position", "TakeAway", "cgsuite_listed"]

#: (counters in the heap, the previous take; 0 at the start)
Position = tuple[int, int]


def cgsuite_listed(rules: Impartial[Position], position: Position, _left: bool) -> list[Position]:
    """A position's options as CGSuite's ``GenMem`` lists them: by the take, smallest first
    (``[(n - a, a) for a from 1 to n where …]``), which is the order the games here yield them."""
    return list(rules.options(position))


class TakeAway(Impartial[Position]):
    """One heap and the previous take; see the module docstring."""

    def takes(self, position: Position) -> tuple[int, int]:
        """The least and the most counters the player to move may take (none when least > most)."""
        raise NotImplementedError

    def board(self, position: Position) -> Board:
        """The heap, and the takes allowed when the previous move limits them.

        >>> from zermelo.games.mem import Mem
        >>> Mem().board((12, 0)), Mem().board((12, 3))
        ({'kind': 'heaps', 'heaps': [12]}, {'kind': 'heaps', 'heaps': [12], 'takes': [3, 12]})
        """
        n = position[0]
        least, most = self.takes(position)
        limited = least <= most and (least, most) != (1, n)
        return heaps_board([n], takes=(least, most) if limited else None)

    def parse_move(self, position: Position, text: str, moves: Sequence[Move[Position]]) -> Move[Position] | None:
        """A take typed as on a heap: ``take 3``, ``take 3 from heap 1``, ``1 3``, ``heap 1 -> 9``.

        >>> from zermelo.games.mem import Mem
        >>> Mem().parse_move((12, 3), "take 4 from heap 1", list(Mem().moves((12, 3)))).label
        'take 4 (12 -> 8)'
        """
        n = position[0]
        typed = read_heap_move((n,), text)
        if typed is None:
            return None
        heap, left, what = typed
        if heap != 1:
            raise InvalidPosition(f"there is one heap, heap 1; got {what}")
        for m in moves:
            if m.position[0] == left:
                return m
        least, most = self.takes(position)
        allowed = f"{least} to {most}" if least < most else f"{least}" if least == most else "none"
        raise InvalidPosition(f"{what} is not a legal move: a take here is {allowed} of {n}")
