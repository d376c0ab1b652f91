"""Coin-turning games by CGSuite's turning code (CGSuite's ``game.strip.Turning("1-3")``;
Winning Ways ch. 14): Mock Turtles, Ruler, Moebius, Motley, Triplets, Turnips, Grunt, Sym …

**Rules.**  A row of coins, heads ``h`` and tails ``t``, numbered 1, 2, … from the left.  A move
turns over some coins, the rightmost of them from heads to tails (so the game ends).  Which sets
of coins a move may turn is the *turning code*, CGSuite's: ``1-3`` turns one to three coins
(Mock Turtles), ``1+C`` any number of consecutive coins (Ruler), ``3`` exactly three (Triplets),
``3E`` three equally spaced (Turnips), ``4FS`` four symmetric ones including coin 1 (Grunt);
``C(m)`` keeps them within m consecutive coins, and codes join by commas (``2-3,6C``).  The code
is that of the spawning games (:mod:`zermelo.games.spawning`), with the same letters.  Any other
heap game makes a turning game too (CGSuite's ``Turning(game.heap.Kayles)``: ``turning:kayles``,
``turning:cgtbreak:0.07``): a head on coin n may go to tails while the coins at the heaps a move of
the heap game leaves from a heap of n are turned (a coin named twice is turned twice: left as it was).

**Notation.**  ``turning:CODE ROW``, the row as CGSuite writes it (``htththtth``; ``H`` and ``T``
are read too), or a number n: one head, on coin n.  A move is typed as the coins it turns
(``turn 9 4 2``, ``9 4 2``); in the web explorer the coins are clicked, the head first.

**Closed form, and why.**  The coin-turning theorem: a row is the sum of its heads, each played
alone (turning a tail to heads adds a game, turning it back takes it away, and two equal games
cancel).  A head on coin n plays as a heap of n in the spawning game of the same code, which
replaces heap n by the heaps at the other coins turned; CGSuite's ``Turning(S)`` is built on
``Spawning(S)`` in just this way (its "heap representation"), and so is this module: the moves
come from the spawning game's options, and the engine splits a row into its heads
(:meth:`Turning.components`), each searched as any game.  So Mock Turtles' heads are worth the
odious numbers (1, 2, 4, 7, 8, 11, …), Ruler's the largest power of 2 dividing n.

>>> from zermelo.analyses.analysis import grundy
>>> g = Turning("1-3")
>>> grundy(g, g.parse("htththtth"))  # heads on coins 1, 4, 6, 9: 1 ^ 7 ^ 11 ^ 16 (CGSuite: 29)
29
>>> [grundy(Turning("1+C"), Turning("1+C").parse(str(n))) for n in range(1, 9)]
[1, 2, 1, 4, 1, 2, 1, 8]
>>> grundy(Turning("kayles"), Turning("kayles").parse("hthh"))  # Kayles' 1 ^ 3 ^ 1
3
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.errors import InvalidGame
from ..heaps.heap import HeapGame, heap_tuple
from ..rules import Rules
from ..rules.catalogue import CGSuiteName, GameEntry, cgsuite_string, needs_params, register
from ..rules.wording import notes_verdict
from .coins import CoinTurning
from .spawning import Spawning

if TYPE_CHECKING:
    from ..analyses.analysis import Analysis

__all__ = ["Turning", "turning_code"]

#: Winning Ways' names of the codes (CGSuite's table in its help for ``Turning``).
NAMED = {
    "1-2": "Turning Turtles",
    "1-3": "Mock Turtles",
    "1-5": "Moebius",
    "1-7": "Mogul",
    "1-9": "Moidores",
    "1+": "Motley",
    "2": "Twins",
    "3": "Triplets",
    "1+C": "Ruler",
    "1-3C(5)": "Mock Turtle Fives",
    "3C(5)": "Triplet Fives",
    "1-5C": "Ruler Fives",
    "3E": "Turnips",
    "4FS": "Grunt",
    "1+S": "Sym",
    "1+FS": "Sympler",
}


class Turning(CoinTurning):
    """The coin-turning game of a turning code (see the module docstring)."""

    syntax = "the row of coins from the left: H heads, T tails (CGSuite's h and t too; a number n: one head, on coin n)"
    examples = ("HTTHTHTTH", "THHT")

    name: ClassVar[str] = "turning"

    def __init__(self, code: str, heaps: HeapGame | None = None) -> None:  # the code gives the moves
        if heaps is None:
            heaps = Spawning(code) if code.strip()[:1].isdigit() else _heap_rules(code)
        self.heaps: HeapGame = heaps
        self.rule = heaps.code if isinstance(heaps, Spawning) else heaps.spec()

    @classmethod
    def of_heaps(cls, heaps: Rules[Any]) -> Turning:
        """The turning game whose heap representation is the heap game ``heaps`` itself (CGSuite's
        ``Turning(R)``: also a game no spec rebuilds, the evaluator's ``HeapRuleset(n -> …)``).

        >>> from zermelo.heaps.games import Kayles
        >>> Turning.of_heaps(Kayles()).spec(), Turning.of_heaps(Spawning("1-3")).spec()
        ('turning:kayles', 'turning:1-3')
        """
        if not isinstance(heaps, HeapGame):
            raise InvalidGame(
                f"turning: {heaps.spec()} is not a game on heaps; a turning game is made of a heap ruleset"
            )
        return cls("", heaps)

    def spec(self) -> str:
        return f"{self.name}:{self.rule}"

    def _others(self, i: int) -> Iterator[tuple[int, ...]]:
        """The coins (0-based, left of coin ``i``) a move turns besides ``i``: the heaps that a heap
        of i + 1 spawns (listed by the spawning game, which refuses too many to list)."""
        for option in self.heaps.options(i + 1):
            # A coin named twice is turned twice, so left as it was: as two equal heaps cancel.
            yield tuple(sorted(h - 1 for h, times in Counter(heap_tuple(option)).items() if h and times % 2))

    def coin_value(self, i: int) -> int:
        raise NotImplementedError("a turning code's heads are valued by the engine's search")

    def grundy_formula(self, coins: tuple[int, int]) -> int | None:
        return None  # the heads are split apart (components) and each searched

    def explain(self, coins: tuple[int, int], analysis: Analysis) -> str | None:
        """The coin-turning theorem: the row is the sum of its heads."""
        a = analysis
        if a.misere:
            return None
        n, heads = coins
        where = [str(i + 1) for i in range(n) if heads >> i & 1]
        named = NAMED.get(self.rule)
        spawning = isinstance(self.heaps, Spawning)
        game = f"{named} (turning code {self.rule})" if named else f"The turning code {self.rule}"
        if not spawning:
            game = f"The turning game of the heap game {self.rule}"
        heap = f'game.heap.Spawning("{self.rule}")' if spawning else self.rule
        move = f" A winning move: {a.winning_moves[0].label}." if a.winning_moves else ""
        heads_text = f"its heads (on coins {', '.join(where)})" if where else "no head"
        return (
            f"{game}: a move turns coins as the code allows, the rightmost from heads to tails. By the"
            f" coin-turning theorem the row '{self.format(coins).lower()}' is the sum of {heads_text}, each a"
            f" game of its own: a head on coin n plays as a heap of n in {heap};"
            f" {notes_verdict(a)}.{move}"
        )


def turning_code(params: str) -> str:
    """CGSuite's argument of ``Turning``: a turning code, or a heap ruleset (which the evaluator
    hands over as ``ruleset:SPEC``): a spawning ruleset as its code, any other by its spec.

    >>> turning_code("1-3"), turning_code("ruleset:spawning:1+C"), turning_code("ruleset:kayles")
    ('1-3', '1+C', 'kayles')
    """
    if not params.startswith("ruleset:"):
        return params
    spec = params.removeprefix("ruleset:")
    head, _, code = spec.partition(":")
    return code if head == "spawning" and code else spec


def _heap_rules(spec: str) -> HeapGame:
    """The heap game a turning game is made of, by its spec (``kayles``, ``cgtbreak:0.07``)."""
    from .registry import make_game

    try:
        game = make_game(spec)
    except InvalidGame as exc:
        raise InvalidGame(f"turning: {spec!r} is neither a turning code (1-3, 1+C) nor a heap game ({exc})") from None
    if not isinstance(game, HeapGame):
        raise InvalidGame(f"turning: {spec} is not a game on heaps; a turning game is made of a heap ruleset")
    return game


register(
    GameEntry(
        "turning",
        needs_params(Turning, "turning", "the turning code", "1-3"),
        "coin-turning games by CGSuite's turning code: Mock Turtles (1-3), Ruler (1+C), Turnips (3E), …",
        "CODE: how many coins a move turns (1-3, 1+, 3), then C, C(m), E, S, F (as spawning); or a heap game's"
        " spec (kayles, cgtbreak:0.07)",
        "turning:1-3 htththtth",
        table="{n}",
        rules=Turning,
        cgsuite=(
            CGSuiteName(
                "game.strip.Turning",
                family=True,
                code=turning_code,
                shown=cgsuite_string({"H": "h", "T": "t"}),
                of_ruleset=Turning.of_heaps,
            ),
        ),
    )
)
