"""Partizan heap games (CGSuite's ``PartizanHeapRuleset``): Partizan Subtraction and partizan
take-and-break games, where Left and Right move on the same heaps by different rules.

A position is one or more heaps, ``7`` or ``3 4 5`` (a sum).  In ``partizansubtraction:L/R`` Left
removes a number of counters in the set L from one heap, Right a number in R:
``partizansubtraction:1,2/2,3`` (CGSuite: ``game.heap.PartizanSubtraction([1,2],[2,3])``).  In
``partizantakeandbreak:A/B`` Left moves by the take-and-break code A and Right by B, in CGSuite's
notation (see ``cgtbreak``): ``partizantakeandbreak:0.07/0.7``.  Partizan Subtraction is the
code with a 3 at each number of the set (remove it, leave one heap or none).  Studied by Fraenkel
and Kotzig (*Partizan octal games: partizan subtraction games*, 1987), who show each heap's
outcome is eventually periodic; *Lessons in Play* and Siegel's *Combinatorial Game Theory* use
them as examples.

Why the values come fast (tested against plain play): heaps are independent games, so the
engine values each heap once; swapping the two rules negates every value (tested too).

Small values, worked by hand for L = {1}, R = {2}: heap 1 is 1 (only Left moves, to 0); heap 2 is
``{1|0}`` (Left to heap 1, Right to 0); heap 3 is ``{{1|0}|1}`` = 0 (whoever moves first, the other
answers into 0), and from there the values repeat with period 3 (by induction: heap n's options
are heaps n − 1 and n − 2); tests/test_partizanheap.py checks that against search.

>>> from zermelo.analyses.canonical import canonical_form
>>> g = partizan_subtraction("1/2")
>>> [str(canonical_form(g, g.parse(str(n)))) for n in range(7)]
['0', '1', '{1|0}', '0', '1', '{1|0}', '0']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from typing import ClassVar

from ..core.checks import parse_int
from ..core.errors import InvalidGame, InvalidPosition
from ..heaps.heap import HeapGame
from ..rules import Move, Partisan, is_natural, require
from ..rules.boards import Board, heap_clicks, heaps_board, read_heap_move
from ..rules.catalogue import CGSuiteName, GameEntry, needs_params, register
from ..rules.wording import heap_move_label
from .tbcode import CodeGame, set_code

__all__ = ["PartizanHeap", "partizan_subtraction", "partizan_take_and_break"]

Heaps = tuple[int, ...]


class PartizanHeap(Partisan[Heaps]):
    """Heaps where Left moves by the take-and-break code ``left`` and Right by ``right``."""

    syntax = "the heap sizes, separated by spaces"
    examples = ("7", "6 9")

    name: ClassVar[str] = "partizantakeandbreak"

    def __init__(self, left: str | HeapGame, right: str | HeapGame, *, spec: str | None = None) -> None:
        # Codes, or any two heap games (CGSuite's ``R.PartizanJoin(S)``: :mod:`zermelo.games.heapproduct`).
        self._left = CodeGame(left) if isinstance(left, str) else left  # a code is checked here
        self._right = CodeGame(right) if isinstance(right, str) else right
        self.left_code = left if isinstance(left, str) else left.spec()
        self.right_code = right if isinstance(right, str) else right.spec()
        self._spec = spec if spec is not None else f"partizantakeandbreak:{self.left_code}/{self.right_code}"
        # Whether a move may break a heap: then the drawing's heaps are rows of pins (digits 0-3
        # leave one heap or none; anything else may leave more).
        codes = [c for c in (left, right) if isinstance(c, str)]
        self.pins = any(ch not in "0123." for ch in "".join(codes)) or any(
            g.breaks for g in (left, right) if isinstance(g, HeapGame)
        )

    def spec(self) -> str:
        return self._spec

    def side(self, left: bool) -> HeapGame:
        """The heap game a player moves in: Left's, or Right's."""
        return self._left if left else self._right

    def parse(self, text: str) -> Heaps:
        words = text.replace(",", " ").replace("+", " ").split()
        if not words:
            raise InvalidPosition(f"{self._spec}: give at least one heap size, like '7' or '3 4 5'")
        heaps = [parse_int(w, "a heap size") for w in words]
        if sum(heaps) > 100_000:
            raise InvalidPosition(f"{self._spec}: at most 100,000 counters in all")
        return tuple(sorted(h for h in heaps if h))

    def validate(self, position: Heaps) -> Heaps:
        ok = isinstance(position, tuple) and all(is_natural(h) and h > 0 for h in position)
        require(ok, self._spec, "a position is a tuple of heap sizes (each > 0)", position)
        return position

    def format(self, position: Heaps) -> str:
        return " ".join(map(str, position)) if position else "0"

    def _splits(self, position: Heaps, code: HeapGame) -> Iterator[tuple[int, tuple[int, ...], Heaps]]:
        """Each move by ``code``: the heap it changes (from 0), the parts it leaves, the position."""
        for i, n in enumerate(position):
            if i and position[i - 1] == n:
                continue
            rest = position[:i] + position[i + 1 :]
            for heaps in code.heap_options(n):
                parts = heaps if isinstance(heaps, tuple) else (heaps,)
                yield i, parts, tuple(sorted((*rest, *(h for h in parts if h))))

    def _moves(self, position: Heaps, code: HeapGame) -> Iterator[Move[Heaps]]:
        """The moves said as on any heaps: ``take 2 from heap 1 (3 -> 1)``, ``heap 2: 6 -> 1 + 3``."""
        for i, parts, after in self._splits(position, code):
            yield Move(heap_move_label(position, i, parts or (0,)), after)

    def left_moves(self, position: Heaps) -> Iterator[Move[Heaps]]:
        return self._moves(position, self._left)

    def right_moves(self, position: Heaps) -> Iterator[Move[Heaps]]:
        return self._moves(position, self._right)

    def left_options(self, position: Heaps) -> Iterator[Heaps]:
        return (after for _, _, after in self._splits(position, self._left))

    def right_options(self, position: Heaps) -> Iterator[Heaps]:
        return (after for _, _, after in self._splits(position, self._right))

    def components(self, position: Heaps) -> list[Heaps]:
        return [(n,) for n in position]

    def board(self, position: Heaps) -> Board:
        """Rows of counters, one per heap (the smallest first, as the position is written)."""
        return heaps_board(position)

    def board_clicks(self, position: Heaps, after: Heaps, side: str | None = None) -> list[list[str]]:
        """A take of Partizan Subtraction is the counter its heap keeps up to (it and all after it
        go: heap 7 -> 5 is its counter 6); where a move may break a heap, the heap is a row of pins
        and a move the run it knocks out, clicked by its first and last pin, at either end or in the
        middle (:func:`~zermelo.rules.boards.heap_clicks`, as Kayles).

        >>> partizan_subtraction("1,2/2,3").board_clicks((3, 7), (3, 5))
        [['h2:5']]
        >>> g = partizan_take_and_break("0.07/0.7")
        >>> g.board_clicks((6,), (4,)), g.board_clicks((6,), (1, 3))
        ([['h1:0', 'h1:1'], ['h1:4', 'h1:5']], [['h1:1', 'h1:2'], ['h1:3', 'h1:4']])
        """
        return heap_clicks(position, after, pins=self.pins)

    def parse_move(self, position: Heaps, text: str, moves: Sequence[Move[Heaps]]) -> Move[Heaps] | None:
        """A take typed as on any heaps (``take 2 from heap 1``, ``1 2``, ``heap 1 -> 5``, ``take 2``
        with one heap: :func:`~zermelo.rules.boards.read_heap_move`); a split is typed as the heaps
        it leaves (``to 1 3``).

        >>> g = partizan_subtraction("1,2/2,3")
        >>> g.parse_move((3, 7), "take 2 from heap 2", list(g.left_moves((3, 7)))).position
        (3, 5)
        """
        typed = read_heap_move(position, text)
        if typed is None:
            return None
        heap, new, what = typed
        if not 1 <= heap <= len(position):
            raise InvalidPosition(f"there is no heap {heap}: the heaps are numbered 1 to {len(position)}")
        want = tuple(sorted((*position[: heap - 1], *position[heap:], *([new] if new != 0 else []))))
        for m in moves:
            if m.position == want:
                return m
        raise InvalidPosition(f"{what} is not a legal move of yours (heap {heap} has {position[heap - 1]})")

    def key(self, position: Heaps) -> Hashable:
        return position


def _sides(params: str, name: str, example: str) -> tuple[str, str]:
    left, sep, right = params.partition("/")
    if not sep or not left.strip() or not right.strip() or "/" in right:
        raise InvalidGame(f"{name}: give Left's and Right's rules separated by '/', like {name}:{example}")
    return left.strip(), right.strip()


def partizan_subtraction(params: str) -> PartizanHeap:
    """``L/R``: Left's and Right's subtraction sets, ``1,2/2,3``."""
    left, right = _sides(params, "partizansubtraction", "1,2/2,3")
    spec = f"partizansubtraction:{left}/{right}"
    return PartizanHeap(set_code(left, spec), set_code(right, spec), spec=spec)


def partizan_take_and_break(params: str) -> PartizanHeap:
    """``A/B``: Left's and Right's take-and-break codes in CGSuite's notation."""
    left, right = _sides(params, "partizantakeandbreak", "0.07/0.7")
    return PartizanHeap(left, right)


