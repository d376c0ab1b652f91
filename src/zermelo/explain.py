"""The "why" of an analysis, in the words of the lecture notes.

Each explainer gets the rules, the position and the finished :class:`~zermelo.analysis.Analysis`
and returns a few sentences (lines joined with newlines where a small table helps).  Games with a
theory get their own: Nim (Bouton's binary columns and the highest bit of the nim-sum), Wythoff
(the Beatty pairs (⌊kφ⌋, ⌊kφ²⌋) and which winning family applies).  Every other game falls back
on the general reasons, in this order:

* a sum of independent games (:class:`~zermelo.rules.Sum`, or a position a game splits into
  ``components``): the nim-sum of the components' Grundy values (Sprague–Grundy);
* an impartial position: the mex of its options' Grundy values;
* misère play and games with cycles: backward induction (P/N) and generalized Grundy values ∞(K).

Explanations stay bounded on huge positions: no explainer enumerates more than :data:`MAX_MOVES`
moves, and one whose position is too big to list says what it knows from the formula instead.

>>> from zermelo.games import Nim
>>> from zermelo.analysis import solve
>>> print(solve(Nim(), (3, 4, 5)).explanation)  # doctest: +NORMALIZE_WHITESPACE
Bouton: write the heaps in binary and add each column without carrying (the nim-sum).
  heap 1:  3 = 011
  heap 2:  4 = 100
  heap 3:  5 = 101
  ones per column:  2 1 2 (even odd even)  →  nim-sum 2 = 010
The nim-sum is 2, not 0, so the player to move wins (an N-position). Its highest bit is 2; heap 1 (3) has that bit.
Reduce heap 1 from 3 to 3 ⊕ 2 = 1: then every column has an even number of ones and the nim-sum is 0.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import islice
from typing import TYPE_CHECKING, Any

from .engine import GValue, Limits, Loopy, engine_for, nim_sum
from .errors import ZermeloError
from .rules import Impartial, Move, Outcome, Sum

if TYPE_CHECKING:
    from .analysis import Analysis

__all__ = ["MAX_MOVES", "explain", "explainer", "generic", "nim_columns", "sum_parts"]

#: Explanations that list options look at no more than this many moves.
MAX_MOVES = 100_000
#: Searches an explanation starts itself (options' values, components' values) stay this small.
EXPLAIN_LIMITS = Limits(1_000_000, 5.0)
#: Numbers longer than this many digits are shown abbreviated.
MAX_DIGITS = 40
#: Heaps (or components) listed one by one before "…".
MAX_LISTED = 12

Explainer = Callable[[Impartial[Any], Any, "Analysis"], str]
_EXPLAINERS: dict[type, Explainer] = {}


def explainer(cls: type) -> Callable[[Explainer], Explainer]:
    """Register the explainer of a game class (used for its subclasses too)."""

    def deco(fn: Explainer) -> Explainer:
        _EXPLAINERS[cls] = fn
        return fn

    return deco


def explain(game: Impartial[Any], position: Any, analysis: Analysis) -> str:
    """A short explanation of why the position has its outcome.

    The game's own explainer if it has one (looked up along its classes), else the nim-sum of a
    sum's components, else the generic reasons (mex rule, misère or loopy backward induction).
    """
    for cls in type(game).__mro__:
        fn = _EXPLAINERS.get(cls)
        if fn is not None:
            return fn(game, position, analysis)
    text = _sum(game, position, analysis)
    if text is not None:
        return text
    return generic(game, position, analysis)


# ---------------------------------------------------------------------- shared wording
def _num(n: int) -> str:
    """An exact integer, abbreviated when it is too long to read."""
    s = str(n)
    if len(s) <= MAX_DIGITS:
        return s
    return f"{s[:8]}…{s[-8:]} ({len(s)} digits)"


def _verdict(a: Analysis) -> str:
    if a.outcome is Outcome.P:
        return "so the player to move loses (a P-position)"
    if a.outcome is Outcome.N:
        return "so the player to move wins (an N-position)"
    return "so neither player can force a win: with best play the game goes on for ever (a draw)"


def _move_and_result(m: Move[Any], game: Impartial[Any]) -> str:
    """A move's label, then the position it leads to unless the label already ends with it."""
    result = game.format(m.position)
    if m.label.endswith((f" {result})", f" {result}")):
        return m.label
    return f"{m.label}, to {result}"


