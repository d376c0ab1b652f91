"""The class of any value of the evaluator (``x.Class``) and CGSuite's ``x is C``, the library's
rulesets and positions included (their classes: :mod:`zermelo.cgsuite.class_tree`).

>>> from zermelo.cgsuite import evaluate
>>> evaluate('game.heap.Kayles.Class'), evaluate('game.heap.Kayles(3).Class')
('⟪game.heap.TakeAndBreak⟫', '⟪game.heap.HeapRuleset.Position⟫')
>>> evaluate('game.strip.ToadsAndFrogs("t.f") is Game'), evaluate('game.strip.ToadsAndFrogs("t.f") is ImpartialGame')
('true', 'false')
"""

from __future__ import annotations

from typing import Any

from ..rules import Impartial
from .class_tree import ancestors, class_object, position_class, ruleset_class
from .classes import ClassRef, class_name
from .errors import CGSuiteError, NotSupported
from .kept_options import answers, kept_member
from .printer import cgsuite_text
from .rulesets import Family, Namespace, Position, Ruleset
from .sensible import SENSIBLE
from .values import FORMS, Compound, Procedure

__all__ = ["class_of_any", "impartial_sum", "is_op", "object_member"]


def _class(v: Any) -> str | None:
    if isinstance(v, Compound) and v.negated:  # -(G OrdinalProduct H), -(2 * G): kept around the product
        return "game.NegativeGame"
    if isinstance(v, Compound) and v.op in ("+", ":") and impartial_sum(v):  # CGSuite's Ops: G : H of two too
        return "game.CompoundImpartialGame"
    if isinstance(v, Position):
        text = v.cgsuite_text()
        if " + " in text:  # a sum of positions: CGSuite's compound game
            return "game.CompoundImpartialGame" if isinstance(v.ruleset.rules, Impartial) else "game.CompoundGame"
        if text.startswith("-"):
            return "game.NegativeGame"
        return position_class(ruleset_class(v.ruleset.name))
    if isinstance(v, Ruleset):
        return ruleset_class(v.name)
    if isinstance(v, Family):  # GenClobber, TakeAndBreak named bare: the class itself
        return "cgsuite.lang.Class"
    if isinstance(v, Procedure):
        return "cgsuite.lang.Function"
    return class_name(v)


def impartial_sum(v: Compound) -> bool:
    """Whether the sum v is CGSuite's ``CompoundImpartialGame``: two impartial games added (not a
    difference, which CGSuite's ``Game`` builds as its plain compound)."""
    return not v.plain and all((c := _class(x)) is not None and _IMPARTIAL in ancestors(c) for x in (v.a, v.b))


_IMPARTIAL = "game.ImpartialGame"
FORMS["impartial"] = impartial_sum


def class_of_any(v: Any) -> ClassRef:
    """``v.Class``; a value zermelo cannot class is named not supported."""
    name = _class(v)
    if name is None:
        raise NotSupported(f"`Class` of {cgsuite_text(v)} is not supported: zermelo does not know its CGSuite class")
    return ClassRef(name)


def _as_class(c: Any) -> str | None:
    """The class a right side of ``is`` names: a class, a ruleset class named bare (``Grid``)."""
    if isinstance(c, ClassRef):
        return str(c)
    if isinstance(c, Family):
        return class_object(c.cg.name)
    if isinstance(c, Namespace):
        return class_object(c.path)
    return None


def is_op(x: Any, c: Any) -> bool:
    """CGSuite's ``x is c``: c must be a class; true when it is x's class or an ancestor of it."""
    cls = _as_class(c)
    if cls is None:
        names = ", ".join(f"`{_class(v) or type(v).__name__}`" for v in (x, c))
        raise CGSuiteError(f"No operation `is` for arguments of types {names}")
    return cls in ancestors(class_of_any(x))


def object_member(v: Any, name: str, args: list[Any] | None) -> Any:
    """The members CGSuite gives every object or every game, the library's included: ``Class``,
    ``SensibleLeftOptions``, …, and a kept sum's or negative's options (:mod:`.kept_options`);
    None for any other name."""
    if name == "Class" and args is None:
        return class_of_any(v)
    if name in SENSIBLE and not isinstance(v, Ruleset | Family | Namespace):
        return SENSIBLE[name](v, args)
    if answers(v, name):  # a sum's or a negative's options, from its parts'
        return kept_member(v, name, args)
    return None
