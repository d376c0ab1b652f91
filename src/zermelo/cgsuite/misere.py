"""Misère canonical forms in the evaluator: ``*[2#]``, ``*[[4,2],4,3,1]``, ``G.MisereCanonicalForm``,
``G.Genus``, ``G.Mate``, ``G.Link(H)``, ``G.IsTame``, ``G.Parts``, ``G.Partitions``, ``G.IsPrime``, … —
each a call into :mod:`zermelo.values.misere`, :mod:`zermelo.values.misere_genus` and
:mod:`zermelo.values.misere_parts`.

Input as CGSuite takes it: ``*`` before a list, whose numbers are nim heaps and whose inner lists
are games with those options (a list of one entry is that entry: ``*[2]`` is ``*2``, ``*[[2]]``
its game with one option); and as CGSuite prints it (``*[2[2]321]``), so forms read back as typed.

>>> from zermelo.cgsuite import evaluate
>>> evaluate("*[2] + *[2]"), evaluate("*[[2],2,1,0]"), evaluate("*[2[2]321] == *[*[2] + *[2],3,2,1]")
('*[2[2]]', '*[2#210]', 'true')
>>> evaluate("*[2#321].Genus"), evaluate("(*2).MisereCanonicalForm"), evaluate("*[2#1].MisereOutcomeClass")
('4^146', '*[2]', 'N')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..values.game import Game, number
from ..values.misere import MisereGame, add, is_nim_heap, mate, misere_game, nim_heap
from ..values.misere_genus import (
    discriminator,
    genus,
    is_generally_restive,
    is_generally_tame,
    is_half_tame,
    is_restive,
    is_restless,
    is_tame,
    is_tameable,
    link,
)
from ..values.misere_parts import is_extraverted, is_introverted, is_prime, partitions, parts, subtract
from ..values.misere_text import MisereSyntaxError, parse_misere
from ..values.surreal import Surreal, surreal
from .errors import CGSuiteError

__all__ = ["METHODS", "WRITTEN", "as_misere", "from_list", "is_misere_call", "misere_arith", "misere_call", "read"]

_MAX_HEAP = 1024  # a nim heap of n has n options


def read(text: str) -> MisereGame:
    """A form as CGSuite prints it, ``*[2[2]321]``."""
    try:
        return parse_misere(text)
    except MisereSyntaxError as exc:
        raise CGSuiteError(str(exc)) from None


def _heap(v: Any) -> MisereGame | None:
    if isinstance(v, Surreal) and v.is_integer():
        n = int(v.as_fraction())
        if not 0 <= n <= _MAX_HEAP:
            raise CGSuiteError(f"misère nim heaps are *[n] with 0 <= n <= {_MAX_HEAP}, not {n}")
        return nim_heap(n)
    return None


def _entry(v: Any) -> MisereGame:
    if isinstance(v, list):
        return misere_game(_entry(x) for x in v)
    h = _heap(v)
    if h is not None:
        return h
    try:
        return as_misere(v)
    except CGSuiteError:
        raise CGSuiteError(
            "Invalid misere game specifier: must be a `List` of `Integer`s or `MisereCanonicalGame`s"
        ) from None


def from_list(items: list[Any]) -> MisereGame:
    """``*[...]`` of a list, as CGSuite reads it (module docstring)."""
    if len(items) == 1:
        return _entry(items[0])
    return misere_game(_entry(x) for x in items)


def as_misere(v: Any) -> MisereGame:
    """A misère form, or an impartial short game (a nimber) as one."""
    if isinstance(v, MisereGame):
        return v
    if isinstance(v, Game) and v.nim is not None:
        return nim_heap(v.nim)
    if (isinstance(v, Game) and v.num == 0) or (isinstance(v, Surreal) and v == surreal(0)):
        return nim_heap(0)
    own = _own_form(v)
    if own is not None:  # a ruleset's position, a sum of them: from its parts' misère forms
        return own
    written = _written_options(v)
    if written is not None:  # a compound or explicit game of impartial forms: its own options'
        left, right = ({as_misere(o) for o in side} for side in written)
        if left == right:
            return misere_game(left)
    raise CGSuiteError("misère canonical forms are of impartial games (a nimber or *[...])")


#: The options of a form kept as written, None for any other value (set by .compounds, which
#: reads those forms; no import of them here, which they import); the misère form of a position
#: or a sum of positions and the misère outcome of a sum with a partizan part, None for any other
#: value (set by .misere_sums).
WRITTEN: dict[str, Callable[..., Any]] = {}


def _own_form(v: Any, name: str | None = None) -> MisereGame | None:
    find = WRITTEN.get("misere")
    return None if find is None else find(v, name)


def _written_options(v: Any) -> Any:
    find = WRITTEN.get("options")
    return None if find is None else find(v)


def misere_arith(op: str, a: Any, b: Any) -> MisereGame:
    """``+`` and ``-`` (the same for impartial games) of misère forms."""
    if op not in ("+", "-"):
        raise CGSuiteError(f"`{op}` is not defined for misère games")
    return add(as_misere(a), as_misere(b))


def _other(args: list[Any]) -> MisereGame:
    if len(args) != 1:
        raise CGSuiteError(f"Expected 1 argument, got {len(args)}")
    return as_misere(args[0])


def _link(g: MisereGame, args: list[Any]) -> MisereGame:
    h = _other(args)
    t = link(g, h)
    if t is None:  # (one is an option of the other)
        raise CGSuiteError(f"Those misere games are not linked: {g}, {h}")
    return t


def _distinguisher(g: MisereGame, args: list[Any]) -> MisereGame:
    t = discriminator(g, _other(args))
    if t is None:
        raise CGSuiteError("Those games are equal: nothing distinguishes them.")
    return t


def _minus(g: MisereGame, args: list[Any]) -> MisereGame:
    h = _other(args)
    d = subtract(g, h)
    if d is None:
        raise CGSuiteError(f"Those misere games are not subtractable: {g}, {h}")  # no X has h + X = g
    return d


def _pred(fn: Callable[[MisereGame], bool]) -> Callable[[MisereGame, list[Any]], Any]:
    return lambda g, _a: bool(fn(g))


#: Properties and methods of misère forms, by CGSuite's names (any impartial value is first
#: turned into its misère canonical form).
METHODS: dict[str, Callable[[MisereGame, list[Any]], Any]] = {
    "MisereCanonicalForm": lambda g, _a: g,
    "MisereNimValue": lambda g, _a: surreal(g.gminus),
    "MisereOutcomeClass": lambda g, _a: "P" if g.gminus == 0 else "N",
    "Genus": lambda g, _a: genus(g),
    "Mate": lambda g, _a: mate(g),
    "Link": _link,
    "IsLinkedTo": lambda g, args: link(g, _other(args)) is not None,
    "Distinguisher": _distinguisher,
    "IsTame": _pred(is_tame),
    "IsGenerallyTame": _pred(is_generally_tame),
    "IsHalfTame": _pred(is_half_tame),
    "IsTameable": _pred(is_tameable),
    "IsRestive": _pred(is_restive),
    "IsGenerallyRestive": _pred(is_generally_restive),
    "IsRestless": _pred(is_restless),
    "IsNimHeap": _pred(is_nim_heap),
    "IsPrime": _pred(is_prime),
    "IsExtraverted": _pred(is_extraverted),
    "IsIntroverted": _pred(is_introverted),
    "Parts": lambda g, _a: parts(g),
    "Partitions": lambda g, _a: partitions(g),
    "MisereMinus": _minus,
    "IsPPosition": lambda g, _a: g.gminus == 0,
    "IsNPosition": lambda g, _a: g.gminus != 0,
}
#: Names a misère form answers in its own sense (a normal-play game answers them otherwise).
_OWN: dict[str, Callable[[MisereGame, list[Any]], Any]] = {
    "Birthday": lambda g, _a: surreal(g.birthday),
    "Options": lambda g, _a: list(g.sorted_options()),  # CGSuite: a list, in its order
    "IsEmpty": lambda g, _a: not g.options,
    "IsEven": lambda g, _a: add(g, nim_heap(1)).birthday > g.birthday,
    "NimValue": lambda g, _a: surreal(g.gplus),
    "OutcomeClass": lambda g, _a: "P" if g.gplus == 0 else "N",
}


def is_misere_call(value: Any, name: str) -> bool:
    """Whether ``value.name`` is a misère property (by its misère name, or a name a misère form
    answers in its own sense); a misère form's other methods are those of its normal-play form."""
    return name in METHODS or (isinstance(value, MisereGame) and name in _OWN)


def misere_call(value: Any, name: str, args: list[Any] | None) -> Any:
    if name == "MisereOutcomeClass" and isinstance(value, Surreal) and value.is_dyadic():
        value = number(value.as_fraction())  # a number's canonical form, {0|} for 1
    if name == "MisereOutcomeClass" and isinstance(value, Game) and value.nim is None:
        from ..analyses.misere_partisan import form_misere_outcome  # the engine: only when asked

        return str(form_misere_outcome(value))  # a partisan form, played as it stands
    played = WRITTEN["misere_outcome"](value) if name == "MisereOutcomeClass" and "misere_outcome" in WRITTEN else None
    if played is not None:  # a sum with a partizan part: searched as it stands
        return played
    own = _own_form(value, name)  # a sum refuses a property CGSuite's class of it lacks, by name
    g = as_misere(value) if own is None else own
    fn = METHODS.get(name) or _OWN[name]  # (is_misere_call: one of the two)
    return fn(g, [] if args is None else args)
