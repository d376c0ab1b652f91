"""Properties, methods and functions by CGSuite's names: ``G.Temperature``, ``G.Cool(1/2)``,
``G.Options(Left)``, ``Tiny(2)``, ``3.NimProduct(5)``, … — each a call into the one value engine
(:mod:`zermelo.values`), never a second implementation.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ..core.cantor import ONE
from ..core.dyadic import birthday_of_number
from ..core.errors import Unsupported
from ..core.nimber import by_squaring, nim_add, nim_inverse, nim_multiply, ugly_multiply
from ..values import atomic, calculus, forms, reduced
from ..values.folds import birthday
from ..values.game import Game, game, le, neg, number, star
from ..values.stopper import equal
from ..values.surreal import Surreal, SurrealError, surreal
from ..values.thermograph import cool, expanded_thermograph
from ..values.transfinite import TransfiniteNimber, nim_power, nim_product, nim_sum
from .classes import class_name, class_of
from .compounds import FORM_COMPOUNDS, compound
from .errors import CGSuiteError
from .loopy import is_loopy, named
from .loopy_methods import SHORT_AS_STOPPER, call_loopy
from .misere import is_misere_call, misere_call
from .number_methods import is_number_call, number_call
from .printer import cgsuite_text, sort_options
from .uptimal import format_expansion, uptimal_expansion
from .values import LEFT, Compound, Explicit, Negative, Player, as_game, as_int, as_number, game_value, is_written

__all__ = ["FUNCTIONS", "METHODS", "call_function", "call_method"]

_MAX_EXPONENT = 1000  # of Pow and PowTo: ^.PowTo(1000) is printed in about 2 s

Method = Callable[[Any, list[Any]], Any]


def _frac(x: Fraction) -> Surreal:
    return surreal(x)


def _options(v: Any, player: Player) -> frozenset[Any]:
    if isinstance(v, Explicit):
        return frozenset(v.left if player is LEFT else v.right)
    g = as_game(v)
    return frozenset(g.left if player is LEFT else g.right)


def _player(args: list[Any]) -> Player:
    if len(args) != 1 or not isinstance(args[0], Player):
        raise CGSuiteError("Expected a Player (Left or Right)")
    return args[0]


def _scalar_arg(args: list[Any], n: int = 1) -> list[Any]:
    if len(args) != n:
        raise CGSuiteError(f"Expected {n} argument{'s' if n != 1 else ''}, got {len(args)}")
    return args


def _dyadic(v: Any) -> Fraction:
    x = as_number(v)
    if x is None or not x.is_dyadic():
        raise CGSuiteError(f"Expected a dyadic rational, not {cgsuite_text(v)}")
    return x.as_fraction()


def _exponent(args: list[Any]) -> Fraction:
    """The exponent of ``Pow`` and ``PowTo``: G^→x is an ordinal sum on a number born on about
    day x, one level of G's form a day, so x is bounded (as ``^<n>`` and ``^[n]`` are)."""
    x = _dyadic(_scalar_arg(args)[0])
    if abs(x) > _MAX_EXPONENT or x.denominator > 1 << _MAX_EXPONENT:
        raise CGSuiteError(f"exponents of Pow and PowTo up to {_MAX_EXPONENT} only, not {cgsuite_text(surreal(x))}")
    return x


def _birthday(v: Any, _args: list[Any]) -> Any:
    x = as_number(v)
    if x is not None and not isinstance(v, Game):
        try:
            return x.birthday() if not x.is_dyadic() else surreal(birthday_of_number(x.as_fraction()))
        except SurrealError as exc:
            raise CGSuiteError(str(exc)) from None
    return surreal(birthday(as_game(v)))


def _atomic_weight(v: Any, _args: list[Any]) -> Game:
    g = as_game(v)
    try:
        return atomic.atomic_weight(g)
    except Unsupported:
        # CGSuite names a game that is a nonzero number plus an infinitesimal, not the others
        shown = f": {cgsuite_text(g)}" if g.left_stop == g.right_stop != 0 else "."
        raise CGSuiteError(f"That game is not atomic{shown}") from None


def _is_atomic(v: Any, _args: list[Any]) -> bool:
    try:
        atomic.atomic_weight(as_game(v))
    except Unsupported:
        return False
    return True


def _outcome(v: Any, _args: list[Any]) -> str:
    if isinstance(v, TransfiniteNimber):
        return v.outcome
    g = as_game(v)
    zero = number(0)
    ge, le0 = le(zero, g), le(g, zero)
    return "P" if ge and le0 else "L" if ge else "R" if le0 else "N"


def _nim_value(v: Any, _args: list[Any]) -> Any:
    if isinstance(v, TransfiniteNimber):
        return surreal(v.value)
    g = as_game(v)
    if g.nim is None:
        raise CGSuiteError("That game is not a nimber.")
    return surreal(g.nim)


