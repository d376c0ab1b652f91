"""CGSuite's variants of a ruleset or of a position (its ``game.variant`` package):
``R.ImpartialVariant``, ``R.DicoticVariant``, ``R.TwistedVariant`` of a ruleset R (and of any
position of one), and ``game.variant.ImpartialVariantRuleset(R)`` and the others, their other names.

* **Impartial variant**: either player may make any move of Left's or Right's.  CGSuite's Cram is
  the impartial variant of Domineering.  A sum stays a sum: each part is played as its variant.
* **Dicotic** (all-small) **variant**: neither player may move unless both have a move; every
  position is then dicotic (an infinitesimal).
* **Twisted variant**: the roles of Left and Right change after every move: a move of Left's to
  G leaves the negative of G's twisted variant (CGSuite: ``Options(player) := [-TwistedVariantGame(g)
  for g in base.Options(player)]``).  A position of it is the base position and a sign; a negative
  one prints with a ``-`` in front.

Each variant is a game of the one engine as any other (its positions are the base ruleset's): a
variant's values come from the same searches (``.CanonicalForm``, ``.NimValue``, ``.OutcomeClass``).

>>> from zermelo.cgsuite import evaluate
>>> evaluate('game.grid.Domineering.ImpartialVariant("..|..").NimValue')  # Cram's 2 x 2: zero
'0'
>>> evaluate('game.grid.Clobber("xoo").TwistedVariant.CanonicalForm')  # {-T(".xo") | -T("o.o")} = {*|0}
'v'
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.errors import InvalidPosition
from ..rules import Impartial, Partisan, Rules
from .errors import CGSuiteError

if TYPE_CHECKING:
    from .rulesets import Position, Ruleset

__all__ = ["KINDS", "DicoticVariant", "ImpartialVariant", "TwistedVariant", "variant_position", "variant_ruleset"]

#: CGSuite's method names, and the names of its ``game.variant`` classes of rulesets and games.
KINDS = ("ImpartialVariant", "DicoticVariant", "TwistedVariant")


def _sides(base: Rules[Any], p: Any) -> tuple[Iterable[Any], Iterable[Any]]:
    if isinstance(base, Partisan):
        return base.left_options(p), base.right_options(p)
    if isinstance(base, Impartial):
        return base.options(p), base.options(p)
    raise CGSuiteError(f"{base.spec()} is not a game of two players' options: it has no variants")


class _Text:
    """A variant reads and writes its positions as its base does."""

    base: Rules[Any]
    kind: ClassVar[str] = ""

    def spec(self) -> str:
        return f"{self.kind.lower()}:{self.base.spec()}"

    def parse(self, text: str) -> Any:
        return self.base.parse(text)

    def format(self, position: Any) -> str:
        return self.base.format(position)

    def validate(self, position: Any) -> Any:
        return self.base.validate(position)

    def key(self, position: Any) -> Hashable:
        return self.base.key(position)


class ImpartialVariant(_Text, Impartial[Any]):
    """Any move of Left's or Right's, for either player."""

    name: ClassVar[str] = "impartialvariant"
    kind: ClassVar[str] = "ImpartialVariant"

    def __init__(self, base: Rules[Any]) -> None:
        self.base = base
        self.loopy = base.loopy  # type: ignore[misc]

    def options(self, position: Any) -> list[Any]:
        left, right = _sides(self.base, position)
        return [*left, *right]

    def components(self, position: Any) -> Sequence[Any] | None:
        return self.base.components(position) if isinstance(self.base, Impartial | Partisan) else None


class DicoticVariant(_Text, Partisan[Any]):
    """No move for either player unless both have one."""

    name: ClassVar[str] = "dicoticvariant"
    kind: ClassVar[str] = "DicoticVariant"

    def __init__(self, base: Rules[Any]) -> None:
        self.base = base
        self.loopy = base.loopy  # type: ignore[misc]

    def _both(self, position: Any) -> tuple[list[Any], list[Any]]:
        left, right = (list(s) for s in _sides(self.base, position))
        return (left, right) if left and right else ([], [])

    def left_options(self, position: Any) -> list[Any]:
        return self._both(position)[0]

    def right_options(self, position: Any) -> list[Any]:
        return self._both(position)[1]


class TwistedVariant(Partisan[tuple[Any, bool]]):
    """Left and Right change roles after each move; a position is (base position, negated)."""

    name: ClassVar[str] = "twistedvariant"
    kind: ClassVar[str] = "TwistedVariant"

    def __init__(self, base: Rules[Any]) -> None:
        self.base = base
        self.loopy = base.loopy  # type: ignore[misc]

    def spec(self) -> str:
        return f"twistedvariant:{self.base.spec()}"

    def parse(self, text: str) -> tuple[Any, bool]:
        return (self.base.parse(text), False)

    def format(self, position: tuple[Any, bool]) -> str:
        text = self.base.format(position[0])
        return f"-({text})" if position[1] else text

    def printed(self, position: tuple[Any, bool]) -> tuple[str, bool]:
        """The base position's text, and whether this is the negative of its twisted variant."""
        return self.base.format(position[0]), position[1]

    def validate(self, position: tuple[Any, bool]) -> tuple[Any, bool]:
        if not (isinstance(position, tuple) and len(position) == 2 and isinstance(position[1], bool)):
            raise InvalidPosition("twistedvariant: a position is (base position, negated)")
        return (self.base.validate(position[0]), position[1])

    def key(self, position: tuple[Any, bool]) -> Hashable:
        return (self.base.key(position[0]), position[1])

    def left_options(self, position: tuple[Any, bool]) -> list[tuple[Any, bool]]:
        p, negated = position
        left, right = _sides(self.base, p)
        # T(p)'s Left options are -T(g), g Left's; -T(p)'s are T(g), g Right's (the negatives of T(p)'s Right options).
        return [(g, False) for g in right] if negated else [(g, True) for g in left]

    def right_options(self, position: tuple[Any, bool]) -> list[tuple[Any, bool]]:
        p, negated = position
        left, right = _sides(self.base, p)
        return [(g, False) for g in left] if negated else [(g, True) for g in right]


