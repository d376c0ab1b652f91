"""The values an expression evaluates to, and their arithmetic: short games (canonical, one
engine: :mod:`zermelo.values.game`), explicit games kept as written, surreal numbers
(:mod:`zermelo.values.surreal`: every number literal is one; a dyadic one becomes a game where a
game is needed), transfinite nimbers, truth values, players, sets and lists.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..values.calculus import conway_multiply, norton_multiply
from ..values.game import Game, add, game, le, neg, number, star
from ..values.misere import MisereGame
from ..values.surreal import Surreal, SurrealError, compare_with_game, surreal
from ..values.transfinite import TransfiniteNimber
from .errors import CGSuiteError
from .loopy import form_graph, is_loopy, loopy_arith, loopy_compare, loopy_ordinal
from .misere import from_list, misere_arith

__all__ = [
    "Explicit",
    "Negative",
    "Player",
    "Procedure",
    "arith",
    "as_game",
    "as_int",
    "as_number",
    "compare",
    "negate",
    "nimber",
]

_MAX_NIMBER = 1024  # *n holds n options (and its n options theirs)
# What the modules built on this one give it (each registers itself when loaded, as the printer's
# FORMATTERS): "options" and "value" of a compound's form and "tree", whether a value is walked as
# a ruleset's game tree (compounds.py), "kept_position" (rulesets.py), "class_name" (classes.py),
# "impartial": whether a sum is CGSuite's CompoundImpartialGame (instances.py).
FORMS: dict[str, Callable[[Any], Any]] = {}


@dataclass(frozen=True)
class Player:
    """``Left`` or ``Right``."""

    name: str

    def __str__(self) -> str:
        return self.name


LEFT, RIGHT = Player("Left"), Player("Right")


@dataclass(frozen=True)
class EnumValue:
    """A constant of one of CGSuite's enumerated types other than ``Player`` (``Icon.BlackQueen``):
    printed as its literal, equal only to itself."""

    enum: str  # the class's full name, ``cgsuite.util.Icon``
    literal: str

    def cgsuite_text(self, _printer: Any = None) -> str:
        return self.literal


@dataclass(frozen=True)
class Procedure:
    """CGSuite's ``k -> k + 1``, as an argument of a ruleset (``GenWythoff(k -> k + 2)``): its text
    as typed, and the call that evaluates its body with the parameter bound."""

    text: str
    call: Callable[..., Any]

    def __call__(self, *xs: Any) -> Any:
        return self.call(*xs)

    def cgsuite_text(self, _printer: Any = None) -> str:
        return self.text


@dataclass(frozen=True)
class Explicit:
    """A game as written in quotes, ``'{*|*}'``: not simplified until ``.CanonicalForm``."""

    left: tuple[Any, ...]
    right: tuple[Any, ...]

    def canonical(self) -> Game:
        return game([as_game(o) for o in self.left], [as_game(o) for o in self.right])

    def negative(self) -> Explicit:
        return Explicit(tuple(negate(o) for o in self.right), tuple(negate(o) for o in self.left))

    def cgsuite_text(self, printer: Any) -> str:
        return "'" + str(printer.braces(list(self.left), list(self.right), True)[0]) + "'"


@dataclass(frozen=True)
class Compound:
    """A sum, ordinal sum, integer multiple or Conway product with an explicit game in it, or any
    conjunctive sum, selective sum or ordinal product (:mod:`.compounds`), kept as written until
    ``.CanonicalForm``, as CGSuite keeps it: ``'{0|}' + 1``, ``'{-1|1}' : 1``, ``-2 * '{|-1}'``,
    ``*6 ConwayProduct '{0,*|0,*}'``, ``1/2 ConjunctiveSum 1/4``.  A negative goes inside a sum
    (``-1 : '{0|-1}'``, ``-1 ConjunctiveSum '{0|-1}'``) and around a product
    (``-(1 * '{1|0}')``, ``-(1 OrdinalProduct '{1|0}')``)."""

    op: str  # "+", ":", "*" (a is the integer), "ConwayProduct", "ConjunctiveSum", "SelectiveSum", "OrdinalProduct"
    a: Any
    b: Any
    negated: bool = False
    plain: bool = field(default=False, compare=False)  # a "+" CGSuite builds as its plain CompoundGame (G - H)

    def canonical(self) -> Game:
        a, b = self.a, self.b
        if self.op == "+":
            return add(as_game(a), as_game(b))
        if self.op == ":":
            from ..values.ordinal import ordinal_sum

            if is_loopy(b):
                raise CGSuiteError(_NOT_SHORT)
            if isinstance(a, Compound | MisereGame) or FORMS["tree"](a):  # the base's form: its definition's, its tree
                a = Explicit(*FORMS["options"](a))  # (compounds.py); H counts only by its value (the colon principle)
            return (
                explicit_ordinal(a, b).canonical() if isinstance(a, Explicit) else ordinal_sum(as_game(a), as_game(b))
            )
        if self.op in ("ConjunctiveSum", "SelectiveSum", "OrdinalProduct"):
            return FORMS["value"](self)  # type: ignore[no-any-return]
        g = norton_multiply(as_int(a), as_game(b)) if self.op == "*" else conway_multiply(as_game(a), as_game(b))
        return neg(g) if self.negated else g

    def negative(self) -> Compound:
        impartial = FORMS.get("impartial")  # instances.py: CGSuite's impartial compound is its own negative
        if self.op == "+" and impartial is not None and impartial(self):
            return self
        if self.op == "+":  # -(G + H) = -G + -H, CGSuite's plain CompoundGame
            return Compound("+", negate(self.a), negate(self.b), plain=True)
        if self.op in (":", "ConjunctiveSum", "SelectiveSum"):  # -(G op H) = -G op -H
            return Compound(self.op, negate(self.a), negate(self.b))
        return Compound(self.op, self.a, self.b, not self.negated)

    def cgsuite_text(self, _printer: Any = None) -> str:
        """CGSuite's ``CompoundGame`` text: a part in parentheses when it is a compound that binds
        looser (``G : (H + K)``, ``G ConjunctiveSum (H OrdinalProduct K)``); a position of several
        heaps is CGSuite's sum of them."""
        a, b = (_part_text(v, _PRECEDENCE[self.op]) for v in (self.a, self.b))
        text = f"{a} {self.op} {b}"
        return f"-({text})" if self.negated else text


