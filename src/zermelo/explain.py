"""The "why" of an analysis, in the words of the lecture notes.

Each explainer gets the rules, the position and the finished :class:`~zermelo.analysis.Analysis`
and returns a few sentences.  Games with a theory (Nim: Bouton's binary columns; Wythoff: the
Beatty pairs) get their own; every impartial game gets the mex rule; every sum the XOR.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import islice
from typing import TYPE_CHECKING, Any

from .engine import Loopy, engine_for
from .rules import Impartial, Outcome

if TYPE_CHECKING:
    from .analysis import Analysis

__all__ = ["explain", "explainer"]

#: Explanations that list options look at no more than this many moves.
MAX_MOVES = 100_000

Explainer = Callable[[Impartial[Any], Any, "Analysis"], str]
_EXPLAINERS: dict[type, Explainer] = {}


def explainer(cls: type) -> Callable[[Explainer], Explainer]:
    """Register the explainer of a game class (used for its subclasses too)."""

    def deco(fn: Explainer) -> Explainer:
        _EXPLAINERS[cls] = fn
        return fn

    return deco


def explain(game: Impartial[Any], position: Any, analysis: Analysis) -> str:
    """A short explanation of why the position has its outcome."""
    for cls in type(game).__mro__:
        fn = _EXPLAINERS.get(cls)
        if fn is not None:
            return fn(game, position, analysis)
    return generic(game, position, analysis)


def _verdict(a: Analysis) -> str:
    if a.outcome is Outcome.P:
        return "so the player to move loses (a P-position)"
    if a.outcome is Outcome.N:
        return "so the player to move wins (an N-position)"
    return "so neither player can force a win: with best play the game goes on for ever (a draw)"


def generic(game: Impartial[Any], position: Any, a: Analysis) -> str:
    """The backward-induction reasons: the mex rule, or the P/N rule under misère play."""
    moves = list(islice(game.moves(position), MAX_MOVES + 1))
    if len(moves) > MAX_MOVES:
        return f"The Grundy value is {a.grundy}, {_verdict(a)}." if a.grundy is not None else f"{_verdict(a)}."
    if not moves:
        who = "wins" if a.misere else "loses"
        return f"No move is possible: under {'misère' if a.misere else 'normal'} play the player to move {who}."
    if a.misere or a.grundy is None or isinstance(a.grundy, Loopy):
        if a.outcome is Outcome.N:
            return f"Some move leads to a position where the opponent loses, {_verdict(a)}."
        if a.outcome is Outcome.P:
            return f"Every one of the {len(moves)} moves leads to a position where the opponent wins, {_verdict(a)}."
        return f"No move leads to a lost position, but some move avoids losing for ever, {_verdict(a)}."
    eng = engine_for(game)
    try:
        values = sorted({int(v) for v in eng.grundies([m.position for m in moves]) if isinstance(v, int)})
    except Exception:
        return f"The Grundy value is {a.grundy}, {_verdict(a)}."
    shown = ", ".join(map(str, values[:12])) + (", …" if len(values) > 12 else "")
    return (
        f"The options have Grundy values {{{shown}}}; the mex (least value not among them) is "
        f"{a.grundy}, {_verdict(a)}."
    )


# --- explainers of the notes' games ---
# Staircase Nim, Fibonacci Nim, Poker Nim, Chomp, Green Hackenbush, Northcott's game, the rook
# game, the divisor game and Cram: each says why in the notes' terms, and falls back to the mex
# rule (``generic``) where its theory does not speak (misère play).

from .games.chomp import Chomp, transpose  # noqa: E402
from .games.cram import Cram  # noqa: E402
from .games.divisor import Divisor  # noqa: E402
from .games.fibonacci import Fibonacci, limit, zeckendorf  # noqa: E402
from .games.green_hackenbush import GreenHackenbush, hackenbush_value  # noqa: E402
from .games.northcott import Northcott, gaps  # noqa: E402
from .games.pokernim import PokerNim  # noqa: E402
from .games.rook import Rook  # noqa: E402
from .games.staircase import Staircase  # noqa: E402


def _notes_verdict(a: Analysis) -> str:
    if a.outcome is Outcome.N:
        return "so the player to move wins"
    if a.outcome is Outcome.P:
        return "so the player to move loses (a P-position)"
    return "so neither player can force a win (a draw)"


def _xor_text(values: list[int]) -> str:
    total = 0
    for v in values:
        total ^= v
    if not values:
        return "0"
    if len(values) == 1:
        return str(values[0])
    return f"{' ⊕ '.join(map(str, values))} = {total}"


def _parts_text(values: list[int], one: str, many: str) -> str:
    worth = ", ".join(f"*{v}" for v in values)
    if len(values) == 1:
        return f"one {one}, worth *{values[0]}"
    return f"{len(values)} {many} worth {worth}; their nim-sum is {_xor_text(values)}"


def _first_move(a: Analysis) -> str:
    return f" A winning move: {a.winning_moves[0].label}." if a.winning_moves else ""


@explainer(Staircase)
def _explain_staircase(game: Impartial[Any], position: Any, a: Analysis) -> str:
    if a.misere:
        return generic(game, position, a)
    odd = list(position[1::2])
    stairs = ", ".join(str(i) for i in range(1, len(position), 2)) or "none"
    return (
        f"Only the odd stairs ({stairs}) matter. Moving stones off an odd stair is a Nim move; moving stones "
        "onto an odd stair is undone by moving them one stair further down, so the stones on even stairs never "
        f"count. The odd stairs hold {odd or [0]}, nim-sum {_xor_text(odd)}, {_notes_verdict(a)}.{_first_move(a)}"
    )


@explainer(Fibonacci)
def _explain_fibonacci(game: Impartial[Any], position: Any, a: Analysis) -> str:
    n = position[0]
    if a.misere or n == 0:
        return generic(game, position, a)
    terms = zeckendorf(n)
    cap = limit(position)
    z = terms[-1]
    zeck = " + ".join(map(str, terms))
    rule = "at most n − 1 on the first move" if position[1] == 0 else f"at most twice the previous take {position[1]}"
    text = f"Zeckendorf: {n} = {zeck}. The player to move may take {rule}, that is up to {cap}. "
    if z <= cap:
        return text + (
            f"The smallest term {z} is allowed: taking it leaves {n - z}, whose smallest Zeckendorf term is more "
            f"than twice {z} and out of the opponent's reach, {_notes_verdict(a)}.{_first_move(a)}"
        )
    if len(terms) == 1:
        text += f"{n} is a Fibonacci number, so the smallest term is {n} itself, out of reach. "
    else:
        text += f"The smallest term {z} is more than {cap}. "
    return text + (
        "Any take k leaves a number whose smallest Zeckendorf term is at most 2k, which the opponent may take, "
        f"{_notes_verdict(a)}."
    )


@explainer(PokerNim)
def _explain_pokernim(game: Impartial[Any], position: Any, a: Analysis) -> str:
    if a.misere:
        return generic(game, position, a)
    heaps, mine, yours = position
    return (
        "Poker Nim is played like Nim, whatever the reserves: the player who wins at Nim answers a removal as in "
        "Nim and reverses any addition by taking the added chips straight back; they never add chips themselves, "
        f"so the loser's reserve runs out (now {mine} chips for the player to move, {yours} for the other) and the "
        f"game ends. The heaps have nim-sum {_xor_text(list(heaps))}, {_notes_verdict(a)}.{_first_move(a)}"
    )


@explainer(Chomp)
def _explain_chomp(game: Impartial[Any], position: Any, a: Analysis) -> str:
    assert isinstance(game, Chomp)
    rectangle = bool(position) and min(position) == max(position) and position != (1,)
    if a.misere or not game.poisoned:
        return generic(game, position, a)
    narrow = transpose(position) if len(position) > 2 else position
    if len(narrow) <= 2 and not rectangle:
        x, y = narrow[0], narrow[1] if len(narrow) > 1 else 0
        side = "rows" if narrow is position else "columns"
        return (
            f"A diagram of two {side} of lengths a and b (here {x} and {y}) is lost for the player to move exactly "
            "when a = b + 1: every move from there leaves a = b or a >= b + 2, and from those one bite restores "
            f"a = b + 1, {_notes_verdict(a)}.{_first_move(a)}"
        )
    if not rectangle:
        return generic(game, position, a)
    return (
        f"Strategy stealing: on a rectangle larger than 1 × 1 the first player wins. If eating only the bottom "
        "right square lost, the opponent would have a winning answer — but the first player could have made that "
        "answer directly, because it eats the bottom right square too. The argument does not say which move "
        f"wins; the search does: {', '.join(m.label for m in a.winning_moves) or 'none found'}."
    )


@explainer(GreenHackenbush)
def _explain_hackenbush(game: Impartial[Any], position: Any, a: Analysis) -> str:
    assert isinstance(game, GreenHackenbush)
    if a.misere or not position:
        return generic(game, position, a)
    parts = game.components(position) or [position]
    values = [hackenbush_value(p) for p in parts]
    return (
        "Fusion principle: the vertices of every cycle fuse into one, its edges becoming loops, each a stalk of "
        "one edge. Colon principle: the branches at a vertex are worth one stalk of their nim-sum, so a vertex "
        "counts the nim-sum of (1 + the value above each edge). "
        f"Here: {_parts_text(values, 'part at the ground', 'parts at the ground')}, "
        f"{_notes_verdict(a)}.{_first_move(a)}"
    )


@explainer(Northcott)
def _explain_northcott(game: Impartial[Any], position: Any, a: Analysis) -> str:
    if a.misere:
        return generic(game, position, a)
    return (
        "The gaps between the counters are Nim heaps: moving toward the other counter is a Nim move on the gap; "
        "moving away only makes a heap bigger, and the opponent moves toward by as much to undo it, so the winner "
        f"never needs to move away and the game ends. The gaps {gaps(position)} have nim-sum "
        f"{_xor_text(gaps(position))}, {_notes_verdict(a)}.{_first_move(a)}"
    )


@explainer(Rook)
def _explain_rook(game: Impartial[Any], position: Any, a: Analysis) -> str:
    if a.misere:
        return generic(game, position, a)
    i, j = position
    return (
        f"The rook in row {i}, column {j} is Nim with heaps {i} and {j} (moving up shrinks one, moving left the "
        f"other): the square is worth *{i} + *{j} = *{i ^ j}, {_notes_verdict(a)}.{_first_move(a)}"
    )


@explainer(Divisor)
def _explain_divisor(game: Impartial[Any], position: Any, a: Analysis) -> str:
    if a.misere:
        return generic(game, position, a)
    if position % 2:
        return (
            f"{position} is odd, so all its divisors are odd and every move leaves an even number; from an even "
            f"number the opponent subtracts 1 and hands back an odd one, down to 1, {_notes_verdict(a)}."
        )
    return (
        f"{position} is even: subtracting an odd divisor (1 always works) leaves an odd number, from which every "
        f"move leads back to an even one, {_notes_verdict(a)}.{_first_move(a)}"
    )


@explainer(Cram)
def _explain_cram(game: Impartial[Any], position: Any, a: Analysis) -> str:
    assert isinstance(game, Cram)
    h, w, filled = position
    parts = game.components(position)
    if a.misere or not isinstance(a.grundy, int):
        return generic(game, position, a)
    if not filled and h % 2 == 0 and w % 2 == 0:
        return (
            f"On an empty {h} × {w} board with both sides even the second player copies every domino point-mirrored "
            f"through the centre, {_notes_verdict(a)}."
        )
    if parts:
        from .analysis import grundy as _grundy

        values = [int(v) for v in (_grundy(game, p) for p in parts) if isinstance(v, int)]
        if len(values) == len(parts):
            return (
                f"The free squares form {_parts_text(values, 'region', 'separate regions, independent games')}, "
                f"{_notes_verdict(a)}.{_first_move(a)}"
            )
    cells = game.free(position).bit_count()
    if game.grundy_formula(position) is not None and parts is None and cells >= 2:
        return (
            f"The free squares form one straight strip of {cells}: the notes' 1 × n dominos, which is Dawson's "
            "Kayles (octal 0.07). A domino leaves two strips of a and b squares with a + b = n − 2, so "
            f"D_n = mex{{D_a ⊕ D_b}}; here D_{cells} = {a.grundy}, {_notes_verdict(a)}.{_first_move(a)}"
        )
    return generic(game, position, a)
