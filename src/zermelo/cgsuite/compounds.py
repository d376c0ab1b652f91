"""CGSuite's compounds of game forms: ``G ConjunctiveSum H``, ``G SelectiveSum H``,
``G OrdinalProduct H`` (values from :mod:`zermelo.values.compounds`), and the options of any
form the evaluator keeps as written, which those compounds and the ordinal sum read.

A compound is kept as written, as CGSuite keeps it (``1/2 ConjunctiveSum 1/4`` prints so), and is
valued by ``.CanonicalForm``.  Its value depends on the forms of its parts: a canonical game's
form is its canonical form, an explicit game's ``'{*|*}'`` the one written, and a compound's the
one its definition gives (G + H has the options G^L + H and G + H^L, and so on).

A ruleset's position is walked as its game tree, as CGSuite's ``CompoundGame`` walks it: its
options are its ruleset's moves, recursively, not its canonical form's (``game.heap.Kayles(4)``
is ``*``, but its options are worth 0, ``*2`` and ``*3``, so its conjunctive sum with
``game.heap.Nim(2)`` is ``*2``, not ``* ConjunctiveSum *2`` = ``*``); a partizan position's
negative is walked as the negatives of its options, sides swapped.  A compound's forms are read
once each (memoised by form), and a compound makes at most :data:`MAX_STEPS` pairs, options and
forms in all: a larger one is the budget's one-line error.

>>> from zermelo.cgsuite import evaluate
>>> evaluate("(1/2 ConjunctiveSum 1/4).CanonicalForm"), evaluate("('{*|*}' ConjunctiveSum 3).CanonicalForm")
('1/2', '2')
>>> evaluate("-(1 SelectiveSum '{1|0}')"), evaluate("((*5) OrdinalProduct (*6)).CanonicalForm")
("-1 SelectiveSum '{0|-1}'", '*30')
>>> evaluate("(game.heap.Kayles(4) ConjunctiveSum game.heap.Nim(2)).CanonicalForm")
'*2'
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from ..core.limits import over_budget
from ..values.compounds import conjunctive_sum, ordinal_product, selective_sum
from ..values.game import Game, number
from ..values.misere import MisereGame
from .misere import WRITTEN
from .values import FORMS, LEFT, RIGHT, Compound, Explicit, Negative, as_game, as_int, is_written, negate

__all__ = ["FORM_COMPOUNDS", "MAX_STEPS", "Reader", "compound", "compound_value", "form_options"]

#: Pairs, options and forms one compound's value makes (a ruleset's position brings its whole
#: tree): 2-8 CPU seconds (Nim and Kayles trees 4-6 s in normal play, misère and Domineering
#: trees up to 8 s: Kayles(30) SelectiveSum Nim(30), measured by compmisere28).
MAX_STEPS = 1_000_000

FORM_COMPOUNDS = {"ConjunctiveSum": conjunctive_sum, "SelectiveSum": selective_sum, "OrdinalProduct": ordinal_product}

Sides = tuple[tuple[Any, ...], tuple[Any, ...]]


def compound(op: str, a: Any, b: Any) -> Compound:
    """``a op b`` for op ConjunctiveSum, SelectiveSum or OrdinalProduct, kept as written."""
    as_form(a), as_form(b)  # a loopy game, a list: the user's error, said now
    return Compound(op, a, b)


def compound_value(c: Compound) -> Game:
    """The canonical value of a compound kept as written."""
    reader = Reader()
    value = FORM_COMPOUNDS[c.op](c.a, c.b, reader, reader.tick)
    if c.negated:
        from ..values.game import neg

        return neg(value)
    return value


class Reader:
    """:func:`form_options`, memoised by form; the steps of the walk counted against :data:`MAX_STEPS`."""

    def __init__(self) -> None:
        self.seen: dict[Hashable, Sides] = {}
        self.steps = 0

    def __call__(self, v: Any) -> Sides:
        found = self.seen.get(v)
        if found is None:
            found = self.seen[v] = form_options(v, self)
            self.tick(1 + len(found[0]) + len(found[1]))
        return found

    def tick(self, n: int) -> None:
        self.steps += n
        if self.steps > MAX_STEPS:
            raise over_budget(MAX_STEPS, "pairs, options and forms in a compound's game trees")


def is_tree(v: Any) -> bool:
    """Whether v is walked as a game tree: a ruleset's position CGSuite keeps (:meth:`Position.kept`)
    or the negative of one."""
    kept = FORMS.get("kept_position")  # rulesets.py registers it: no position exists before
    return isinstance(v, Negative) or (kept is not None and bool(kept(v)))


def as_form(v: Any) -> Any:
    """v as a form the compounds walk: itself if written or a position's tree, else its canonical form."""
    return v if isinstance(v, Explicit | Compound | Game | MisereGame) or is_tree(v) else as_game(v)


