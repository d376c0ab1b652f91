"""CGSuite's coordinate rulesets made in the evaluator: ``game.heap.CoordinateRuleset(fn)`` (and its
other name ``FunctionalCoordinateRuleset(fn)``), ``game.heap.PartizanCoordinateRuleset(L, R)``,
and what every coordinate ruleset answers: ``R.CoordinateOptions((m, n))`` and ``R.Adjoin(S)``.

A position of a coordinate ruleset is a pair of integers ``(m, n)`` (a sum of pairs when a move
leaves several).  ``fn`` is a procedure of the two, ``(m, n) -> …``, listing the options of
``(m, n)``: each a pair (``(m - 1, n)``), or a list of pairs (their sum; ``[]`` is 0).  That list,
as ``fn`` wrote it, is CGSuite's ``CoordinateOptions((m, n))``; for the library's coordinate
rulesets it is theirs (Wythoff's, Mem's, a product's), in CGSuite's order.  ``R.Adjoin(S)`` is the
coordinate ruleset whose options are R's then S's; ``PartizanCoordinateRuleset(L, R)`` the partizan
game in which Left moves as in L and Right as in R (CGSuite's Partizan Euclid is one).

The procedure is CGScript, so these rulesets live in the evaluator only (no ``zermelo games``
entry names them); their positions are valued by the one engine as any game's, the procedure asked
once per pair.  Nothing says a pair's options are smaller: a game that comes back to a pair is
searched as a loopy one, and one that reaches more than :data:`MOST_PAIRS` pairs is refused in one
line (so no procedure makes the search run for ever).

>>> from zermelo.cgsuite import evaluate
>>> evaluate("game.heap.CoordinateRuleset((m, n) -> [(a, n) for a from 0 to m - 1]).NimValueTable(1, 2)")
'0 | 0 | 0\\n--+---+--\\n1 | 1 | 1'
>>> evaluate("game.heap.Wythoff.CoordinateOptions((1, 2))")
'[(0,2),(1,1),(1,0),(0,1)]'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.checks import parse_int
from ..core.errors import InvalidPosition
from ..rules import Impartial, Partisan
from ..values.surreal import surreal
from .errors import CGSuiteError
from .printer import Coordinates, cgsuite_text
from .values import LEFT, Procedure, as_int

if TYPE_CHECKING:
    from .rulesets import Ruleset

__all__ = [
    "MOST_PAIRS",
    "PartizanCoordinates",
    "ProcedureCoordinates",
    "adjoin",
    "coordinate_constructor",
    "coordinate_options",
    "pair_text",
]

Pair = tuple[int, int]
Pairs = tuple[Pair, ...]
#: CGSuite's ``CoordinateOptions((m, n))`` of one ruleset: its list, as CGSuite's values.
Listing = Callable[[int, int], list[Any]]

#: The largest number of a pair, either way from 0.
MOST = 10_000
#: The most pairs one ruleset's procedure is asked about (each a search's node or more).
MOST_PAIRS = 20_000

_NAMES = ("game.heap.CoordinateRuleset", "game.heap.FunctionalCoordinateRuleset")
_PARTIZAN = "game.heap.PartizanCoordinateRuleset"


class _Pairs:
    """The text of a sum of pairs, and the procedure's options of each pair, asked once."""

    name: ClassVar[str] = "coordinateruleset"
    syntax: ClassVar[str] = "pairs m n, apart by commas: 3 5, 2 4 (0: no pair)"
    examples: ClassVar[tuple[str, ...]] = ("3 5", "2 4, 1 3")

    def __init__(self, label: str) -> None:
        self.label = label
        self._asked: dict[tuple[int, Pair], Pairs | list[Pairs]] = {}

    def spec(self) -> str:
        return f"{self.name}:{self.label}"

    def parse(self, text: str) -> Pairs:
        words = [w for w in re.split(r"[\s,()+]+", text) if w]
        if words == ["0"]:
            return ()
        if not words or len(words) % 2:
            raise InvalidPosition(f"{self.label}: give a pair of integers, like (3,5); got {text.strip()!r}")
        nums = [parse_int(w, "a coordinate") for w in words]
        if any(abs(v) > MOST for v in nums):
            raise InvalidPosition(f"{self.label}: a coordinate goes from {-MOST:,} to {MOST:,}")
        return tuple(sorted(zip(nums[::2], nums[1::2], strict=True)))

    def format(self, position: Pairs) -> str:
        return ", ".join(f"{m} {n}" for m, n in position) if position else "0"

    def validate(self, position: Pairs) -> Pairs:
        if not isinstance(position, tuple) or not all(
            isinstance(p, tuple) and len(p) == 2 and all(isinstance(v, int) and abs(v) <= MOST for v in p)
            for p in position
        ):
            raise InvalidPosition(f"{self.label}: a position is a tuple of pairs of integers")
        return position

    def key(self, position: Pairs) -> Hashable:
        return position

    def components(self, position: Pairs) -> Sequence[Pairs] | None:
        return [(p,) for p in position] if len(position) > 1 else None

    def _ask(self, side: int, pair: Pair, fn: Listing) -> list[Pairs]:
        hit = self._asked.get((side, pair))
        if hit is None:
            if len(self._asked) >= MOST_PAIRS:
                raise CGSuiteError(
                    f"{self.label}: more than {MOST_PAIRS:,} pairs reached (does every move make the game smaller?)"
                )
            hit = self._asked[(side, pair)] = [read_option(o, pair) for o in _checked(fn(*pair), pair)]
        assert isinstance(hit, list)
        return hit

    def _side(self, position: Pairs, side: int, fn: Listing) -> Iterator[Pairs]:
        for i, pair in enumerate(position):
            if i and position[i - 1] == pair:
                continue  # equal pairs give the same options
            rest = position[:i] + position[i + 1 :]
            for new in self._ask(side, pair, fn):
                yield tuple(sorted(rest + new))


