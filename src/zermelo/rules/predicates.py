"""The safe predicate language of ``zermelo conjecture``: ``n % 7 in (0, 2)``, ``a ^ b == 0``.

A predicate is read with :mod:`ast` against a whitelist and evaluated by a tree of closures: no
``eval``, no attribute access, no calls except :data:`SAFE_FUNCTIONS` (``abs``, ``min``, ``max``,
``len``, ``sum``, ``nim_sum``, ``floor``, ``isqrt``).  Numbers are exact: whole numbers, and
fractions from ``/`` (``floor((1 + isqrt(5 * k * k)) / 2)``, never a float); no intermediate
number may grow past :data:`MAX_BITS` bits.

>>> p = predicate("n % 7 in (0, 2)")
>>> [n for n in range(16) if p(n)]
[0, 2, 7, 9, 14]
>>> wythoff = predicate("min(a, b) == floor((abs(a - b) + isqrt(5 * (a - b) ** 2)) / 2)")
>>> [(a, b) for a in range(8) for b in range(a, 8) if wythoff((a, b))]
[(0, 0), (1, 2), (3, 5), (4, 7)]
"""

from __future__ import annotations

import ast
import math
import operator
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ..core.errors import Unsupported, ZermeloError

__all__ = ["MAX_BITS", "PART_NAMES", "SAFE_FUNCTIONS", "InvalidPredicate", "Predicate", "predicate", "value_text"]


class InvalidPredicate(ZermeloError, ValueError):
    """A predicate that is not in the expression language, or fails on a position."""


def _nim_sum(*args: Any) -> int:
    """``nim_sum(a, b, …)`` or ``nim_sum(heaps)``: the XOR of whole numbers."""
    values = args[0] if len(args) == 1 and isinstance(args[0], tuple) else args
    x = 0
    for v in values:
        x ^= _int(v, "nim_sum")
    return x


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
        raise InvalidPredicate(f"{what} needs whole numbers, got {value_text(x)}")
    return int(x)


def value_text(x: Any) -> str:
    """A value as an error message shows it (tuples and sets as tuples)."""
    return repr(tuple(x)) if isinstance(x, (tuple, frozenset)) else repr(x)


def _num(x: Any, what: str) -> int | Fraction:
    """A number: a whole number or an exact fraction (from ``/``)."""
    if type(x) is Fraction:
        return x
    return _int(x, what)


def _checked_num(value: int | Fraction) -> int | Fraction:
    if type(value) is Fraction:
        _checked(value.numerator)
        _checked(value.denominator)
        return value.numerator if value.denominator == 1 else value
    return _checked(int(value))


def _div(x: Any, y: Any) -> int | Fraction:
    a, b = _num(x, "/"), _num(y, "/")
    if b == 0:
        raise InvalidPredicate(f"division by zero in {a} / {b}")
    return _checked_num(Fraction(a) / b)


def _floor(x: Any) -> int:
    """``floor(x)``: the largest whole number <= x (x a whole number or a fraction from ``/``)."""
    return math.floor(_num(x, "floor"))


def _isqrt(x: Any) -> int:
    """``isqrt(n)``: the largest whole number whose square is <= n (exact, for any size)."""
    n = _int(x, "isqrt")
    if n < 0:
        raise InvalidPredicate(f"isqrt needs a number >= 0, got {n}")
    return math.isqrt(n)


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


def _mul(x: Any, y: Any) -> int | Fraction:
    if type(x) is Fraction or type(y) is Fraction:
        return _checked_num(_num(x, "*") * _num(y, "*"))
    a, b = _int(x, "*"), _int(y, "*")
    if a.bit_length() + b.bit_length() > MAX_BITS + 1:
        raise InvalidPredicate(f"a product grew beyond {MAX_BITS} bits")
    return a * b


def _lshift(x: Any, y: Any) -> int:
    a, b = _int(x, "<<"), _int(y, "<<")
    if b < 0:
        _negative_shift()
    if b > MAX_BITS:
        raise InvalidPredicate(f"<< by {b} is too big (numbers are limited to {MAX_BITS} bits)")
    return _checked(a << b)


def _negative_shift() -> int:
    raise InvalidPredicate("negative shift count")