def _some_winning_move(a: Analysis, game: Impartial[Any]) -> str:
    if not a.winning_moves:
        return ""
    m = a.winning_moves[0]
    more = f" ({len(a.winning_moves)} winning moves in all)" if len(a.winning_moves) > 1 else ""
    return f" A winning move: {_move_and_result(m, game)}{more}."


def _too_big(game: Impartial[Any], position: Any) -> bool:
    hint = game.size_hint(position)
    return hint is not None and hint > 10 * MAX_MOVES


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}" + ("" if n == 1 else "s")


def _values_text(values: Sequence[int]) -> str:
    shown = ", ".join(map(str, values[:MAX_LISTED])) + (", …" if len(values) > MAX_LISTED else "")
    return "{" + shown + "}"


# ---------------------------------------------------------------------- generic reasons
def generic(game: Impartial[Any], position: Any, a: Analysis) -> str:
    """The backward-induction reasons: the mex rule, or the P/N rule under misère play or with cycles."""
    if _too_big(game, position):
        if a.grundy is not None:
            return f"The Grundy value is {a.grundy} (from the game's closed form), {_verdict(a)}."
        return f"By the game's closed form, {_verdict(a)[3:]}."
    moves = list(islice(game.moves(position), MAX_MOVES + 1))
    if len(moves) > MAX_MOVES:
        return f"The Grundy value is {a.grundy}, {_verdict(a)}." if a.grundy is not None else f"{_verdict(a)}."
    if not moves:
        if a.misere:
            return "No move is possible: under misère play the player who cannot move wins, so the player to move wins."
        return "No move is possible: under normal play the player who cannot move loses (a P-position; Grundy value 0)."
    if a.misere:
        return _misere(game, moves, a)
    if isinstance(a.grundy, Loopy) or a.outcome is Outcome.DRAW:
        return _loopy(game, moves, a)
    if a.grundy is None:
        return _backward(game, moves, a, "")
    return _mex(game, moves, a)


def _mex(game: Impartial[Any], moves: list[Move[Any]], a: Analysis) -> str:
    try:
        values = engine_for(game).grundies([m.position for m in moves], EXPLAIN_LIMITS)
    except ZermeloError:
        return f"The Grundy value is {a.grundy}, {_verdict(a)}."
    finite = sorted({v for v in values if isinstance(v, int)})
    loopy = any(isinstance(v, Loopy) for v in values)
    g = a.grundy
    head = (
        f"The {_plural(len(moves), 'move')} lead{'s' if len(moves) == 1 else ''} to positions of Grundy values "
        f"{_values_text(finite)}; "
        f"the mex (least value not among them) is {g}"
    )
    if loopy:
        head += ", and every option of value ∞ can be answered by a move back to a position of value " + str(g)
    if g == 0:
        return (
            f"{head}, so the Grundy value is 0: no move reaches a P-position (value 0), "
            f"{_verdict(a)}: every move leads to an N-position."
        )
    reply = ""
    if a.winning_moves:
        m = a.winning_moves[0]
        reply = f" Move to a position of value 0: {_move_and_result(m, game)}."
    return f"{head}, so the Grundy value is {g}, not 0, {_verdict(a)}.{reply}"


def _backward(game: Impartial[Any], moves: list[Move[Any]], a: Analysis, prefix: str) -> str:
    if a.outcome is Outcome.N:
        win = _some_winning_move(a, game)
        return f"{prefix}Some move leads to a position where the opponent loses, {_verdict(a)}.{win}"
    if a.outcome is Outcome.P:
        return (
            f"{prefix}{'The only move leads' if len(moves) == 1 else f'Every one of the {len(moves):,} moves leads'}"
            f" to a position where the opponent wins (an N-position), {_verdict(a)}."
        )
    return f"{prefix}No move leads to a lost position, but some move avoids losing for ever, {_verdict(a)}."


def _misere(game: Impartial[Any], moves: list[Move[Any]], a: Analysis) -> str:
    prefix = (
        "Misère play: the player who cannot move wins, so the Sprague–Grundy values do not decide the game; "
        "backward induction does (a terminal position is an N-position). "
    )
    return _backward(game, moves, a, prefix)


