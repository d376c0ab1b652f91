"""A heap ruleset's options from a heap of n as CGSuite lists them (``R.HeapOptions(n)``), in its
order, which its printing shows character for character.

* A take-and-break ruleset (``TakeAndBreak(code)``, ``Kayles``, ``Nim``, ``Subtraction(set)``, …):
  by the number of tokens taken (fewest first), then by the number of heaps left, then in
  increasing order of the heaps, each written smallest first: Kayles' heap of 5 is
  ``[[4],[1,3],[2,2],[3],[1,2]]``, Nim's heap of 3 ``[[2],[1],[]]``.
* A spawning ruleset: element by element of its code, each by its count of heaps, then in
  increasing order (:meth:`zermelo.games.spawning.Spawning.listed`); an option two elements
  allow is listed twice.
* ``HeapRuleset(fn)``: what ``fn(n)`` lists, as it lists it; ``R.Join(S)``: R's, then S's.

The engine's own order of a heap game's options is its own business (it never changes a value);
only what is printed follows CGSuite.

>>> from zermelo.cgsuite import evaluate
>>> evaluate("game.heap.Nim.HeapOptions(3)"), evaluate('game.heap.Spawning("3E").HeapOptions(9)')
('[[2],[1],[]]', '[[1,5],[3,6],[5,7],[7,8]]')
"""

from __future__ import annotations

from typing import Any

from ..heaps.heap import HeapGame, heap_tuple
from ..values.surreal import surreal

__all__ = ["cgsuite_heap_options", "heap_listed", "heap_parts"]


def heap_parts(rules: HeapGame, n: int) -> list[tuple[int, ...]]:
    """The options of a heap of ``n`` in CGSuite's order, each as the heaps it leaves (written
    smallest first; no empty heap), for any heap ruleset but ``HeapRuleset(fn)`` (whose heaps are
    as ``fn`` wrote them: :func:`cgsuite_heap_options`)."""
    if n <= 0:
        return []
    from ..games.heapproduct import HeapJoin
    from ..games.spawning import Spawning

    if isinstance(rules, HeapJoin):
        return heap_parts(rules.first, n) + heap_parts(rules.second, n)
    if isinstance(rules, Spawning):
        return list(rules.listed(n))
    seen = dict.fromkeys(tuple(sorted(h for h in heap_tuple(o) if h)) for o in rules.heap_options(n))
    return sorted(seen, key=lambda hs: (n - sum(hs), len(hs), hs))


def cgsuite_heap_options(rules: HeapGame, n: int) -> list[list[Any]]:
    """``R.HeapOptions(n)`` as CGSuite's values: a list of lists of heap sizes."""
    from ..games.heapproduct import HeapJoin
    from .heap_ruleset import ProcedureHeap

    if isinstance(rules, ProcedureHeap):
        return [list(o) for o in rules.listed(n)] if n > 0 else []
    if isinstance(rules, HeapJoin):
        return cgsuite_heap_options(rules.first, n) + cgsuite_heap_options(rules.second, n)
    return [[surreal(h) for h in hs] for hs in heap_parts(rules, n)]


def heap_listed(rules: Any, position: Any, left: bool) -> list[Any] | None:
    """A position of one heap's options as CGSuite lists them (its ``Options``: ``HeapOptions(n)``
    in order, an option of one heap that heap's position, of several their sum): as zermelo
    positions, ``None`` standing for an option of no heap (CGSuite's integer 0).  ``None`` for any
    other position (several heaps: CGSuite's options of a sum are not a heap ruleset's list).

    >>> from zermelo.heaps.games import Kayles
    >>> heap_listed(Kayles(), 3, True), heap_listed(Kayles(), 1, True), heap_listed(Kayles(), (1, 2), True)
    ([2, (1, 1), 1], [None], None)
    """
    from ..games.partizanheap import PartizanHeap
    from .values import as_int

    partizan = isinstance(rules, PartizanHeap)
    if partizan:
        if not (isinstance(position, tuple) and len(position) == 1):
            return None
        rules, position = rules.side(left), position[0]
    elif not isinstance(rules, HeapGame) or type(position) is not int:
        return None
    # R.HeapOptions(n) itself, mapped: one order for both (a procedure's heaps as it wrote them).
    written = [tuple(as_int(h, "a heap size") for h in o) for o in cgsuite_heap_options(rules, position)]
    if partizan:  # a partizan position is its heaps sorted, none empty
        return [tuple(sorted(h for h in hs if h)) or None for hs in written]
    return [None if not hs else hs[0] if len(hs) == 1 else hs for hs in written]
