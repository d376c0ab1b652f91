"""Misère properties of CGSuite's other compounds: ``G : H``, ``G ConjunctiveSum H``,
``G SelectiveSum H`` and ``G OrdinalProduct H`` (:mod:`.compounds`), a ruleset's position in them
or not.

A compound is a game whose options its definition gives (:func:`.compounds.form_options`: a
ruleset's position by its moves, recursively, as CGSuite's ``CompoundGame`` walks it), so its
misère properties are those of that game tree, played as it stands:

* ``.MisereOutcomeClass`` of any compound (CGSuite's ``Game.MisereOutcomeClass``, a search of the
  tree, impartial or not): the engine's :func:`~zermelo.analyses.analysis.partisan_outcome` with
  ``misere=True`` on the tree;
* the impartial ones (``.MisereNimValue``, ``.MisereCanonicalForm``, ``.Genus``, ``.IsTame``, …,
  :data:`.misere.METHODS`) of a compound whose tree is impartial (each of its nodes has the same
  options for both players): the engine's :func:`~zermelo.misere.forms.misere_canonical_form` on
  the tree, a sum (``+``) or a ruleset's position that splits being the misère sum of its parts'.
  Of a compound with a partizan part CGSuite has no such property: its error.

Either walk reads each form once (memoised) and counts against the compounds' budget
(:data:`.compounds.MAX_STEPS`, its one-line error past it), as the compound's normal-play value.

>>> from zermelo.cgsuite import evaluate
>>> evaluate("(game.heap.Kayles(3) ConjunctiveSum game.heap.Nim(2)).MisereNimValue")
'2'
>>> evaluate("(game.heap.Kayles(5) : game.heap.Nim(1)).MisereCanonicalForm")
'*[(2[2]321)2[2]321]'
>>> evaluate('(game.grid.Domineering("..|..") ConjunctiveSum 1).MisereOutcomeClass')
'R'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..rules import Impartial, Partisan
from ..values.misere import MisereGame
from .compounds import Reader
from .errors import CGSuiteError
from .rulesets import Position
from .values import Compound

__all__ = ["COMPOUND_OPS", "compound_misere_form", "compound_misere_outcome", "is_compound"]

#: The compounds valued here (``+`` is :mod:`.misere_sums`'s).
COMPOUND_OPS = frozenset({":", "ConjunctiveSum", "SelectiveSum", "OrdinalProduct"})


class _NotImpartial(Exception):
    """A node of the tree whose players' options differ."""


class _Tree(Impartial[Any]):
    """An impartial compound's game tree: a node's options are its forms' (both players')."""

    name = "compound-tree"

    def __init__(self, read: Reader) -> None:
        self.read = read

    def options(self, position: Any) -> list[Any]:
        left, right = self.read(position)
        if left != right and set(left) != set(right):
            raise _NotImpartial
        return list(left)

    def components(self, position: Any) -> Sequence[Any] | None:
        """A sum's two parts; a ruleset's position that splits (Kayles' two rows), its parts."""
        if isinstance(position, Compound) and position.op == "+":
            return position.a, position.b
        if isinstance(position, Position) and isinstance(position.ruleset.rules, Impartial) and position.kept():
            parts = position.ruleset.rules.components(position.position)
            if parts is not None and len(parts) > 1:
                return [Position(position.ruleset, p) for p in parts]
        return None


class _PartizanTree(Partisan[Any]):
    """A compound's game tree played as it stands: Left's options and Right's, its forms'."""

    name = "compound-tree"

    def __init__(self, read: Reader) -> None:
        self.read = read

    def left_options(self, position: Any) -> list[Any]:
        return list(self.read(position)[0])

    def right_options(self, position: Any) -> list[Any]:
        return list(self.read(position)[1])


def is_compound(v: Any) -> bool:
    """Whether v is one of the compounds valued here."""
    return isinstance(v, Compound) and v.op in COMPOUND_OPS


def compound_misere_form(v: Compound, name: str) -> MisereGame:
    """The misère canonical form of the compound v, by its tree; ``name``, the property asked
    for, is refused in CGSuite's words if the tree is not impartial."""
    from ..misere.forms import misere_canonical_form  # the misère package: only when asked

    try:
        return misere_canonical_form(_Tree(Reader()), v)
    except _NotImpartial:
        from .instances import class_of_any

        raise CGSuiteError(
            f"Not a method or member variable: `{name}` (in object of class `{class_of_any(v)}`)"
        ) from None


def compound_misere_outcome(v: Compound) -> str:
    """``v.MisereOutcomeClass`` of the compound v: L, R, P or N, by a search of its tree."""
    from ..analyses.analysis import partisan_outcome  # the engine: only when asked

    return str(partisan_outcome(_PartizanTree(Reader()), v, misere=True))
