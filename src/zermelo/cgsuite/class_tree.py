"""CGSuite's classes as values, their ancestry, and the operator ``is``.

A class named bare (``Integer``, ``CanonicalShortGame``, ``List``) or in full (``game.Integer``,
``game.grid.GridRuleset``, ``game.heap.HeapRuleset``) is CGSuite's class object, printed
``⟪game.grid.GridRuleset⟫``; ``x is C`` is true when C is the class of x or one of its ancestors
(CGSuite's ``is`` tests the class, never the value: ``0 is Integer`` and ``0 is Nimber`` are
both true, ``2/1 is Integer`` true, ``1/2 is Integer`` false).  The right side must be a class:
``3 is 3`` is CGSuite's "No operation" error.

The rulesets of the library are instances of CGSuite's ruleset classes: ``game.grid.Clobber`` is
a ``game.grid.GenClobber``, ``game.heap.Kayles`` a ``game.heap.TakeAndBreak``, and
``game.grid.Domineering`` the one instance of its own class.  Their positions are instances of the
class's nested class ``Position`` (``game.grid.GenClobber.Position``, a ``GridGame``, a ``Game``);
a heap ruleset's are ``game.heap.HeapRuleset.Position`` (impartial games).  The ancestry below is
CGSuite 2.x's, as its library declares it.

>>> from zermelo.cgsuite import evaluate
>>> [evaluate(x) for x in ("3 is Integer", "1/2 is Integer", "0 is Nimber", "*2 is Uptimal", "^ is Nimber")]
['true', 'false', 'true', 'true', 'false']
>>> evaluate("game.grid.Clobber is game.grid.GridRuleset"), evaluate('game.heap.Kayles(3) is ImpartialGame')
('true', 'true')
>>> evaluate("game.grid.GridRuleset"), evaluate('game.grid.Clobber("xo").Class')
('⟪game.grid.GridRuleset⟫', '⟪game.grid.GenClobber.Position⟫')
"""

from __future__ import annotations

import re
from collections.abc import Container
from functools import cache
from typing import Any

from .classes import ClassRef
from .errors import CGSuiteError

__all__ = ["CLASS_NAMES", "CLASS_PARENTS", "ancestors", "base_class", "class_object", "position_class", "ruleset_class"]

_L, _U, _G = "cgsuite.lang.", "cgsuite.util.", "game."
_OBJECT = _L + "Object"


