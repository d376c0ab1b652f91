"""Coin-turning games (Winning Ways ch. 14; the notes mention Turning Turtles): a row of coins,
heads H and tails T, numbered 1, 2, … from the left (a bare number n is n coins with one head,
on coin n).  A move turns over some coins by the game's
rule, and the rightmost coin turned must go from heads to tails (so the game ends).

* ``turtles`` — Turning Turtles: turn one coin, and optionally one coin to its left.
* ``mockturtles`` — Mock Turtles: turn one to three coins.
* ``ruler`` — Ruler: turn any number of consecutive coins.
* ``twins`` — Twins: turn exactly two coins.

The coin-turning theorem: a position is the sum of its heads, each played alone (turning a tail
to heads adds a game, turning heads to tails removes one).  So the engine splits a position into
its heads (:meth:`CoinTurning.components`), and a head on coin i is worth a closed form
(:meth:`CoinTurning.coin_value`, checked against plain search in the tests):

* Turning Turtles: i (Nim with heap i); Twins: i − 1;
* Mock Turtles: the (i−1)-th odious number (odd number of ones in binary: 1, 2, 4, 7, 8, 11, …);
* Ruler: the largest power of 2 dividing i (1, 2, 1, 4, 1, 2, 1, 8, …).

>>> from zermelo.analyses.analysis import grundy
>>> g = CoinTurning("mockturtles")
>>> [g.coin_value(i) for i in range(1, 9)]
[1, 2, 4, 7, 8, 11, 13, 14]
>>> grundy(g, g.parse("THHTH"))  # heads on coins 2, 3, 5: 2 ⊕ 4 ⊕ 8
14
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from itertools import combinations, permutations
from typing import TYPE_CHECKING, ClassVar

from ..core.checks import is_digits, parse_int
from ..core.errors import InvalidGame, InvalidPosition
from ..core.sprague_grundy import nim_sum
from ..rules import Impartial, Move, validate_by_text
from ..rules.boards import Board, coins_board, whole_numbers
from ..rules.catalogue import GameEntry, register
from ..rules.wording import MAX_LISTED, notes_verdict, xor_text
from ._grid import check_cells

if TYPE_CHECKING:
    from ..analyses.analysis import Analysis

__all__ = ["RULES", "CoinTurning"]

#: The rules, by name: what a move may turn besides its rightmost coin (1-based coin i).
RULES = {
    "turtles": "turn one coin from heads to tails, and optionally one coin to its left",
    "mockturtles": "turn one, two or three coins; the rightmost goes from heads to tails",
    "ruler": "turn any number of consecutive coins; the rightmost goes from heads to tails",
    "twins": "turn exactly two coins; the rightmost goes from heads to tails",
}
#: The most coins in a row (the whole graph of a row of n coins has 2^n positions).
MAX_COINS = 200

Coins = tuple[int, int]  # (number of coins, mask of heads: coin i is bit i - 1)


class CoinTurning(Impartial[Coins]):
    """A coin-turning game (``coins:turtles``, ``coins:mockturtles``, ``coins:ruler``, ``coins:twins``)."""

    syntax = "the row of coins from the left: H heads, T tails"
    examples = ("THHTH", "HHT")
    cell_symbols = "TH"

    name: ClassVar[str] = "coins"

    def __init__(self, rule: str) -> None:
        if rule not in RULES:
            raise InvalidGame(f"coins: the rule is one of {', '.join(RULES)}, got {rule!r}")
        self.rule = rule

    def spec(self) -> str:
        return f"{self.name}:{self.rule}"

    def _others(self, i: int) -> Iterator[tuple[int, ...]]:
        """The sets of coins (0-based, left of i) a move turns besides coin i."""
        if self.rule == "turtles":
            yield ()
            yield from ((j,) for j in range(i))
        elif self.rule == "twins":
            yield from ((j,) for j in range(i))
        elif self.rule == "mockturtles":
            for size in (0, 1, 2):
                yield from combinations(range(i), size)
        else:  # ruler
            for start in range(i, -1, -1):
                yield tuple(range(start, i))

    def moves(self, coins: Coins) -> Iterator[Move[Coins]]:
        n, heads = coins
        for i in range(n):
            if not heads >> i & 1:
                continue
            for others in self._others(i):
                turned = (1 << i) | sum(1 << j for j in others)
                which = ", ".join(str(j + 1) for j in (*others, i))
                word = "coin" if not others else "coins"
                yield Move(f"turn {word} {which}", (n, heads ^ turned))

    def options(self, coins: Coins) -> Iterator[Coins]:
        return (m.position for m in self.moves(coins))

    def key(self, coins: Coins) -> Hashable:
        return coins

    def components(self, coins: Coins) -> Sequence[Coins] | None:
        """The coin-turning theorem: each head is a game of its own."""
        n, heads = coins
        if heads.bit_count() < 2:
            return None
        return [(n, 1 << i) for i in range(n) if heads >> i & 1]

    def size_hint(self, coins: Coins) -> int:
        return 1 << coins[0]

    def coin_value(self, i: int) -> int:
        """The Grundy value of a single head on coin ``i`` (1-based), by the game's closed form."""
        if self.rule == "turtles":
            return i
        if self.rule == "twins":
            return i - 1
        if self.rule == "mockturtles":
            k = i - 1
            return 2 * k + (1 - bin(k).count("1") % 2)
        return i & -i  # ruler

    def grundy_formula(self, coins: Coins) -> int | None:
        n, heads = coins
        if n <= 16:
            return None  # small rows: the engine's search (the tests compare it with this formula)
        return nim_sum(*(self.coin_value(i + 1) for i in range(n) if heads >> i & 1))

    def parse(self, text: str) -> Coins:
        t = "".join(text.split()).upper()
        if is_digits(t):  # a number n: one head, on coin n (the table of the heads' values)
            n = parse_int(t, f"{self.name}: the coin with a head", maximum=MAX_COINS)
            return (n, 1 << (n - 1) if n else 0)
        if not t:
            raise InvalidPosition(f"{self.name}: a row is H (heads) and T (tails), like 'THHTH'; got {text.strip()!r}")
        check_cells(self.name, [t], "HT")  # the first other character, by its column
        if len(t) > MAX_COINS:
            raise InvalidPosition(f"{self.name}: at most {MAX_COINS} coins, got {len(t)}")
        return (len(t), sum(1 << i for i, c in enumerate(t) if c == "H"))

    def format(self, coins: Coins) -> str:
        n, heads = coins
        return "".join("H" if heads >> i & 1 else "T" for i in range(n))

    def validate(self, coins: Coins) -> Coins:
        return validate_by_text(self, coins)

    def parse_move(self, coins: Coins, text: str, moves: Sequence[Move[Coins]]) -> Move[Coins] | None:
        """The coins a move turns, in any order: ``turn 5 3``, ``coins 3 4 5``, ``5 4``; Ruler's run
        also by its ends (``3-5``, ``turn 5 3``).  A lone number is the move's number, as in every
        game, unless it follows ``turn`` or ``coin``.

        >>> g = CoinTurning("ruler")
        >>> g.parse_move((5, 0b10110), "3-5", list(g.moves((5, 0b10110)))).label
        'turn coins 3, 4, 5'
        """
        words = text.replace(",", " ").replace("-", " ").split()
        named = bool(words) and words[0] in ("turn", "coin", "coins")
        nums = whole_numbers([w for w in words if w not in ("turn", "coin", "coins")])
        if nums is None or (len(nums) == 1 and not named):
            return None
        want = set(nums)
        for m in moves:
            turned = {i + 1 for i in range(coins[0]) if (coins[1] ^ m.position[1]) >> i & 1}
            if turned == want or (self.rule == "ruler" and {min(turned), max(turned)} == want):
                return m
        raise InvalidPosition(f"no legal move turns coins {', '.join(map(str, sorted(want)))}")

    def board(self, coins: Coins) -> Board:
        """The row of coins."""
        return coins_board(self.format(coins))

    def board_clicks(self, coins: Coins, after: Coins, side: str | None = None) -> list[list[str]]:
        """A move is clicked by the coins it turns, its rightmost head first (the coin that goes to
        tails), then the others in any order; Ruler's run of coins by its two ends.

        >>> CoinTurning("ruler").board_clicks((5, 0b10110), (5, 0b01000))  # coins 2 to 5
        [['c:5', 'c:2']]
        >>> CoinTurning("mockturtles").board_clicks((5, 0b10000), (5, 0b00101))
        [['c:5', 'c:3', 'c:1'], ['c:5', 'c:1', 'c:3']]
        """
        turned = coins[1] ^ after[1]
        if not turned:
            return []
        coin = [i + 1 for i in range(coins[0]) if turned >> i & 1]
        head, others = coin[-1], coin[-2::-1]
        if self.rule == "ruler" and others:
            others = others[-1:]
        return [[f"c:{head}", *(f"c:{i}" for i in order)] for order in permutations(others)]

    def explain(self, coins: Coins, analysis: Analysis) -> str | None:
        """The coin-turning theorem: the nim-sum of the heads' values."""
        a = analysis
        n, heads = coins
        if a.misere:
            return None
        where = [i + 1 for i in range(n) if heads >> i & 1]
        values = [self.coin_value(i) for i in where]
        value_rule = {
            "turtles": "a head on coin i is worth *i (it is Nim with a heap of i)",
            "twins": "a head on coin i is worth *(i − 1)",
            "mockturtles": "a head on coin i is worth the (i − 1)-th odious number (1, 2, 4, 7, 8, 11, …)",
            "ruler": "a head on coin i is worth the largest power of 2 dividing i",
        }[self.rule]
        shown = ", ".join(f"coin {i}: *{v}" for i, v in zip(where[:MAX_LISTED], values, strict=False))
        more = ", …" if len(where) > MAX_LISTED else ""
        move = f" A winning move: {a.winning_moves[0].label}." if a.winning_moves else ""
        heads_text = f"the heads ({shown}{more}) have nim-sum {xor_text(values)}" if where else "there is no head"
        return (
            f"{RULES[self.rule].capitalize()}. By the coin-turning theorem the row '{self.format(coins)}' is the sum "
            f"of its heads, each a game of its own; {value_rule}. Here {heads_text}, {notes_verdict(a)}.{move}"
        )


def _coins(params: str | None) -> CoinTurning:
    return CoinTurning((params or "").strip().lower().replace("-", "").replace(" ", ""))


register(
    GameEntry(
        "coins",
        _coins,
        "coin-turning games: Turning Turtles, Mock Turtles, Ruler, Twins (rightmost coin turned goes H -> T)",
        "turtles | mockturtles | ruler | twins",
        "coins:mockturtles THHTH",
        aliases=("cointurning",),
        table="{n}",
        rules=CoinTurning,
    )
)
