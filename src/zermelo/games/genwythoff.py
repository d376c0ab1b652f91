"""Generalized Wythoff: Fraenkel's a-Wythoff game (CGSuite's ``GenWythoff(k -> k + a)``).

Two heaps, ``genwythoff:a x y``: take any number from one heap, or take k from one heap and l
from the other with k, l ≥ 1 and |k − l| < a.  Wythoff's game is a = 1 (the same from both).
(CGSuite's ``GenWythoff(f)`` takes the bounding function f of Fraenkel and Tanny; ``k -> k + a``
is this family, which zermelo's command line names by a.)

The P-positions (A. S. Fraenkel, *How to beat your Wythoff games' opponent on three fronts*,
Amer. Math. Monthly 89 (1982)): the pairs (A_n, B_n), n = 0, 1, 2, …, with A_n the least whole
number not among the earlier A_i, B_i, and B_n = A_n + a·n.  :meth:`GenWythoff.outcome_formula`
is that rule; the tests check it against plain search for a = 1 to 4.

>>> from zermelo.analyses.analysis import outcome
>>> g = GenWythoff(2)
>>> p_positions(2, 5)
[(0, 0), (1, 3), (2, 6), (4, 10), (5, 13)]
>>> str(outcome(g, (4, 10))), str(outcome(g, (4, 9)))
('P', 'N')
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import ClassVar

from ..core.checks import parse_int
from ..core.errors import InvalidGame, InvalidPosition
from ..rules import Impartial, Move, Outcome, is_natural, require
from ..rules.boards import Board, heaps_board, pair_clicks
from ..rules.catalogue import CGSuiteName, GameEntry, needs_params, register
from .wythoff import cgsuite_options

__all__ = ["GenWythoff", "bounding_function", "gen_wythoff", "p_positions"]

Pair = tuple[int, int]

#: The largest smaller heap whose P-positions are listed by the rule (larger: search refuses too).
MAX_RULE_HEAP = 10**6


def p_positions(a: int, upto: int) -> list[Pair]:
    """Fraenkel's P-positions (A_n, A_n + a·n) with A_n ≤ ``upto``, A_n the mex of the earlier terms."""
    out: list[Pair] = []
    used: set[int] = set()
    low = 0
    n = 0
    while True:
        while low in used:
            low += 1
        if low > upto:
            return out
        b = low + a * n
        out.append((low, b))
        used.update((low, b))
        n += 1


