"""Compiled kernels of the engine (numba).  They see only integer arrays, never a game.

The game graph arrives in compressed sparse row form:

* ``node_off[v] .. node_off[v+1]`` are the options of node ``v`` (indices into ``opt_off``);
* ``opt_off[o] .. opt_off[o+1]`` are the parts of option ``o`` (indices into ``parts``), node ids
  whose disjunctive sum the option is.  A game that never splits has one part per option.

The pure-Python reference these kernels are checked against is the definition itself, written out
in ``tests/test_engine.py``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

WIN = np.int8(1)
LOSE = np.int8(2)


@njit(cache=True)
def retrograde(offsets: np.ndarray, targets: np.ndarray, misere: bool) -> tuple[np.ndarray, np.ndarray]:
    """Outcome and remoteness of every node by retrograde analysis.

    Terminal nodes are LOSE for the player to move (WIN under misère play), remoteness 0.  A node
    with a LOSE child is WIN; a node all of whose children are WIN is LOSE.  Nodes processed in
    first-in first-out order have non-decreasing remoteness, so the first LOSE child found gives a
    WIN node's smallest remoteness ("win quickly") and the last child resolved gives a LOSE node's
    largest ("lose slowly").  Nodes never resolved lie on cycles nobody can escape: draws (0, -1).
    """
    n = offsets.shape[0] - 1
    m = targets.shape[0]
    pcount = np.zeros(n + 1, np.int64)
    for e in range(m):
        pcount[targets[e] + 1] += 1
    for v in range(n):
        pcount[v + 1] += pcount[v]
    parents = np.empty(m, np.int64)
    fill = pcount[:n].copy()
    for v in range(n):
        for e in range(offsets[v], offsets[v + 1]):
            c = targets[e]
            parents[fill[c]] = v
            fill[c] += 1
    remaining = np.empty(n, np.int64)
    state = np.zeros(n, np.int8)
    rem = np.full(n, -1, np.int64)
    queue = np.empty(n, np.int64)
    tail = 0
    for v in range(n):
        remaining[v] = offsets[v + 1] - offsets[v]
        if remaining[v] == 0:
            state[v] = WIN if misere else LOSE
            rem[v] = 0
            queue[tail] = v
            tail += 1
    head = 0
    while head < tail:
        c = queue[head]
        head += 1
        for i in range(pcount[c], pcount[c + 1]):
            p = parents[i]
            if state[p] != 0:
                continue
            if state[c] == LOSE:
                state[p] = WIN
                rem[p] = rem[c] + 1
                queue[tail] = p
                tail += 1
            else:
                remaining[p] -= 1
                if remaining[p] == 0:
                    state[p] = LOSE
                    rem[p] = rem[c] + 1
                    queue[tail] = p
                    tail += 1
    return state, rem


@njit(cache=True)
def grundy_values(
    node_off: np.ndarray,
    opt_off: np.ndarray,
    parts: np.ndarray,
    g: np.ndarray,
    start: int,
) -> None:
    """Fill ``g[start:]`` with Grundy values by the mex rule, in topological (Kahn) order.

    Nodes below ``start`` already carry final values (-1: unresolved, on or above a cycle).  An
    option's value is the XOR of its parts' values (Sprague–Grundy for sums); a node's value is the
    mex of its options' values.  A new node stays -1 when it lies on or above a cycle.
    """
    n = node_off.shape[0] - 1
    cnt = np.zeros(n, np.int64)
    # reverse edges among new nodes only: child -> parent, once per (option, part) entry
    pcount = np.zeros(n + 1, np.int64)
    widest = 1
    for v in range(start, n):
        nopt = node_off[v + 1] - node_off[v]
        if nopt + 1 > widest:
            widest = nopt + 1
        for o in range(node_off[v], node_off[v + 1]):
            for e in range(opt_off[o], opt_off[o + 1]):
                c = parts[e]
                if c >= start:
                    cnt[v] += 1
                    pcount[c + 1] += 1
    for v in range(n):
        pcount[v + 1] += pcount[v]
    parents = np.empty(pcount[n], np.int64)
    fill = pcount[:n].copy()
    for v in range(start, n):
        for o in range(node_off[v], node_off[v + 1]):
            for e in range(opt_off[o], opt_off[o + 1]):
                c = parts[e]
                if c >= start:
                    parents[fill[c]] = v
                    fill[c] += 1
    queue = np.empty(n - start + 1, np.int64)
    tail = 0
    for v in range(start, n):
        if cnt[v] == 0:
            queue[tail] = v
            tail += 1
    stamp = np.zeros(widest + 1, np.int64)
    head = 0
    while head < tail:
        v = queue[head]
        head += 1
        mark = v + 1
        ok = True
        for o in range(node_off[v], node_off[v + 1]):
            x = 0
            for e in range(opt_off[o], opt_off[o + 1]):
                gc = g[parts[e]]
                if gc < 0:
                    ok = False
                    break
                x ^= gc
            if not ok:
                break
            if x < stamp.shape[0]:
                stamp[x] = mark
        if not ok:
            continue  # an old unresolved part: this node stays unresolved
        mex = 0
        while mex < stamp.shape[0] and stamp[mex] == mark:
            mex += 1
        g[v] = mex
        for i in range(pcount[v], pcount[v + 1]):
            p = parents[i]
            cnt[p] -= 1
            if cnt[p] == 0:
                queue[tail] = p
                tail += 1