_CLASSES: dict[str, type[ImpartialVariant | DicoticVariant | TwistedVariant]] = {
    "ImpartialVariant": ImpartialVariant,
    "DicoticVariant": DicoticVariant,
    "TwistedVariant": TwistedVariant,
}


def variant_ruleset(r: Ruleset, kind: str, make: type[Ruleset], name: str | None = None) -> Ruleset:
    """``R.ImpartialVariant`` (and the others) of the ruleset ``r``."""
    rules = _CLASSES[kind](r.rules)
    return make(name or f"{r.name}.{kind}", rules, r.text, r.shown, r.coordinates)


def variant_position(p: Position, kind: str, make: type[Ruleset], position: type[Position]) -> Position:
    """``G.ImpartialVariant`` (and the others) of the position ``p`` of a ruleset."""
    r = variant_ruleset(p.ruleset, kind, make)
    return position(r, (p.position, False) if kind == "TwistedVariant" else p.position)


def variant_constructor(full: str, args: list[Any] | None, make: type[Ruleset], position: type[Position]) -> Any:
    """``game.variant.ImpartialVariantRuleset(R)``, ``game.variant.ImpartialVariantGame(G)`` and the others."""
    for kind in KINDS:
        if full == f"game.variant.{kind}Ruleset":
            if args is None or len(args) != 1 or not isinstance(args[0], make):
                raise CGSuiteError(f"{full} takes one ruleset, like {full}(game.grid.Domineering)")
            return variant_ruleset(args[0], kind, make, f"{full}({args[0].name})")
        if full == f"game.variant.{kind}Game":
            if args is None or len(args) != 1 or not isinstance(args[0], position):
                raise CGSuiteError(f'{full} takes one position of a ruleset, like {full}(game.grid.Domineering("..."))')
            return variant_position(args[0], kind, make, position)
    raise CGSuiteError(
        f"No ruleset `{full}` in zermelo's library of CGSuite's rulesets (game.variant has "
        + ", ".join(f"{k}Ruleset, {k}Game" for k in KINDS)
        + ")"
    )