#: The precedence of CGSuite's compound types (core/CompoundGame.scala): a higher binds looser.
_PRECEDENCE = {"*": 1, "ConwayProduct": 1, ":": 2, "+": 3, "ConjunctiveSum": 3, "SelectiveSum": 3, "OrdinalProduct": 4}


def _part_text(v: Any, precedence: int) -> str:
    from .printer import cgsuite_text

    text = cgsuite_text(v)
    if isinstance(v, Compound) and not v.negated:  # a negated product prints as -(…): a NegativeGame
        looser = _PRECEDENCE[v.op] > precedence
    else:  # a position of several heaps: CGSuite's sum
        position = FORMS.get("position")
        looser = position is not None and position(v) and " + " in text and _PRECEDENCE["+"] > precedence
    return f"({text})" if looser else text


@dataclass(frozen=True)
class Negative:
    """CGSuite's ``NegativeGame``: ``-G`` of a partizan ruleset's position, kept as written
    (``-game.grid.Domineering("..")``; a position that is a sum of several, ``-A + -B``)."""

    g: Any

    def canonical(self) -> Game:
        return neg(as_game(self.g))

    def negative(self) -> Any:
        return self.g

    def cgsuite_text(self, _printer: Any = None) -> str:
        from .printer import cgsuite_text

        return " + ".join("-" + part for part in cgsuite_text(self.g).split(" + "))


_NOT_SHORT = "That is not a short game. If that is intentional, try `GameValue` in place of `CanonicalForm`."


def game_value(v: Any) -> Any:
    """``G.GameValue``: a loopy value itself; an explicit game's ordinal sum with a loopy game,
    the value of that sum written out with G as written; another compound, its canonical form."""
    if isinstance(v, Compound) and v.op == ":" and isinstance(v.a, Explicit) and is_loopy(v.b):
        return loopy_ordinal(v.a, v.b, form_graph(v.a, Explicit))
    if isinstance(v, Compound | Negative):
        return v.canonical()
    if is_loopy(v):
        return v
    raise CGSuiteError("Not a method or member variable: `GameValue`")


def is_written(v: Any) -> bool:
    """An explicit game, a compound of one or a misère form (a game form of its own, as CGSuite
    takes it wherever a normal-play game goes): kept as written."""
    return isinstance(v, Explicit | Compound | Negative | MisereGame)


def explicit_ordinal(a: Any, b: Any) -> Explicit:
    """G : H = {G^L, G:H^L | G^R, G:H^R}, by the form of G as written."""
    if isinstance(b, Explicit):
        ho_l, ho_r = b.left, b.right
    else:
        h = as_game(b)
        ho_l, ho_r = h.left, h.right
    if isinstance(a, Explicit):
        gl, gr = a.left, a.right
    else:
        g = as_game(a)
        gl, gr = g.left, g.right
    return Explicit(
        tuple(gl) + tuple(explicit_ordinal(a, x) for x in ho_l),
        tuple(gr) + tuple(explicit_ordinal(a, x) for x in ho_r),
    )


