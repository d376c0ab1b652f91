"""Phrases every "why" shares: verdicts, plurals, long numbers, nim-sums, Bouton's columns.

A game's :meth:`~zermelo.rules.Rules.explain` and the generic reasons of :mod:`zermelo.analyses.explain`
speak with these, so every answer reads the same way.  This module sits below the games (it
imports only :mod:`zermelo.rules`): a game may import it, and it imports no game.

>>> num(2**200)
'16069380…35301376 (61 digits)'
>>> plural(1, "move"), plural(3, "move")
('1 move', '3 moves')
>>> xor_text([3, 5, 6])
'3 ⊕ 5 ⊕ 6 = 0'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.sprague_grundy import nim_sum
from . import Move, Outcome, Rules

if TYPE_CHECKING:
    from ..analyses.analysis import Analysis

__all__ = [
    "MAX_DIGITS",
    "MAX_LISTED",
    "MAX_MOVES",
    "few",
    "first_move",
    "heap_move_label",
    "move_and_result",
    "nim_columns",
    "notes_verdict",
    "num",
    "parts_text",
    "plural",
    "some_winning_move",
    "too_big",
    "values_text",
    "verdict",
    "xor_text",
]

#: Explanations that list options look at no more than this many moves.
MAX_MOVES = 100_000
#: Numbers longer than this many digits are shown abbreviated.
MAX_DIGITS = 40
#: Heaps (or components) listed one by one before "…".
MAX_LISTED = 12


def heap_move_label(heaps: Sequence[int], i: int, parts: Sequence[int], unit: str = "") -> str:
    """How a move that turns heap ``i`` (from 0) of ``heaps`` into ``parts`` is said: a take, or
    the heaps a split leaves (the heap named only when there are several).

    >>> heap_move_label((7, 5), 1, (2,)), heap_move_label((5,), 0, (1, 3)), heap_move_label((5, 6), 0, ())
    ('take 3 from heap 2 (5 -> 2)', '5 -> 1 + 3', 'heap 1: 5 -> 0')
    """
    h, single = heaps[i], len(heaps) == 1
    if len(parts) == 1:
        return f"take {h - parts[0]}{unit}{'' if single else f' from heap {i + 1}'} ({h} -> {parts[0]})"
    kept = " + ".join(str(x) for x in parts if x)
    return f"{h} -> {kept or 0}" if single else f"heap {i + 1}: {h} -> {kept or 0}"


def num(n: int) -> str:
    """An exact integer, abbreviated when it is too long to read."""
    s = str(n)
    if len(s) <= MAX_DIGITS:
        return s
    return f"{s[:8]}…{s[-8:]} ({len(s)} digits)"


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 move``, ``2 moves`` (with thousands separators); ``many`` for an irregular plural.

    >>> plural(1, "ply", "plies"), plural(3, "ply", "plies"), plural(1200, "move")
    ('1 ply', '3 plies', '1,200 moves')
    """
    return f"{n:,} " + (word if n == 1 else many or word + "s")


def verdict(a: Analysis, *, short: bool = False) -> str:
    """The outcome as the end of a sentence: ``so the player to move wins (an N-position)``;
    ``short``: the notes' shorter form (``so the player to move wins``)."""
    if a.outcome is Outcome.P:
        return "so the player to move loses (a P-position)"
    if a.outcome is Outcome.N:
        return "so the player to move wins" + ("" if short else " (an N-position)")
    return "so neither player can force a win" + (
        " (a draw)" if short else ": with best play the game goes on for ever (a draw)"
    )


def notes_verdict(a: Analysis) -> str:
    """The shorter verdict of the notes' games: ``verdict(a, short=True)``."""
    return verdict(a, short=True)


def move_and_result(m: Move[Any], game: Rules[Any]) -> str:
    """A move's label, then the position it leads to unless the label already ends with it."""
    result = game.format(m.position)
    if m.label.endswith((f" {result})", f" {result}")):
        return m.label
    return f"{m.label}, to '{result}'"  # set off from the prose: a board's dots never run into the full stop


def some_winning_move(a: Analysis, game: Rules[Any]) -> str:
    """`` A winning move: …`` (with how many there are), or nothing when there is none."""
    if not a.winning_moves:
        return ""
    m = a.winning_moves[0]
    more = f" ({len(a.winning_moves)} winning moves in all)" if len(a.winning_moves) > 1 else ""
    return f" A winning move: {move_and_result(m, game)}{more}."


def first_move(a: Analysis) -> str:
    """`` A winning move: <label>.``, or nothing when there is none."""
    return f" A winning move: {a.winning_moves[0].label}." if a.winning_moves else ""


def too_big(game: Any, position: Any) -> bool:
    """Whether the position is too big for an explanation to list its moves (its size hint)."""
    hint = game.size_hint(position)
    return hint is not None and bool(hint > 10 * MAX_MOVES)


def values_text(values: Sequence[int]) -> str:
    """A set of values, the first few: ``{0, 1, 3, …}``."""
    shown = ", ".join(map(str, values[:MAX_LISTED])) + (", …" if len(values) > MAX_LISTED else "")
    return "{" + shown + "}"


def few(values: Sequence[Any]) -> str:
    """The first few items, comma separated, then … (an explanation stays readable)."""
    return ", ".join(map(str, values[:MAX_LISTED])) + (", …" if len(values) > MAX_LISTED else "")


def xor_text(values: list[int]) -> str:
    """The nim-sum written out: ``3 ⊕ 5 ⊕ 6 = 0`` (one value alone, ``0`` for none)."""
    total = nim_sum(*values)
    if not values:
        return "0"
    if len(values) == 1:
        return str(values[0])
    terms = " ⊕ ".join(map(str, values[:MAX_LISTED])) + (" ⊕ …" if len(values) > MAX_LISTED else "")
    return f"{terms} = {total}"


def parts_text(values: list[int], one: str, many: str) -> str:
    """Independent parts and their nimbers: ``3 regions worth *1, *2, *3; their nim-sum is …``."""
    worth = few([f"*{v}" for v in values])
    if len(values) == 1:
        return f"one {one}, worth *{values[0]}"
    return f"{len(values):,} {many} worth {worth}; their nim-sum is {xor_text(values)}"


def nim_columns(heaps: Sequence[int], *, named: bool = True) -> list[str]:
    """Bouton's table: the heaps in binary, one line each, then the column counts and the nim-sum.

    >>> print("\\n".join(nim_columns((3, 5, 6))))
      heap 1:  3 = 011
      heap 2:  5 = 101
      heap 3:  6 = 110
      ones per column:  2 2 2 (even even even)  →  nim-sum 0 = 000

    ``named=False`` leaves out the heap names (the nimber calculator's numbers).
    """
    s = nim_sum(*heaps)
    bits = max(1, *(h.bit_length() for h in heaps))
    width = max(len(str(h)) for h in heaps)
    lines = []
    shown = heaps if len(heaps) <= MAX_LISTED else heaps[:MAX_LISTED]
    for i, h in enumerate(shown):
        name = f"heap {i + 1}:  " if named else ""
        lines.append(f"  {name}{str(h).rjust(width)} = {h:0{bits}b}")
    if len(heaps) > MAX_LISTED:
        lines.append(f"  … and {len(heaps) - MAX_LISTED} more heaps")
    counts = [sum(1 for h in heaps if h >> b & 1) for b in range(bits - 1, -1, -1)]
    parity = " ".join("odd" if c % 2 else "even" for c in counts)
    lines.append(f"  ones per column:  {' '.join(map(str, counts))} ({parity})  →  nim-sum {s} = {s:0{bits}b}")
    return lines