def _abs(v: Any, _args: list[Any]) -> Any:
    x = as_number(v)
    if x is not None and not isinstance(v, Game):
        return x.abs()
    g = as_game(v)
    return g if le(number(0), g) else neg(g)


def _denominator(v: Any, _args: list[Any]) -> Any:
    x = as_number(v)
    if x is None:
        raise CGSuiteError("Denominator is defined for numbers only")
    return x.denominator


def _followers(v: Any, _args: list[Any]) -> frozenset[Game]:
    seen: dict[int, Game] = {}
    stack = [as_game(v)]
    while stack:
        g = stack.pop()
        if g.id in seen:
            continue
        seen[g.id] = g
        stack.extend(g.left)
        stack.extend(g.right)
    return frozenset(seen.values())


def _uptimal(v: Any, _args: list[Any]) -> str:
    u = uptimal_expansion(as_game(v))
    if u is None:  # CGSuite's Uptimal class has the method, and that game is not one
        raise CGSuiteError(f"Not a method or member variable: `UptimalExpansion`{_in_class(as_game(v))}")
    return format_expansion(u)


def _is_tiny(g: Game) -> bool:
    if g.num is not None:
        return True
    for h in (g, neg(g)):
        gl, gr = h.left, h.right
        if len(gl) == 1 and len(gr) == 1 and gl[0].num is not None:
            r = gr[0]
            if len(r.left) == 1 and len(r.right) == 1 and r.left[0] is gl[0] and r.right[0].mean < gl[0].num:
                return True
    return False


def _size(v: Any, _args: list[Any]) -> Any:
    if isinstance(v, frozenset | list | tuple):
        return surreal(len(v))
    raise CGSuiteError("Size is defined for collections")


def _concat(v: Any, args: list[Any]) -> list[Any]:
    """A list's ``Concat``: ``[1,2] Concat [3]`` is ``[1,2,3]``."""
    if isinstance(v, list) and len(args) == 1 and isinstance(args[0], list):
        return v + args[0]
    raise CGSuiteError("Concat joins two lists: [1,2] Concat [3]")


def _cool(v: Any, args: list[Any]) -> Game:
    t = _dyadic(_scalar_arg(args)[0])
    if t <= -1:
        raise CGSuiteError(f"Invalid cooling temperature (must be > -1): {surreal(t)}")
    g = as_game(v)
    if t >= 0:
        return cool(g, t)
    return calculus.heat(g, -t) if g.num is None else g


def _compound_method(op: str) -> Method:
    """``G ConjunctiveSum H`` and its kin: a compound of the forms, kept as written."""
    return lambda v, args: compound(op, v, _scalar_arg(args)[0])


def _game_fn(fn: Callable[[Game], Any]) -> Method:
    return lambda v, _args: fn(as_game(v))


def _set_fn(fn: Callable[[Game], Any]) -> Method:
    return lambda v, _args: frozenset(fn(as_game(v)))


def _frac_fn(fn: Callable[[Game], Fraction]) -> Method:
    return lambda v, _args: _frac(fn(as_game(v)))


def _pred(fn: Callable[[Game], bool]) -> Method:
    return lambda v, _args: bool(fn(as_game(v)))


def _int_op(fn: Callable[[int, int], int]) -> Method:
    return lambda v, args: surreal(_on_whole(fn, as_int(v), as_int(_scalar_arg(args)[0])))


def _on_whole(fn: Callable[[int, int], int], a: int, b: int) -> int:
    """``fn(a, b)`` of nim arithmetic, whose ValueError (a negative operand) is the user's."""
    try:
        return fn(a, b)
    except ValueError as exc:
        raise CGSuiteError(f"{exc}, got {a} and {b}") from None


def _nim_op(
    name: str, on_ints: Callable[[int, int], int], on_ordinals: Callable[[Any, Any], Any] | None = None
) -> Callable[[Any, Any], Surreal]:
    """``a Name b`` of nim arithmetic: on whole numbers, or (NimSum, NimProduct, NimExp) on ordinals."""

    def op(a: Any, b: Any) -> Surreal:
        x, y = as_number(a), as_number(b)
        if x is None or y is None or not (x.is_generalized_ordinal() and y.is_generalized_ordinal()):
            raise CGSuiteError(f"Expected an integer, not {a if x is None or not x.is_generalized_ordinal() else b}")
        if x.is_integer() and y.is_integer():
            i, j = int(x.as_fraction()), int(y.as_fraction())
            if i < 0 or j < 0:
                raise CGSuiteError(f"{name} applies only to nonnegative integers.")
            return surreal(_on_whole(on_ints, i, j))
        if on_ordinals is None or x.is_infinite() or y.is_infinite():
            raise CGSuiteError(f"{name} applies only to nonnegative integers.")
        if not (x.num.is_ordinal() and y.num.is_ordinal()):
            raise CGSuiteError(f"{name} applies only to ordinals.")
        try:
            return Surreal(on_ordinals(x.num, y.num), ONE)
        except Unsupported:
            raise  # past what is computed: NotSupported, from evaluate
        except ValueError as exc:
            raise CGSuiteError(str(exc)) from None

    return op