def as_number(v: Any) -> Surreal | None:
    """v as a surreal number, if it is one (a game that is a number counts)."""
    if isinstance(v, Surreal):
        return v
    if isinstance(v, Game) and v.num is not None:
        return surreal(v.num)
    return None


def as_int(v: Any, what: str = "an integer") -> int:
    x = as_number(v)
    if x is None or not x.is_integer():
        raise CGSuiteError(f"Expected {what}, not {_short(v)}")
    return int(x.as_fraction())


def as_game(v: Any) -> Game:
    """v as a canonical short game; CGSuiteError for anything else."""
    if isinstance(v, Game):
        return v
    if isinstance(v, Explicit | Compound | Negative):
        return v.canonical()
    if isinstance(v, MisereGame):  # its form in normal play: the nimber of its G+
        return star(v.gplus)
    if isinstance(v, Surreal):
        if v.is_dyadic():
            return number(v.as_fraction())
        raise CGSuiteError(f"{v} is not a short game (only dyadic rationals are)")
    if isinstance(v, int | Fraction) and not isinstance(v, bool):
        return number(Fraction(v))
    if is_loopy(v):
        raise CGSuiteError("That is a loopy game (not a short game).")
    form = getattr(v, "canonical_form", None)  # a ruleset's position (cgsuite.rulesets.Position)
    if form is not None:
        return as_game(form())
    raise CGSuiteError(f"Expected a game, not {_short(v)}")


def _short(v: Any) -> str:
    from .printer import cgsuite_text

    text = cgsuite_text(v)
    return text if len(text) <= 60 else text[:57] + "..."


def _is_scalar(v: Any) -> bool:
    return isinstance(v, Surreal) or (isinstance(v, int | Fraction) and not isinstance(v, bool))


def negate(v: Any) -> Any:
    if isinstance(v, Surreal | TransfiniteNimber):
        return -v
    if isinstance(v, Explicit | Compound | Negative):
        return v.negative()
    if hasattr(v, "cgsuite_negative"):  # a ruleset's position (cgsuite.rulesets.Position)
        return v.cgsuite_negative()
    if isinstance(v, MisereGame):  # impartial: its own negative
        return v
    if is_loopy(v):
        return loopy_arith("-", number(0), v)
    return neg(as_game(v))


def nimber(v: Any) -> Any:
    """``*x``: a nimber of an integer, a transfinite nimber of an ordinal; ``*[...]`` of a list is
    a misère canonical form (:mod:`zermelo.cgsuite.misere`)."""
    if isinstance(v, list):
        return from_list(v)
    x = as_number(v)
    if x is None:
        name = _class_name(v)
        if name is None or name.startswith("cgsuite."):  # a string, a list: no nimber of it
            raise CGSuiteError(f"No operation `nim` for argument of type `{name or type(v).__name__}`")
        raise CGSuiteError(f"Nim value is not an ordinal: {_short(v)}")
    if x.is_integer():
        n = int(x.as_fraction())
        if n < 0:
            raise CGSuiteError(f"Nim value is negative: {n}")
        if n > _MAX_NIMBER:
            raise CGSuiteError(f"nimbers up to *{_MAX_NIMBER} only, got *{n}")
        return star(n)
    if x.is_ordinal():
        return TransfiniteNimber(x.as_ordinal())
    raise CGSuiteError(f"Nim value is not an ordinal: {x}")


def arith(op: str, a: Any, b: Any) -> Any:
    """a op b for op in + - * / % ^."""
    if any(isinstance(x, _PLAIN) or _class_name(x) == "cgsuite.lang.Nothing" for x in (a, b)):  # no arithmetic
        names = ", ".join(f"`{_class_name(x) or type(x).__name__}`" for x in (a, b))
        raise CGSuiteError(f"No operation `{op}` for arguments of types {names}")
    try:
        return _arith(op, a, b)
    except SurrealError as exc:
        raise CGSuiteError(str(exc)) from None
    except ZeroDivisionError:
        raise CGSuiteError("/ by zero") from None


_PLAIN = (bool, str, list, tuple, frozenset, Player, EnumValue)


def _class_name(v: Any) -> str | None:
    """CGSuite's class of v (classes.py, once loaded)."""
    namer = FORMS.get("class_name")
    return None if namer is None else namer(v)