def _loopy(game: Impartial[Any], moves: list[Move[Any]], a: Analysis) -> str:
    g = a.grundy
    head = "This game has cycles, so positions get generalized Sprague–Grundy values (Smith; Fraenkel). "
    if isinstance(g, Loopy):
        k = sorted(g.finite)
        head += f"This position has value {g}: its options' finite values are {_values_text(k)}"
        if 0 in g.finite:
            return (
                head + ", and 0 is among them: moving to a position of value 0 wins, "
                f"{_verdict(a)}.{_some_winning_move(a, game)}"
            )
        return (
            head + ", and 0 is not among them: the player to move cannot reach a P-position, but can always move "
            f"to a position of value ∞ and never be forced to lose, {_verdict(a)}."
        )
    return head + _backward(game, moves, a, "")


# ---------------------------------------------------------------------- sums
def sum_parts(game: Impartial[Any], position: Any) -> list[tuple[Impartial[Any], Any]]:
    """The independent summands of a position with their rules (nested sums flattened).

    >>> from zermelo.games import Nim, Square
    >>> [(g.spec(), p) for g, p in sum_parts(Sum(Square(), Nim()), (5, (1, 2)))]
    [('square', 5), ('nim', 1), ('nim', 2)]
    """
    if isinstance(game, Sum):
        out: list[tuple[Impartial[Any], Any]] = []
        for g, part in zip(game.games, position, strict=True):
            out.extend(sum_parts(g, part))
        return out
    comps = game.components(position)
    if comps is None:
        return [(game, position)]
    return [(game, c) for c in comps]


def _sum(game: Impartial[Any], position: Any, a: Analysis) -> str | None:
    """The Sprague–Grundy explanation of a sum: XOR the components' values; None if not a sum."""
    if a.misere:
        return None
    parts = sum_parts(game, position)
    if len(parts) < 2:
        return None
    values: list[GValue] = []
    try:
        for rules, part in parts:
            f = rules.grundy_formula(part)
            values.append(f if f is not None else engine_for(rules).grundy(part, EXPLAIN_LIMITS))
    except ZermeloError:
        return None
    if any(isinstance(v, Loopy) for v in values):
        return None  # ∞ values do not simply XOR: the generic reasons explain it
    ints = [int(v) for v in values if isinstance(v, int)]
    total = nim_sum(*ints)
    lines = [
        f"The position is a sum of {len(parts)} independent games; by the Sprague–Grundy theorem its "
        "Grundy value is the nim-sum (XOR) of theirs."
    ]
    for i, ((rules, part), v) in enumerate(zip(parts, ints, strict=True)):
        if i == MAX_LISTED:
            lines.append(f"  … and {len(parts) - MAX_LISTED} more")
            break
        lines.append(f"  {rules.spec()} {rules.format(part)}: Grundy value {_num(v)}")
    xor = " ⊕ ".join(_num(v) for v in ints[:MAX_LISTED]) + (" ⊕ …" if len(ints) > MAX_LISTED else "")
    lines.append(f"  {xor} = {_num(total)}")
    if total == 0:
        lines.append(
            f"The nim-sum is 0, {_verdict(a)}: a move changes one component's value, which makes the nim-sum non-zero."
        )
    else:
        hot = [i for i, v in enumerate(ints) if v ^ total < v]
        i = hot[0]
        rules, part = parts[i]
        target = ints[i] ^ total
        how = _move_to_value(rules, part, target)
        lines.append(
            f"The nim-sum is {_num(total)}, not 0, {_verdict(a)}: move in {rules.spec()} {rules.format(part)} "
            f"(value {_num(ints[i])}) to a position of value {_num(ints[i])} ⊕ {_num(total)} = {_num(target)}"
            + (f" ({how})" if how else "")
            + ", which makes the nim-sum 0."
        )
    return "\n".join(lines)


def _move_to_value(rules: Impartial[Any], part: Any, target: int) -> str | None:
    """A move of one summand to a position of Grundy value ``target``, in words, if cheaply found."""
    if _too_big(rules, part):
        return None
    moves = list(islice(rules.moves(part), MAX_MOVES + 1))
    if not moves or len(moves) > MAX_MOVES:
        return None
    try:
        values = engine_for(rules).grundies([m.position for m in moves], EXPLAIN_LIMITS)
    except ZermeloError:
        return None
    for m, v in zip(moves, values, strict=True):
        if v == target:
            return _move_and_result(m, rules)
    return None


