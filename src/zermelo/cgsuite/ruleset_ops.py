"""What a ruleset answers besides its positions, by CGSuite's names: a heap ruleset's products
and joins (``R.AcrosticProduct(S)``, ``R.DirectProduct(S)``, ``R.CakeProduct(S, twisted =>
true)``, ``R.PartizanJoin(S)``, ``R.Join(S)``, :mod:`zermelo.games.heapproduct`), its
``HeapOptions(n)``, and the tables of values: a coordinate ruleset's ``NimValueTable(rows, cols)``
(Wythoff, GenMem, the products), a cake ruleset's ``GameValueTable(rows, cols)`` and a partizan
heap ruleset's ``GameValueSequence(n)``.  A table prints as CGSuite prints one in plain text:
each column right-aligned to its widest cell, cells apart by `` | ``, rows by a line of ``-`` and ``+``.

>>> from zermelo.cgsuite import evaluate
>>> print(evaluate("game.heap.Wythoff.NimValueTable(2, 3)"))
0 | 1 | 2 | 3
--+---+---+--
1 | 2 | 0 | 4
--+---+---+--
2 | 0 | 1 | 5
>>> evaluate("game.heap.Subtraction([1,3]).PartizanJoin(game.heap.Subtraction([2,3]))(6).CanonicalForm")
'{1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.errors import ZermeloError
from ..heaps.heap import HeapGame
from ..rules import Impartial, Partisan
from ..rules.catalogue import cgsuite_pieces
from ..values.surreal import surreal
from .errors import CGSuiteError
from .named import bind
from .values import as_int

if TYPE_CHECKING:
    from .rulesets import Ruleset

#: How this module makes a ruleset and values a position: :mod:`.rulesets` hands over its own
#: (its ``Ruleset`` class and ``POSITION_METHODS``), so the two modules do not import each other.
Make = type["Ruleset"]
Values = dict[str, Callable[[Any, list[Any]], Any]]

__all__ = ["CGTable", "ruleset_method"]

#: The most cells a table may have (each a value found by search).
MOST_CELLS = 10_000


@dataclass(frozen=True)
class CGTable:
    """CGSuite's ``Table``: rows of values, printed as CGSuite prints a table in plain text."""

    rows: tuple[tuple[Any, ...], ...]

    def cgsuite_text(self, _printer: Any = None) -> str:
        from .printer import cgsuite_text

        cells = [[cgsuite_text(v) for v in row] for row in self.rows]
        if not cells:
            return ""
        widths = [max(len(row[j]) for row in cells if j < len(row)) for j in range(max(map(len, cells)))]
        lines = [" | ".join(c.rjust(widths[j]) for j, c in enumerate(row)) for row in cells]
        rule = "-+-".join("-" * w for w in widths)
        return ("\n" + rule + "\n").join(lines)


@dataclass(frozen=True)
class Call:
    """One call ``r.Name(args)``, with how to make a ruleset and value a position."""

    r: Ruleset
    args: list[Any]
    make: Make
    values: Values


def ruleset_method(r: Ruleset, name: str, args: list[Any] | None, make: Make, values: Values) -> Any:
    """``r.Name(args)``: one of this module's methods, else CGSuite's error for an unknown one."""
    fn = _METHODS.get(name)
    if fn is None or args is None:
        raise CGSuiteError(f"Not a method or member variable: `{name}` (of the ruleset {r.name})")
    try:
        return fn(Call(r, args, make, values))
    except CGSuiteError:
        raise
    except ZermeloError as exc:
        raise CGSuiteError(f"{r.name}.{name}: {exc}") from None


def _heap_rules(c: Call, r: Any, what: str) -> HeapGame:
    if not isinstance(r, c.make) or not isinstance(r.rules, HeapGame):
        shown = r.name if isinstance(r, c.make) else "that"
        raise CGSuiteError(f'{what} takes heap rulesets (game.heap.Kayles, game.heap.Spawning("1-3")), not {shown}')
    return r.rules


def _operands(c: Call, name: str, names: tuple[str, ...] = ("that",)) -> tuple[HeapGame, Any, HeapGame, dict[str, Any]]:
    """R's rules, S (the ruleset) and its rules, and every argument by name."""
    given = bind(c.args, names, f"{c.r.name}.{name}")
    if "that" not in given:
        raise CGSuiteError(f"{name} needs another heap ruleset, like game.heap.Kayles.{name}(game.heap.Nim)")
    s = given["that"]
    return _heap_rules(c, c.r, name), s, _heap_rules(c, s, name), given


def _product(kind: str, method: str) -> Callable[[Call], Ruleset]:
    def fn(c: Call) -> Ruleset:
        from ..games.heapproduct import HeapProduct, pair_args

        first, s, second, _ = _operands(c, method)
        rules = HeapProduct(kind, first, second)
        return c.make(f"{c.r.name}.{method}({s.name})", rules, shown=pair_args, coordinates=True)

    return fn


def _cake_product(c: Call) -> Ruleset:
    from ..games.gencutcake import GenCutcake

    first, s, second, given = _operands(c, "CakeProduct", ("that", "twisted"))
    twisted = given.get("twisted", False)
    if not isinstance(twisted, bool):
        raise CGSuiteError("CakeProduct's `twisted` is true or false")
    name = f"{c.r.name}.CakeProduct({s.name}{', twisted => true' if twisted else ''})"
    return c.make(name, GenCutcake(first, second, twisted), text=_cake_text, shown=cgsuite_pieces)


