"""Take-away games with a memory by a rule of the previous take (CGSuite's ``game.heap.GenMem``):
``genmem:(k, a) -> a != k``.

**Rules.**  One heap of n counters and the memory k, the number the previous move took (0 at
the start).  The player to move takes a counters, 1 ≤ a ≤ n, where the game's predicate f(k, a)
holds; the next player's memory is a.  The player who cannot move loses.  CGSuite's examples:
``a >= k`` is Mem (``mem``), ``a <= 2 * k`` Fibonacci Nim once a first move is made
(``fibonacci``), ``a <= r * k`` the take-away games (``movelimit``).

**Notation.**  The rule is written as CGSuite writes the procedure, ``(k, a) -> a != k`` (its
two parameters named as you like, the memory first), or as the predicate alone in the letters k
and a: ``a != k``.  A predicate uses whole numbers, its two parameters, ``+ - * / %``,
comparisons (``== != < <= > >=``), ``and``, ``or``, ``not``, ``true``, ``false`` and brackets;
``/`` is exact.  A position is ``n k`` (CGSuite's coordinates ``(n, k)``), or ``n`` at the start.

**Why.**  Nothing here is a closed form: the predicate says the moves and the engine searches
the positions (n', k') below (n, k) — about n² of them — as for any impartial game.  CGSuite's
worksheet row ``GenMem((memory, j) -> j != memory)((10, n))`` (n = 0 … 20) is a test.

>>> from zermelo.analyses.analysis import grundy
>>> g = GenMem("(memory, j) -> j != memory")
>>> [grundy(g, (10, n)) for n in range(0, 8)]
[6, 6, 6, 4, 6, 6, 3, 6]
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any, ClassVar

from ..core.errors import InvalidGame
from ..rules import Move
from ..rules.catalogue import CGSuiteName, GameEntry, needs_params, register
from ._takeaway import Position, cgsuite_listed
from .mem import Mem

__all__ = ["GenMem", "Predicate"]

_MAX_TEXT = 300
_COMPARE: dict[type[ast.cmpop], Callable[[Any, Any], bool]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}
_ARITH = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Mod)


class Predicate:
    """A rule f(k, a) read from its text: checked once (names, operations, a truth value at the
    top), then evaluated exactly on whole numbers, each pair once."""

    def __init__(self, text: str) -> None:
        t = " ".join(text.split())
        if len(t) > _MAX_TEXT:
            raise InvalidGame(f"genmem: a rule of at most {_MAX_TEXT} characters, got {len(t)}")
        head, arrow, body = t.partition("->")
        if arrow:
            names = [n.strip() for n in head.strip().removeprefix("(").removesuffix(")").split(",")]
            if len(names) != 2 or not all(n.isidentifier() for n in names) or names[0] == names[1]:
                raise InvalidGame(f"genmem: the rule's parameters are two names, (k, a) -> …; got {head.strip()!r}")
        else:
            names, body = ["k", "a"], t
        self.names = tuple(names)
        self.text = f"({names[0]}, {names[1]}) -> {body.strip()}"
        try:
            self.tree = ast.parse(body.strip(), mode="eval").body
        except SyntaxError as exc:
            at = exc.offset or 0
            where = f"column {at + len(t) - len(body.strip())}" if 0 < at <= len(body.strip()) else "its end"
            raise InvalidGame(f"genmem: the rule {t!r} cannot be read at {where}") from None
        if self._kind(self.tree) != "truth":
            raise InvalidGame(
                f"genmem: the rule must be true or false (a comparison), like a != k; got {body.strip()!r}"
            )
        self._memo: dict[tuple[int, int], bool] = {}

    def __call__(self, k: int, a: int) -> bool:
        hit = self._memo.get((k, a))
        if hit is None:
            hit = self._memo[(k, a)] = bool(self._value(self.tree, {self.names[0]: k, self.names[1]: a}))
        return hit

    def _kind(self, node: ast.AST) -> str:
        """ "truth" or "number", checking every part of the rule."""
        if isinstance(node, ast.Compare):
            if not all(type(op) in _COMPARE for op in node.ops):
                raise InvalidGame("genmem: comparisons are == != < <= > >=")
            for part in (node.left, *node.comparators):
                self._need(part, "number")
            return "truth"
        if isinstance(node, ast.BoolOp):
            for part in node.values:
                self._need(part, "truth")
            return "truth"
        if isinstance(node, ast.UnaryOp):
            if isinstance(node.op, ast.Not):
                self._need(node.operand, "truth")
                return "truth"
            if isinstance(node.op, ast.USub | ast.UAdd):
                self._need(node.operand, "number")
                return "number"
        if isinstance(node, ast.BinOp) and isinstance(node.op, _ARITH):
            self._need(node.left, "number")
            self._need(node.right, "number")
            return "number"
        if isinstance(node, ast.Constant) and type(node.value) is bool:
            return "truth"
        if isinstance(node, ast.Constant) and type(node.value) is int and node.value < 10**9:
            return "number"
        if isinstance(node, ast.Name) and node.id in ("true", "false") and node.id not in self.names:
            return "truth"
        if isinstance(node, ast.Name):
            if node.id not in self.names:
                raise InvalidGame(f"genmem: `{node.id}` is not a parameter of the rule ({', '.join(self.names)})")
            return "number"
        raise InvalidGame("genmem: a rule uses whole numbers, its two parameters, + - * / %, comparisons, and, or, not")

    def _need(self, node: ast.AST, kind: str) -> None:
        if self._kind(node) != kind:
            raise InvalidGame(f"genmem: {ast.unparse(node)!r} is a {self._kind(node)} where a {kind} belongs")

    def _value(self, node: ast.AST, env: dict[str, int]) -> Fraction | bool:
        if isinstance(node, ast.Compare):
            left = self._value(node.left, env)
            for op, part in zip(node.ops, node.comparators, strict=True):
                right = self._value(part, env)
                if not _COMPARE[type(op)](left, right):
                    return False
                left = right
            return True
        if isinstance(node, ast.BoolOp):
            values = (self._value(v, env) for v in node.values)
            return all(values) if isinstance(node.op, ast.And) else any(values)
        if isinstance(node, ast.UnaryOp):
            x = self._value(node.operand, env)
            if isinstance(node.op, ast.Not):
                return not x
            return -Fraction(x) if isinstance(node.op, ast.USub) else Fraction(x)
        if isinstance(node, ast.BinOp):
            x, y = Fraction(self._value(node.left, env)), Fraction(self._value(node.right, env))
            if isinstance(node.op, ast.Div | ast.Mod) and y == 0:
                raise InvalidGame(
                    f"genmem: division by zero in the rule at {self.names[0]}, {self.names[1]} = {tuple(env.values())}"
                )
            if isinstance(node.op, ast.Add):
                return x + y
            if isinstance(node.op, ast.Sub):
                return x - y
            if isinstance(node.op, ast.Mult):
                return x * y
            return x / y if isinstance(node.op, ast.Div) else x % y
        if isinstance(node, ast.Constant):
            v = node.value
            return v if isinstance(v, bool) else Fraction(v) if isinstance(v, int) else False
        assert isinstance(node, ast.Name)
        if node.id not in env:
            return node.id == "true"
        return Fraction(env[node.id])


class GenMem(Mem):
    """A heap with a memory whose takes a rule f(k, a) allows (see the module docstring)."""

    syntax = "the number of counters n, or n k (k: the previous take, CGSuite's (n, k))"
    examples = ("10 10", "12")

    name: ClassVar[str] = "genmem"

    def __init__(self, rule: str) -> None:
        self.rule = Predicate(rule)

    def spec(self) -> str:
        return f"{self.name}:{self.rule.text}"

    def moves(self, position: Position) -> Iterator[Move[Position]]:
        n, k = position
        for a in range(1, n + 1):
            if self.rule(k, a):
                yield Move(f"take {a} ({n} -> {n - a})", (n - a, a))

    def options(self, position: Position) -> Iterator[Position]:
        return (m.position for m in self.moves(position))

    def takes(self, position: Position) -> tuple[int, int]:
        """The least and the most the rule allows (the board shows the range; others between
        may be refused)."""
        n, k = position
        allowed = [a for a in range(1, n + 1) if self.rule(k, a)]
        return (allowed[0], allowed[-1]) if allowed else (1, 0)

    def key(self, position: Position) -> Position:
        return position

    def outcome_formula(self, position: Position, misere: bool = False) -> None:
        return None

    def grundy_formula(self, position: Position) -> None:
        return None


register(
    GameEntry(
        "genmem",
        needs_params(GenMem, "genmem", "the rule of a take a after a take of k", "a != k"),
        "a heap with a memory (CGSuite's GenMem): take a counters where the rule f(k, a) of the last take k allows",
        "RULE: (k, a) -> a != k, or a predicate in k and a (== != < <= > >=, and, or, not, + - * / %)",
        "genmem:a!=k 10 3",
        table="{n}",
        rules=GenMem,
        cgsuite=(CGSuiteName("game.heap.GenMem", family=True, coordinates=True, options=cgsuite_listed),),
    )
)
