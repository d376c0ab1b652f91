"""Evaluate a CGSuite worksheet line: its syntax tree (:mod:`.grammar`) to a value
(:mod:`.values`), then CGSuite's text of it (:mod:`.printer`).

>>> evaluate("{0|*||*|||*||||*}"), evaluate("{0||0|-1}"), evaluate("+-1+-2+-3+-4")
('^[4]', 'Tiny(1)', '+-{10|8||6|4|||4|2||0|-2}')
>>> evaluate("{3||2+*|1+*}.Cool(1/2)"), evaluate("^.NortonProduct(^)"), evaluate("(1/3).Birthday")
('{5/2|2*}', '{^^*||0|v4}', 'ω')
>>> env = {}
>>> evaluate("x := ^ + *", env), evaluate("x + x; x > 0", env)
('^*', 'false')
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from lark import Token, Tree

from ..core.checks import parse_int
from ..core.errors import InvalidPosition, SearchLimitExceeded, Unsupported
from ..core.limits import deep
from ..values.calculus import power, power_to
from ..values.game import Game, add, game, neg, number, star
from ..values.surreal import INF, OMEGA, Surreal, surreal
from ..values.transfinite import NimberError
from .class_tree import CLASS_NAMES, base_class
from .classes import ICON, PLAYER, ClassRef, class_member, class_name, pair
from .errors import BudgetExceeded, CGSuiteError, CGSuiteSyntaxError, NotSupported
from .grammar import parse
from .instances import is_op, object_member
from .loopy import PASS, Node, close, is_loopy, named, nest, open_labels, over_number, sided, upon_value
from .loopy_text import loopy_text
from .map_methods import map_method
from .methods import call_function, call_method
from .misere import read as read_misere
from .named import NOTHING, CGMap, Named, plain
from .ordinal_sums import ordinal_sum_of
from .position_sums import negative_of, sum_of
from .printer import CGString, Coordinates, cgsuite_text, item_key
from .rulesets import COLOR, COORDINATES, GAME, GRID, Family, Namespace, Position, Ruleset, apply, as_value, member
from .values import (
    LEFT,
    RIGHT,
    Explicit,
    Procedure,
    arith,
    as_game,
    as_int,
    as_number,
    compare,
    is_written,
    negate,
    nimber,
)

__all__ = ["evaluate", "evaluate_value"]

_LOOPY_PRINTER = loopy_text  # loaded for its printing of loopy values (it registers itself with the printer)

_CONSTANTS: dict[str, Any] = {"Left": LEFT, "Right": RIGHT, "Player": PLAYER, "Icon": ICON, "omega": OMEGA, "inf": INF}
_CONSTANTS |= {"game": GAME, "Grid": GRID, "Coordinates": COORDINATES, "Color": COLOR, "Nothing": NOTHING}
_UPLIT = re.compile(r"(?:(\d+)(?:/(\d+))?)?([\^v])(\d+|\[(?:\d+|on)\]|<(?:\d+|on)>|\^*|v*)(\*\d*)?")
_MAX_COUNT = 1000  # ups in one word; n.↑ costs about n² steps
_MAX_POWER = 64  # ^[n] and ^<n>: their canonical forms grow with n
_MAX_LIST = 100_000  # elements of one list comprehension


def evaluate(text: str, env: dict[str, Any] | None = None) -> str:
    """What CGSuite prints for the worksheet line ``text`` ("" after a trailing ``;``).

    ``env`` keeps the variables of ``x := expr`` from line to line.  Errors are
    :class:`~zermelo.cgsuite.errors.CGSuiteError` (a ValueError) with CGSuite-like wording.
    """
    value = evaluate_value(text, env)
    with _engine_errors():
        return "" if value is None else cgsuite_text(value)


def evaluate_value(text: str, env: dict[str, Any] | None = None) -> Any:
    """The value of the last statement of ``text`` (None after a trailing ``;``)."""
    tree = parse(text)
    scope: dict[str, Any] = {} if env is None else env
    last: Any = None
    with _engine_errors(), deep():
        for stmt in tree.children:
            last = None if stmt is None else _Eval(scope, text).eval(stmt)
    return last


@contextmanager
def _engine_errors() -> Iterator[None]:
    """The engine's refusals as the evaluator's errors (ValueErrors all): a search over its
    budget is :class:`BudgetExceeded`, what the engine does not do :class:`NotSupported`."""
    try:
        yield
    except SearchLimitExceeded as exc:
        raise BudgetExceeded(exc.message, remedies=exc.remedies, doing=exc.doing) from exc
    except Unsupported as exc:
        raise NotSupported(str(exc)) from exc
    except NimberError as exc:  # a nim-operation on what is not an ordinal
        raise CGSuiteError(str(exc)) from exc


class _Eval:
    def __init__(self, env: dict[str, Any], source: str = "") -> None:
        self.env, self.source = env, source
        self.labels: list[Node] = []  # the labels of braces still open, innermost last
        self.depth = 0  # braces open
        self.blocks: list[dict[str, Any]] = []  # per open begin … end: its vars' values outside it

    def eval(self, t: Any, explicit: bool = False) -> Any:
        if isinstance(t, Token):
            raise CGSuiteError(f"unexpected {t}")
        kind = t.data
        ch = t.children
        if kind == "assign":
            if str(ch[0]) in CLASS_NAMES:
                raise CGSuiteError(f"Cannot assign to class name as variable: `{ch[0]}`")
            value = self.eval(ch[1])
            self.env[str(ch[0])] = value
            return value
        if kind == "declare":
            return self._declare(str(ch[0]), ch[1])
        if kind == "block":
            return self._block(ch[0].children)
        if kind == "empty_map":
            return CGMap(())
        if kind == "if_":
            return self._if(ch)
        if kind in ("plus", "minus"):
            return sum_of("+" if kind == "plus" else "-", self.eval(ch[0]), self.eval(ch[1]))
        if kind == "plus_pm":
            return arith("+", self.value(ch[0]), self._switch(ch[2]))
        if kind in ("times", "add_star") and isinstance(ch[0], Tree) and ch[0].data == "upof":
            return self._upof(ch[0].children, ch[1] if kind == "times" else surreal(1))  # ^(n)*m: one term
        if kind in ("times", "divide", "modulo", "exponent"):
            op = {"times": "*", "divide": "/", "modulo": "%", "exponent": "^"}[kind]
            return arith(op, self.value(ch[0]), self.value(ch[1]))
        if kind == "add_star":
            return arith("+", self.value(ch[0]), star())
        if kind == "negate":
            return self._negate(ch[0])
        if kind == "switch":
            return self._switch(ch[1])
        if kind == "ordinal_sum":
            return ordinal_sum_of(self.eval(ch[0]), self.eval(ch[1]))
        if kind == "compare":
            return compare(str(ch[1]), self.value(ch[0]), self.value(ch[2]))
        if kind in ("and_op", "or_op"):
            a = _truth(self.eval(ch[0]))
            if (kind == "and_op") != a:
                return a
            return _truth(self.eval(ch[1]))
        if kind == "not_op":
            return not _truth(self.eval(ch[0]))
        if kind == "is_op":
            return is_op(self.eval(ch[0]), self.eval(ch[1]))
        if kind == "prop":
            return _method(self.eval(ch[0]), str(ch[1]), None)
        if kind == "method":
            return _method(self.eval(ch[0]), str(ch[1]), self._args(ch[2]))
        if kind == "apply":
            return apply(self.eval(ch[0]), self._args(ch[1]))
        if kind == "string":  # CGSuite's escapes: \" is a quote, the others stay as typed
            return CGString(str(ch[0])[1:-1].replace('\\"', '"'))
        if kind == "set_comprehension":
            return frozenset(_hashable(v) for v in self._comprehension(*ch))
        if kind == "map_comprehension":
            return CGMap(tuple((_hashable(k), v) for k, v in self._comprehension((ch[0], ch[1]), *ch[2:])))
        if kind == "comprehension":
            return self._comprehension(*ch)
        if kind == "procedure":
            return self._procedure(t)
        if kind == "named":
            return Named(str(ch[0]), self.eval(ch[1]))
        if kind == "pair":
            raise CGSuiteError("A map entry `key => value` belongs in braces without bars: {Left => 0, Right => 0}")
        if kind == "infix":
            return _method(self.eval(ch[0]), str(ch[1]), [self.eval(ch[2])])
        if kind == "call":
            if str(ch[0]) in self.env:  # a ruleset or a map held by a variable: rs := game.heap.Kayles; rs(5)
                return apply(self.env[str(ch[0])], self._args(ch[1]))
            args = self._args(ch[1])
            plain(args)
            return call_function(str(ch[0]), args)
        if kind == "integer":
            return surreal(_int(str(ch[0])))
        if kind == "uplit":
            return _uplit(str(ch[0]), negative_number=False)
        if kind == "upby":
            return self._upby(str(ch[0]), ch[1])
        if kind == "upof":
            return self._upof(ch, surreal(0))
        if kind == "juxt":
            return arith("+", _fraction(str(ch[0])), self.eval(ch[1]))
        if kind == "nimber":
            return nimber(self.eval(ch[0]))
        if kind == "misere":
            return read_misere(str(ch[0]))
        if kind == "star":
            return star()
        if kind == "name":
            return self._name(str(ch[0]))
        if kind in ("true", "false"):
            return kind == "true"
        if kind == "tuple":
            if len(ch) != 2:
                raise CGSuiteSyntaxError("Syntax error: coordinates are a pair (a,b)")
            return pair(self.eval(ch[0]), self.eval(ch[1]))
        if kind == "listing":
            return [] if ch[0] is None else self._args(ch[0])
        if kind == "braces":
            return self._braces(ch[0], explicit)
        if kind == "labelled":
            return self._braces(ch[1], explicit, str(ch[0]))
        if kind == "overlit":
            text = str(ch[0])
            word = "over" if text.endswith("over") else "under"
            return over_number(_fraction(text[: -len(word)]).as_fraction(), word == "over")
        if kind == "sided":
            return sided(self.eval(ch[0]), self.eval(ch[1]))
        if kind == "explicit":
            return self._braces(ch[0], True)
        raise CGSuiteError(f"not supported: {kind}")

    def value(self, t: Any) -> Any:
        """The value of ``t`` for arithmetic: a ruleset's position as its canonical form (its sums
        and negatives are :mod:`.position_sums`')."""
        return as_value(self.eval(t))

    def _comprehension(self, body: Any, *clauses: Tree[Token]) -> list[Any]:
        """CGSuite's ``[expr for n from a to b where …]``: several ``for`` nest, the first outermost."""
        out: list[Any] = []
        self._loop(body, list(clauses), out)
        return out

    def _while(self, var: str, start: int, test: Any) -> Iterator[Any]:
        for n in range(start, start + _MAX_LIST + 1):
            self.env[var] = surreal(n)  # (set before each test)
            if not _truth(self.eval(test), "while"):
                return
            yield surreal(n)
        raise CGSuiteError(f"That loop would run more than {_MAX_LIST:,} times")

    def _loop(self, body: Any, clauses: list[Tree[Token]], out: list[Any]) -> None:
        if clauses[0].data == "comp_in":  # for x in a list (or a set, in CGSuite's order)
            name, source, where = clauses[0].children
            items = self.eval(source)
            if not isinstance(items, list | frozenset):
                raise CGSuiteError(f"Expected a list or a set to iterate over, not {cgsuite_text(items)}")
            values: Any = items if isinstance(items, list) else sorted(items, key=item_key)
        elif clauses[0].data == "comp_while":  # for n from a while n^2 < 10: until the test fails
            name, start, test, where = clauses[0].children
            values = self._while(str(name), as_int(self.eval(start)), test)
        else:
            name, start, stop, where = clauses[0].children
            lo, hi = as_int(self.eval(start)), as_int(self.eval(stop))
            if hi - lo + 1 > _MAX_LIST - len(out):
                raise CGSuiteError(f"That list would have more than {_MAX_LIST:,} elements")
            values = (surreal(n) for n in range(lo, hi + 1))
        var = str(name)
        saved = self.env.get(var, _UNSET)
        try:
            for n in values:
                self.env[var] = n
                if where is not None and not _truth(self.eval(where), "where"):
                    continue
                if len(clauses) > 1:
                    self._loop(body, clauses[1:], out)
                else:  # (a map's key and value: a pair)
                    out.append(tuple(self.eval(b) for b in body) if isinstance(body, tuple) else self.eval(body))
                if len(out) > _MAX_LIST:
                    raise CGSuiteError(f"That list would have more than {_MAX_LIST:,} elements")
        finally:
            if saved is _UNSET:
                self.env.pop(var, None)
            else:
                self.env[var] = saved

    def _procedure(self, t: Tree[Token]) -> Procedure:
        """``k -> body`` (``(k, a) -> body``): called, the body with the parameters bound."""
        head, body = str(t.children[0]), t.children[1]
        names = [n.strip() for n in head.strip("() ").split(",")]
        text = self.source[t.meta.start_pos : t.meta.end_pos] if not t.meta.empty else head + " -> ..."

        def call(*xs: Any) -> Any:
            if len(xs) != len(names):
                raise CGSuiteError(f"The procedure {head} -> ... takes {len(names)} arguments, not {len(xs)}")
            saved = {name: self.env.get(name, _UNSET) for name in names}
            self.env.update(zip(names, xs, strict=True))
            try:
                return self.eval(body)
            finally:
                for name, was in saved.items():
                    if was is _UNSET:
                        self.env.pop(name, None)
                    else:
                        self.env[name] = was

        return Procedure(" ".join(text.split()), call)

    def _args(self, t: Tree[Token] | None) -> list[Any]:
        return [] if t is None else [self.eval(c) for c in t.children]

    def _declare(self, name: str, init: Any) -> Any:
        """``var x := v`` (``var x`` is Nothing): the innermost block's own, else the worksheet's."""
        if name in CLASS_NAMES:
            raise CGSuiteError(f"Cannot assign to class name as variable: `{name}`")
        if self.blocks and name not in self.blocks[-1]:
            self.blocks[-1][name] = self.env.get(name, _UNSET)  # put back when the block ends
        value = NOTHING if init is None else self.eval(init)
        self.env[name] = value
        return value

    def _block(self, statements: list[Any]) -> Any:
        """``begin s1; s2 end``: the value of its last statement (Nothing if it has none); its
        ``var`` are its own, other assignments the worksheet's, as in CGSuite."""
        self.blocks.append({})
        last: Any = NOTHING
        try:
            for stmt in statements:
                if stmt is not None:
                    last = self.eval(stmt)
        finally:
            for name, old in self.blocks.pop().items():
                if old is _UNSET:
                    self.env.pop(name, None)
                else:
                    self.env[name] = old
        return last

    def _if(self, parts: list[Any]) -> Any:
        """``if c then a elseif c2 then b else d end``: the branch of the first true condition."""
        *tests, otherwise = parts
        for cond, body in zip(tests[0::2], tests[1::2], strict=True):
            if _truth(self.eval(cond), "if"):
                return self._block(body.children)
        return NOTHING if otherwise is None else self._block(otherwise.children)

    def _name(self, name: str) -> Any:
        for node in reversed(self.labels):
            if node.label == name:
                node.used = True
                return node
        if name == "pass":
            if not self.depth:
                raise CGSuiteError("Unexpected `pass`.")  # CGSuite's words: `pass` is only a move inside braces
            return PASS
        if name in self.env:
            return self.env[name]
        if name in _CONSTANTS:
            return _CONSTANTS[name]
        loopy = named(name)
        if loopy is not None:
            return loopy
        if (cls := base_class(name, None, ())) is not None:  # a class of CGSuite's default packages: Integer
            return cls
        raise CGSuiteError(f"That variable is not defined: `{name}`")

    def _upby(self, word: str, nim: Any) -> Any:
        """``^ n *`` (CGSuite's up-multiple by a variable): n.↑ (v: n.↓) plus ``*`` or ``*x``."""
        sign, name = word[0], word[1:].rstrip()[:-1].strip()
        n = as_int(self.eval(Tree("name", [Token("NAME", name)])), "an integer count of ups")
        part = _ups(-n if sign == "v" else n)
        return arith("+", part, star() if nim is None else nimber(self.eval(nim)))

    def _upof(self, ch: list[Any], nim: Any) -> Any:
        """``^x``, ``^x*y``, ``vx*y`` of any expression x (CGSuite's ``^(n)``, ``^"foo"``): its up-
        multiple of two small integers, else CGSuite's "No operation" naming both types."""
        word = "down" if str(ch[0]) == "v" else "up"
        n, m = self.value(ch[1]), nim if not isinstance(nim, Tree) else self.value(nim)
        counts = [as_number(x) for x in (n, m)]
        if any(c is None or not c.is_integer() for c in counts):
            names = ", ".join(f"`{class_name(x) or type(x).__name__}`" for x in (n, m))
            raise CGSuiteError(f"No operation `{word}` for arguments of types {names}")
        ups, stars = (int(c.as_fraction()) for c in counts if c is not None)
        return arith("+", _ups(-ups if word == "down" else ups), nimber(surreal(stars)))

    def _negate(self, t: Any) -> Any:
        # A minus written against a number-and-infinitesimal word belongs to its number, as
        # CGSuite prints them: -1^^ is -1 + ^^, -2Tiny(1) is -2 + Tiny(1).
        if isinstance(t, Tree) and t.data == "uplit" and str(t.children[0])[:1].isdigit():
            return _uplit(str(t.children[0]), negative_number=True)
        if isinstance(t, Tree) and t.data == "overlit":
            text = str(t.children[0])
            word = "over" if text.endswith("over") else "under"
            return over_number(-_fraction(text[: -len(word)]).as_fraction(), word == "over")
        if isinstance(t, Tree) and t.data == "juxt":
            return arith("+", negate(_fraction(str(t.children[0]))), self.eval(t.children[1]))
        return negative_of(self.eval(t))

    def _switch(self, t: Any) -> Any:
        v = self.eval(t)
        if isinstance(v, Coordinates | list):
            raise CGSuiteError(f"No operation `+-` for argument of type `{class_name(v)}`")
        opts = list(v) if isinstance(v, frozenset) else [v]
        if not opts:
            raise CGSuiteError("+- needs at least one option")
        if any(is_written(o) for o in opts):
            return Explicit(tuple(opts), tuple(negate(o) for o in opts))
        if any(is_loopy(o) for o in opts):
            return close(_loopy_switch(opts))
        gs = [as_game(o) for o in opts]
        return game(gs, [neg(g) for g in gs])

    def _braces(self, body: Tree[Token], explicit: bool, label: str | None = None) -> Any:
        parts = body.children
        if any(
            isinstance(e, Tree) and e.data == "pair" for p in parts[0::2] if isinstance(p, Tree) for e in p.children
        ):
            return self._map(parts, label)
        node = None
        if label is not None:
            if explicit:
                raise CGSuiteError("labels are not supported in explicit games")
            if any(n.label == label for n in self.labels):
                raise CGSuiteError(f"the label `{label}` is already used by braces around it")
            node = Node(label)
            self.labels.append(node)
        self.depth += 1
        try:
            sides = [
                [self.eval(e, explicit) for e in p.children if e is not None]
                for p in parts[0::2]
                if isinstance(p, Tree)
            ]
        finally:
            self.depth -= 1
            if node is not None:
                self.labels.pop()
        bars = [len(str(s)) for s in parts[1::2]]
        if not bars:
            if explicit:
                raise CGSuiteError("An explicit game needs a `|`")
            if node is not None or any(v is PASS for v in sides[0]):
                raise CGSuiteError("a label or `pass` needs a game in braces with a `|`")
            return frozenset(_hashable(v) for v in sides[0])
        if any(isinstance(v, bool | str | list | tuple | frozenset | CGMap) for side in sides for v in side):
            raise CGSuiteError("Invalid game specifier: objects must be of type `Game` or `SidedValue`")
        if node is not None and not node.used:
            raise CGSuiteError(f"the label `{label}` is never used inside its braces")
        if node is None and any(isinstance(v, Position) or is_written(v) for side in sides for v in side):
            explicit = True  # as CGSuite: a position or an explicit game in braces makes an explicit game
        value = _nest(sides, bars, explicit, node)
        if isinstance(value, Node) and not open_labels(value, self.labels):
            return close(value)
        return value

    def _map(self, parts: list[Any], label: str | None) -> CGMap:
        """``{key => value, …}``: CGSuite's map."""
        entries = parts[0].children
        if len(parts) > 1 or label is not None or not all(isinstance(e, Tree) and e.data == "pair" for e in entries):
            raise CGSuiteError("A map is braces of `key => value` entries only: {Left => 0, Right => 0}")
        return CGMap(tuple((_hashable(self.eval(e.children[0])), self.eval(e.children[1])) for e in entries))


