"""CGSuite's classes of the evaluator's values: ``G.Class`` (printed ``⟪game.Uptimal⟫``), the
types named in CGSuite's "No operation" errors (the classes' ancestry, and the class names a
worksheet cannot assign to, ``Integer := 5``: :mod:`zermelo.cgsuite.class_tree`).

The class of a value is a fact of its kind, as CGSuite's documentation names them: a number is
``Zero``, ``Integer``, ``DyadicRational``, ``Rational``, ``GeneralizedOrdinal`` or
``SurrealNumber``; a short game in canonical form a ``Nimber`` (``*n``, n ≥ 1), an ``Uptimal``
(a number, a nimber and a sum of ups and their powers: ``^*6``, ``9/8*``, ``{0||0|v*}``) or a
``CanonicalShortGame``; a loopy one a ``Pseudonumber`` (``on``, ``over``, ``{pass|3/2}``), a
``CanonicalStopper`` or a ``StopperSidedValue`` (``dud``).

>>> from zermelo.cgsuite import evaluate
>>> [evaluate(f"({x}).Class") for x in ("0", "*8", "^*6", "{3||2*|1*}")]
['⟪game.Zero⟫', '⟪game.Nimber⟫', '⟪game.Uptimal⟫', '⟪game.CanonicalShortGame⟫']
>>> [evaluate(f"({x}).Class") for x in ("on", "a{0||||0|||a|*||*}", "dud")]
['⟪game.Pseudonumber⟫', '⟪game.CanonicalStopper⟫', '⟪game.StopperSidedValue⟫']
"""

from __future__ import annotations

from typing import Any

from ..values.game import Game
from ..values.misere import MisereGame
from ..values.stopper import Sided, Stopper
from ..values.surreal import Surreal, surreal
from ..values.thermograph import Thermograph
from ..values.transfinite import TransfiniteNimber
from .errors import CGSuiteError, NotSupported
from .named import NOTHING
from .printer import CGString, Coordinates
from .uptimal import uptimal_expansion
from .values import FORMS, LEFT, RIGHT, Compound, EnumValue, Explicit, Negative, Player

__all__ = ["ENUMS", "ICON", "PLAYER", "ClassRef", "class_member", "class_name", "class_of", "pair"]

_OUTCOMES = frozenset({"P", "N", "L", "R"})


class ClassRef(str):
    """A class, as CGSuite prints one: ``⟪game.Nimber⟫``."""

    __slots__ = ()

    def cgsuite_text(self, _printer: Any = None) -> str:
        return f"⟪{self}⟫"


PLAYER = ClassRef("game.Player")  # ``Player``, whose members are ``Player.Left`` and ``Player.Right``
ICON = ClassRef("cgsuite.util.Icon")  # the pictures a grid ruleset may draw its cells with

#: CGSuite's enumerated types other than ``Player``: their constants, in CGSuite's order.
ENUMS: dict[ClassRef, tuple[str, ...]] = {
    ICON: (
        *("Blank", "BlackStone", "GrayStone", "WhiteStone"),
        *(
            f"{side}{piece}"
            for side in ("Black", "White")
            for piece in ("Bishop", "King", "Knight", "Pawn", "Queen", "Rook")
        ),
        *("BlackDomino", "GrayDomino", "WhiteDomino"),
        *("BlackSquare", "BlueSquare", "GraySquare", "GreenSquare", "RedSquare"),
        *("Frog", "Toad", "PennyHeads", "PennyTails", "DownArrow", "LeftArrow", "RightArrow", "UpArrow"),
    )
}