def _arith(op: str, a: Any, b: Any) -> Any:
    if _misere_sum(op, a, b):
        return misere_arith(op, a, b)
    if _is_scalar(a) and _is_scalar(b):
        x, y = surreal(a), surreal(b)
        if op == "+":
            return x + y
        if op == "-":
            return x - y
        if op == "*":
            return x * y
        if op == "/":
            return x / y
        if op == "%":
            return x % y  # the one remainder of the surreal numbers (rationals; x's sign)
        return x ** _exponent(y)
    if isinstance(a, TransfiniteNimber) or isinstance(b, TransfiniteNimber):
        return _nimbers(op, a, b)
    if is_loopy(a) or is_loopy(b):
        return loopy_arith(op, _operand(a), _operand(b))
    if (is_written(a) or is_written(b)) and op in "+-":
        return Compound("+", a, b if op == "+" else negate(b))
    if (is_written(a) or is_written(b)) and op == "*" and (_whole(a) is not None or _whole(b) is not None):
        return Compound("*", a, b) if _whole(a) is not None else Compound("*", b, a)
    if op in "+-":
        g, h = as_game(a), as_game(b)
        return add(g, h if op == "+" else neg(h))
    if op == "*":
        if _is_scalar(a):
            return norton_multiply(as_int(a, "an integer multiplier"), as_game(b))
        if _is_scalar(b):
            return norton_multiply(as_int(b, "an integer multiplier"), as_game(a))
        return conway_multiply(as_game(a), as_game(b))
    if op == "^" and _is_scalar(a):
        return arith("^", a, as_number(b) if as_number(b) is not None else _not_number(b))
    raise CGSuiteError(f"`{op}` is not defined for {_short(a)} and {_short(b)}")


def _misere_sum(op: str, a: Any, b: Any) -> bool:
    """Whether ``a op b`` is a misère form: two misère forms (or one and 0) in a sum, or any
    operation but a sum or a multiple of one (refused there).  A misère form with another game
    is their compound, as CGSuite keeps it (``*[2#] + *5``, valued by ``.CanonicalForm``)."""
    if not (isinstance(a, MisereGame) or isinstance(b, MisereGame)):
        return False
    if op in "+-":
        return all(isinstance(x, MisereGame) or _whole(x) == 0 for x in (a, b))
    return op != "*" or (_whole(a) is None and _whole(b) is None)


def _whole(v: Any) -> int | None:
    x = as_number(v)
    return int(x.as_fraction()) if x is not None and x.is_integer() else None


def _operand(v: Any) -> Any:
    """A loopy value as it is, anything else as a short game."""
    return v if is_loopy(v) else as_game(v)


def _not_number(v: Any) -> Any:
    raise CGSuiteError(f"Expected a number as exponent, not {_short(v)}")


def _exponent(y: Surreal) -> int | Surreal:
    return int(y.as_fraction()) if y.is_integer() else y


def _nimbers(op: str, a: Any, b: Any) -> Any:
    def tn(v: Any) -> TransfiniteNimber:
        if isinstance(v, TransfiniteNimber):
            return v
        g = as_game(v)
        if g.nim is None:
            raise CGSuiteError(f"Expected a nimber, not {_short(v)}")
        return TransfiniteNimber(surreal(g.nim).as_ordinal())

    x, y = tn(a), tn(b)
    if op in "+-":
        return x + y
    if op == "*":
        return x.conway_product(y)
    raise CGSuiteError(f"`{op}` is not defined for nimbers")


def compare(rel: str, a: Any, b: Any) -> bool:
    """CGSuite's comparisons: ``==``, ``!=``, ``<=``, ``>=``, ``<``, ``>``, ``<>`` (confused),
    ``<|`` (less than or confused), ``|>`` (greater than or confused)."""
    plain = (bool, Player, EnumValue, MisereGame, str, list, tuple, frozenset)
    if isinstance(a, plain) or isinstance(b, plain):  # strings, lists, tuples, sets: equal or not
        if rel in ("==", "!="):
            return bool(a == b) == (rel == "==")
        raise CGSuiteError(f"`{rel}` is not defined for {_short(a)} and {_short(b)}")
    if _is_scalar(a) and _is_scalar(b):
        x, y = surreal(a), surreal(b)
        c = "=" if x == y else "<" if x < y else ">"
    elif is_loopy(a) or is_loopy(b):
        c = loopy_compare(_operand(a), _operand(b))
    elif _is_scalar(a) and not surreal(a).is_dyadic():
        c = compare_with_game(surreal(a), as_game(b))
    elif _is_scalar(b) and not surreal(b).is_dyadic():
        seen = compare_with_game(surreal(b), as_game(a))  # b against a: turn it round
        c = {"<": ">", ">": "<"}.get(seen, seen)
    else:
        g, h = as_game(a), as_game(b)
        below, above = le(g, h), le(h, g)
        c = "=" if below and above else "<" if below else ">" if above else "||"
    table = {
        "==": c == "=",
        "!=": c != "=",
        "<=": c in "<=",
        ">=": c in ">=",
        "<": c == "<",
        ">": c == ">",
        "<>": c == "||",
        "<|": c in ("<", "||"),
        "|>": c in (">", "||"),
    }
    return bool(table[rel])