def _tree() -> dict[str, tuple[str, ...]]:
    t: dict[str, tuple[str, ...]] = {_OBJECT: ()}
    for name in [
        "Boolean",
        "Class",
        "Collection",
        "Coordinates",
        "Enum",
        "Function",
        "InstanceClass",
        "MapEntry",
        "Nothing",
        "Output",
    ]:
        t[_L + name] = (_OBJECT,)
    t |= {_L + "Script": (_OBJECT,), _L + "String": (_OBJECT,), _L + "System": (_OBJECT,)}
    t |= {_L + "List": (_L + "Collection",), _L + "Set": (_L + "Collection",), _L + "Range": (_L + "List",)}
    t[_L + "Map"] = (_L + "Collection", _L + "Function")
    for name in [
        "DirectedGraph",
        "Edge",
        "Graph",
        "Grid",
        "Random",
        "Strip",
        "Table",
        "Thermograph",
        "Trajectory",
        "UptimalExpansion",
        "Vertex",
    ]:
        t[_U + name] = (_OBJECT,)
    t |= {_U + "Icon": (_L + "Enum",), _U + "Symmetry": (_L + "Enum",)}
    for name in ("MutableList", "MutableMap", "MutableSet"):
        t[_U + name] = (_L + "Collection",)
    game = {
        "Game": (_OBJECT,),
        "ImpartialGame": ("Game",),
        "ExplicitGame": ("Game",),
        "CompoundGame": ("Game",),
        "NegativeGame": ("Game",),
        "CompoundImpartialGame": ("CompoundGame", "ImpartialGame"),
        "NormalValue": (_OBJECT,),
        "SidedValue": ("NormalValue",),
        "StopperSidedValue": ("SidedValue",),
        "CanonicalStopper": ("StopperSidedValue", "Game"),
        "Pseudonumber": ("CanonicalStopper",),
        "CanonicalShortGame": ("CanonicalStopper",),
        "Uptimal": ("CanonicalShortGame",),
        "SurrealNumber": ("NormalValue",),
        "Rational": ("SurrealNumber",),
        "GeneralizedOrdinal": ("SurrealNumber",),
        "TransfiniteNimber": ("NormalValue",),
        "DyadicRational": ("Uptimal", "Pseudonumber", "Rational"),
        "Integer": ("DyadicRational", "GeneralizedOrdinal"),
        "Nimber": ("ImpartialGame", "Uptimal", "TransfiniteNimber"),
        "Zero": ("Integer", "Nimber"),
        "Player": (_L + "Enum",),
        "OutcomeClass": (_L + "Enum",),
        "Side": (_L + "Enum",),
        "CompoundType": (_L + "Enum",),
        "Ruleset": (_OBJECT,),
        "misere.MisereCanonicalGame": ("ImpartialGame",),
        "misere.Genus": (_OBJECT,),
        # The library's ruleset classes, and the classes of their positions.
        "grid.GridRuleset": ("Ruleset",),
        "grid.GridRuleset.GridGame": ("Game",),
        "strip.StripRuleset": ("Ruleset",),
        "strip.StripRuleset.StripGame": ("Game",),
        "graph.GraphRuleset": ("Ruleset",),
        "graph.GraphRuleset.GraphGame": ("Game",),
        "heap.HeapRuleset": ("Ruleset",),
        "heap.HeapRuleset.Position": ("ImpartialGame",),
        "heap.CoordinateRuleset": ("Ruleset",),
        "heap.CoordinateRuleset.Position": ("ImpartialGame",),
        "heap.PartizanHeapRuleset": ("Ruleset",),
        "heap.PartizanCoordinateRuleset": ("Ruleset",),
        "heap.GenCutcake": ("Ruleset",),
        "heap.Periodicity": (_OBJECT,),
    }
    for name in ("Amazons", "Domineering", "Fission", "GenClobber", "GenFoxAndGeese"):
        game[f"grid.{name}"] = ("grid.GridRuleset",)
        game[f"grid.{name}.Position"] = ("Game",) if name == "GenFoxAndGeese" else ("grid.GridRuleset.GridGame",)
    for name in ("GenToadsAndFrogs", "TopplingDominoes", "Turning"):
        game[f"strip.{name}"] = ("strip.StripRuleset",)
        game[f"strip.{name}.Position"] = ("strip.StripRuleset.StripGame",) + (
            ("ImpartialGame",) if name == "Turning" else ()
        )
    for name in ("GenArcKayles", "GenCol", "GenHackenbush", "PartizanArcKayles"):
        game[f"graph.{name}"] = ("graph.GraphRuleset",)
        impartial = ("ImpartialGame",) if name == "GenArcKayles" else ()
        game[f"graph.{name}.Position"] = ("graph.GraphRuleset.GraphGame", *impartial)
    for name in ("TakeAndBreak", "Spawning", "FunctionalHeapRuleset"):
        game[f"heap.{name}"] = ("heap.HeapRuleset",)
    for name in ("GenMem", "GenWythoff", "FunctionalCoordinateRuleset"):
        game[f"heap.{name}"] = ("heap.CoordinateRuleset",)
    for name in ("GenCutcake", "PartizanCoordinateRuleset", "PartizanHeapRuleset"):
        game[f"heap.{name}.Position"] = ("Game",)
    for kind in ("Dicotic", "Impartial", "Twisted"):
        game[f"variant.{kind}VariantRuleset"] = ("Ruleset",)
        game[f"variant.{kind}VariantGame"] = ("ImpartialGame",) if kind == "Impartial" else ("Game",)
    for name, parents in game.items():
        t[_G + name] = tuple(p if p.startswith("cgsuite.") else _G + p for p in parents)
    return t


#: Every class zermelo knows, by its full name, with its direct superclasses.
CLASS_PARENTS: dict[str, tuple[str, ...]] = _tree()

# The library's rulesets: which class each is an instance of (the singletons their own).
_INSTANCE_OF = {
    "grid": {
        "GenClobber": "Clobber AntiClobber HotClobber Kings Knights Rooks Queens GenClobber",
        "GenFoxAndGeese": "FoxAndGeese CeyloneseFoxAndGeese GenFoxAndGeese",
    },
    "strip": {"GenToadsAndFrogs": "ToadsAndFrogs ElephantsAndRhinos BackslidingToadsAndFrogs GenToadsAndFrogs"},
    "graph": {
        "GenArcKayles": "ArcKayles WeightedArcKayles GenArcKayles",
        "GenHackenbush": "Hackenbush ChildishHackenbush GenHackenbush",
        "GenCol": "Col Fjords Snort GenCol",
    },
    "heap": {
        "GenCutcake": "Cutcake Eatcake MaundyCake TurnAndEatcake GenCutcake",
        "TakeAndBreak": "DawsonsKayles GrundysGame Kayles Nim TakeAndBreak Subtraction Splittles",
        "GenMem": "FibonacciNim TakeAway Mem GenMem",
        "GenWythoff": "Wythoff GenWythoff",
        "PartizanCoordinateRuleset": "PartizanEuclid PartizanCoordinateRuleset",
        "PartizanHeapRuleset": "PartizanSubtraction PartizanSplittles PartizanTakeAndBreak PartizanHeapRuleset",
        "FunctionalHeapRuleset": "HeapRuleset FunctionalHeapRuleset",
        "FunctionalCoordinateRuleset": "CoordinateRuleset FunctionalCoordinateRuleset",
        "Spawning": "Spawning",
    },
}
_RULESET_CLASS = {
    f"game.{pkg}.{name}": f"game.{pkg}.{cls}"
    for pkg, classes in _INSTANCE_OF.items()
    for cls, names in classes.items()
    for name in names.split()
}
_RULESET_CLASS |= {n: n for n in ("game.grid.Amazons", "game.grid.Domineering", "game.grid.Fission")}
_RULESET_CLASS |= {
    "game.strip.TopplingDominoes": "game.strip.TopplingDominoes",
    "game.strip.Turning": "game.strip.Turning",
}
_RULESET_CLASS |= {"game.graph.PartizanArcKayles": "game.graph.PartizanArcKayles", "game.grid.Cram": ""}
_HEAD = re.compile(r"game\.\w+\.\w+")
_VARIANT = re.compile(r"\.(Dicotic|Impartial|Twisted)Variant$")
# Bare names: the classes of the packages CGSuite imports by default (cgsuite.lang, cgsuite.util, game).
_BARE = {n.rsplit(".", 1)[1]: n for n in CLASS_PARENTS if re.fullmatch(r"(cgsuite\.lang|cgsuite\.util|game)\.\w+", n)}
#: Their names, which a worksheet variable cannot take (``Integer := 5`` is CGSuite's error).
CLASS_NAMES = frozenset(_BARE)


