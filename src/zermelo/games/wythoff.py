"""Wythoff's game: take any number from one heap, or the same number from both.

The P-positions are the pairs (a_k, b_k) = (⌊kφ⌋, ⌊kφ²⌋), k = 0, 1, 2, …, with b_k = a_k + k
(Wythoff 1907; the sequences are complementary Beatty sequences).  ``a_k`` is computed exactly
with integer square roots — ⌊kφ⌋ = ⌊(k + √(5k²)) / 2⌋ — so heaps with a thousand digits are
fine, where floating-point φ fails.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from functools import cache
from itertools import repeat
from math import isqrt
from typing import TYPE_CHECKING, ClassVar

from ..core.checks import is_digits
from ..core.errors import InvalidPosition
from ..rules import Impartial, Move, Outcome, is_natural, parse_int, require
from ..rules.boards import Board, heaps_board, pair_clicks, whole_numbers
from ..rules.catalogue import CGSuiteName, GameEntry, no_params, register
from ..rules.wording import num, verdict

if TYPE_CHECKING:
    import numpy as np

    from ..analyses.analysis import Analysis

__all__ = ["Wythoff", "cgsuite_options", "partner", "wythoff_pair"]

Pair = tuple[int, int]


def wythoff_pair(k: int) -> Pair:
    """The k-th P-position (⌊kφ⌋, ⌊kφ²⌋), exactly.

    >>> [wythoff_pair(k) for k in range(5)]
    [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]
    """
    a = (k + isqrt(5 * k * k)) // 2
    return a, a + k


def partner(v: int) -> int:
    """The other heap of the unique P-position containing ``v`` (0 pairs with 0).

    >>> partner(21), partner(34), partner(0)
    (34, 21, 0)
    """
    if v == 0:
        return 0
    # v is a_k for k near v/φ, or b_k for k near v/φ²; both guesses are exact within 1.
    k = (isqrt(5 * v * v) - v) // 2  # ⌊v/φ⌋ up to rounding
    for j in (k - 1, k, k + 1, k + 2):
        if j >= 0:
            a, b = wythoff_pair(j)
            if a == v:
                return b
    k = (3 * v - isqrt(5 * v * v)) // 2  # ⌊v/φ²⌋ up to rounding
    for j in (k - 1, k, k + 1, k + 2):
        if j >= 0:
            a, b = wythoff_pair(j)
            if b == v:
                return a
    raise AssertionError(f"no Wythoff pair holds {v}")  # Beatty: impossible


#: Heaps up to here keep every index y(y + 1)/2 + x well inside int64.
_INDEX_LIMIT = 1 << 30


@cache
def _arange() -> np.ndarray:
    import numpy as np  # only a wide search needs numpy: `zermelo games` does not load it

    return np.arange(1 << 16, dtype=np.int64)


def cgsuite_options(position: Pair, a: int = 1) -> list[Pair]:
    """The options of (m, n) in a-Wythoff as CGSuite's ``GenWythoff(k -> k + a)`` lists them (its
    ``Wythoff`` is a = 1): first from heap 1 (m − 1 down to 0), then from heap 2, then k from heap 1
    and l ≥ k from heap 2 (l < k + a), then l from heap 2 and k > l from heap 1 (k < l + a); each
    pair as it stands, (1, 3) and (3, 1) apart, never merged by symmetry.

    >>> cgsuite_options((2, 3))
    [(1, 3), (0, 3), (2, 2), (2, 1), (2, 0), (1, 2), (0, 1)]
    >>> cgsuite_options((2, 2), 2)
    [(1, 2), (0, 2), (2, 1), (2, 0), (1, 1), (1, 0), (0, 0), (0, 1)]
    """
    m, n = position
    diag = min(m, n)
    out = [(m - k, n) for k in range(1, m + 1)]
    out += [(m, n - j) for j in range(1, n + 1)]
    out += [(m - k, n - j) for k in range(1, diag + 1) for j in range(k, min(k + a - 1, n) + 1)]
    out += [(m - k, n - j) for j in range(1, diag + 1) for k in range(j + 1, min(j + a - 1, m) + 1)]
    return out


class Wythoff(Impartial[Pair]):
    """Wythoff's game on two heaps (x, y)."""

    syntax = "the two heaps, separated by a space"
    examples = ("26 34", "3 5")

    name: ClassVar[str] = "wythoff"
    canonical_options: ClassVar[bool] = True

    def options(self, position: Pair) -> list[Pair]:
        x, y = position
        if x > y:
            x, y = y, x
        # Options are written sorted (x <= y), as key() would: canonical_options holds.  zip builds
        # the pairs in C (the hot loop of big searches).
        out = list(zip(range(x), repeat(y, x), strict=True))  # reduce the smaller heap
        out += zip(range(x), repeat(x, x), strict=True)  # reduce the larger heap below the smaller
        out += zip(repeat(x, y - x), range(x, y), strict=True)  # ... or not below it
        out += zip(range(x - 1, -1, -1), range(y - 1, y - x - 1, -1), strict=True)  # the same from both
        return out

    def index(self, position: Pair) -> int:
        """The sorted pair (x, y), x <= y, numbered row by row: y(y + 1)/2 + x.

        >>> w = Wythoff()
        >>> [w.index(p) for p in [(0, 0), (0, 1), (1, 1), (0, 2), (2, 1)]]
        [0, 1, 2, 3, 4]
        >>> w.position_at(4)
        (1, 2)
        """
        x, y = position
        if x > y:
            x, y = y, x
        return y * (y + 1) // 2 + x

    def position_at(self, index: int) -> Pair:
        y = (isqrt(8 * index + 1) - 1) // 2
        return index - y * (y + 1) // 2, y

    def option_array(self, position: Pair) -> np.ndarray | None:
        """The indices of the options, in bulk (numpy), for the engine; ``None`` for narrow nodes.

        >>> w = Wythoff()
        >>> sorted(w.option_array((20, 30)).tolist()) == sorted(map(w.index, w.options((20, 30))))
        True
        """
        x, y = position
        if x > y:
            x, y = y, x
        if x + y < 24 or y > _INDEX_LIMIT:
            return None  # narrow: the list is cheaper; huge: indices beyond int64
        import numpy as np

        first = _arange()
        xs = first[:x] if x <= first.shape[0] else np.arange(x, dtype=np.int64)
        ys = np.arange(x, y, dtype=np.int64)
        diag = np.arange(y - x, y, dtype=np.int64)  # y - d for d = x, ..., 1: the pair (x - d, y - d)
        return np.concatenate(
            (
                xs + y * (y + 1) // 2,  # (i, y), i < x
                xs + x * (x + 1) // 2,  # (i, x), i < x
                ys * (ys + 1) // 2 + x,  # (x, j), x <= j < y
                diag * (diag + 1) // 2 + xs,  # (x - d, y - d)
            )
        )

    def moves(self, position: Pair) -> Iterator[Move[Pair]]:
        x, y = position
        for i in range(x):
            yield Move(f"take {x - i} from heap 1 ({x} -> {i})", (i, y))
        for i in range(y):
            yield Move(f"take {y - i} from heap 2 ({y} -> {i})", (x, i))
        for d in range(1, min(x, y) + 1):
            yield Move(f"take {d} from both heaps ({x}, {y} -> {x - d}, {y - d})", (x - d, y - d))

    def size_hint(self, position: Pair) -> int:
        return (position[0] + 1) * (position[1] + 1)

    def key(self, position: Pair) -> Hashable:
        x, y = position
        return (x, y) if x <= y else (y, x)

    def outcome_formula(self, position: Pair, misere: bool = False) -> Outcome | None:
        if misere:
            return None
        x, y = position
        return Outcome.P if partner(x) == y else Outcome.N

    def winning_moves_formula(self, position: Pair, misere: bool = False) -> list[Move[Pair]] | None:
        """The winning moves from the pairs alone: no move list is enumerated.

        Reduce heap 1 to the partner of heap 2, reduce heap 2 to the partner of heap 1, or take
        the same amount from both to reach the P-position with the same difference.
        """
        if misere:
            return None
        x, y = position
        found: list[Move[Pair]] = []
        px, py = partner(y), partner(x)
        if px < x:
            found.append(Move(f"take {x - px} from heap 1 ({x} -> {px})", (px, y)))
        if py < y:
            found.append(Move(f"take {y - py} from heap 2 ({y} -> {py})", (x, py)))
        k = abs(y - x)
        a, _ = wythoff_pair(k)
        d = min(x, y) - a
        if d > 0:
            found.append(Move(f"take {d} from both heaps ({x}, {y} -> {x - d}, {y - d})", (x - d, y - d)))
        return found

    def parse(self, text: str) -> Pair:
        words = text.replace(",", " ").replace("(", " ").replace(")", " ").split()
        if len(words) != 2:
            raise InvalidPosition(f"wythoff: a position is two heap sizes, like '26 34', got {text.strip()!r}")
        return parse_int(words[0], "a heap size"), parse_int(words[1], "a heap size")

    def explain(self, position: Pair, analysis: Analysis) -> str | None:
        """The Beatty pairs (⌊kφ⌋, ⌊kφ²⌋): the pair with this difference, and each family of winning
        moves (:meth:`winning_moves_formula` finds the same ones).  Misère play: the generic reasons."""
        a = analysis
        if a.misere:
            return None
        x, y = position
        lo, hi = min(x, y), max(x, y)
        d = hi - lo
        ak, bk = wythoff_pair(d)
        intro = (
            "Wythoff: the P-positions are the pairs (a_k, b_k) = (⌊kφ⌋, ⌊kφ²⌋) = (a_k, a_k + k), k = 0, 1, 2, …; "
            "every whole number appears in exactly one pair and each difference k once (Beatty's theorem)."
        )
        if (lo, hi) == (ak, bk):
            return (
                f"{intro} ({num(lo)}, {num(hi)}) is the pair k = {num(d)}: ⌊{num(d)}φ⌋ = {num(ak)} and "
                f"{num(ak)} + {num(d)} = {num(bk)}, {verdict(a)}: taking from one heap keeps the other heap, whose "
                "only pair is this one; taking the same from both keeps the difference k, and pair k is the only pair "
                "with that difference; so every move leaves the pairs."
            )
        fams = []
        px, py = partner(y), partner(x)
        if px < x:
            fams.append(
                f"reduce heap 1 from {num(x)} to {num(px)}, the partner of {num(y)} (pair k = {num(abs(y - px))})"
            )
        if py < y:
            fams.append(
                f"reduce heap 2 from {num(y)} to {num(py)}, the partner of {num(x)} (pair k = {num(abs(x - py))})"
            )
        if ak < lo:
            fams.append(
                f"take {num(lo - ak)} from both heaps to reach ({num(ak)}, {num(bk)}), the pair k = {num(d)} with the "
                f"same difference {num(d)}"
            )
        where = f"({num(x)}, {num(y)}) is not a pair: the pair with difference {num(d)} is ({num(ak)}, {num(bk)})"
        return f"{intro} {where}, {verdict(a)}. Winning moves: " + "; or ".join(fams) + "."

    def board(self, position: Pair) -> Board:
        """Two rows of counters."""
        return heaps_board(position)

    def board_clicks(self, position: Pair, after: Pair, side: str | None = None) -> list[list[str]] | None:
        """A take from both heaps is two clicks, the counter each heap keeps up to."""
        return pair_clicks(position, after)

    def parse_move(self, position: Pair, text: str, moves: Sequence[Move[Pair]]) -> Move[Pair] | None:
        """``1 3`` = take 3 from heap 1; ``both 2`` or ``b 2`` = take 2 from both heaps."""
        words = text.replace(",", " ").split()
        both = (words[:1] in (["both"], ["b"]) and len(words) == 2) or (
            words[:1] == ["take"] and words[2:] == ["from", "both"]
        )
        if both and is_digits(words[1]):
            d = int(words[1])
            want = (position[0] - d, position[1] - d)
        else:
            nums = whole_numbers(words)
            if nums is None or len(nums) != 2 or nums[0] not in (1, 2):
                return None
            h, k = nums
            want = (position[0] - k, position[1]) if h == 1 else (position[0], position[1] - k)
        for m in moves:
            if m.position == want:
                return m
        raise InvalidPosition(f"{text!r} is not a legal move from {self.format(position)}")

    def format(self, position: Pair) -> str:
        return f"{position[0]} {position[1]}"

    def validate(self, position: Pair) -> Pair:
        ok = isinstance(position, tuple) and len(position) == 2 and all(map(is_natural, position))
        require(ok, self.name, "a position is a pair of whole numbers >= 0, like (26, 34)", position)
        return position


register(
    GameEntry(
        "wythoff",
        no_params(Wythoff, "wythoff"),
        "Wythoff's game: take from one heap, or the same from both",
        "",
        "wythoff 26 34",
        table="{r} {c}",
        cgsuite=(CGSuiteName("game.heap.Wythoff", coordinates=True, options=lambda _r, p, _left: cgsuite_options(p)),),
        rules=Wythoff,
    )
)