def _cake_text(text: str) -> str:
    """CGSuite's ``((3,4))`` arrives as the words ``3 4``: the cake ``3x4``."""
    words = text.split()
    if len(words) < 2 or not all(w.isdigit() for w in words):
        return text
    return " ".join(f"{a}x{b}" for a, b in zip(words[::2], words[1::2], strict=False))


def _partizan_join(c: Call) -> Ruleset:
    from ..games.partizanheap import PartizanHeap

    first, s, second, _ = _operands(c, "PartizanJoin")
    return c.make(f"{c.r.name}.PartizanJoin({s.name})", PartizanHeap(first, second, spec=_join_spec(first, second)))


def _join_spec(first: HeapGame, second: HeapGame) -> str:
    return f"partizanjoin:{first.spec()}/{second.spec()}"


def _join(c: Call) -> Ruleset:
    from ..games.heapproduct import HeapJoin

    first, s, second, _ = _operands(c, "Join")
    return c.make(f"{c.r.name}.Join({s.name})", HeapJoin(first, second))


def _heap_options(c: Call) -> list[list[Any]]:
    if len(c.args) != 1:
        raise CGSuiteError("HeapOptions takes one heap size")
    n = as_int(c.args[0], "a heap size")
    if n < 0:
        raise CGSuiteError(f"HeapOptions needs a heap size of at least 0, got {n}")
    from .heap_options import cgsuite_heap_options

    return cgsuite_heap_options(_heap_rules(c, c.r, "HeapOptions"), n)


def _size(args: list[Any], what: str, least: int) -> tuple[int, int]:
    if len(args) != 2:
        raise CGSuiteError(f"{what} takes the largest row and column: {what}(10, 10)")
    rows, cols = (as_int(a, "a whole number") for a in args)
    if rows < least or cols < least:
        raise CGSuiteError(f"{what} needs rows and columns of at least {least}, got ({rows}, {cols})")
    if (rows - least + 1) * (cols - least + 1) > MOST_CELLS:
        raise CGSuiteError(f"{what}({rows}, {cols}) has too many cells (at most {MOST_CELLS:,})")
    return rows, cols


def _table(c: Call, what: str, least: int) -> CGTable:
    rows, cols = _size(c.args, what, least)
    value = c.values["NimValue" if what == "NimValueTable" else "GameValue"]
    return CGTable(
        tuple(
            tuple(value(c.r.position([(surreal(m), surreal(n))]), []) for n in range(least, cols + 1))
            for m in range(least, rows + 1)
        )
    )


def _nim_value_table(c: Call) -> CGTable:
    """CGSuite's ``CoordinateRuleset.NimValueTable``: rows m = 0..rows, columns n = 0..cols."""
    if not c.r.coordinates or not isinstance(c.r.rules, Impartial):
        raise CGSuiteError(
            f"NimValueTable is a method of coordinate rulesets (game.heap.Wythoff); {c.r.name} is not one"
        )
    return _table(c, "NimValueTable", 0)


def _game_value_table(c: Call) -> CGTable:
    """CGSuite's ``GenCutcake.GameValueTable``: the cakes m × n, m = 1..rows, n = 1..cols."""
    from ..games.cutcake import Cutcake
    from ..games.gencutcake import GenCutcake
    from ..games.partizaneuclid import PartizanEuclid
    from .coordinate_ruleset import PartizanCoordinates

    if not isinstance(c.r.rules, GenCutcake | Cutcake | PartizanCoordinates | PartizanEuclid):
        raise CGSuiteError(
            "GameValueTable is a method of the cake rulesets (game.heap.Eatcake) and the partizan coordinate"
            f" rulesets (game.heap.PartizanEuclid); {c.r.name} is not one"
        )
    return _table(c, "GameValueTable", 1)


def _game_value_sequence(c: Call) -> list[Any]:
    """CGSuite's ``PartizanHeapRuleset.GameValueSequence(n)``: heaps 1 to n."""
    from ..games.partizanheap import PartizanHeap

    if not isinstance(c.r.rules, PartizanHeap) or not isinstance(c.r.rules, Partisan):
        raise CGSuiteError(
            "GameValueSequence is a method of partizan heap rulesets (game.heap.PartizanSubtraction);"
            f" {c.r.name} is not one"
        )
    if len(c.args) != 1:
        raise CGSuiteError("GameValueSequence takes the largest heap")
    n = as_int(c.args[0], "a heap size")
    if not 0 <= n <= MOST_CELLS:
        raise CGSuiteError(f"GameValueSequence needs a heap size from 0 to {MOST_CELLS:,}, got {n}")
    value = c.values["GameValue"]
    return [value(c.r.position([surreal(h)]), []) for h in range(1, n + 1)]


def _coordinate_options(c: Call) -> list[Any]:
    from .coordinate_ruleset import coordinate_options_method

    return coordinate_options_method(c.r, c.args)


def _adjoin(c: Call) -> Ruleset:
    from .coordinate_ruleset import adjoin

    return adjoin(c.r, c.args, c.make)


_METHODS: dict[str, Callable[[Call], Any]] = {
    "CoordinateOptions": _coordinate_options,
    "Adjoin": _adjoin,
    "AcrosticProduct": _product("acrostic", "AcrosticProduct"),
    "DirectProduct": _product("directproduct", "DirectProduct"),
    "CakeProduct": _cake_product,
    "PartizanJoin": _partizan_join,
    "Join": _join,
    "HeapOptions": _heap_options,
    "NimValueTable": _nim_value_table,
    "GameValueTable": _game_value_table,
    "GameValueSequence": _game_value_sequence,
}
