"""Partizan Euclid (McKay and Nowakowski, *Outcomes of Partizan Euclid*, INTEGERS 12B (2012/13)
#A9; suggested by Richard Guy; CGSuite's ``game.heap.PartizanEuclid``).

A position is a pair of whole numbers ``p q`` (several pairs are a sum: ``7 3, 5 2``; ``7 3 + 5 2``
is read too, in one quoted argument).  Write p = kq + t with 0 ≤ t < q.  If q = 0 or t = 0 (q
divides p) nobody can move; otherwise Left moves to (q, t) and Right to (q, q − t): each player
has exactly one move, one step of the Euclidean algorithm (Left's) or of its "furthest" variant
(Right's).  The game is studied with p > q ≥ 1; CGSuite's definition takes any pair, and so does
zermelo (from (3, 5), t = 3: Left moves to (5, 3), Right to (5, 2)).

Why the values come fast: one option each, so a pair's value is a chain the engine follows down
the continued fraction of p/q, and pairs of a sum are independent; McKay and Nowakowski show the
outcome of one pair is read from a single path of this chain (a word problem); zermelo searches
it (tested against plain play).

On the board (the web explorer's): each pair is two rows of counters, p over q.  A move is one
click, on p's row: the counter it keeps up to (Left's from 7 3 to 3 1 is counter 2 of the 7, its
``h1:1``; Right's to 3 2 counter 3), the rest of the row taken and the pair reordered.  Typed, a
move is its pair (``7 3``: each side has one move there), its label (``7 3 -> 3 1``) or the
position it leads to.

Small values, worked by hand: (2, 1) and (6, 3) are 0 (q divides p); (3, 2): Left moves to (2, 1)
and Right to (2, 1) as well, so * ; (5, 2): Left to (2, 1) = 0, Right to (2, 1) too: *; (5, 3):
Left to (3, 2) = *, Right to (3, 1) = 0: ``{*|0}`` = ↓; (7, 3): Left to (3, 1) = 0, Right to
(3, 2) = *: ``{0|*}`` = ↑, so (7, 3) + (5, 3) = 0.

>>> from zermelo.analyses.canonical import canonical_form
>>> g = PartizanEuclid()
>>> [str(canonical_form(g, g.parse(t))) for t in ("2 1", "3 2", "5 2", "5 3", "7 3 + 5 3")]
['0', '*', '*', 'v', '0']
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Hashable, Iterator, Sequence
from typing import ClassVar

from ..core.checks import parse_int
from ..core.errors import InvalidPosition
from ..rules import Move, Partisan, is_natural, require
from ..rules.boards import Board, pairs_board, whole_numbers
from ..rules.catalogue import CGSuiteName, GameEntry, no_params, register

__all__ = ["PartizanEuclid"]

Pair = tuple[int, int]
Pairs = tuple[Pair, ...]


class PartizanEuclid(Partisan[Pairs]):
    """Partizan Euclid; a position is a sorted tuple of pairs (p, q) of whole numbers."""

    syntax = "the two numbers p q (several pairs apart by commas: 7 3, 5 2)"
    examples = ("31 13", "5 3")

    name: ClassVar[str] = "partizaneuclid"

    def parse(self, text: str) -> Pairs:
        parts = [p for p in text.split("+") if p.strip()] if "+" in text else [text]
        pairs: list[Pair] = []
        for part in parts:
            words = [w for w in re.split(r"[\s,()]+", part) if w]
            if len(words) % 2:
                raise InvalidPosition(
                    f"partizaneuclid: give pairs p q of whole numbers, like '7 3', got {part.strip()!r}"
                )
            for i in range(0, len(words), 2):
                p, q = parse_int(words[i], "p"), parse_int(words[i + 1], "q")
                if max(p, q) > 10**18:
                    raise InvalidPosition("partizaneuclid: numbers up to 10**18")
                pairs.append((p, q))
        if not pairs:
            raise InvalidPosition("partizaneuclid: give a pair p q of whole numbers, like '7 3'")
        return tuple(sorted(pairs))

    def validate(self, position: Pairs) -> Pairs:
        ok = isinstance(position, tuple) and all(
            isinstance(x, tuple) and len(x) == 2 and is_natural(x[0]) and is_natural(x[1]) for x in position
        )
        require(ok, "partizaneuclid", "a position is a tuple of pairs (p, q) of whole numbers", position)
        return position

    def format(self, position: Pairs) -> str:
        # Pairs apart by commas, not "+": a front end reads "+" as a sum of games (nim 3 + kayles 5).
        return ", ".join(f"{p} {q}" for p, q in position) if position else "1 1"

    def _moves(self, position: Pairs, left: bool) -> Iterator[Move[Pairs]]:
        for i, (p, q) in enumerate(position):
            if i and position[i - 1] == (p, q):
                continue
            if _moves_at(p, q):
                t = p % q
                rest = position[:i] + position[i + 1 :]
                new = (q, t) if left else (q, q - t)
                yield Move(f"{p} {q} -> {new[0]} {new[1]}", tuple(sorted((*rest, new))))

    def left_moves(self, position: Pairs) -> Iterator[Move[Pairs]]:
        return self._moves(position, True)

    def right_moves(self, position: Pairs) -> Iterator[Move[Pairs]]:
        return self._moves(position, False)

    def left_options(self, position: Pairs) -> Iterator[Pairs]:
        return (m.position for m in self._moves(position, True))

    def right_options(self, position: Pairs) -> Iterator[Pairs]:
        return (m.position for m in self._moves(position, False))

    def board(self, position: Pairs) -> Board:
        """Each pair as two rows of counters, p over q."""
        return pairs_board(position)

    def board_clicks(self, position: Pairs, after: Pairs, side: str | None = None) -> list[list[str]] | None:
        """The one click of a move: on its pair's p row, the counter p keeps up to (the new smaller
        number; the counters from it on are taken), one way per pair equal to the one moved.

        >>> g = PartizanEuclid()
        >>> g.board_clicks(((5, 3), (7, 3)), ((3, 1), (5, 3))), g.board_clicks(((7, 3),), ((3, 2),))
        ([['h3:1']], [['h1:2']])
        """
        gone, came = Counter(position) - Counter(after), Counter(after) - Counter(position)
        if sum(gone.values()) != 1 or sum(came.values()) != 1:
            return None
        (pair,), ((_, kept),) = gone, came
        return [[f"h{2 * i + 1}:{kept}"] for i, x in enumerate(position) if x == pair]

    def parse_move(self, position: Pairs, text: str, moves: Sequence[Move[Pairs]]) -> Move[Pairs] | None:
        """A pair of the position, ``7 3``: its one move (each side has one per pair); ``None`` for
        other text (a label, ``7 3 -> 3 1``, or the position a move leads to, read as on any game).

        >>> g = PartizanEuclid()
        >>> g.parse_move(((7, 3),), "7 3", list(g.right_moves(((7, 3),)))).label
        '7 3 -> 3 2'
        """
        nums = whole_numbers(text.replace(",", " ").split())
        if nums is None or len(nums) != 2 or (nums[0], nums[1]) not in position:
            return None
        p, q = nums
        if not _moves_at(p, q):
            raise InvalidPosition(
                f"{'q is 0' if q == 0 else f'{q} divides {p}'}: nobody can move from the pair {p} {q}"
            )
        return next((m for m in moves if m.label.startswith(f"{p} {q} -> ")), None)

    def components(self, position: Pairs) -> list[Pairs]:
        return [(x,) for x in position if _moves_at(*x)]

    def key(self, position: Pairs) -> Hashable:
        return tuple(x for x in position if _moves_at(*x))


def _moves_at(p: int, q: int) -> bool:
    """Whether a pair has its moves: q is not 0 and does not divide p."""
    return q != 0 and p % q != 0


register(
    GameEntry(
        "partizaneuclid",
        no_params(PartizanEuclid, "partizaneuclid"),
        "Partizan Euclid: from p = kq + t Left moves to (q, t), Right to (q, q - t) (pairs p q; partisan)",
        "",
        "partizaneuclid 31 13",
        rules=PartizanEuclid,
        cgsuite=(CGSuiteName("game.heap.PartizanEuclid", coordinates=True),),
    )
)
