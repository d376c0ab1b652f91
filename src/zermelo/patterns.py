"""Pattern tools: periods of computed sequences, and P-set conjectures checked the notes' way.

* :func:`find_period` — the preperiod and period of a finite sequence (Grundy values, P/N).
  This is *detection on a finite prefix*, not a proof: the sequence may change after the
  prefix.  (Proofs of periodicity for heap games live with the heap games.)
* :func:`predicate` — a small, safe expression language over positions (``n % 7 in (0, 2)``,
  ``a ^ b == 0``), read with :mod:`ast` against a whitelist and evaluated by a tree of closures:
  no ``eval``, no attribute access, no calls except ``abs``, ``min``, ``max``, ``len``, ``sum``
  and ``nim_sum``.
* :func:`check_pset` — a conjectured set of P-positions checked as the notes prove one, on every
  position of the game's table up to a bound: (1) every terminal position is in the set, (2) no
  move leads from the set into the set, (3) every position outside the set has a move into it.
  If all three hold on positions that no move leaves, induction proves that the set is exactly
  the P-positions there.  Otherwise the first counterexample and the failing condition.
* :func:`guess_pset` — a conjecture ``n % p in (...)`` read off the detected period of a row.

>>> find_period([0, 1, 0, 1, 2, 3, 2] * 4)
Period(preperiod=0, period=7, length=28)
>>> p = predicate("n % 7 in (0, 2)")
>>> [n for n in range(16) if p(n)]
[0, 2, 7, 9, 14]
>>> check_pset("subtraction:1,3,4", "n % 7 in (0, 2)", 100).holds
True
>>> print(check_pset("subtraction:1,3,4", "n % 7 == 0", 100).counterexample)
2 is not in the set, yet its only move does not lead into the set (take 1 (2 -> 1)): condition 3 fails
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .analysis import outcome
from .engine import Limits
from .errors import SearchLimitExceeded, Unsupported, ZermeloError
from .heaps.periodicity import simplest
from .registry import entry, make_game
from .rules import Impartial, Move, Outcome, Rules
from .tables import MAX_CELLS, evaluate, layout

__all__ = [
    "CONDITIONS",
    "ConjectureReport",
    "Counterexample",
    "InvalidPredicate",
    "Period",
    "Predicate",
    "check_pset",
    "find_period",
    "guess_pset",
    "predicate",
]


class InvalidPredicate(ZermeloError, ValueError):
    """A predicate that is not in the expression language, or fails on a position."""


# ---------------------------------------------------------------------- periods
@dataclass(frozen=True)
class Period:
    """``values[i] == values[i + period]`` for every ``i >= preperiod`` in the first ``length`` values."""

    preperiod: int
    period: int
    length: int

    @property
    def repeats(self) -> float:
        """How many times the period was seen after the preperiod (the evidence, not a proof)."""
        return (self.length - self.preperiod) / self.period


def find_period(values: Sequence[Hashable], *, min_repeats: float = 2.0) -> Period | None:
    """The preperiod and period of a finite sequence, or ``None`` if it shows none.

    Among the periods q whose tail ``values[p:]`` repeats at least ``min_repeats`` times, the one
    with the smallest ``p + q`` (then the smallest ``q``): a short period with a short preperiod
    is the simplest explanation of the prefix.  Detection on a finite prefix only — not a proof.
    The search is :func:`zermelo.heaps.periodicity.simplest`, run on the values numbered in order
    of first appearance (so any hashable values work: Grundy values, ``Outcome``, "P"/"N").

    >>> find_period("PNNNPNNNPNNNPNNN")
    Period(preperiod=0, period=4, length=16)
    >>> find_period([0, 0, 5, 1, 2, 1, 2, 1, 2, 1, 2])
    Period(preperiod=3, period=2, length=11)
    >>> find_period([3, 1, 4, 1, 5, 9, 2, 6]) is None
    True
    """
    codes: dict[Hashable, int] = {}
    v = np.fromiter((codes.setdefault(x, len(codes)) for x in values), dtype=np.int64, count=len(values))
    found = simplest(v, min_repeats=min_repeats)  # the heaps' compiled detection, on codes of the values
    return None if found is None else Period(found.preperiod, found.period, len(v))


# ---------------------------------------------------------------------- predicates
def _nim_sum(*args: Any) -> int:
    """``nim_sum(a, b, …)`` or ``nim_sum(heaps)``: the XOR of whole numbers."""
    values = args[0] if len(args) == 1 and isinstance(args[0], tuple) else args
    x = 0
    for v in values:
        x ^= _int(v, "nim_sum")
    return x


#: The only functions a predicate may call.
SAFE_FUNCTIONS: dict[str, Callable[..., Any]] = {
    "abs": abs,
    "min": min,
    "max": max,
    "len": len,
    "sum": sum,
    "nim_sum": _nim_sum,
}
#: Tuple parts: ``a`` is the first heap (or the number itself), ``b`` the second, … (``n`` excluded).
PART_NAMES = tuple("abcdefghijklm")
VARIABLES = frozenset({"n", "heaps", *PART_NAMES})
MAX_TEXT = 500
MAX_NODES = 200
#: No intermediate number may exceed this many bits (``9 ** 9 ** 9`` is refused, not computed).
MAX_BITS = 4096

Env = dict[str, Any]
Fn = Callable[[Env], Any]


def _int(x: Any, what: str) -> int:
    if type(x) is not int and type(x) is not bool:
        raise InvalidPredicate(f"{what} needs whole numbers, got {_show(x)}")
    return int(x)


def _show(x: Any) -> str:
    return repr(tuple(x)) if isinstance(x, (tuple, frozenset)) else repr(x)


def _checked(value: int) -> int:
    if value.bit_length() > MAX_BITS:
        raise InvalidPredicate(f"a number in the predicate grew beyond {MAX_BITS} bits")
    return value


def _pow(x: Any, y: Any) -> int:
    a, b = _int(x, "**"), _int(y, "**")
    if b < 0:
        raise InvalidPredicate("** needs a non-negative exponent (the language has whole numbers only)")
    if a not in (0, 1, -1) and b * max(1, (abs(a) - 1).bit_length()) > MAX_BITS:
        raise InvalidPredicate(f"{a} ** {b} is too big (numbers are limited to {MAX_BITS} bits)")
    return _checked(a**b)


def _mul(x: Any, y: Any) -> int:
    a, b = _int(x, "*"), _int(y, "*")
    if a.bit_length() + b.bit_length() > MAX_BITS + 1:
        raise InvalidPredicate(f"a product grew beyond {MAX_BITS} bits")
    return a * b


def _lshift(x: Any, y: Any) -> int:
    a, b = _int(x, "<<"), _int(y, "<<")
    if b > MAX_BITS:
        raise InvalidPredicate(f"<< by {b} is too big (numbers are limited to {MAX_BITS} bits)")
    return _checked(a << b)


def _negative_shift() -> int:
    raise InvalidPredicate("negative shift count")


def _add(x: Any, y: Any) -> Any:
    if type(x) is tuple and type(y) is tuple:
        return x + y
    return _checked(_int(x, "+") + _int(y, "+"))


def _arith(fn: Callable[[int, int], int], sym: str) -> Callable[[Any, Any], int]:
    def op(x: Any, y: Any) -> int:
        a, b = _int(x, sym), _int(y, sym)
        if sym in ("//", "%") and b == 0:
            raise InvalidPredicate(f"division by zero in {a} {sym} {b}")
        return _checked(fn(a, b))

    return op


_BINOPS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: _add,
    ast.Sub: _arith(operator.sub, "-"),
    ast.Mult: _mul,
    ast.FloorDiv: _arith(operator.floordiv, "//"),
    ast.Mod: _arith(operator.mod, "%"),
    ast.Pow: _pow,
    ast.BitXor: _arith(operator.xor, "^"),
    ast.BitAnd: _arith(operator.and_, "&"),
    ast.BitOr: _arith(operator.or_, "|"),
    ast.LShift: _lshift,
    ast.RShift: _arith(lambda a, b: a >> b if b >= 0 else _negative_shift(), ">>"),
}


def _member(x: Any, y: Any) -> bool:
    if not isinstance(y, (tuple, frozenset)):
        raise InvalidPredicate(f"'in' needs a tuple on its right, like n % 7 in (0, 2); got {_show(y)}")
    return x in y


def _order(fn: Callable[[Any, Any], bool], sym: str) -> Callable[[Any, Any], bool]:
    def op(x: Any, y: Any) -> bool:
        if type(x) is not type(y) and not (isinstance(x, int) and isinstance(y, int)):
            raise InvalidPredicate(f"cannot compare {_show(x)} {sym} {_show(y)}")
        return fn(x, y)

    return op


_COMPARE: dict[type, Callable[[Any, Any], bool]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: _order(operator.lt, "<"),
    ast.LtE: _order(operator.le, "<="),
    ast.Gt: _order(operator.gt, ">"),
    ast.GtE: _order(operator.ge, ">="),
    ast.In: _member,
    ast.NotIn: lambda x, y: not _member(x, y),
}

_UNARY: dict[type, Callable[[Any], Any]] = {
    ast.Not: operator.not_,
    ast.USub: lambda x: -_int(x, "-"),
    ast.UAdd: lambda x: _int(x, "+"),
    ast.Invert: lambda x: ~_int(x, "~"),
}

_OPERATOR_WORDS = {
    ast.Div: "'/' (use // for whole-number division)",
    ast.MatMult: "'@'",
    ast.Is: "'is' (use ==)",
    ast.IsNot: "'is not' (use !=)",
}


def _refuse(node: ast.AST, text: str) -> InvalidPredicate:
    what = {
        ast.Attribute: "attribute access (x.y)",
        ast.Lambda: "lambda",
        ast.Dict: "dictionaries",
        ast.ListComp: "comprehensions",
        ast.SetComp: "comprehensions",
        ast.GeneratorExp: "comprehensions",
        ast.DictComp: "comprehensions",
        ast.NamedExpr: "':='",
        ast.Starred: "'*' unpacking",
        ast.Slice: "slices",
        ast.JoinedStr: "strings",
    }.get(type(node), type(node).__name__)
    return InvalidPredicate(f"{text!r}: {what} is not allowed in a predicate")


def _compile(node: ast.AST, text: str, used: set[str]) -> Fn:
    """A closure evaluating ``node``; refuses every construct outside the whitelist."""

    def c(sub: ast.AST) -> Fn:
        return _compile(sub, text, used)

    if isinstance(node, ast.Expression):
        return c(node.body)
    if isinstance(node, ast.Constant):
        value = node.value
        if type(value) not in (int, bool):
            raise InvalidPredicate(f"{text!r}: only whole numbers, True and False are allowed, got {value!r}")
        assert isinstance(value, int)  # bool is an int
        _checked(value)
        return lambda env: value
    if isinstance(node, ast.Name):
        name = node.id
        if name not in VARIABLES:
            raise InvalidPredicate(
                f"{text!r}: unknown name {name!r}; use n (a single number), a, b, c, … (the parts of a tuple) or heaps"
            )
        used.add(name)
        return lambda env: env[name]
    if isinstance(node, ast.BinOp):
        fn = _BINOPS.get(type(node.op))
        if fn is None:
            raise InvalidPredicate(f"{text!r}: {_OPERATOR_WORDS.get(type(node.op), 'this operator')} is not allowed")
        left, right = c(node.left), c(node.right)
        if not any(isinstance(x, ast.Name) for x in ast.walk(node)):
            value = fn(left({}), right({}))  # constant: computed (and refused if too big) now
            return lambda env: value
        return lambda env: fn(left(env), right(env))
    if isinstance(node, ast.UnaryOp):
        ufn = _UNARY[type(node.op)]
        operand = c(node.operand)
        return lambda env: ufn(operand(env))
    if isinstance(node, ast.BoolOp):
        parts = [c(v) for v in node.values]
        if isinstance(node.op, ast.And):
            return lambda env: all(p(env) for p in parts)
        return lambda env: any(p(env) for p in parts)
    if isinstance(node, ast.Compare):
        for op in node.ops:
            if type(op) not in _COMPARE:
                raise InvalidPredicate(f"{text!r}: {_OPERATOR_WORDS.get(type(op), 'this comparison')} is not allowed")
        ops = [_COMPARE[type(op)] for op in node.ops]
        terms = [c(node.left), *(c(x) for x in node.comparators)]

        def compare(env: Env) -> bool:
            x = terms[0](env)
            for op, term in zip(ops, terms[1:], strict=True):
                y = term(env)
                if not op(x, y):
                    return False
                x = y
            return True

        return compare
    if isinstance(node, ast.IfExp):
        test, yes, no = c(node.test), c(node.body), c(node.orelse)
        return lambda env: yes(env) if test(env) else no(env)
    if isinstance(node, (ast.Tuple, ast.List)):
        items = [c(e) for e in node.elts]
        return lambda env: tuple(i(env) for i in items)
    if isinstance(node, ast.Set):
        members = [c(e) for e in node.elts]
        return lambda env: frozenset(i(env) for i in members)
    if isinstance(node, ast.Subscript):
        if isinstance(node.slice, ast.Slice):
            raise _refuse(node.slice, text)
        seq, index = c(node.value), c(node.slice)

        def item(env: Env) -> Any:
            s, i = seq(env), _int(index(env), "an index")
            if type(s) is not tuple:
                raise InvalidPredicate(f"only tuples can be indexed, got {_show(s)}")
            if not -len(s) <= i < len(s):
                raise InvalidPredicate(f"index {i} is outside {_show(s)}")
            return s[i]

        return item
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Attribute):
            raise _refuse(node.func, text)
        if not isinstance(node.func, ast.Name) or node.func.id not in SAFE_FUNCTIONS:
            raise InvalidPredicate(f"{text!r}: the only functions are {', '.join(SAFE_FUNCTIONS)}")
        if node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
            raise InvalidPredicate(f"{text!r}: call {node.func.id} with plain arguments")
        f = SAFE_FUNCTIONS[node.func.id]
        args = [c(a) for a in node.args]
        fname = node.func.id

        def call(env: Env) -> Any:
            try:
                return f(*(a(env) for a in args))
            except (TypeError, ValueError) as exc:
                raise InvalidPredicate(f"{fname}: {exc}") from None

        return call
    raise _refuse(node, text)


class Predicate:
    """A compiled predicate over positions.  Call it with a position; it returns a bool.

    Variables: ``n`` is a position that is one number; ``a, b, c, …`` are the parts of a tuple
    position (``a`` is also the number itself; a part that is not there is 0, like an empty
    heap); ``heaps`` is the whole tuple.

    >>> p = predicate("a ^ b == 0")
    >>> p((3, 3)), p((3, 4)), p(5), p(0)
    (True, False, False, True)
    """

    def __init__(self, text: str, fn: Fn, used: frozenset[str]) -> None:
        self.text = text
        self._fn = fn
        self.used = used
        self._parts = [(i, name) for i, name in enumerate(PART_NAMES) if name in used]

    def env(self, position: Any) -> Env:
        """The variables of a position."""
        if type(position) is int:
            heaps: tuple[Any, ...] = (position,)
            env: Env = {"n": position}
        elif isinstance(position, tuple):
            heaps = position
            env = {}
            if "n" in self.used:
                raise InvalidPredicate(
                    f"n stands for a position that is one number; {_show(position)} is a tuple: use a, b, c, … or heaps"
                )
        else:
            raise Unsupported(
                f"predicates read positions that are a number or a tuple of numbers, not {type(position).__name__}"
            )
        env["heaps"] = heaps
        for i, name in self._parts:
            env[name] = heaps[i] if i < len(heaps) else 0
        return env

    def __call__(self, position: Any) -> bool:
        env = self.env(position)
        try:
            return bool(self._fn(env))
        except InvalidPredicate as exc:
            raise InvalidPredicate(f"{exc} (evaluating {self.text!r} at {_show(position)})") from None

    def __repr__(self) -> str:
        return f"predicate({self.text!r})"


def predicate(text: str) -> Predicate:
    """Read a predicate safely; :class:`InvalidPredicate` (one line) for anything outside the language.

    >>> predicate("n.real")
    Traceback (most recent call last):
    ...
    zermelo.patterns.InvalidPredicate: 'n.real': attribute access (x.y) is not allowed in a predicate
    >>> predicate("9 ** 9 ** 9")
    Traceback (most recent call last):
    ...
    zermelo.patterns.InvalidPredicate: 9 ** 387420489 is too big (numbers are limited to 4096 bits)
    """
    text = " ".join(text.split())
    if not text:
        raise InvalidPredicate("give a predicate, like 'n % 7 in (0, 2)'")
    if len(text) > MAX_TEXT:
        raise InvalidPredicate(f"the predicate is too long ({len(text)} characters, at most {MAX_TEXT})")
    try:
        tree = ast.parse(text, mode="eval")
    except (SyntaxError, ValueError, MemoryError, RecursionError) as exc:
        msg = getattr(exc, "msg", None) or str(exc) or type(exc).__name__
        raise InvalidPredicate(f"{text!r} is not an expression: {msg}") from None
    nodes = sum(1 for _ in ast.walk(tree))
    if nodes > MAX_NODES:
        raise InvalidPredicate(f"the predicate is too complicated ({nodes} parts, at most {MAX_NODES})")
    used: set[str] = set()
    fn = _compile(tree, text, used)
    return Predicate(text, fn, frozenset(used))


# ---------------------------------------------------------------------- P-set conjectures
#: The three conditions of the notes' proof that a set is the set of P-positions.
CONDITIONS = {
    1: "every terminal position is in the set",
    2: "no move leads from the set into the set",
    3: "every position outside the set has a move into the set",
}
MISERE_CONDITION_1 = "no terminal position is in the set (misère: whoever cannot move wins)"


@dataclass(frozen=True)
class Counterexample:
    """Where a conjecture fails: the position, the condition (1, 2 or 3) and the move involved."""

    position: str
    condition: int
    message: str
    move: str | None = None
    move_position: str | None = None
    #: The position's true outcome by search (P, N or DRAW), if it could be computed.
    search_outcome: str | None = None

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class ConjectureReport:
    """The verdict of :func:`check_pset` on the positions of the game's table up to ``upto``."""

    game: str
    predicate: str
    upto: int
    misere: bool
    positions: int
    #: Positions examined before the first counterexample (all of them if none).
    checked: int
    in_set: int
    terminal: int
    moves: int
    holds: bool
    counterexample: Counterexample | None
    #: Moves that left the checked positions: then "holds" is evidence for them, not a proof.
    escaping_moves: int = 0
    notes: list[str] = field(default_factory=list)

    def condition_text(self, k: int) -> str:
        """The wording of condition ``k`` under this report's play convention."""
        return MISERE_CONDITION_1 if k == 1 and self.misere else CONDITIONS[k]

    def to_json(self) -> dict[str, Any]:
        """The JSON object of ``zermelo conjecture --json``."""
        ce = self.counterexample
        return {
            "game": self.game,
            "predicate": self.predicate,
            "upto": self.upto,
            "misere": self.misere,
            "positions": self.positions,
            "checked": self.checked,
            "in_set": self.in_set,
            "terminal": self.terminal,
            "moves": self.moves,
            "holds": self.holds,
            "proved": self.holds and self.escaping_moves == 0,
            "counterexample": None
            if ce is None
            else {
                "position": ce.position,
                "condition": ce.condition,
                "rule": self.condition_text(ce.condition),
                "message": ce.message,
                "move": ce.move,
                "move_position": ce.move_position,
                "search_outcome": ce.search_outcome,
            },
            "notes": self.notes,
        }


