"""The stone games of the competitive-programming notes (LeetCode 877, 1140, 1406, 1510, 1563).

Each is a :class:`~zermelo.rules.Scored` game for :func:`zermelo.negamax` *and* comes with the
interval (or prefix) dynamic programme the notes teach; the tests check both agree.

Values are **score differences** for the player to move (her stones minus the opponent's from
here on), except for 1510, a win/lose game, and 1563, where only Alice scores (the value is
Alice's score).  The LeetCode answers follow: 877 "does Alice win" is ``value > 0``; 1140's
"Alice's stones" is ``(total + value) // 2``; 1406's "Alice"/"Bob"/"Tie" is the sign.

The row of piles is the game's parameter (``stone-game:5,3,4,5``); a position is what is left:
a slice ``i:j`` of the row (877), a start index (1406), a start index and ``M`` (1140).  The
empty text is the start of the game.

>>> g = StoneGame((5, 3, 4, 5))
>>> stone_game_dp(g.piles), g.parse("")
(1, (0, 4))
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import accumulate
from math import isqrt
from typing import Any, ClassVar

from ..core.checks import is_digits, parse_int
from ..core.errors import InvalidGame, InvalidPosition, SearchLimitExceeded
from ..rules import Move, Scored, short, shown, validate_by_text
from ..rules.catalogue import GameEntry, register

__all__ = [
    "StoneGame",
    "StoneGameII",
    "StoneGameIII",
    "StoneGameIV",
    "StoneGameV",
    "colour_sums",
    "parse_piles",
    "stone_game_dp",
    "stone_game_ii_dp",
    "stone_game_iii_dp",
    "stone_game_iv_dp",
    "stone_game_v_dp",
]


def parse_piles(text: str, name: str, *, allow_negative: bool = False) -> tuple[int, ...]:
    """A row of whole numbers from ``5,3,4,5`` (or spaces)."""
    words = text.replace(",", " ").split()
    try:
        piles = tuple(int(w) for w in words)
    except ValueError:
        raise InvalidGame(f"{name}: the row is whole numbers separated by commas, got {text!r}") from None
    if not piles:
        raise InvalidGame(f"{name}: give the row of piles, like {name}:5,3,4,5")
    if not allow_negative and min(piles) < 0:
        raise InvalidGame(f"{name}: piles are whole numbers >= 0, got {text!r}")
    if len(piles) > 10_000:
        raise InvalidGame(f"{name}: at most 10,000 piles, got {len(piles):,}")
    return piles


def _slice(text: str, n: int, name: str) -> tuple[int, int]:
    t = text.strip()
    if not t:
        return 0, n
    a, sep, b = t.partition(":")
    try:
        i = int(a) if a.strip() else 0
        j = int(b) if sep and b.strip() else n if sep else -1
    except ValueError:
        raise InvalidPosition(f"{name}: a position is a slice i:j of the row (0 <= i <= j <= {n}), got {t!r}") from None
    if not sep or not 0 <= i <= j <= n:
        raise InvalidPosition(f"{name}: a position is a slice i:j of the row (0 <= i <= j <= {n}), got {t!r}")
    return i, j


class _Row(Scored[Any]):
    """A game over a fixed row of piles (the parameter)."""

    syntax = "the slice i:j of the row still on the table (empty: the whole row)"
    examples = ("", "0:4")

    gains: ClassVar[bool] = True

    def __init__(self, piles: Sequence[int]) -> None:
        self.piles = tuple(piles)
        self.prefix = (0, *accumulate(self.piles))

    def total(self, i: int, j: int) -> int:
        """Sum of piles[i:j]."""
        return self.prefix[j] - self.prefix[i]

    def spec(self) -> str:
        return f"{self.name}:{','.join(map(str, self.piles))}"

    validate = validate_by_text  # a position given from Python must read back from its own text

    def gain(self, position: Any, move: Move[Any]) -> int:
        return self._gain(position, move.position)

    def _gain(self, position: Any, child: Any) -> int:
        raise NotImplementedError


class StoneGame(_Row):
    """LeetCode 877 (and the cheques game): take the first or the last pile of the row.

    Position ``(i, j)``: piles[i:j] are left.  Interval DP:
    ``dp[i][j] = max(piles[i] - dp[i+1][j], piles[j-1] - dp[i][j-1])``.
    """

    name: ClassVar[str] = "stone-game"

    def moves(self, position: tuple[int, int]) -> list[Move[tuple[int, int]]]:
        i, j = position
        if i >= j:
            return []
        if j - i == 1:
            return [Move(f"take the last one ({self.piles[i]})", (i + 1, j))]
        return [Move(f"take first ({self.piles[i]})", (i + 1, j)), Move(f"take last ({self.piles[j - 1]})", (i, j - 1))]

    def payoff(self, position: tuple[int, int]) -> int | None:
        return 0 if position[0] >= position[1] else None

    def _gain(self, position: Any, child: Any) -> int:
        i, j = position
        taken: int = self.piles[i] if child[0] > i else self.piles[j - 1]
        return taken

    def parse(self, text: str) -> tuple[int, int]:
        return _slice(text, len(self.piles), self.name)

    def format(self, position: tuple[int, int]) -> str:
        i, j = position
        return f"{i}:{j}"

    def explain(self, position: tuple[int, int], analysis: Any) -> str | None:
        """The notes' parity strategy on an even row: take every odd-numbered or every
        even-numbered pile, whichever sum is larger (``analysis`` is the negamax result)."""
        i, j = position
        n = j - i
        word = "cheques" if self.name == "cheques" else "piles"
        if n == 0:
            return None
        if n % 2:
            return (
                f"An odd number of {word} ({n}): the colouring argument for an even number does not apply — "
                "with 1, 5, 1 the first player gets 2 and the second 5 — so only the search decides."
            )
        row = self.piles[i:j]
        odd, even = colour_sums(row)
        pick, move = (
            ("odd-numbered", f"take first ({row[0]})") if odd >= even else ("even-numbered", f"take last ({row[-1]})")
        )
        tie = " (the sums are equal: either colour)" if odd == even else ""
        return (
            f"An even number of {word} ({n}): number them 1 to {n} from the left. The player to move can take every "
            f"odd-numbered one or every even-numbered one: after she takes one of a kind, both ends of the row are "
            "of the other kind, so the opponent must take one of those and uncover another of hers. The "
            f"odd-numbered sum to {odd}, the even-numbered to {even}; she takes the {pick} ones{tie}, starting with "
            f"{move}, which guarantees at least {abs(odd - even):+d}; so with an even number she never does worse "
            f"than the opponent.{_beside_the_value(abs(odd - even), getattr(analysis, 'value', None))}"
        )


def _beside_the_value(guarantee: int, value: object) -> str:
    """How the parity guarantee compares with the searched value (when the search gave one).

    >>> _beside_the_value(1, 1)
    ' The strategy is also best play here: the value is +1.'
    >>> _beside_the_value(1, 3)
    ' Best play does better: the value is +3.'
    """
    if type(value) is not int:
        return ""
    if value == guarantee:
        return f" The strategy is also best play here: the value is {value:+d}."
    return f" Best play does better: the value is {value:+d}."


def colour_sums(row: Sequence[int]) -> tuple[int, int]:
    """The sums of the odd-numbered (1st, 3rd, …) and the even-numbered piles of a row.

    >>> colour_sums([3, 1, 4, 1, 5, 9])
    (12, 11)
    """
    return sum(row[0::2]), sum(row[1::2])


def stone_game_dp(piles: Sequence[int]) -> int:
    """877 by interval DP: the first player's best score difference.

    >>> stone_game_dp([5, 3, 4, 5]), stone_game_dp([3, 7, 2, 3])
    (1, 5)
    """
    n = len(piles)
    row = [0] * (n + 1)  # row[i] = dp[i][i + length], one length at a time
    for length in range(1, n + 1):
        row = [max(piles[i] - row[i + 1], piles[i + length - 1] - row[i]) for i in range(n - length + 1)] + [0]
    return row[0]


class StoneGameII(_Row):
    """LeetCode 1140: take the first ``x`` piles, ``1 <= x <= 2M``; then ``M = max(M, x)``.

    Position ``(i, M)``: piles[i:] are left.
    """

    syntax = "'i M': the next pile i and the current M (empty: the start, 0 M=1)"
    examples = ("", "0 M=1")

    name: ClassVar[str] = "stone-game-ii"

    def moves(self, position: tuple[int, int]) -> list[Move[tuple[int, int]]]:
        i, m = position
        n = len(self.piles)
        return [Move(f"take {x}", (i + x, max(m, x))) for x in range(1, min(2 * m, n - i) + 1)]

    def payoff(self, position: tuple[int, int]) -> int | None:
        return 0 if position[0] >= len(self.piles) else None

    def _gain(self, position: Any, child: Any) -> int:
        return self.total(position[0], child[0])

    def key(self, position: tuple[int, int]) -> Any:
        # Once 2M covers the rest, a larger M changes nothing: merge those positions.
        i, m = position
        return (i, min(m, (len(self.piles) - i + 1) // 2))

    def parse(self, text: str) -> tuple[int, int]:
        words = text.replace("M=", " ").replace("m=", " ").replace(",", " ").split()
        if not words:
            return 0, 1
        if len(words) != 2 or not all(is_digits(w) for w in words):
            raise InvalidPosition(f"{self.name}: a position is 'i M' (next pile, current M), got {text.strip()!r}")
        i = parse_int(words[0], f"{self.name}: the next pile i")
        m = parse_int(words[1], f"{self.name}: the current M")
        if not 0 <= i <= len(self.piles) or m < 1:
            raise InvalidPosition(f"{self.name}: need 0 <= i <= {len(self.piles)} and M >= 1, got {text.strip()!r}")
        return i, m

    def format(self, position: tuple[int, int]) -> str:
        return f"{position[0]} M={position[1]}"


def stone_game_ii_dp(piles: Sequence[int]) -> int:
    """1140 by DP over (i, M): the most stones the first player gets (LeetCode's answer).

    >>> stone_game_ii_dp([2, 7, 9, 4, 4]), stone_game_ii_dp([1, 2, 3, 4, 5, 100])
    (10, 104)
    """
    n = len(piles)
    suffix = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = suffix[i + 1] + piles[i]
    dp = [[0] * (n + 2) for _ in range(n + 1)]  # dp[i][m]
    for i in range(n - 1, -1, -1):
        for m in range(1, n + 1):
            if i + 2 * m >= n:
                dp[i][m] = suffix[i]
            else:
                dp[i][m] = max(suffix[i] - dp[i + x][max(m, x)] for x in range(1, 2 * m + 1))
    return dp[0][1] if n else 0


class StoneGameIII(_Row):
    """LeetCode 1406: take 1, 2 or 3 piles from the front; values may be negative.

    Position ``i``: piles[i:] are left.
    """

    syntax = "the index of the next pile (empty: the start, 0)"
    examples = ("", "0")

    name: ClassVar[str] = "stone-game-iii"

    def moves(self, i: int) -> list[Move[int]]:
        return [Move(f"take {x}", i + x) for x in range(1, min(3, len(self.piles) - i) + 1)]

    def payoff(self, i: int) -> int | None:
        return 0 if i >= len(self.piles) else None

    def _gain(self, position: Any, child: Any) -> int:
        return self.total(position, child)

    def parse(self, text: str) -> int:
        t = text.strip()
        if not t:
            return 0
        if not is_digits(t) or int(t) > len(self.piles):
            raise InvalidPosition(f"{self.name}: a position is the index of the next pile (0..{len(self.piles)})")
        return int(t)

    def format(self, i: int) -> str:
        return str(i)


def stone_game_iii_dp(values: Sequence[int]) -> int:
    """1406 by DP over suffixes: the first player's best score difference (> 0: "Alice").

    >>> stone_game_iii_dp([1, 2, 3, 7]), stone_game_iii_dp([1, 2, 3, -9]), stone_game_iii_dp([1, 2, 3, 6])
    (-1, 15, 0)
    """
    n = len(values)
    dp = [0] * (n + 4)
    for i in range(n - 1, -1, -1):
        best, taken = None, 0
        for x in range(1, 4):
            if i + x > n:
                break
            taken += values[i + x - 1]
            v = taken - dp[i + x]
            best = v if best is None or v > best else best
        dp[i] = best if best is not None else 0
    return dp[0]


#: The most moves of one position listed (Stone Game IV: square roots of the stones).
MAX_MOVES = 10**7


class StoneGameIV(Scored[int]):
    """LeetCode 1510: remove a non-zero square number of stones; who cannot move loses.

    A win/lose game (the Square game of the course notes as a scored game): value +1/-1.
    """

    syntax = "the number of stones left"
    examples = ("7", "17")

    name: ClassVar[str] = "stone-game-iv"
    win_loss: ClassVar[bool] = True

    def moves(self, n: int) -> list[Move[int]]:
        r = isqrt(n)
        if r > MAX_MOVES:  # 10**400 stones: the list alone would never end
            raise SearchLimitExceeded(
                f"{self.name}: {short(str(n), 30)} stones have too many moves to list (more than {MAX_MOVES:,})"
            )
        return [Move(f"remove {k * k}", n - k * k) for k in range(r, 0, -1)]

    def payoff(self, n: int) -> int | None:
        return -1 if n == 0 else None

    validate = validate_by_text  # a position given from Python must read back from its own text

    def parse(self, text: str) -> int:
        t = text.strip().replace("_", "")
        if not is_digits(t):
            raise InvalidPosition(f"{self.name}: a position is the number of stones, got {text.strip()!r}")
        return int(t)

    def spec(self) -> str:
        return self.name


def stone_game_iv_dp(n: int) -> list[bool]:
    """1510: ``win[k]`` for every ``k <= n`` — whether the player to move wins with k stones.

    Sieve from the losing positions: each loss ``l`` makes ``l + s*s`` a win.  Only the few
    losing positions do work, so n = 10^5 takes a fraction of a second.

    >>> [k for k, w in enumerate(stone_game_iv_dp(20)) if not w]
    [0, 2, 5, 7, 10, 12, 15, 17, 20]
    """
    win = bytearray(n + 1)
    squares = [k * k for k in range(1, isqrt(n) + 1)]
    for pos in range(n + 1):
        if not win[pos]:
            for s in squares:
                if pos + s > n:
                    break
                win[pos + s] = 1
    return [bool(w) for w in win]


class StoneGameV(_Row):
    """LeetCode 1563: Alice splits the row in two non-empty parts; Bob throws away the part with
    the larger sum and Alice scores the other (on a tie, Alice chooses which to keep).  The game
    ends at one stone.  Only Alice scores, so Bob's turn is a forced pass: a position is
    ``(i, j, who)`` with ``who`` 0 for Alice (to split piles[i:j]) and 1 for Bob (to pass).
    The value for Alice is her total score from here.
    """

    name: ClassVar[str] = "stone-game-v"
    #: How the CLI names the value: only Alice scores.
    value_meaning: ClassVar[str] = "Alice's score from here"

    def moves(self, position: tuple[int, int, int]) -> list[Move[tuple[int, int, int]]]:
        i, j, who = position
        if who:
            return [Move("Bob throws the larger part away", (i, j, 0))]
        out = []
        for k in range(i + 1, j):
            left, right = self.total(i, k), self.total(k, j)
            if left <= right:
                out.append(Move(f"split {i}:{k} | {k}:{j}, keep left ({left})", (i, k, 1)))
            if right <= left:
                out.append(Move(f"split {i}:{k} | {k}:{j}, keep right ({right})", (k, j, 1)))
        return out

    def payoff(self, position: tuple[int, int, int]) -> int | None:
        i, j, who = position
        return 0 if j - i <= 1 and not who else None

    def _gain(self, position: Any, child: Any) -> int:
        # Alice scores what she keeps; Bob's pass scores nothing.
        return 0 if position[2] else self.total(child[0], child[1])

    def validate(self, position: Any) -> Any:
        """``(i, j, who)``: a slice of the row as ``parse`` reads it, and who is to move (0 or 1)."""
        ok = isinstance(position, tuple) and len(position) == 3 and position[2] in (0, 1)
        if ok and type(position[2]) is int:
            validate_by_text(self, (*position[:2], 0))
            return position
        raise InvalidPosition(f"{self.name}: a position is (i, j, who) with who 0 or 1, got {shown(position)}")

    def parse(self, text: str) -> tuple[int, int, int]:
        body = text.strip()
        who = int(body.lower().endswith(_BOB.lower()))  # the text form of Bob's turn reads back
        i, j = _slice(body[: len(body) - len(_BOB)] if who else body, len(self.piles), self.name)
        if j - i < 1:
            raise InvalidPosition(f"{self.name}: the row must keep at least one stone")
        return i, j, who

    def format(self, position: tuple[int, int, int]) -> str:
        i, j, who = position
        return f"{i}:{j}" + (_BOB if who else "")


#: How Stone Game V writes Bob's turn after the slice.
_BOB = " (Bob to throw away)"


def stone_game_v_dp(values: Sequence[int]) -> int:
    """1563 by interval DP: Alice's best score.

    >>> stone_game_v_dp([6, 2, 3, 4, 5, 5]), stone_game_v_dp([7, 7, 7, 7, 7, 7, 7]), stone_game_v_dp([4])
    (18, 28, 0)
    """
    prefix = (0, *accumulate(values))

    @cache
    def best(i: int, j: int) -> int:
        out = 0
        for k in range(i + 1, j):
            left, right = prefix[k] - prefix[i], prefix[j] - prefix[k]
            if left < right:
                out = max(out, left + best(i, k))
            elif left > right:
                out = max(out, right + best(k, j))
            else:
                out = max(out, left + max(best(i, k), best(k, j)))
        return out

    n = len(values)
    # Fill short intervals first so the cache never recurses deeper than one level.
    for length in range(1, n + 1):
        for i in range(n - length + 1):
            best(i, i + length)
    return best(0, n)


def _row_factory(cls: type[_Row], allow_negative: bool = False) -> Any:
    def factory(params: str | None) -> Any:
        if not params:
            raise InvalidGame(f"{cls.name}: give the row of piles, like {cls.name}:5,3,4,5")
        return cls(parse_piles(params, cls.name, allow_negative=allow_negative))

    return factory


def _iv(params: str | None) -> Any:
    if params:
        raise InvalidGame("stone-game-iv takes no parameters; the position is the number of stones")
    return StoneGameIV()


register(
    GameEntry(
        "stone-game",
        _row_factory(StoneGame),
        "LeetCode 877: take the first or last pile; value = score difference",
        "the row of piles, comma-separated",
        'zermelo negamax stone-game:5,3,4,5 ""',
        rules=StoneGame,
        aliases=("lc877",),
    )
)
register(
    GameEntry(
        "stone-game-ii",
        _row_factory(StoneGameII),
        "LeetCode 1140: take the first 1..2M piles, M = max(M, x); value = score difference",
        "the row of piles, comma-separated",
        'zermelo negamax stone-game-ii:2,7,9,4,4 ""',
        rules=StoneGameII,
        aliases=("lc1140",),
    )
)
register(
    GameEntry(
        "stone-game-iii",
        _row_factory(StoneGameIII, allow_negative=True),
        "LeetCode 1406: take 1-3 piles from the front; value = score difference",
        "the row of values (may be negative), comma-separated",
        'zermelo negamax stone-game-iii:1,2,3,7 ""',
        rules=StoneGameIII,
        aliases=("lc1406",),
    )
)
register(
    GameEntry(
        "stone-game-iv",
        _iv,
        "LeetCode 1510: remove a square number of stones; who cannot move loses",
        "",
        "zermelo negamax stone-game-iv 7",
        rules=StoneGameIV,
        aliases=("lc1510",),
    )
)
register(
    GameEntry(
        "stone-game-v",
        _row_factory(StoneGameV),
        "LeetCode 1563: split the row, Bob discards the larger sum, Alice scores the rest",
        "the row of stone values, comma-separated",
        'zermelo negamax stone-game-v:6,2,3,4,5,5 ""',
        rules=StoneGameV,
        aliases=("lc1563",),
    )
)
