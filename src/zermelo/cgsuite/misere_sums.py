"""Misère properties of CGSuite's sums of positions (:mod:`.position_sums`): ``.MisereNimValue``,
``.MisereCanonicalForm``, ``.Genus``, ``.MisereOutcomeClass`` and the rest of
:data:`.misere.METHODS`.

In misère play a game is not equal to its normal-play nimber, so a sum is never valued from its
normal-play canonical form.  As CGSuite's ``CompoundImpartialGame``: the misère canonical form of
``G + H`` is the misère sum of the misère canonical forms of G and H
(:func:`zermelo.values.misere.add`), a ruleset's position's form being the engine's
(:func:`zermelo.misere.forms.misere_canonical_form`), a nimber's its nim heap's.

A difference ``G - H``, a negative and a sum with a partizan part are CGSuite's plain
``CompoundGame`` or ``NegativeGame``: no ``ImpartialGame``, so of the misère properties only
``.MisereOutcomeClass`` (one of every game) is theirs.  A difference of impartial games is the
impartial sum G + H played as it stands; a sum with a partizan part is searched as it stands
(:func:`~zermelo.analyses.analysis.partisan_outcome` of the :class:`~zermelo.rules.PartisanSum`
of its parts, under misère play).

>>> from zermelo.cgsuite import evaluate
>>> evaluate("(game.heap.Kayles(5) + game.heap.Nim(1)).MisereNimValue")  # normal play: 4 + 1, not misère
'0'
>>> evaluate('(game.grid.Domineering("..") + game.heap.Nim(1)).MisereOutcomeClass')
'N'
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

from ..rules import Impartial, Partisan, PartisanSum, Rules
from ..values.misere import MisereGame, add
from .errors import CGSuiteError, NotSupported
from .instances import class_of_any, impartial_sum
from .misere import WRITTEN, as_misere
from .misere_compounds import compound_misere_form, compound_misere_outcome, is_compound
from .rulesets import Position
from .values import Compound, Negative, as_game, is_written

__all__ = ["misere_form", "misere_outcome"]


def misere_form(v: Any, name: str | None = None) -> MisereGame | None:
    """The misère canonical form of a kept position or a sum of them; None for any other value
    (:func:`.misere.as_misere` forms those).  ``name``: the property asked for, to refuse it, in
    CGSuite's words, on a game that is no ``ImpartialGame`` there."""
    asked = name or "MisereCanonicalForm"
    if isinstance(v, Position) and v.kept():
        rules = v.ruleset.rules
        if not isinstance(rules, Impartial):
            raise CGSuiteError(f"`{asked}` is a misère property of impartial games; {v.ruleset.name} is not one")
        from ..misere.forms import misere_canonical_form  # the misère package: only when asked

        return misere_canonical_form(rules, v.position)
    if is_compound(v):  # G : H, G ConjunctiveSum H, …: by their trees
        return compound_misere_form(v, asked)
    if not (isinstance(v, Compound | Negative) and _holds_position(v)):
        return None  # an explicit game's sums: their written options' forms (.misere.as_misere)
    if isinstance(v, Negative) or (v.op == "+" and not impartial_sum(v)):
        if name == "MisereOutcomeClass" and isinstance(v, Compound) and _impartial_parts(v):
            return _sum(v)  # G - H of impartial games: the tree of G + H
        raise CGSuiteError(f"Not a method or member variable: `{asked}` (in object of class `{class_of_any(v)}`)")
    if v.op == "+":
        return _sum(v)
    raise NotSupported(  # n * G, G ConwayProduct H of positions
        "misère properties of a product with a ruleset's position in it are not supported"
    )


def _holds_position(v: Any) -> bool:
    """Whether a ruleset's position is in v: its misère form is its tree's, which zermelo reads
    only for ``+`` (the other compounds walk the tree for their normal-play value only)."""
    if isinstance(v, Compound):
        return _holds_position(v.a) or _holds_position(v.b)
    return isinstance(v, Position | Negative)


def misere_outcome(v: Any) -> str | None:
    """``v.MisereOutcomeClass`` of a sum with a partizan part or of a compound (:mod:`.misere_compounds`),
    by search; None for any other value."""
    if is_compound(v):
        return compound_misere_outcome(v)
    if not (isinstance(v, Negative) or (isinstance(v, Compound) and v.op == "+")) or not _holds_position(v):
        return None
    if _impartial_parts(v):
        return None
    games: list[Rules[Any]] = []
    parts: list[Any] = []
    for leaf, negated in _leaves(v, False):
        game, part = _played(leaf)
        games.append(_Negated(game) if negated else game)
        parts.append(part)
    from ..analyses.analysis import partisan_outcome  # the engine: only when asked

    return str(partisan_outcome(PartisanSum(*games), tuple(parts), misere=True))


def _sum(v: Compound) -> MisereGame:
    return add(as_misere(v.a), as_misere(v.b))


def _impartial_parts(v: Any) -> bool:
    if isinstance(v, Compound) and v.op == "+":
        return _impartial_parts(v.a) and _impartial_parts(v.b)
    if isinstance(v, Negative):
        return False
    try:
        as_misere(v)
    except CGSuiteError:
        return False
    return True


def _leaves(v: Any, negated: bool) -> Iterable[tuple[Any, bool]]:
    """The summands of v, each with whether it is played negated."""
    if isinstance(v, Compound) and v.op == "+":
        yield from _leaves(v.a, negated)
        yield from _leaves(v.b, negated)
    elif isinstance(v, Negative):
        yield from _leaves(v.g, not negated)
    else:
        yield v, negated


def _played(leaf: Any) -> tuple[Rules[Any], Any]:
    """A summand as rules and a position of them: a ruleset's position as itself, a canonical
    value as its form's tree (CGSuite's integer 1 is the game {0|}), a misère form as its own."""
    if isinstance(leaf, Position) and leaf.kept():
        return leaf.ruleset.rules, leaf.position
    if isinstance(leaf, MisereGame):
        return _MISERE_TREE, leaf
    if is_written(leaf) or isinstance(leaf, Position):  # an explicit game, a loopy position
        raise NotSupported("`MisereOutcomeClass` of a sum with such a part is not supported")
    from ..analyses.misere_partisan import Forms

    return Forms(), as_game(leaf)


class _MisereTree(Impartial[MisereGame]):
    """A misère form played as it stands: its options are either player's."""

    name = "misere-forms"

    def options(self, position: MisereGame) -> list[MisereGame]:
        return list(position.options)

    def key(self, position: MisereGame) -> Hashable:
        return position


_MISERE_TREE = _MisereTree()


class _Negated(Partisan[Any]):
    """-G: Left's options are G's Right options, negated, and Right's G's Left options."""

    name = "negative"

    def __init__(self, game: Rules[Any]) -> None:
        self.game = game

    def _options(self, position: Any, left: bool) -> list[Any]:
        g = self.game
        if isinstance(g, Impartial):
            return list(g.options(position))
        return list(g.right_options(position) if left else g.left_options(position))  # type: ignore[attr-defined]

    def left_options(self, position: Any) -> list[Any]:
        return self._options(position, True)

    def right_options(self, position: Any) -> list[Any]:
        return self._options(position, False)

    def key(self, position: Any) -> Hashable:
        return self.game.key(position)


WRITTEN["misere"] = misere_form
WRITTEN["misere_outcome"] = misere_outcome