# ---------------------------------------------------------------------- Nim
def nim_columns(heaps: Sequence[int]) -> list[str]:
    """Bouton's table: the heaps in binary, one line each, then the column counts and the nim-sum.

    >>> print("\\n".join(nim_columns((3, 5, 6))))
      heap 1:  3 = 011
      heap 2:  5 = 101
      heap 3:  6 = 110
      ones per column:  2 2 2 (even even even)  →  nim-sum 0 = 000
    """
    s = nim_sum(*heaps)
    bits = max(1, *(h.bit_length() for h in heaps))
    width = max(len(str(h)) for h in heaps)
    lines = []
    shown = heaps if len(heaps) <= MAX_LISTED else heaps[:MAX_LISTED]
    for i, h in enumerate(shown):
        lines.append(f"  heap {i + 1}:  {str(h).rjust(width)} = {h:0{bits}b}")
    if len(heaps) > MAX_LISTED:
        lines.append(f"  … and {len(heaps) - MAX_LISTED} more heaps")
    counts = [sum(1 for h in heaps if h >> b & 1) for b in range(bits - 1, -1, -1)]
    parity = " ".join("odd" if c % 2 else "even" for c in counts)
    lines.append(f"  ones per column:  {' '.join(map(str, counts))} ({parity})  →  nim-sum {s} = {s:0{bits}b}")
    return lines


def _heaps(position: Any) -> tuple[int, ...]:
    return (position,) if type(position) is int else tuple(position)


def _nim(game: Impartial[Any], position: Any, a: Analysis) -> str:
    heaps = _heaps(position)
    s = nim_sum(*heaps)
    if a.misere:
        return _nim_misere(game, heaps, s, a)
    if not any(heaps):
        return (
            "Every heap is empty: no move is possible, and under normal play the player to move loses (a P-position)."
        )
    if len(heaps) == 1:
        return f"A single heap of {_num(heaps[0])}: take it all and leave nothing, {_verdict(a)}."
    lines = ["Bouton: write the heaps in binary and add each column without carrying (the nim-sum)."]
    if max(heaps).bit_length() <= 64:
        lines += nim_columns(heaps)
    else:
        lines.append(f"  (heaps of up to {max(heaps).bit_length()} bits: the columns are too wide to print)")
    if s == 0:
        lines.append(
            f"The nim-sum is 0: every column has an even number of ones, {_verdict(a)}. "
            "Any move changes one heap, so some column's count becomes odd and the nim-sum non-zero."
        )
        return "\n".join(lines)
    top = 1 << (s.bit_length() - 1)
    has = [i for i, h in enumerate(heaps) if h & top]
    which = ", ".join(f"heap {i + 1} ({_num(heaps[i])})" for i in has[:MAX_LISTED]) + (
        ", …" if len(has) > MAX_LISTED else ""
    )
    i = has[0]
    h = heaps[i]
    verb = "has" if len(has) == 1 else "have"
    lines.append(
        f"The nim-sum is {_num(s)}, not 0, {_verdict(a)}. Its highest bit is {_num(top)}; {which} {verb} that bit. "
        f"Reduce heap {i + 1} from {_num(h)} to {_num(h)} ⊕ {_num(s)} = {_num(h ^ s)}: then every column has an "
        "even number of ones and the nim-sum is 0."
    )
    if len(has) > 1:
        lines.append(f"(Each of the {len(has)} heaps with that bit gives a winning move the same way.)")
    return "\n".join(lines)


def _nim_misere(game: Impartial[Any], heaps: tuple[int, ...], s: int, a: Analysis) -> str:
    big = sum(1 for h in heaps if h >= 2)
    ones = sum(1 for h in heaps if h == 1)
    if not big and not ones:
        return "Every heap is empty: no move is possible, and under misère play the player who cannot move wins."
    if big == 0:
        parity = "odd" if ones % 2 else "even"
        text = (
            f"Misère Nim with only heaps of size 0 or 1: the players just alternate taking a heap of 1. "
            f"There are {ones} of them ({parity}), "
        )
        if ones % 2:
            return (
                text
                + "and the player to move will be the one who takes the last: a P-position (the player to move loses)."
            )
        return (
            text
            + "and the opponent will be the one who takes the last: an N-position (the player to move wins)."
            + _some_winning_move(a, game)
        )
    rule = (
        f"Misère Nim with {_plural(big, 'heap')} of 2 or more: play as in normal Nim (the position is a "
        f"P-position exactly when the nim-sum is 0; here it is {_num(s)}) until the move that would leave only "
        "heaps of 0 or 1, which must leave an odd number of 1s instead; "
    )
    if a.outcome is Outcome.P:
        return rule + f"{_verdict(a)}."
    hint = ""
    if big == 1:
        hint = (
            " With one heap of 2 or more, the winning move reduces it to 0 or 1 so as to leave an odd number of "
            "heaps of size 1."
        )
    return rule + f"{_verdict(a)}.{hint}{_some_winning_move(a, game)}"


