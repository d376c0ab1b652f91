"""Shared checks for the notes' games: a plain reference search and each game's self-check.

``Plain(game)`` is the game with only its ``options``: no key, no components, no closed form, so
the engine's answer on it is the plain search every closed form and every key is checked against.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any

from zermelo.rules import Impartial, Outcome
from zermelo.search.engine import DRAW, NEXT_WINS, PREVIOUS_WINS, Engine, GValue

_STATUS = {NEXT_WINS: Outcome.N, PREVIOUS_WINS: Outcome.P, DRAW: Outcome.DRAW}


class Plain(Impartial[Any]):
    """A game reduced to its options: the engine then searches it with no shortcut."""

    def __init__(self, game: Impartial[Any]) -> None:
        self.game = game

    def options(self, position: Any) -> list[Any]:
        return list(self.game.options(position))


class Reference:
    """Plain-search answers for one game, with one engine shared by every question."""

    def __init__(self, game: Impartial[Any]) -> None:
        self.engine = Engine(Plain(game))

    def outcome(self, position: Any, misere: bool = False) -> Outcome:
        return _STATUS[self.engine.outcome(position, misere)[0]]

    def grundy(self, position: Any) -> GValue:
        return self.engine.grundy(position)

    def winning(self, game: Impartial[Any], position: Any, misere: bool = False) -> list[Any]:
        """The positions the winning moves reach, by plain search, in the game's move order."""
        return [m.position for m in game.moves(position) if self.outcome(m.position, misere) is Outcome.P]


def self_check(
    game: Impartial[Any],
    positions: Iterable[Any],
    symmetries: Sequence[Callable[[Any], Any]] = (),
) -> int:
    """Round-trip text, legal options, labelled moves = options, keys stable under symmetries.

    Returns how many positions were checked (so a caller can assert it checked something).
    """
    count = 0
    for p in positions:
        count += 1
        text = game.format(p)
        assert game.parse(text) == p, (text, p)
        opts = list(game.options(p))
        moves = list(game.moves(p))
        # The labelled moves reach the same games as the options (up to the game's key).
        assert {game.key(c) for c in opts} == {game.key(m.position) for m in moves}, p
        assert all(m.label for m in moves), p
        for c in [*opts, *(m.position for m in moves)]:
            # Every option is a legal position: its text form reads back to it.
            assert game.parse(game.format(c)) == c, (p, c)
        if game.canonical_options:
            assert all(game.key(c) == c for c in opts), p
        k: Hashable = game.key(p)
        hash(k)
        if type(game).index is not Impartial.index:
            # A dense encoding: indices of equal keys are equal, and position_at inverts index.
            for c in [p, *opts]:
                i = game.index(c)
                assert i >= 0 and game.key(game.position_at(i)) == game.key(c), (p, c, i)
            arr = game.option_array(p)
            if arr is not None:
                assert sorted(arr.tolist()) == sorted(map(game.index, opts)), p
        for sym in symmetries:
            assert game.key(sym(p)) == k, (p, sym(p))
    return count


def key_merges_are_sound(game: Impartial[Any], positions: Iterable[Any]) -> int:
    """Positions with the same key must have the same outcome and Grundy value by plain search."""
    ref = Reference(game)
    seen: dict[Hashable, tuple[Outcome, GValue]] = {}
    merged = 0
    for p in positions:
        k = game.key(p)
        val = (ref.outcome(p), ref.grundy(p))
        if k in seen:
            merged += 1
            assert seen[k] == val, (p, k)
        else:
            seen[k] = val
    return merged