def _region(game: Impartial[Any], template: str, upto: int) -> list[Any]:
    """The table's positions with coordinates up to ``upto``, smallest first (by coordinate sum)."""
    grid = "{n}" not in template
    side = upto + 1
    if (side * side if grid else side) > MAX_CELLS:
        raise Unsupported(f"--upto {upto} gives too many positions (at most {MAX_CELLS:,})")
    rl, cl, cells, _ = layout(game, template, side if grid else 1, side)
    if not grid:
        return [p for p in cells[0] if p is not None]
    order = sorted(
        ((r + c, r, p) for r, row in zip(rl, cells, strict=True) for c, p in zip(cl, row, strict=True)),
        key=lambda t: (t[0], t[1]),
    )
    return [p for _, _, p in order if p is not None]


def _moves_text(game: Impartial[Any], moves: list[Move[Any]], limit: int = 6) -> str:
    shown = "; ".join(m.label for m in moves[:limit])
    return shown + ("; …" if len(moves) > limit else "")


def check_pset(
    game_or_spec: Rules[Any] | str,
    conjecture: str | Predicate,
    upto: int,
    *,
    misere: bool = False,
    template: str | None = None,
    max_moves: int | None = 50_000_000,
    limits: Limits | None = None,
) -> ConjectureReport:
    """Check that a predicate describes the P-positions, the way the notes prove it.

    The positions checked are those of the game's table (``GameEntry.table``) with coordinates
    0..upto: a row ``0..upto``, or a grid ``0..upto`` × ``0..upto``.  For each, smallest first:
    (1) a terminal position must be in the set (under misère play: must not be), (2) a position in
    the set must have no move into the set, (3) a position outside the set must have one.  The
    first failure is reported with its condition; the true outcome there comes from a search.
    """
    game = make_game(game_or_spec) if isinstance(game_or_spec, str) else game_or_spec
    if not isinstance(game, Impartial):
        raise Unsupported(f"{game.spec()} is not an impartial game: P-positions are for impartial games")
    pred = predicate(conjecture) if isinstance(conjecture, str) else conjecture
    if upto < 0:
        raise InvalidPredicate(f"--upto must be a whole number >= 0, got {upto}")
    if template is None:
        template = entry(game.spec().partition(":")[0]).table
        if template is None:
            raise Unsupported(f"{game.spec()} has no table layout, so there are no positions to check in order")
    region = _region(game, template, upto)
    raw = set(region)
    keys = {game.key(p) for p in region}
    fmt = game.format
    memo: dict[Any, bool] = {}

    def member(position: Any) -> bool:
        # Options repeat across positions (every cell of a grid is an option of many): evaluate once.
        hit = memo.get(position)
        if hit is None:
            hit = memo[position] = pred(position)
        return hit

    in_set = terminal = moves_seen = escaping = checked = 0
    counter: Counterexample | None = None
    for p in region:
        checked += 1
        inside = member(p)
        in_set += inside
        ms = list(game.moves(p))
        moves_seen += len(ms)
        if max_moves is not None and moves_seen > max_moves:
            raise SearchLimitExceeded(f"more than {max_moves:,} moves to check (lower --upto or raise --budget)")
        for m in ms:
            if m.position not in raw and game.key(m.position) not in keys:
                escaping += 1
        if not ms:
            terminal += 1
            if inside == misere:
                rule = "is in the set" if misere else "is not in the set"
                counter = Counterexample(fmt(p), 1, f"{fmt(p)} is terminal but {rule}: condition 1 fails")
                break
            continue
        if inside:
            bad = next((m for m in ms if member(m.position)), None)
            if bad is not None:
                counter = Counterexample(
                    fmt(p),
                    2,
                    f"{fmt(p)} is in the set, and so is {fmt(bad.position)}, reached by the move "
                    f"{bad.label}: condition 2 fails",
                    bad.label,
                    fmt(bad.position),
                )
                break
        elif not any(member(m.position) for m in ms):
            counter = Counterexample(
                fmt(p),
                3,
                f"{fmt(p)} is not in the set, yet "
                + ("its only move does not lead" if len(ms) == 1 else f"none of its {len(ms)} moves leads")
                + f" into the set ({_moves_text(game, ms)}): condition 3 fails",
            )
            break
    notes: list[str] = []
    if counter is not None:
        try:
            o = outcome(game, game.parse(counter.position), misere=misere, limits=limits or Limits(1_000_000, 5.0))
            counter = Counterexample(**{**counter.__dict__, "search_outcome": str(o)})
        except (ZermeloError, ValueError):
            pass
    elif escaping:
        notes.append(
            f"{escaping:,} moves leave the checked positions, so the conditions are evidence, not a proof "
            "(the game can grow, or the template does not cover its positions)"
        )
    else:
        notes.append(
            "the three conditions hold on positions that no move leaves: by induction the set is exactly "
            "the P-positions among them" + (" (for a game without cycles)" if not misere else " under misère play")
        )
    return ConjectureReport(
        game=game.spec(),
        predicate=pred.text,
        upto=upto,
        misere=misere,
        positions=len(region),
        checked=checked,
        in_set=in_set,
        terminal=terminal,
        moves=moves_seen,
        holds=counter is None,
        counterexample=counter,
        escaping_moves=escaping,
        notes=notes,
    )