_UNSET = object()


def _method(value: Any, name: str, args: list[Any] | None) -> Any:
    """``value.Name`` / ``value.Name(args)``: the library's objects answer themselves."""
    if (found := object_member(value, name, args)) is not None:  # Class, SensibleLeftOptions, …
        return found
    if isinstance(value, Namespace | Ruleset | Family | Position):
        return member(value, name, args)
    if isinstance(value, ClassRef):
        return class_member(value, name, args)
    plain(args, f"in call to `{name}`")
    if isinstance(value, CGMap):
        return map_method(value, name, args)
    return call_method(value, name, args)


def _hashable(v: Any) -> Any:
    return tuple(v) if isinstance(v, list) else v


def _nest(sides: list[list[Any]], bars: list[int], explicit: bool, label: Node | None = None) -> Any:
    """The game of ``a | b || c …``: split at the loosest (longest) bar, which must be unique.
    ``pass`` is a move to the game of the innermost bars around it; ``label`` names the whole."""
    most = max(bars)
    at = [i for i, b in enumerate(bars) if b == most]
    if len(at) > 1:
        raise CGSuiteError(f"Ambiguous pattern of slashes: two `{'|' * most}` at the same level")
    i = at[0]
    left = sides[: i + 1]
    right = sides[i + 1 :]
    lo = left[0] if len(left) == 1 else [_nest(left, bars[:i], explicit)]
    ro = right[0] if len(right) == 1 else [_nest(right, bars[i + 1 :], explicit)]
    if explicit:
        if any(is_loopy(o) for o in (*lo, *ro)):
            raise CGSuiteError("loopy games are not supported in explicit games")
        return Explicit(tuple(lo), tuple(ro))
    node = nest([_option(o) for o in lo], [_option(o) for o in ro], label)
    if node is not None:
        return node
    return game([as_game(o) for o in lo], [as_game(o) for o in ro])