def _nim_exp(a: Any, n: Any) -> Any:
    return nim_power(a, as_int(surreal(n), "a whole number"))


def _as_method(op: Callable[[Any, Any], Surreal]) -> Method:
    return lambda v, args: op(v, _scalar_arg(args)[0])


def _as_function(op: Callable[[Any, Any], Surreal]) -> Callable[[list[Any]], Any]:
    return lambda args: op(*_scalar_arg(args, 2))


_NIM_OPS = {
    "NimSum": _nim_op("NimSum", nim_add, nim_sum),
    "NimProduct": _nim_op("NimProduct", nim_multiply, nim_product),
    "NimExp": _nim_op("NimExp", lambda a, n: by_squaring(a, n, nim_multiply, 1), _nim_exp),
}


def _nim_div(a: int, b: int) -> int:
    if b == 0:
        raise CGSuiteError("/ by zero")
    return nim_multiply(a, nim_inverse(b))


def _nim_inverse(v: Any, _args: list[Any]) -> Any:
    a = as_int(v)
    if a <= 0:
        raise CGSuiteError("NimInverse applies only to positive integers.")
    return surreal(nim_inverse(a))


METHODS: dict[str, Method] = {
    "CanonicalForm": _game_fn(lambda g: g),
    "Options": lambda v, args: _options(v, _player(args)),
    "LeftOptions": lambda v, _a: _options(v, LEFT),
    "RightOptions": lambda v, _a: _options(v, Player("Right")),
    "SortedOptions": lambda v, args: sort_options(list(_options(v, _player(args)))),
    "Birthday": _birthday,
    "LeftStop": _frac_fn(lambda g: g.left_stop),
    "RightStop": _frac_fn(lambda g: g.right_stop),
    "Stop": lambda v, args: _frac(as_game(v).left_stop if _player(args) is LEFT else as_game(v).right_stop),
    "Mean": _frac_fn(lambda g: g.mean),
    "Temperature": _frac_fn(lambda g: g.temperature),
    "Thermograph": _game_fn(expanded_thermograph),
    "AtomicWeight": _atomic_weight,
    "ReducedCanonicalForm": _game_fn(reduced.reduced_canonical_form),
    "Cool": _cool,
    "Heat": lambda v, args: calculus.heat(as_game(v), as_game(_scalar_arg(args)[0])),
    "Overheat": lambda v, args: calculus.overheat(as_game(v), *(as_game(a) for a in _scalar_arg(args, 2))),
    "NortonProduct": lambda v, args: calculus.norton_multiply(as_game(v), as_game(_scalar_arg(args)[0])),
    "ConwayProduct": lambda v, args: _conway(v, _scalar_arg(args)[0]),
    **{op: _compound_method(op) for op in FORM_COMPOUNDS},
    "Incentives": _set_fn(calculus.incentives),
    "LeftIncentives": _set_fn(calculus.left_incentives),
    "RightIncentives": _set_fn(calculus.right_incentives),
    "Freeze": _game_fn(calculus.freeze),
    "Companion": _game_fn(forms.companion),
    "UptimalExpansion": _uptimal,
    "OutcomeClass": _outcome,
    "NimValue": _nim_value,
    "Abs": _abs,
    "Denominator": _denominator,
    "Pow": lambda v, args: _on_power(v, args, "uponth") or _power(v, _exponent(args)),
    "PowTo": lambda v, args: _on_power(v, args, "upon") or calculus.power_to(as_game(v), _exponent(args)),
    "Followers": _followers,
    "FollowerCount": lambda v, _a: surreal(forms.follower_count(as_game(v))),
    "Size": _size,
    "Concat": _concat,
    "StopCount": lambda v, _a: surreal(forms.stop_count(as_game(v))),
    "IsNumber": _pred(lambda g: g.num is not None),
    "IsInteger": _pred(lambda g: g.num is not None and g.num.denominator == 1),
    "IsNimber": _pred(lambda g: g.nim is not None or g.num == 0),
    "IsInfinitesimal": _pred(lambda g: g.left_stop == g.right_stop == 0),
    "IsAllSmall": _pred(atomic.is_all_small),
    "IsAtomic": _is_atomic,
    "IsEven": _pred(forms.is_even),
    "IsOdd": _pred(forms.is_odd),
    "IsEvenTempered": _pred(forms.is_even_tempered),
    "IsOddTempered": _pred(forms.is_odd_tempered),
    "IsNumberish": _pred(lambda g: g.left_stop == g.right_stop),
    "IsNumberTiny": _pred(_is_tiny),
    "IsUptimal": _pred(lambda g: uptimal_expansion(g) is not None),
    "IsZero": _pred(lambda g: g.num == 0),
    "IsOrdinal": _pred(lambda g: g.num is not None and g.num.denominator == 1 and g.num >= 0),
    "IsIdempotent": _pred(lambda g: g.num == 0),
    "IsSwitch": _pred(lambda g: neg(g) is g and g.num != 0),
    "IsPlumtree": _pred(lambda g: True),
    "IsPseudonumber": _pred(lambda g: g.num is not None),
    "IsLoopfree": lambda v, _a: True,
    **{name: _as_method(op) for name, op in _NIM_OPS.items()},
    "NimDiv": _int_op(_nim_div),
    "NimInverse": _nim_inverse,
    "UglyProduct": _int_op(ugly_multiply),
}