def _splittles(params: str) -> str:
    """CGSuite's ``PartizanSplittles([1,2],[2])``: Left's and Right's sets as Splittles codes (a take
    may split the rest in two), ``0.77/0.07``."""
    left, right = _sides(params, "PartizanSplittles", "1,2/2")
    return f"{set_code(left, 'PartizanSplittles', '7')}/{set_code(right, 'PartizanSplittles', '7')}"


register(
    GameEntry(
        "partizansubtraction",
        needs_params(partizan_subtraction, "partizansubtraction", "Left's and Right's sets", "1,2/2,3"),
        "Partizan Subtraction: Left subtracts a number in L from a heap, Right one in R (partisan)",
        "L/R: Left's and Right's subtraction sets, like 1,2/2,3",
        "partizansubtraction:1,2/2,3 7",
        rules=PartizanHeap,
        cgsuite=(CGSuiteName("game.heap.PartizanSubtraction", family=True, separator="/"),),
    )
)
register(
    GameEntry(
        "partizantakeandbreak",
        needs_params(partizan_take_and_break, "partizantakeandbreak", "Left's and Right's codes", "0.07/0.7"),
        "partizan take-and-break: Left moves on a heap by code A, Right by code B (CGSuite's codes; partisan)",
        "A/B: Left's and Right's codes, like 0.07/0.7",
        "partizantakeandbreak:0.07/0.7 6",
        rules=PartizanHeap,
        cgsuite=(
            CGSuiteName("game.heap.PartizanTakeAndBreak", family=True, separator="/"),
            CGSuiteName("game.heap.PartizanSplittles", family=True, separator="/", code=_splittles),
        ),
    )
)