class ProcedureCoordinates(_Pairs, Impartial[Pairs]):
    """An impartial coordinate ruleset by its ``CoordinateOptions`` (see the module docstring)."""

    loopy: ClassVar[bool] = True  # a procedure may come back to a pair

    def __init__(self, listing: Listing, label: str) -> None:
        super().__init__(label)
        self.listing = listing

    def options(self, position: Pairs) -> Iterator[Pairs]:
        return self._side(position, 0, self.listing)


class PartizanCoordinates(_Pairs, Partisan[Pairs]):
    """CGSuite's ``PartizanCoordinateRuleset(L, R)``: Left moves as in L, Right as in R."""

    name: ClassVar[str] = "partizancoordinateruleset"

    def __init__(self, left: Listing, right: Listing, label: str) -> None:
        super().__init__(label)
        self.left, self.right = left, right

    def left_options(self, position: Pairs) -> Iterator[Pairs]:
        return self._side(position, 0, self.left)

    def right_options(self, position: Pairs) -> Iterator[Pairs]:
        return self._side(position, 1, self.right)


def _checked(listed: Any, pair: Pair) -> list[Any]:
    if not isinstance(listed, list | tuple | frozenset) or _is_pair(listed):
        raise CGSuiteError(
            f"CoordinateRuleset: the options of ({pair[0]},{pair[1]}) must be a list of coordinates"
            f" or of lists of them, not {cgsuite_text(listed)}"
        )
    return list(listed)


def _is_pair(v: Any) -> bool:
    return isinstance(v, tuple) and len(v) == 2 and not any(isinstance(x, tuple | list | frozenset) for x in v)


def read_option(option: Any, pair: Pair) -> Pairs:
    """One option as CGSuite reads it: a pair, or a collection of pairs (their sum; empty: 0)."""
    items = [option] if _is_pair(option) else option
    if not isinstance(items, list | tuple | frozenset) or not all(_is_pair(c) for c in items):
        raise CGSuiteError(
            f"CoordinateRuleset: an option of ({pair[0]},{pair[1]}) must be a pair (m, n) or a list of"
            f" pairs, not {cgsuite_text(option)}"
        )
    out = []
    for c in items:
        m, n = (as_int(x, "an integer coordinate") for x in c)
        if abs(m) > MOST or abs(n) > MOST:
            raise CGSuiteError(f"CoordinateRuleset: a coordinate goes from {-MOST:,} to {MOST:,}; got ({m},{n})")
        out.append((m, n))
    return tuple(sorted(out))


def pair_text(text: str) -> list[str]:
    """A ``shown`` for sums of pairs, negatives too: ``3 5, -1 2`` is ``(3,5)`` and ``(-1,2)``.

    >>> pair_text("3 5, -1 2"), pair_text("0")
    (['(3,5)', '(-1,2)'], [])
    """
    return [f"({p.strip().replace(' ', ',')})" for p in text.split(",") if p.strip() and p.strip() != "0"]


def _procedure_listing(fn: Procedure) -> Listing:
    return lambda m, n: fn(surreal(m), surreal(n))