def guess_pset(
    game_or_spec: Rules[Any] | str,
    upto: int,
    *,
    misere: bool = False,
    limits: Limits | None = None,
    template: str | None = None,
) -> str | None:
    """A conjectured P-set of a row game, read off the P/N sequence of positions 0..upto.

    ``"n % q in (r, …)"`` from the detected period (with the preperiod's P-positions listed
    separately), or the list of P-positions if no period shows; ``None`` if there are none to
    describe.  A guess fits 0..upto by construction: check it further with :func:`check_pset`.

    >>> guess_pset("subtraction:1,3,4", 60)
    'n % 7 in (0, 2)'
    >>> guess_pset("subtraction:2,3", 60)
    'n % 5 in (0, 1)'
    """
    game = make_game(game_or_spec) if isinstance(game_or_spec, str) else game_or_spec
    if not isinstance(game, Impartial):
        raise Unsupported(f"{game.spec()} is not an impartial game")
    if template is None:
        template = entry(game.spec().partition(":")[0]).table
    if template is None or "{n}" not in template:
        raise Unsupported(f"{game.spec()}: guessing works for games whose table is a row; give a predicate")
    _, cl, cells, _ = layout(game, template, 1, upto + 1)
    labelled = [(n, p) for n, p in zip(cl, cells[0], strict=True) if p is not None]
    if template != "{n}":
        raise Unsupported(f"{game.spec()}: guessing needs positions that are the number n itself; give a predicate")
    for _, p in labelled:
        if type(p) is not int:
            raise Unsupported(
                f"{game.spec()}: a guess reads positions that are one number n, and {game.format(p)} is stored as "
                f"{_show(p)}; give a predicate in a, b, … instead"
            )
        sums = next((q for q in game.options(p) if type(q) is not int), None)
        if sums is not None:
            raise Unsupported(
                f"{game.spec()}: moves from {game.format(p)} reach {game.format(sums)}, a sum of several parts, "
                f"which a set described by n alone cannot cover; read the Grundy row instead "
                f"(zermelo table {game.spec()} --grundy)"
            )
    values = evaluate(game, [p for _, p in labelled], False, misere, limits)
    if any(v is Outcome.DRAW for v in values):
        raise Unsupported(f"{game.spec()} has draws: its positions are not just P and N")
    ps = [n for (n, _), v in zip(labelled, values, strict=True) if v is Outcome.P]
    if not ps:
        return None
    period = find_period([v is Outcome.P for v in values], min_repeats=3)
    if period is not None and period.preperiod > len(values) // 2:
        period = None  # a "period" seen only at the end of the prefix is no evidence
    if period is None:
        return f"n in ({', '.join(map(str, ps))}{',' if len(ps) == 1 else ''})" if len(ps) <= 40 else None
    start, q = period.preperiod, period.period
    residues = sorted({n % q for n in ps if n >= start})
    early = [n for n in ps if n < start]
    parts = []
    if early:
        parts.append(f"n in ({', '.join(map(str, early))}{',' if len(early) == 1 else ''})")
    if residues:
        tail = f"n % {q} in ({', '.join(map(str, residues))}{',' if len(residues) == 1 else ''})"
        parts.append(f"n >= {start} and {tail}" if start else tail)
    return " or ".join(parts) if parts else None