class GenWythoff(Impartial[Pair]):
    """a-Wythoff: one heap alone, or k and l from both with |k − l| < a."""

    syntax = "the two heaps, separated by a space"
    examples = ("4 9", "0 7")

    name: ClassVar[str] = "genwythoff"

    def __init__(self, a: int) -> None:
        if not 1 <= a <= 1000:
            raise InvalidGame(f"genwythoff: a (takes from both differ by less than a) is 1 to 1000, got {a}")
        self.a = a
        self._partner: dict[int, int] = {}
        self._known = -1

    def spec(self) -> str:
        return f"genwythoff:{self.a}"

    def moves(self, position: Pair) -> Iterator[Move[Pair]]:
        x, y = position
        for k in range(1, x + 1):
            yield Move(f"take {k} from heap 1 ({x} -> {x - k})", (x - k, y))
        for k in range(1, y + 1):
            yield Move(f"take {k} from heap 2 ({y} -> {y - k})", (x, y - k))
        for k in range(1, x + 1):
            for m in range(max(1, k - self.a + 1), min(y, k + self.a - 1) + 1):
                yield Move(f"take {k} and {m} ({x}, {y} -> {x - k}, {y - m})", (x - k, y - m))

    def options(self, position: Pair) -> Iterator[Pair]:
        return (m.position for m in self.moves(position))

    def key(self, position: Pair) -> Hashable:
        x, y = position
        return (x, y) if x <= y else (y, x)

    def size_hint(self, position: Pair) -> int:
        return (position[0] + 1) * (position[1] + 1)

    def partner(self, x: int) -> int | None:
        """The heap that makes (x, ·) a P-position (each whole number has exactly one)."""
        if x > self._known:
            for p, q in p_positions(self.a, max(x, 2 * self._known + 1)):
                self._partner[p], self._partner[q] = q, p
            self._known = max(x, 2 * self._known + 1)
        return self._partner.get(x)

    def outcome_formula(self, position: Pair, misere: bool = False) -> Outcome | None:
        """Fraenkel: P exactly at the pairs (A_n, A_n + a·n), in either order."""
        x, y = position
        if misere or min(x, y) > MAX_RULE_HEAP:
            return None
        lo, hi = min(x, y), max(x, y)
        return Outcome.P if self.partner(lo) == hi else Outcome.N

    def parse(self, text: str) -> Pair:
        words = text.replace(",", " ").replace("(", " ").replace(")", " ").split()
        if len(words) != 2:
            raise InvalidPosition(f"{self.spec()}: a position is two heap sizes, like '4 10', got {text.strip()!r}")
        return parse_int(words[0], "a heap size"), parse_int(words[1], "a heap size")

    def format(self, position: Pair) -> str:
        return f"{position[0]} {position[1]}"

    def board(self, position: Pair) -> Board:
        """Two rows of counters, as Wythoff's game."""
        return heaps_board(position)

    def board_clicks(self, position: Pair, after: Pair, side: str | None = None) -> list[list[str]] | None:
        """A take from both heaps is two clicks, the counter each heap keeps up to.

        >>> GenWythoff(2).board_clicks((4, 9), (3, 7))
        [['h1:3', 'h2:7']]
        """
        return pair_clicks(position, after)

    def validate(self, position: Pair) -> Pair:
        ok = isinstance(position, tuple) and len(position) == 2 and all(map(is_natural, position))
        require(ok, self.spec(), "a position is a pair of whole numbers >= 0, like (4, 10)", position)
        return position


def gen_wythoff(params: str) -> GenWythoff:
    try:
        a = parse_int(params.strip(), "genwythoff: a", minimum=1)
    except InvalidPosition as exc:
        raise InvalidGame(str(exc)) from None
    return GenWythoff(a)


def bounding_function(params: str) -> str:
    """CGSuite's ``GenWythoff(f)`` takes Fraenkel and Tanny's bounding function f; the evaluator
    writes it down by its values f(1), f(2), … (``fn:3,4,5``).  zermelo plays the functions
    ``k -> k + a`` (a-Wythoff): ``a``; any other is refused by name.

    >>> bounding_function("fn:3,4,5,6"), bounding_function("2")
    ('2', '2')
    """
    if not params.startswith("fn:"):
        return params
    values = [int(v) for v in params[3:].split(",")]
    shifts = {f - k for k, f in enumerate(values, 1)}
    if len(shifts) != 1 or min(shifts) < 1:
        raise InvalidGame(
            "GenWythoff: zermelo plays the bounding functions k -> k + a with a >= 1 (Fraenkel's a-Wythoff); "
            f"this one gives f(1), f(2), f(3) = {', '.join(map(str, values[:3]))}"
        )
    return str(shifts.pop())


register(
    GameEntry(
        "genwythoff",
        needs_params(gen_wythoff, "genwythoff", "a", "2"),
        "Fraenkel's a-Wythoff: take from one heap, or k and l from both with |k - l| < a (a = 1: Wythoff)",
        "a: takes from both heaps differ by less than a",
        "genwythoff:2 4 9",
        table="{r} {c}",
        rules=GenWythoff,
        cgsuite=(
            CGSuiteName(
                "game.heap.GenWythoff",
                family=True,
                code=bounding_function,
                coordinates=True,
                options=lambda rules, p, _left: cgsuite_options(p, rules.a),
            ),
        ),
    )
)