def _add(x: Any, y: Any) -> Any:
    if type(x) is tuple and type(y) is tuple:
        return x + y
    return _checked_num(_num(x, "+") + _num(y, "+"))


def _arith(fn: Callable[[Any, Any], Any], sym: str) -> Callable[[Any, Any], Any]:
    def op(x: Any, y: Any) -> Any:
        if sym in ("//", "%") and (type(x) is Fraction or type(y) is Fraction):
            a, b = _num(x, sym), _num(y, sym)
            if b == 0:
                raise InvalidPredicate(f"division by zero in {a} {sym} {b}")
            return _checked_num(fn(a, b))
        a, b = _int(x, sym), _int(y, sym)
        if sym in ("//", "%") and b == 0:
            raise InvalidPredicate(f"division by zero in {a} {sym} {b}")
        return _checked(fn(a, b))

    return op


#: The only functions a predicate may call.
SAFE_FUNCTIONS: dict[str, Callable[..., Any]] = {
    "abs": abs,
    "min": min,
    "max": max,
    "len": len,
    "sum": sum,
    "nim_sum": _nim_sum,
    "floor": _floor,
    "isqrt": _isqrt,
}


_BINOPS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: _add,
    ast.Sub: lambda x, y: _checked_num(_num(x, "-") - _num(y, "-")),
    ast.Div: _div,
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
        raise InvalidPredicate(f"'in' needs a tuple on its right, like n % 7 in (0, 2); got {value_text(y)}")
    return x in y


def _order(fn: Callable[[Any, Any], bool], sym: str) -> Callable[[Any, Any], bool]:
    def op(x: Any, y: Any) -> bool:
        if type(x) is not type(y) and not (isinstance(x, (int, Fraction)) and isinstance(y, (int, Fraction))):
            raise InvalidPredicate(f"cannot compare {value_text(x)} {sym} {value_text(y)}")
        try:
            return fn(x, y)
        except TypeError:  # tuples compare part by part: (n,) < ((n,),) meets a number and a tuple
            raise InvalidPredicate(f"cannot compare {value_text(x)} {sym} {value_text(y)}") from None

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
    ast.USub: lambda x: -_num(x, "-"),
    ast.UAdd: lambda x: _int(x, "+"),
    ast.Invert: lambda x: ~_int(x, "~"),
}

_OPERATOR_WORDS = {
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
                raise InvalidPredicate(f"only tuples can be indexed, got {value_text(s)}")
            if not -len(s) <= i < len(s):
                raise InvalidPredicate(f"index {i} is outside {value_text(s)}")
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
                    f"n stands for a position that is one number; {value_text(position)} is a tuple: "
                    "use a, b, c, … or heaps"
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
        return self.evaluate(self.env(position), position)

    def evaluate(self, env: Env, position: Any) -> bool:
        """The predicate with the variables given (a family of positions binds its own letters)."""
        try:
            return bool(self._fn(env))
        except InvalidPredicate as exc:
            raise InvalidPredicate(f"{exc} (evaluating {self.text!r} at {value_text(position)})") from None
        except (TypeError, ArithmeticError) as exc:  # an operation no check above named: still the input's fault
            raise InvalidPredicate(f"{exc} (evaluating {self.text!r} at {value_text(position)})") from None

    def parts_used(self) -> int:
        """How many parts of a position the predicate reads: 3 for ``a ^ b ^ c == 0``, 1 for ``n``."""
        return max((i + 1 for i, _ in self._parts), default=1)

    def __repr__(self) -> str:
        return f"predicate({self.text!r})"


def predicate(text: str) -> Predicate:
    """Read a predicate safely; :class:`InvalidPredicate` (one line) for anything outside the language.

    >>> predicate("n.real")
    Traceback (most recent call last):
    ...
    zermelo.rules.predicates.InvalidPredicate: 'n.real': attribute access (x.y) is not allowed in a predicate
    >>> predicate("9 ** 9 ** 9")
    Traceback (most recent call last):
    ...
    zermelo.rules.predicates.InvalidPredicate: 9 ** 387420489 is too big (numbers are limited to 4096 bits)
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
    try:
        fn = _compile(tree, text, used)  # constant parts are computed here
    except (TypeError, ArithmeticError) as exc:
        raise InvalidPredicate(f"{text!r}: {exc}") from None
    return Predicate(text, fn, frozenset(used))