def class_member(cls: ClassRef, name: str, args: list[Any] | None = None) -> Any:
    """``Player.Left``, ``Player.Right``: a class's constants; every class's ``Class``, ``Name`` and
    ``QualifiedName`` (CGSuite's members of a class object; its instance members are not)."""
    if args is None and cls == PLAYER and name in ("Left", "Right"):
        return LEFT if name == "Left" else RIGHT
    if args is None and name in ENUMS.get(cls, ()):
        return EnumValue(cls, name)
    if args is None and name == "Class":
        return ClassRef("cgsuite.lang.Class")
    if args is None and name in ("Name", "QualifiedName"):  # a nested class's keeps its enclosing class's
        return CGString(str(cls) if name == "QualifiedName" else _short_name(str(cls)))
    if not cls.startswith("game."):  # Graph.Path(5), Grid.Parse(…): CGSuite's, not zermelo's
        raise NotSupported(f"`{cls}.{name}` is not supported: zermelo has the class, not its members")
    raise CGSuiteError(f"Not a method or member variable: `{name}` (in object of class `cgsuite.lang.Class`)")


def _short_name(qualified: str) -> str:
    parts = qualified.split(".")
    first = next(i for i, p in enumerate(parts) if p[:1].isupper())
    return ".".join(parts[first:])


def class_name(v: Any) -> str | None:
    """CGSuite's full class name of ``v`` (``game.Integer``, ``cgsuite.lang.String``), or None
    for a value zermelo does not class (a ruleset's position, a procedure)."""
    if isinstance(v, bool):
        return "cgsuite.lang.Boolean"
    if isinstance(v, Surreal):
        return "game." + v.cgsuite_class
    if isinstance(v, Game):
        return "game." + _game_class(v)
    if isinstance(v, TransfiniteNimber):
        return "game.TransfiniteNimber"
    if isinstance(v, Stopper):
        return "game.Pseudonumber" if v.pseudonumber() is not None else "game.CanonicalStopper"
    if isinstance(v, Sided):
        return "game.SidedValue" if v.carousel else "game.StopperSidedValue"
    if isinstance(v, MisereGame):
        return "game.misere.MisereCanonicalGame"
    if isinstance(v, Explicit):
        return "game.ExplicitGame"
    if isinstance(v, Compound):
        return "game.CompoundGame"
    if isinstance(v, Negative):
        return "game.NegativeGame"
    if isinstance(v, Player):
        return "game.Player"
    if isinstance(v, EnumValue):
        return v.enum
    if isinstance(v, Thermograph):
        return "cgsuite.util.Thermograph"
    if isinstance(v, ClassRef):
        return "cgsuite.lang.Class"
    if v is NOTHING:
        return "cgsuite.lang.Nothing"
    if isinstance(v, CGString):
        return "cgsuite.lang.String"
    if isinstance(v, str) and v in _OUTCOMES:
        return "game.OutcomeClass"
    if isinstance(v, Coordinates):
        return "cgsuite.lang.Coordinates"
    if isinstance(v, list):
        return "cgsuite.lang.List"
    if isinstance(v, frozenset):
        return "cgsuite.lang.Set"
    return None


def _game_class(g: Game) -> str:
    if g.num is not None:
        x = g.num
        return "Zero" if x == 0 else "Integer" if x.denominator == 1 else "DyadicRational"
    if g.nim is not None:
        return "Nimber"
    return "Uptimal" if uptimal_expansion(g) is not None else "CanonicalShortGame"


def class_of(v: Any) -> ClassRef:
    """``v.Class``."""
    name = class_name(v)
    if name is None:
        raise CGSuiteError("Not a method or member variable: `Class` (zermelo does not class that value)")
    return ClassRef(name)


def pair(a: Any, b: Any) -> Coordinates:
    """``(a, b)``: CGSuite's coordinates, a pair of integers; anything else is CGSuite's error."""
    a, b = (surreal(x.num) if isinstance(x, Game) and x.num is not None else x for x in (a, b))
    if all(isinstance(x, Surreal) and x.is_integer() for x in (a, b)):
        return Coordinates((a, b))
    names = ", ".join(f"`{class_name(x) or type(x).__name__}`" for x in (a, b))
    raise CGSuiteError(f"No operation `(,)` for arguments of types {names}")


FORMS["class_name"] = class_name