@cache
def ancestors(name: str) -> frozenset[str]:
    """The class and every class above it."""
    out = {name}
    for parent in CLASS_PARENTS.get(name, ()):
        out |= ancestors(parent)
    return frozenset(out)


def class_object(name: str) -> str | None:
    """The full name of the class ``name`` names (``Integer``, ``game.Integer``,
    ``game.grid.GridRuleset``), or None."""
    full = _BARE.get(name, name)
    return full if full in CLASS_PARENTS else None


def ruleset_class(name: str) -> str | None:
    """CGSuite's class of the ruleset printed ``name`` (``game.heap.TakeAndBreak("0.77")`` is a
    ``game.heap.TakeAndBreak``), or None when zermelo does not know it."""
    variant = _VARIANT.search(name)
    if variant is not None or name.startswith("game.grid.Cram"):
        kind = variant.group(1) if variant is not None else "Impartial"
        return f"game.variant.{kind}VariantRuleset"
    head = _HEAD.match(name)
    return _RULESET_CLASS.get(head.group(0)) if head is not None else None


def position_class(ruleset: str | None) -> str | None:
    """The class of a position of a ruleset of class ``ruleset``."""
    if ruleset is None:
        return None
    if ruleset.startswith("game.variant."):
        return ruleset.replace("Ruleset", "Game")
    if (
        ruleset in CLASS_PARENTS
        and "game.heap.HeapRuleset" in ancestors(ruleset)
        and ruleset != "game.heap.HeapRuleset"
    ):
        return "game.heap.HeapRuleset.Position"
    if ruleset in CLASS_PARENTS and "game.heap.CoordinateRuleset" in ancestors(ruleset):
        return "game.heap.CoordinateRuleset.Position"
    return ruleset + ".Position"


# The classes with a constructor or a static Eval (neither is inherited): HeapRuleset(fn),
# PartizanHeapRuleset(R, S), DicoticVariantGame(G), …; called, the others are CGSuite's error.
_CONSTRUCTED = {f"game.heap.{c}" for c in ("HeapRuleset", "CoordinateRuleset", "PartizanHeapRuleset")}
_CONSTRUCTED |= {f"game.heap.{c}" for c in ("PartizanCoordinateRuleset", "FunctionalHeapRuleset", "GenMem")}
_CONSTRUCTED |= {f"game.heap.{c}" for c in ("FunctionalCoordinateRuleset", "GenCutcake", "GenWythoff")}
_CONSTRUCTED |= {
    f"game.variant.{k}Variant{c}" for k in ("Dicotic", "Impartial", "Twisted") for c in ("Ruleset", "Game")
}
_CONSTRUCTED |= {"game.strip.Turning", "game.CompoundGame", "game.NegativeGame", "game.CompoundImpartialGame"}
_CONSTRUCTED |= {_U + c for c in ("Table", "Random", "MutableList", "MutableMap", "MutableSet")}


def base_class(full: str, args: list[Any] | None, library: Container[str]) -> ClassRef | None:
    """``full`` (``game.grid.GridRuleset``) when it names a class that is none of the ``library``'s
    rulesets: named bare, the class itself; called, CGSuite's error when the class has no
    constructor (None when it has: ``HeapRuleset(fn)`` is made elsewhere)."""
    cls = class_object(full)
    if cls is None or full in library:
        return None
    if args is None:
        return ClassRef(cls)
    if cls not in _CONSTRUCTED:
        raise CGSuiteError(f"No method `Eval` for class: `{cls}`")
    return None