def coordinate_options(r: Ruleset, m: int, n: int) -> list[Any]:
    """CGSuite's ``R.CoordinateOptions((m, n))`` of an impartial coordinate ruleset."""
    from ..games.heapproduct import HeapProduct
    from .heap_options import cgsuite_heap_options

    rules = r.rules
    if isinstance(rules, ProcedureCoordinates):
        return list(rules.listing(m, n))
    if isinstance(rules, HeapProduct):  # CGSuite's products: R's moves on m, then S's on n
        ms = cgsuite_heap_options(rules.first, m)
        ns = cgsuite_heap_options(rules.second, n)
        sm, sn = surreal(m), surreal(n)
        if rules.kind == "acrostic":
            return [[_at(a, sn) for a in o] for o in ms] + [[_at(sm, b) for b in o] for o in ns]
        return [
            [_at(a, sn) for a in mo] + [_at(sm, b) for b in no] + [_at(a, b) for a in mo for b in no]
            for mo in ms
            for no in ns
        ]
    if not r.coordinates or not isinstance(rules, Impartial):
        raise CGSuiteError(
            f"CoordinateOptions is a method of impartial coordinate rulesets (game.heap.Wythoff); {r.name} is not one"
        )
    options = r.position([(surreal(m), surreal(n))]).options(LEFT)
    if not isinstance(options, list):  # no CGSuite order known: the positions' own
        options = sorted(options, key=lambda p: p.key)
    out: list[Any] = []
    for p in options:
        pairs = [_at(*(surreal(int(x)) for x in w.strip("()").split(","))) for w in pair_text(rules.format(p.position))]
        out.append(pairs[0] if len(pairs) == 1 else pairs)
    return out


def _at(*xy: Any) -> Coordinates:
    return Coordinates(xy)


def _coordinate_ruleset(r: Any, what: str, make: type[Ruleset]) -> Listing:
    if not isinstance(r, make) or not r.coordinates or not isinstance(r.rules, Impartial):
        shown = r.name if isinstance(r, make) else cgsuite_text(r)
        raise CGSuiteError(
            f"{what} takes impartial coordinate rulesets (game.heap.Wythoff, game.heap.Mem), not {shown}"
        )
    return lambda m, n: coordinate_options(r, m, n)


def adjoin(r: Ruleset, args: list[Any], make: type[Ruleset]) -> Ruleset:
    """``R.Adjoin(S)``: the coordinate ruleset whose options are R's, then S's."""
    if len(args) != 1:
        raise CGSuiteError("Adjoin takes one coordinate ruleset, like game.heap.Wythoff.Adjoin(game.heap.Mem)")
    first = _coordinate_ruleset(r, "Adjoin", make)
    second = _coordinate_ruleset(args[0], "Adjoin", make)
    name = f"{r.name}.Adjoin({args[0].name})"
    rules = ProcedureCoordinates(lambda m, n: first(m, n) + second(m, n), name)
    return make(name, rules, shown=pair_text, coordinates=True, listed=_listed)


def coordinate_options_method(r: Ruleset, args: list[Any]) -> list[Any]:
    """``R.CoordinateOptions((m, n))``."""
    if len(args) != 1 or not _is_pair(args[0]):
        raise CGSuiteError("CoordinateOptions takes one pair of coordinates, like CoordinateOptions((3, 5))")
    m, n = (as_int(x, "an integer coordinate") for x in args[0])
    return coordinate_options(r, m, n)


def _listed(rules: Any, position: Pairs, left: bool) -> list[Pairs]:
    """A position's options as CGSuite lists them: a pair's as its procedure lists them."""
    if isinstance(rules, PartizanCoordinates):
        return list(rules.left_options(position) if left else rules.right_options(position))
    assert isinstance(rules, ProcedureCoordinates)
    return list(rules.options(position))


def coordinate_constructor(full: str, args: list[Any] | None, make: type[Ruleset]) -> Ruleset | None:
    """``game.heap.CoordinateRuleset(fn)`` and the others of this module; None for another name."""
    if full in _NAMES:
        if args is None or len(args) != 1 or not isinstance(args[0], Procedure):
            raise CGSuiteError(
                f"{full} takes one procedure of the coordinates listing their options,"
                f" like {full}((m, n) -> [(a, n) for a from 0 to m - 1])"
            )
        name = f"{full}({args[0].text})"
        return make(
            name,
            ProcedureCoordinates(_procedure_listing(args[0]), name),
            shown=pair_text,
            coordinates=True,
            listed=_listed,
        )
    if full == _PARTIZAN:
        if args is None or len(args) != 2:
            raise CGSuiteError(f"{full} takes two coordinate rulesets, Left's and Right's")
        left, right = (_coordinate_ruleset(a, _PARTIZAN, make) for a in args)
        name = f"{full}({args[0].name}, {args[1].name})"
        return make(name, PartizanCoordinates(left, right, name), shown=pair_text, coordinates=True, listed=_listed)
    return None