# ---------------------------------------------------------------------- Wythoff
def _wythoff(game: Impartial[Any], position: Any, a: Analysis) -> str:
    from .games.wythoff import partner, wythoff_pair

    if a.misere:
        moves = [] if _too_big(game, position) else list(islice(game.moves(position), MAX_MOVES + 1))
        if not moves:
            return generic(game, position, a)
        return _misere(game, moves, a)
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
            f"{intro} ({_num(lo)}, {_num(hi)}) is the pair k = {_num(d)}: ⌊{_num(d)}φ⌋ = {_num(ak)} and "
            f"{_num(ak)} + {_num(d)} = {_num(bk)}, {_verdict(a)}: taking from one heap keeps the other heap, whose "
            "only pair is this one; taking the same from both keeps the difference k, and pair k is the only pair "
            "with that difference; so every move leaves the pairs."
        )
    fams = []
    px, py = partner(y), partner(x)
    if px < x:
        fams.append(
            f"reduce heap 1 from {_num(x)} to {_num(px)}, the partner of {_num(y)} (pair k = {_num(abs(y - px))})"
        )
    if py < y:
        fams.append(
            f"reduce heap 2 from {_num(y)} to {_num(py)}, the partner of {_num(x)} (pair k = {_num(abs(x - py))})"
        )
    if ak < lo:
        fams.append(
            f"take {_num(lo - ak)} from both heaps to reach ({_num(ak)}, {_num(bk)}), the pair k = {_num(d)} with the "
            f"same difference {_num(d)}"
        )
    where = f"({_num(x)}, {_num(y)}) is not a pair: the pair with difference {_num(d)} is ({_num(ak)}, {_num(bk)})"
    return f"{intro} {where}, {_verdict(a)}. Winning moves: " + "; or ".join(fams) + "."


def _register_builtin() -> None:
    from .games.nim import Nim
    from .games.wythoff import Wythoff

    explainer(Nim)(_nim)
    explainer(Wythoff)(_wythoff)


_register_builtin()


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
    total = nim_sum(*values)
    if not values:
        return "0"
    if len(values) == 1:
        return str(values[0])
    terms = " ⊕ ".join(map(str, values[:MAX_LISTED])) + (" ⊕ …" if len(values) > MAX_LISTED else "")
    return f"{terms} = {total}"


def _few(values: Sequence[Any]) -> str:
    """The first few items, comma separated, then … (an explanation stays readable)."""
    return ", ".join(map(str, values[:MAX_LISTED])) + (", …" if len(values) > MAX_LISTED else "")


def _parts_text(values: list[int], one: str, many: str) -> str:
    worth = _few([f"*{v}" for v in values])
    if len(values) == 1:
        return f"one {one}, worth *{values[0]}"
    return f"{len(values):,} {many} worth {worth}; their nim-sum is {_xor_text(values)}"


def _first_move(a: Analysis) -> str:
    return f" A winning move: {a.winning_moves[0].label}." if a.winning_moves else ""


@explainer(Staircase)
def _explain_staircase(game: Impartial[Any], position: Any, a: Analysis) -> str:
    if a.misere:
        return generic(game, position, a)
    odd = list(position[1::2])
    if not odd:
        return (
            f"There is no odd stair: every stone is on the ground (stair 0), where it never moves again: no "
            f"move is possible, {_notes_verdict(a)}."
        )
    stairs = _few(range(1, len(position), 2))
    if len(odd) > MAX_LISTED:
        stairs += f": {len(odd):,} odd stairs"
    return (
        f"Only the odd stairs ({stairs}) matter. Moving stones off an odd stair is a Nim move; moving stones "
        "onto an odd stair is undone by moving them one stair further down, so the stones on even stairs never "
        f"count. The odd stairs hold [{_few(odd)}], nim-sum {_xor_text(odd)}, {_notes_verdict(a)}.{_first_move(a)}"
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
    if z == n and n <= cap:
        return text + f"So take all {n}: the opponent cannot move, {_notes_verdict(a)}.{_first_move(a)}"
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
    if position == (1,):
        return f"Only the poisoned square is left and it may not be eaten: no move is possible, {_notes_verdict(a)}."
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
    if position == 1:
        return f"1 has no proper divisor: no move is possible, {_notes_verdict(a)}."
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
    if a.misere or not isinstance(a.grundy, int) or not h or not w:
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
