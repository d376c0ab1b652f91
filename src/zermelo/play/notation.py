"""Moves in words: the labelled moves of a partisan side, and the move a person typed.

A move is read as a move number (``3`` or ``#3``), its label, the game's own notation (the
rules' :meth:`~zermelo.rules.Rules.parse_move` hook: ``2 3`` in Nim, ``a1-a2`` on a board), the
words and numbers of one label, or the position it leads to.  The game's notation lives in the
game's module; this module holds only what every game shares.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import islice
from typing import Any

from ..core.checks import is_digits
from ..core.errors import InvalidPosition, Remedy, Unsupported, ZermeloError
from ..rules import Move, Partisan, Rules
from ..rules.boards import norm
from .values import LEFT, MAX_MOVES, MAX_TYPED, SIDES, MoveInfo

__all__ = ["find_move", "partisan_moves"]


def partisan_moves(game: Partisan[Any], position: Any, side: str) -> list[Move[Any]]:
    """The labelled moves of ``side`` (``left`` / ``right``).

    The rules' :meth:`~zermelo.rules.Partisan.left_moves` / ``right_moves``: by default, on a
    grid board, the cells the move changes, ``a1-a2`` (columns a, b, … from the left, rows 1, 2,
    … from the top; a cell that was emptied comes first, so Clobber's ``b1-a1`` moves from b1 to
    a1), or the one cell it used up (Col); else ``to`` and the position it leads to.

    >>> from zermelo.games.domineering import Domineering
    >>> d = Domineering()
    >>> [m.label for m in partisan_moves(d, d.parse("..|.."), "left")]
    ['a1-a2', 'b1-b2']
    >>> [m.label for m in partisan_moves(d, d.parse("..|.."), "right")]
    ['a1-b1', 'a2-b2']
    """
    if side not in SIDES:
        raise InvalidPosition(f"the side to move is left or right, got {side!r}")
    labelled = game.left_moves(position) if side == LEFT else game.right_moves(position)
    moves: list[Move[Any]] = list(islice(labelled, MAX_MOVES + 1))
    if len(moves) > MAX_MOVES:
        raise Unsupported(
            f"{game.spec()}: more than {MAX_MOVES:,} legal moves from {game.format(position)}; too many to play"
        )
    return moves


# ---------------------------------------------------------------------- reading typed moves
def find_move(
    game: Rules[Any],
    position: Any,
    text: str,
    moves: list[MoveInfo],
    judge: Callable[[Move[Any]], MoveInfo] | None = None,
) -> MoveInfo:
    """The move a person typed: a move number, a label, the game's notation, or the result.
    ``moves`` may be a few standing for all (a heap of 10^60): a move of the game's notation that
    is not among them is judged by ``judge``.

    Raises :class:`InvalidPosition` with a short reason when no legal move matches.

    >>> from zermelo.games import Nim
    >>> from zermelo.play import classify
    >>> ms = classify(Nim(), (3, 4, 5)).moves
    >>> for t in ("1 2", "heap 3 -> 1", "to 3 4 1", "#1", "take 1 from heap 2"):
    ...     print(find_move(Nim(), (3, 4, 5), t, ms).label)
    take 2 from heap 1 (3 -> 1)
    take 4 from heap 3 (5 -> 1)
    take 4 from heap 3 (5 -> 1)
    take 3 from heap 1 (3 -> 0)
    take 1 from heap 2 (4 -> 3)
    """
    t = norm(text)
    if not t:
        raise InvalidPosition("type a move", remedies=(Remedy.LIST_MOVES,))
    if len(t) > MAX_TYPED:
        raise InvalidPosition(
            f"a move is at most {MAX_TYPED:,} characters; got {len(t):,}", remedies=(Remedy.LIST_MOVES,)
        )
    if not moves:
        raise InvalidPosition("the game is over: there is no legal move")
    bare = t.lstrip("#")
    if t.startswith("#") and is_digits(bare):
        return _by_number(int(bare), moves)
    for m in moves:
        if norm(m.label) == t:
            return m
    hit = game.parse_move(position, t, [m.move for m in moves])  # the game's own notation
    if hit is not None:
        listed = next((m for m in moves if m.move is hit), None)
        if listed is not None or judge is None:
            return listed or MoveInfo(0, hit, game.format(hit.position), "", None)
        return judge(hit)
    if is_digits(t):
        return _by_number(int(t), moves)
    ends = [m for m in moves if norm(m.label).endswith(" " + t)]
    if len(ends) == 1:  # the label without its first words: "b2" for "X b2"
        return ends[0]
    same = _by_tokens(t, moves)
    if same is not None:
        return same
    target = t[3:] if t.startswith("to ") else t[2:].strip() if t.startswith("->") else t
    try:
        p = game.parse(target)
    except (ZermeloError, ValueError):
        p = None
    if p is not None:
        key = game.key(p)
        for m in moves:
            if game.key(m.position) == key:
                return m
        raise InvalidPosition(f"no legal move leads to {game.format(p)}", remedies=(Remedy.LIST_MOVES,))
    raise InvalidPosition(f"cannot read the move {text.strip()!r}", remedies=(Remedy.LIST_MOVES, Remedy.MOVE_NUMBER))


_TOKEN = re.compile(r"[^\W\d_]+|\d+")


def _by_tokens(t: str, moves: list[MoveInfo]) -> MoveInfo | None:
    """The one move whose label has the typed words and numbers, punctuation aside ("eat 2 3" or
    "(2,3)" for "eat (2, 3)"); when only numbers were typed, the label's numbers ("2 3"); else the
    one label that starts with the typed words ("take 2" for "take 2 (20 -> 18)")."""
    typed = _TOKEN.findall(t)
    if not typed:
        return None
    numbers_only = all(is_digits(w) for w in typed)
    labels = [_TOKEN.findall(norm(m.label)) for m in moves]

    def exact(label: list[str]) -> bool:
        return label == typed or (numbers_only and [w for w in label if w.isdigit()] == typed)

    def prefix(label: list[str]) -> bool:
        return not numbers_only and label[: len(typed)] == typed

    for same in (exact, prefix):
        hits = [m for m, label in zip(moves, labels, strict=True) if same(label)]
        if len(hits) == 1:
            return hits[0]
        if hits:
            return None  # ambiguous: say so through the caller's "cannot read"
    return None


def _by_number(k: int, moves: list[MoveInfo]) -> MoveInfo:
    if not 1 <= k <= len(moves):
        raise InvalidPosition(f"there is no move number {k}: the moves are numbered 1 to {len(moves)}")
    return moves[k - 1]