def _loopy_switch(opts: list[Any]) -> Node:
    """+-{G, …} of loopy G: {G, … | -G, …}."""
    node = nest([_option(o) for o in opts], [_option(negate(o)) for o in opts])
    assert node is not None
    return node


def _option(v: Any) -> Any:
    return v if is_loopy(v) else as_game(v)


def _truth(v: Any, where: str = "") -> bool:
    if isinstance(v, bool):
        return v
    if where:  # a condition, in CGSuite's words
        raise CGSuiteError(f"Expected `cgsuite.lang.Boolean`; found `{class_name(v) or type(v).__name__}`.")
    raise CGSuiteError(f"Expected a Boolean, not {cgsuite_text(v)}")


def _fraction(text: str) -> Surreal:
    num, _, den = text.partition("/")
    return Surreal.of(_int(num), _int(den) if den else 1)


def _int(text: str) -> int:
    """A number literal, by the one numeric parser: past 4,300 digits a CGSuite error, not a crash."""
    try:
        return parse_int(text, "a number")
    except InvalidPosition as exc:
        raise CGSuiteError(str(exc)) from None


def _uplit(text: str, *, negative_number: bool) -> Any:
    m = _UPLIT.fullmatch(text)
    if m is None:
        raise CGSuiteError(f"unreadable `{text}`")
    num, den, sign, count, stars = m.groups()
    total: Any = number(0)
    if num is not None:
        x = Surreal.of(_int(num), _int(den) if den else 1)
        total = arith("+", total, -x if negative_number else x)
    up = game([number(0)], [star()])
    if count in ("[on]", "<on>"):
        part: Any = upon_value("upon" if count == "[on]" else "uponth")
    elif count.startswith("["):
        part = power_to(up, _count(count[1:-1], _MAX_POWER))
    elif count.startswith("<"):
        part = power(up, _count(count[1:-1], _MAX_POWER))
    else:
        n = _count(count) if count[:1].isdigit() else 1 + len(count)
        part = number(0)
        for _ in range(n):
            part = add(part, up)
    if sign == "v":
        part = negate(part)
    total = arith("+", total, part)
    if stars:
        total = arith("+", total, nimber(surreal(_int(stars[1:]) if len(stars) > 1 else 1)))
    return total


def _ups(n: int) -> Game:
    """n.↑ for any integer n (n.↓ for negative n)."""
    if abs(n) > _MAX_COUNT:
        raise CGSuiteError(f"at most {_MAX_COUNT} ups in one term, not {abs(n)}")
    up = game([number(0)], [star()])
    part = number(0)
    for _ in range(abs(n)):
        part = add(part, up)
    return neg(part) if n < 0 else part


def _count(text: str, most: int = _MAX_COUNT) -> int:
    n = _int(text)
    if n > most:
        raise CGSuiteError(f"at most {most} ups in one term, not {n}")
    if n < 1:
        raise CGSuiteError(f"the count of ups must be at least 1, not {n}")
    return n
