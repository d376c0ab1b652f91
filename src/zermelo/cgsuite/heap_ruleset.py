"""CGSuite's ``game.heap.HeapRuleset(fn)``: the heap game whose heap of n may become any of the
sums of heaps that the procedure ``fn(n)`` lists (CGSuite's ``FunctionalHeapRuleset``).

``game.heap.HeapRuleset(k -> [[a,b] for a from 0 to k - 1 for b from 0 to a - 1])`` replaces a
heap by two distinct smaller heaps (an empty one allowed): Mock Turtles' values shifted by one.
The procedure is CGScript, so the ruleset lives in the evaluator only (no ``zermelo games``
entry can name it); its positions are valued by the one engine as any heap game's, the procedure
asked once per heap size.  A heap of an option must be smaller than the heap it replaces, else
the game could go on for ever: that is refused, naming the heap and the option.

>>> from zermelo.cgsuite import evaluate
>>> evaluate("game.heap.HeapRuleset(n -> [[m] for m from 0 to n - 1]).NimValueSequence(5)")  # Nim
'[1,2,3,4,5]'
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from ..heaps.heap import HeapGame
from ..values.surreal import surreal
from .errors import CGSuiteError
from .printer import cgsuite_text
from .values import Procedure, as_int

if TYPE_CHECKING:
    from .rulesets import Ruleset

__all__ = ["ProcedureHeap", "heap_constructor"]

#: The most options one heap may list (the procedure builds them all in the evaluator).
MOST_OPTIONS = 100_000


class ProcedureHeap(HeapGame):
    """A heap game by a CGSuite procedure of the heap size (see the module docstring)."""

    name: ClassVar[str] = "heapruleset"
    breaks: ClassVar[bool] = True
    many_options = True

    def __init__(self, fn: Procedure) -> None:
        self.fn = fn
        self._options: dict[int, list[int | tuple[int, ...]]] = {}
        self._raw: dict[int, list[Any]] = {}  # fn(n) as it listed them: CGSuite's HeapOptions(n)

    def spec(self) -> str:
        return f"{self.name}:{self.fn.text}"

    def heap_options(self, n: int) -> Iterator[int | tuple[int, ...]]:
        return iter(self._listed(n))

    def option_count(self, n: int) -> int:
        return len(self._listed(n))

    def listed(self, n: int) -> list[Any]:
        """CGSuite's ``HeapOptions(n)``: what ``fn(n)`` lists, as it lists it."""
        self._listed(n)
        return self._raw.get(n, [])

    def _listed(self, n: int) -> list[int | tuple[int, ...]]:
        hit = self._options.get(n)
        if hit is None:
            hit = self._options[n] = self._ask(n) if n > 0 else []
        return hit

    def _ask(self, n: int) -> list[int | tuple[int, ...]]:
        listed = self.fn(surreal(n))
        if not isinstance(listed, list | tuple | frozenset):
            raise CGSuiteError(f"HeapRuleset: fn({n}) must be a list of lists of heap sizes, not {_text(listed)}")
        if len(listed) > MOST_OPTIONS:
            raise CGSuiteError(f"HeapRuleset: fn({n}) lists {len(listed):,} options (at most {MOST_OPTIONS:,})")
        out: list[int | tuple[int, ...]] = []
        for option in listed:
            if not isinstance(option, list | tuple | frozenset):
                raise CGSuiteError(
                    f"HeapRuleset: an option of fn({n}) must be a list of heap sizes, not {_text(option)}"
                )
            heaps = sorted(as_int(h, "a heap size") for h in option)
            if any(not 0 <= h < n for h in heaps):
                raise CGSuiteError(
                    f"HeapRuleset: the option {_text(option)} of a heap of {n} has a heap that is not"
                    f" from 0 to {n - 1} (the game would not end)"
                )
            kept = tuple(h for h in heaps if h)
            out.append(kept[0] if len(kept) == 1 else kept)
        self._raw[n] = [list(o) if isinstance(o, list | tuple) else sorted(o, key=as_int) for o in listed]
        return out


def heap_constructor(full: str, args: list[Any] | None, make: type[Ruleset]) -> Ruleset:
    """``game.heap.HeapRuleset(fn)`` (CGSuite's other name for it: ``FunctionalHeapRuleset(fn)``),
    and ``game.heap.PartizanHeapRuleset(L, R)``: Left moves as in the heap ruleset L, Right as in R
    (CGSuite's ``L.PartizanJoin(R)``)."""
    if full == "game.heap.PartizanHeapRuleset":
        from ..games.partizanheap import PartizanHeap

        if (
            args is None
            or len(args) != 2
            or not all(isinstance(a, make) and isinstance(a.rules, HeapGame) for a in args)
        ):
            raise CGSuiteError(
                f"{full} takes two heap rulesets, Left's and Right's, like {full}(game.heap.Subtraction([1,3]),"
                " game.heap.Subtraction([2,3]))"
            )
        left, right = args[0].rules, args[1].rules
        spec = f"partizanjoin:{left.spec()}/{right.spec()}"
        return make(f"{full}({args[0].name}, {args[1].name})", PartizanHeap(left, right, spec=spec))
    if args is None or len(args) != 1 or not isinstance(args[0], Procedure):
        raise CGSuiteError(
            f"{full} takes one procedure of the heap size listing its options,"
            f" like {full}(n -> [[m] for m from 0 to n - 1])"
        )
    return make(f"{full}({args[0].text})", ProcedureHeap(args[0]))


def _text(v: Any) -> str:
    return cgsuite_text(v)