def _on_power(v: Any, args: list[Any], name: str) -> Any:
    """``^.Pow(on)`` is ^<on> (uponth) and ``^.PowTo(on)`` is ^[on] (upon); None when the
    exponent is not ``on``."""
    on = named("on")
    assert on is not None
    if len(args) != 1 or not is_loopy(args[0]) or not equal(args[0], on):
        return None
    if as_game(v) is not game([number(0)], [star(1)]):  # ^ = {0|*}
        raise CGSuiteError("Pow(on) and PowTo(on) are given for ^ only")
    return named(name)


def _power(v: Any, n: Fraction) -> Game:
    """G.Pow(n): the base must be {0|H}; anything else is the user's error, said so."""
    try:
        return calculus.power(as_game(v), n)
    except ValueError as exc:
        raise CGSuiteError(str(exc)) from None


def _conway(a: Any, b: Any) -> Any:
    if is_written(a) or is_written(b):  # kept as written: an integer's product is its multiple
        x = as_number(a)
        return Compound("*" if x is not None and x.is_integer() else "ConwayProduct", a, b)
    if isinstance(a, TransfiniteNimber) or isinstance(b, TransfiniteNimber):
        from .values import arith

        return arith("*", a, b)
    return calculus.conway_multiply(as_game(a), as_game(b))


def call_method(value: Any, name: str, args: list[Any] | None) -> Any:
    """``value.Name`` (args None) or ``value.Name(args)``."""
    if name == "Class" and args is None:
        return class_of(value)
    if is_misere_call(value, name):
        return misere_call(value, name, args)
    if is_number_call(value, name):
        return number_call(value, name, args)
    if name == "GameValue" and args is None and (is_loopy(value) or isinstance(value, Compound | Negative)):
        return game_value(value)
    if is_loopy(value) or name in SHORT_AS_STOPPER:
        return call_loopy(value, name, [] if args is None else args)
    fn = METHODS.get(name)
    if fn is None:
        raise CGSuiteError(f"Not a method or member variable: `{name}`{_in_class(value)}")
    return fn(value, [] if args is None else args)


def _in_class(value: Any) -> str:
    """`` (in object of class `game.Nimber`)``, as CGSuite ends its "Not a method" errors."""
    name = class_name(value)
    return "" if name is None else f" (in object of class `{name}`)"


def _tiny(args: list[Any], miny: bool) -> Game:
    x = as_game(_scalar_arg(args)[0])
    zero = number(0)
    g = game([zero], [game([zero], [neg(x)])])
    return neg(g) if miny else g


FUNCTIONS: dict[str, Callable[[list[Any]], Any]] = {
    "Tiny": lambda args: _tiny(args, False),
    "Miny": lambda args: _tiny(args, True),
    **{name: _as_function(op) for name, op in _NIM_OPS.items()},
    "NimDiv": lambda args: surreal(_on_whole(_nim_div, *(as_int(a) for a in _scalar_arg(args, 2)))),
    "NimInverse": lambda args: _nim_inverse(_scalar_arg(args)[0], []),
    "UglyProduct": lambda args: surreal(_on_whole(ugly_multiply, *(as_int(a) for a in _scalar_arg(args, 2)))),
    "Nimber": lambda args: star(as_int(_scalar_arg(args)[0])),
}


def call_function(name: str, args: list[Any]) -> Any:
    fn = FUNCTIONS.get(name)
    if fn is None:
        raise CGSuiteError(f"That variable is not defined: `{name}`")
    return fn(args)
