"""Properties and methods of loopy values by CGSuite's names — ``G.Onside``, ``G.Degree``,
``G.Variety``, ``G.Upsum(H)``, ``G.OutcomeClass`` (with draws: ``D``, ``PHat``, ``PCheck``,
``NHat``, ``NCheck``), ``G.LeftStop`` — each a call into :mod:`zermelo.values.stopper`.

Degree, varieties and stability follow Siegel, *Combinatorial Game Theory*, VI.5 (after
Winning Ways ch. 11): deg(G) = G ⊕ −G (the upsum, 0 for a short game); for an idempotent d the
upsum variety is G ⊕ (−G ⊖ −d) and the downsum variety G ⊖ (−G ⊕ d); G is *stable* when the
two agree at d = deg(G), and that game is its variety.

>>> from zermelo.cgsuite import evaluate
>>> evaluate("on.Degree"), evaluate("dud.OutcomeClass"), evaluate("(+-{0|pass}).Variety")
('on', 'D', '+-over')
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ..values.game import Game, number
from ..values.loopy import nodes_from
from ..values.stopper import (
    Sided,
    Stop,
    Stopper,
    Value,
    add,
    compare,
    downsum,
    equal,
    negative,
    offside,
    onside,
    outcome_class,
    stop,
    upsum,
)
from ..values.surreal import surreal
from .errors import CGSuiteError
from .loopy import Node, named, over_number
from .values import LEFT, Player, as_game

__all__ = ["SHORT_AS_STOPPER", "call_loopy"]

Method = Callable[[Any, list[Any]], Any]


def _stopper(v: Any) -> Game | Stopper:
    if isinstance(v, Stopper):
        return v
    if isinstance(v, Sided):
        raise CGSuiteError("That game is not a stopper.")
    if isinstance(v, Node):
        raise CGSuiteError("labels stand only for options inside braces")
    return as_game(v)


def _value(v: Any) -> Value:
    return v if isinstance(v, Sided) else _stopper(v)


def _stop_value(s: Stop) -> Any:
    inf, x, eps = s
    if inf:
        return named("on" if inf > 0 else "off")
    if eps:
        return over_number(x, eps > 0)
    return surreal(x)


def _stops(v: Any, left: bool) -> Any:
    return _stop_value(stop(_stopper(v), left))


def _strong(v: Any, left: bool) -> Fraction | None:
    inf, x, _ = stop(_stopper(v), left)
    return None if inf else x


def _outcome(v: Any, _args: list[Any]) -> str:
    return outcome_class(_value(v))


def _degree(v: Any, _args: list[Any]) -> Any:
    g = _stopper(v)
    return upsum(g, _neg(g)) if isinstance(g, Stopper) else number(0)


def _neg(g: Game | Stopper) -> Game | Stopper:
    n = negative(g)
    assert not isinstance(n, Sided)
    return n


def _idempotent(d: Game | Stopper) -> None:
    if not equal(add(d, d), d):
        raise CGSuiteError("Variety degree must be an idempotent.")


def _upsum_variety(g: Game | Stopper, d: Game | Stopper) -> Game | Stopper:
    _idempotent(d)
    return upsum(g, downsum(_neg(g), _neg(d)))


def _downsum_variety(g: Game | Stopper, d: Game | Stopper) -> Game | Stopper:
    _idempotent(d)
    return downsum(g, upsum(_neg(g), d))


def _variety(v: Any, _args: list[Any]) -> Any:
    g = _stopper(v)
    d = _degree(g, [])
    up = _upsum_variety(g, d)
    if not equal(up, _downsum_variety(g, d)):
        raise CGSuiteError("That game is not stable.")
    return up


def _is_stable(v: Any, _args: list[Any]) -> bool:
    g = _stopper(v)
    d = _degree(g, [])
    return equal(_upsum_variety(g, d), _downsum_variety(g, d))


def _one(args: list[Any]) -> Any:
    if len(args) != 1:
        raise CGSuiteError(f"Expected 1 argument, got {len(args)}")
    return args[0]


def _options(v: Any, left: bool) -> frozenset[Any]:
    g = _stopper(v)
    return frozenset(g.left if left else g.right)


def _followers(v: Any, _args: list[Any]) -> frozenset[Any]:
    g = _stopper(v)
    if isinstance(g, Game):
        raise CGSuiteError("not a loopy game")
    return frozenset(g.at(n) for n in _reachable(g))


def _reachable(g: Stopper) -> list[int]:
    return nodes_from(g.graph, [g.root])


def _follower_count(v: Any, _args: list[Any]) -> Any:
    g = _stopper(v)
    return surreal(len(_reachable(g))) if isinstance(g, Stopper) else None


def _player(args: list[Any]) -> bool:
    p = _one(args)
    if not isinstance(p, Player):
        raise CGSuiteError("Expected a Player (Left or Right)")
    return p is LEFT


def _pred(fn: Callable[[Any], bool]) -> Method:
    return lambda v, _a: bool(fn(v))


def _numberish(v: Any) -> bool:
    x = _value(v)
    a, b = _strong(onside(x), True), _strong(offside(x), False)
    return a is not None and a == b


def _infinitesimal(v: Any) -> bool:
    x = _value(v)
    return all(_strong(s, left) == 0 for s in (onside(x), offside(x)) for left in (True, False))


def _idempotent_value(v: Any) -> bool:
    x = _value(v)
    return equal(add(x, x), x)


def _number_tiny(v: Any) -> bool:
    """x + a tiny or x + a miny (CGSuite's test on a stopper): {x || x | R} with R - x <= under,
    or its negative; a number is one too."""
    x = _value(v)
    if isinstance(x, Sided):
        return False
    if isinstance(x, Game):
        return x.num is not None
    under = over_number(Fraction(0), False)
    for g in (x, _neg(x)):
        lo, ro = tuple(g.left), tuple(g.right)
        if len(lo) == 1 and len(ro) == 1 and isinstance(lo[0], Game) and lo[0].num is not None:
            r = ro[0]
            rl, rr = tuple(r.left), tuple(r.right)
            if len(rl) == 1 and len(rr) == 1 and equal(rl[0], lo[0]) and compare(add(rr[0], negative(lo[0])), under):
                return True
    return False


_ALWAYS = {"IsLoopfree": False, "IsNumber": False, "IsInteger": False, "IsNimber": False}
_ALWAYS |= {"IsZero": False, "IsOrdinal": False, "IsUptimal": False}


def _not_short(_v: Any, _args: list[Any]) -> Any:
    raise CGSuiteError("That is a loopy game (not a short game).")


def _side(v: Any, on: bool) -> Any:
    x = _value(v)
    if isinstance(x, Sided) and x.carousel:  # CGSuite's SidedValue has no Onside or Offside
        name = "Onside" if on else "Offside"
        raise CGSuiteError(f"Not a method or member variable: `{name}` (in object of class `game.SidedValue`)")
    return onside(x) if on else offside(x)


METHODS: dict[str, Method] = {
    "CanonicalForm": _not_short,
    "Onside": lambda v, _a: _side(v, True),
    "Offside": lambda v, _a: _side(v, False),
    "IsStopperSided": _pred(lambda v: not (isinstance(v, Sided) and v.carousel)),
    "IsStopper": _pred(lambda v: not isinstance(_value(v), Sided)),
    "IsPlumtree": _pred(lambda v: isinstance(v, Stopper) and v.plumtree),
    "IsPseudonumber": _pred(lambda v: isinstance(v, Stopper) and v.pseudonumber() is not None),
    "IsIdempotent": _pred(_idempotent_value),
    "IsNumberish": _pred(_numberish),
    "IsInfinitesimal": _pred(_infinitesimal),
    "IsNumberTiny": _pred(_number_tiny),
    "IsSwitch": _pred(lambda v: equal(_stopper(v), _neg(_stopper(v)))),
    "IsStable": _is_stable,
    "OutcomeClass": _outcome,
    "Degree": _degree,
    "Variety": _variety,
    "Upsum": lambda v, args: upsum(_stopper(v), _stopper(_one(args))),
    "Downsum": lambda v, args: downsum(_stopper(v), _stopper(_one(args))),
    "UpsumVariety": lambda v, args: _upsum_variety(_stopper(v), _stopper(_one(args))),
    "DownsumVariety": lambda v, args: _downsum_variety(_stopper(v), _stopper(_one(args))),
    "LeftStop": lambda v, _a: _stops(v, True),
    "RightStop": lambda v, _a: _stops(v, False),
    "Stop": lambda v, args: _stops(v, _player(args)),
    "LeftOptions": lambda v, _a: _options(v, True),
    "RightOptions": lambda v, _a: _options(v, False),
    "Options": lambda v, args: _options(v, _player(args)),
    "Followers": _followers,
    "FollowerCount": _follower_count,
}

# What a short game answers as the stopper it also is (CGSuite's CanonicalShortGame is a CanonicalStopper).
SHORT_AS_STOPPER = frozenset({"Onside", "Offside", "IsStopper", "IsStopperSided", "Degree", "Upsum", "Downsum"})
SHORT_AS_STOPPER |= {"Variety", "UpsumVariety", "DownsumVariety", "IsStable"}


def call_loopy(value: Any, name: str, args: list[Any]) -> Any:
    """``value.Name(args)`` for a loopy value (or a short game asked what only stoppers answer)."""
    if name in _ALWAYS:
        return _ALWAYS[name] if isinstance(value, Stopper | Sided) else name == "IsStopperSided"
    fn = METHODS.get(name)
    if fn is None:
        raise CGSuiteError(f"Not a method or member variable: `{name}`")
    out = fn(value, args)
    if out is None:
        raise CGSuiteError(f"Not a method or member variable: `{name}`")
    return out