def form_options(v: Any, read: Callable[[Any], Sides] | None = None) -> Sides:
    """The Left and Right options of the form v (a canonical game, an explicit game, a compound,
    a ruleset's position: its moves, a position's negative: its options' negatives, sides swapped).
    ``read``: how a compound's parts' options are read (a :class:`Reader`, memoised), by default
    this function."""
    read = form_options if read is None else read
    v = as_form(v)
    if isinstance(v, Negative):
        left, right = read(v.g)
        return tuple(negate(x) for x in right), tuple(negate(x) for x in left)
    if is_tree(v):  # a ruleset's position: its moves
        return tuple(v.options(LEFT)), tuple(v.options(RIGHT))
    if isinstance(v, Game):
        return v.left, v.right
    if isinstance(v, Explicit):
        return v.left, v.right
    if isinstance(v, MisereGame):  # an impartial form: its options are either player's
        return v.options, v.options
    left, right = _compound_options(v.op, v.a, v.b, read)
    if v.negated:  # a negated product: the negatives of the product's options, sides swapped
        return tuple(negate(x) for x in right), tuple(negate(x) for x in left)
    return left, right


def _compound_options(op: str, a: Any, b: Any, read: Callable[[Any], Sides]) -> Sides:
    if op == "*":  # n * G: G + (n-1) * G, as CGSuite's integer multiple of a form
        n = as_int(a)
        if n == 0:
            return (), ()
        if n < 0:
            left, right = _compound_options("*", -n, b, read)
            return tuple(negate(x) for x in right), tuple(negate(x) for x in left)
        return read(b) if n == 1 else read(Compound("+", b, Compound("*", number(n - 1), b)))
    (al, ar), (bl, br) = read(a), read(b)
    if op == "+":
        return (
            tuple(Compound("+", x, b) for x in al) + tuple(Compound("+", a, y) for y in bl),
            tuple(Compound("+", x, b) for x in ar) + tuple(Compound("+", a, y) for y in br),
        )
    if op == ":":
        return tuple(al) + tuple(Compound(":", a, y) for y in bl), tuple(ar) + tuple(Compound(":", a, y) for y in br)
    if op == "ConjunctiveSum":
        return tuple(Compound(op, x, y) for x in al for y in bl), tuple(Compound(op, x, y) for x in ar for y in br)
    if op == "SelectiveSum":
        return _selective(a, b, al, bl), _selective(a, b, ar, br)
    if op == "OrdinalProduct":  # {G⊛H^L : G^L, G⊛H^R : -G^R | G⊛H^L : G^R, G⊛H^R : -G^L}
        nl, nr = [negate(x) for x in al], [negate(x) for x in ar]
        return (
            tuple(Compound(":", Compound(op, a, y), x) for y in bl for x in al)
            + tuple(Compound(":", Compound(op, a, y), x) for y in br for x in nr),
            tuple(Compound(":", Compound(op, a, y), x) for y in bl for x in ar)
            + tuple(Compound(":", Compound(op, a, y), x) for y in br for x in nl),
        )
    # the Conway product: G^L·H + G·H^L − G^L·H^L and its kin (ONAG ch. 1)
    cp_left = [_cp_term(a, b, x, y) for x in al for y in bl] + [_cp_term(a, b, x, y) for x in ar for y in br]
    cp_right = [_cp_term(a, b, x, y) for x in al for y in br] + [_cp_term(a, b, x, y) for x in ar for y in bl]
    return tuple(cp_left), tuple(cp_right)


def _selective(a: Any, b: Any, ao: tuple[Any, ...], bo: tuple[Any, ...]) -> tuple[Any, ...]:
    op = "SelectiveSum"
    return (
        tuple(Compound(op, x, b) for x in ao)
        + tuple(Compound(op, a, y) for y in bo)
        + tuple(Compound(op, x, y) for x in ao for y in bo)
    )


def _cp_term(a: Any, b: Any, x: Any, y: Any) -> Compound:
    op = "ConwayProduct"
    return Compound("+", Compound("+", Compound(op, x, b), Compound(op, a, y)), negate(Compound(op, x, y)))


FORMS["options"], FORMS["value"], FORMS["tree"] = form_options, compound_value, is_tree
WRITTEN["options"] = lambda v: form_options(v) if is_written(v) else None
