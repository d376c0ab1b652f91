"""Traversals: ``fold``, a value computed bottom-up over an acyclic game, iteratively, with a memo;
``components``, the strongly connected components of a graph (Tarjan's, iteratively).

Bottom floor (imports only :mod:`zermelo.core.errors`): the canonical forms and the value arithmetic
build on it, and :mod:`zermelo.search.engine` re-exports it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, MutableMapping
from typing import Any, TypeVar

from .errors import InvalidArgument, Unsupported

__all__ = ["components", "fold"]

N = TypeVar("N", bound=Hashable)


def fold(
    root: Any,
    children: Callable[[Any], Iterable[Any]],
    combine: Callable[[Any, list[Any]], Any],
    key: Callable[[Any], Hashable] = lambda p: p,
    memo: dict[Hashable, Any] | None = None,
) -> Any:
    """Evaluate a value bottom-up over an acyclic game tree, iteratively, with a memo.

    ``combine(position, [values of its children])`` gives a position's value.  This is the
    traversal analyses other than outcome and Grundy values (canonical forms, say) build on: no
    recursion, so deep games are safe.

    >>> fold(5, lambda n: [n - 1] if n else [], lambda n, vs: 1 + sum(vs))
    6
    """
    for name, f in (("children", children), ("combine", combine), ("key", key)):
        if not callable(f):
            raise InvalidArgument(f"fold: {name} must be a function, got {type(f).__name__}")
    if memo is not None and not isinstance(memo, MutableMapping):
        raise InvalidArgument(f"fold: memo must be a dict (or None), got {type(memo).__name__}")
    table: dict[Hashable, Any] = {} if memo is None else memo
    # A frame is (position, key, keys of its children or None until expanded): each child's key
    # is computed once, when its parent is expanded, and reused when the parent is combined.
    root_key = key(root)
    stack: list[tuple[Any, Hashable, list[Hashable] | None]] = [(root, root_key, None)]
    on_path: set[Hashable] = set()
    while stack:
        pos, k, kid_keys = stack[-1]
        if kid_keys is None:
            if k in table:
                stack.pop()
                continue
            found = children(pos)
            if not isinstance(found, Iterable) or isinstance(found, (str, bytes)):
                raise InvalidArgument(f"fold: children(position) must give the positions, got {type(found).__name__}")
            kids = list(found)
            kid_keys = [key(c) for c in kids]
            stack[-1] = (pos, k, kid_keys)
            on_path.add(k)
            for c, ck in zip(kids, kid_keys, strict=True):
                if ck not in table:
                    if ck in on_path:
                        raise Unsupported("this analysis needs a game without cycles")
                    stack.append((c, ck, None))
            continue
        table[k] = combine(pos, [table[ck] for ck in kid_keys])
        on_path.discard(k)
        stack.pop()
    return table[root_key]


def components(succ: Mapping[N, Iterable[N]]) -> dict[N, int]:
    """The strongly connected component of each node of ``succ`` (every node's successors are
    nodes of ``succ``), as a number shared by the nodes of one component: Tarjan's algorithm,
    iteratively, so a long path needs no recursion.  A node on no cycle is a component alone.

    >>> c = components({"a": ["b"], "b": ["a", "c"], "c": []})
    >>> c["a"] == c["b"] != c["c"]
    True
    """
    index: dict[N, int] = {}
    low: dict[N, int] = {}
    comp: dict[N, int] = {}
    on_stack: set[N] = set()
    stack: list[N] = []
    for start in succ:
        if start in index:
            continue
        work = [(start, iter(succ[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(succ[w])))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                while True:
                    x = stack.pop()
                    on_stack.discard(x)
                    comp[x] = index[v]
                    if x == v:
                        break
    return comp
