"""Compiled kernels of the engine (numba).  They see only integer arrays, never a game.

The game graph arrives in compressed sparse row form: ``parts[node_off[v] : node_off[v+1]]`` are
the options of node ``v``, each a node id, or (split graph only) a marker ``-(k + 1)`` followed by
the ``k`` node ids of the independent components whose disjunctive sum the option is.  The whole
graph has no markers: there every entry is an option.

The pure-Python reference these kernels are checked against is the definition itself, written out
in ``tests/test_engine.py``.
"""

from __future__ import annotations

import numpy as np

from ..core._jit import njit

NEXT_WINS = np.int8(1)  # the player to move wins (an N-position): zermelo.search.engine.NEXT_WINS
PREVIOUS_WINS = np.int8(2)  # the player to move loses (a P-position)


@njit
def reverse_edges(
    offsets: np.ndarray, targets: np.ndarray, sources: np.ndarray, lo: int
) -> tuple[np.ndarray, np.ndarray]:
    """The parents of every node ``c >= lo`` among the options of the nodes in ``sources``.

    Returned in CSR form over ``c - lo``: the parents of ``c`` are
    ``parents[pcount[c - lo] : pcount[c - lo + 1]]``, once per option entry (an option listed twice
    gives its parent twice, matching the per-entry counters of the passes that use it).
    """
    size = offsets.shape[0] - 1 - lo
    pcount = np.zeros(size + 1, np.int64)
    for v in sources:
        for e in range(offsets[v], offsets[v + 1]):
            c = targets[e]
            if c >= lo:
                pcount[c - lo + 1] += 1
    for i in range(size):
        pcount[i + 1] += pcount[i]
    parents = np.empty(pcount[size], np.int64)
    fill = pcount[:size].copy()
    for v in sources:
        for e in range(offsets[v], offsets[v + 1]):
            c = targets[e]
            if c >= lo:
                parents[fill[c - lo]] = v
                fill[c - lo] += 1
    return pcount, parents


@njit
def retrograde(offsets: np.ndarray, targets: np.ndarray, misere: bool) -> tuple[np.ndarray, np.ndarray]:
    """Outcome and remoteness of every node by retrograde analysis.

    Terminal nodes are PREVIOUS_WINS (a loss for the player to move; NEXT_WINS under misère
    play), remoteness 0.  A node with a PREVIOUS_WINS child is NEXT_WINS; a node all of whose
    children are NEXT_WINS is PREVIOUS_WINS.  Nodes processed in first-in first-out order have
    non-decreasing remoteness, so the first PREVIOUS_WINS child found gives a NEXT_WINS node's
    smallest remoteness ("win quickly") and the last child resolved gives a PREVIOUS_WINS node's
    largest ("lose slowly").  Nodes never resolved lie on cycles nobody can escape: draws (0, -1).
    """
    n = offsets.shape[0] - 1
    pcount, parents = reverse_edges(offsets, targets, np.arange(n), 0)
    remaining = np.empty(n, np.int64)
    state = np.zeros(n, np.int8)
    rem = np.full(n, -1, np.int64)
    queue = np.empty(n, np.int64)
    tail = 0
    for v in range(n):
        remaining[v] = offsets[v + 1] - offsets[v]
        if remaining[v] == 0:
            state[v] = NEXT_WINS if misere else PREVIOUS_WINS
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
            if state[c] == PREVIOUS_WINS:
                state[p] = NEXT_WINS
                rem[p] = rem[c] + 1
                queue[tail] = p
                tail += 1
            else:
                remaining[p] -= 1
                if remaining[p] == 0:
                    state[p] = PREVIOUS_WINS
                    rem[p] = rem[c] + 1
                    queue[tail] = p
                    tail += 1
    return state, rem


@njit
def grundy_values(node_off: np.ndarray, parts: np.ndarray, g: np.ndarray, start: int) -> None:
    """Fill ``g[start:]`` with Grundy values by the mex rule, in depth-first post-order.

    Nodes below ``start`` already carry final values (-1: unresolved, on or above a cycle).  An
    option is one node id, or a marker ``-(k + 1)`` and ``k`` node ids whose values are XORed
    (Sprague–Grundy for sums).  A node's value is the mex of its options' values, computed once
    all its options are done.  A new node stays -1 when it can reach a cycle: some option is then
    on the depth-first stack (a cycle through it) or itself unresolved.  An explicit stack, so no
    depth is too deep; only reads of the option lists, no reverse edges to build.
    """
    n = node_off.shape[0] - 1
    m = n - start
    if m <= 0:
        return
    widest = 1
    for v in range(start, n):
        width = node_off[v + 1] - node_off[v]
        if width + 1 > widest:
            widest = width + 1
    stamp = np.zeros(widest + 1, np.int64)
    state = np.zeros(m, np.int8)  # 0: not seen, 1: on the stack, 2: done
    cursor = np.empty(m, np.int64)
    stack = np.empty(m, np.int64)
    for root in range(start, n):
        if state[root - start] != 0:
            continue
        top = 0
        stack[0] = root
        state[root - start] = 1
        cursor[root - start] = node_off[root]
        while top >= 0:
            v = stack[top]
            e = cursor[v - start]
            end = node_off[v + 1]
            pushed = False
            while e < end:
                c = parts[e]
                e += 1
                if c >= start and state[c - start] == 0:
                    cursor[v - start] = e
                    state[c - start] = 1
                    cursor[c - start] = node_off[c]
                    top += 1
                    stack[top] = c
                    pushed = True
                    break
            if pushed:
                continue
            # Every option is done (or on the stack: a cycle): the mex rule.
            mark = v + 1
            ok = True
            e = node_off[v]
            while e < end:
                c = parts[e]
                if c >= 0:
                    x = g[c]
                    e += 1
                    if x < 0:
                        ok = False
                        break
                else:
                    x = 0
                    last = e - c  # the marker -(k + 1) is followed by k parts
                    e += 1
                    while e < last:
                        gc = g[parts[e]]
                        if gc < 0:
                            ok = False
                            break
                        x ^= gc
                        e += 1
                    if not ok:
                        break
                if x < stamp.shape[0]:
                    stamp[x] = mark
            if ok:
                mex = 0
                while mex < stamp.shape[0] and stamp[mex] == mark:
                    mex += 1
                g[v] = mex
            state[v - start] = 2
            top -= 1


#: The label of a node whose generalized Sprague–Grundy value is infinite, ∞(K).
INFINITE = -2


@njit
def loopy_grundy(offsets: np.ndarray, targets: np.ndarray, g: np.ndarray) -> np.ndarray:
    """Generalized Sprague–Grundy labels γ of every node (Smith; Fraenkel and Yesha).

    ``g`` holds the values of the topological pass (-1: on or above a cycle).  The labelling, stage
    m = 0, 1, … while some node is unlabelled:

    1. as long as some unlabelled u has no follower labelled m and every follower of u that is
       unlabelled or labelled ∞ has a follower labelled m, label u with m;
    2. label ∞ every unlabelled node with no follower labelled m.

    Step 1 is done with counters instead of rescans: ``hasm[v]`` says v has a follower labelled m,
    ``bad[u]`` counts the followers of u that are unlabelled or ∞ without one.  Nodes resolved by
    the topological pass (only resolved followers) count as labelled from their own stage, which is
    a valid order of step 1.  Returns the labels, :data:`INFINITE` for ∞; the ∞ node's K is the set
    of finite labels among its followers.
    """
    n = offsets.shape[0] - 1
    label = g.copy()
    count = 0
    for v in range(n):
        if label[v] < 0:
            count += 1
    loopy = np.empty(count, np.int64)
    count = 0
    for v in range(n):
        if label[v] < 0:
            loopy[count] = v
            count += 1
    # Parents of unresolved nodes are unresolved: a resolved node has only resolved followers.
    pcount, parents = reverse_edges(offsets, targets, loopy, 0)
    hasm = np.zeros(n, np.bool_)
    bad = np.zeros(n, np.int64)
    queue = np.empty(count + 1, np.int64)
    unlabelled = count
    m = 0
    while unlabelled > 0:
        for u in loopy:
            hasm[u] = False
            if label[u] == -1 or label[u] == INFINITE:
                for e in range(offsets[u], offsets[u + 1]):
                    if label[targets[e]] == m:
                        hasm[u] = True
                        break
        tail = 0
        for u in loopy:
            if label[u] == -1:
                b = 0
                for e in range(offsets[u], offsets[u + 1]):
                    c = targets[e]
                    if (label[c] == -1 or label[c] == INFINITE) and not hasm[c]:
                        b += 1
                bad[u] = b
                if b == 0 and not hasm[u]:
                    queue[tail] = u
                    tail += 1
        head = 0
        while head < tail:
            w = queue[head]
            head += 1
            if label[w] != -1 or hasm[w] or bad[w] != 0:
                continue
            label[w] = m
            unlabelled -= 1
            for i in range(pcount[w], pcount[w + 1]):
                p = parents[i]
                if label[p] == -1:
                    bad[p] -= 1  # w was an unlabelled follower without a follower labelled m
                if not hasm[p]:
                    hasm[p] = True
                    if label[p] == -1 or label[p] == INFINITE:
                        for i2 in range(pcount[p], pcount[p + 1]):
                            q = parents[i2]
                            if label[q] == -1:
                                bad[q] -= 1
                                if bad[q] == 0 and not hasm[q]:
                                    if tail == queue.shape[0]:
                                        grown = np.empty(2 * tail, np.int64)
                                        grown[:tail] = queue
                                        queue = grown
                                    queue[tail] = q
                                    tail += 1
        for u in loopy:
            if label[u] == -1 and not hasm[u]:
                label[u] = INFINITE
                unlabelled -= 1
        m += 1
    return label


@njit
def dense_lookup(dense: np.ndarray, keys: np.ndarray, found: np.ndarray) -> int:
    """Look ``keys`` up in the key -> node id array ``dense`` into ``found``, in one pass.

    Returns -1 if some key is negative, -2 - k if some key k is beyond ``dense`` (the largest such
    k), else the number of keys not in it yet (``found`` -1 there).
    """
    size = dense.shape[0]
    top = -1
    for i in range(keys.shape[0]):
        k = keys[i]
        if k < 0:
            return -1
        if k >= size and k > top:
            top = k
    if top >= 0:
        return -2 - top
    missing = 0
    for i in range(keys.shape[0]):
        j = dense[keys[i]]
        found[i] = j
        if j < 0:
            missing += 1
    return missing


@njit
def retrograde_more(
    offsets: np.ndarray,
    targets: np.ndarray,
    misere: bool,
    old_state: np.ndarray,
    old_rem: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`retrograde` of a graph that grew: the first ``old_state.shape[0]`` nodes are known.

    They were a closed graph, so their outcome and remoteness are final and only the new nodes
    need work.  Their old options act as sources with remoteness of their own, so the new nodes
    are settled in increasing remoteness with a bucket queue (Dial's algorithm) instead of a plain
    first-in first-out queue: a win takes the smallest remoteness among its losing options, a loss
    the largest among all its options, exactly as in the full pass.
    """
    n = offsets.shape[0] - 1
    start = old_state.shape[0]
    state = np.zeros(n, np.int8)
    rem = np.full(n, -1, np.int64)
    state[:start] = old_state
    rem[:start] = old_rem
    m = n - start
    top_old = 0
    for v in range(start):
        if rem[v] > top_old:
            top_old = rem[v]
    nbuckets = top_old + m + 3
    head = np.full(nbuckets, -1, np.int64)
    # Entries of the bucket lists: (node, state); at most one per new edge plus one per new node.
    cap = targets.shape[0] - offsets[start] + m + 1
    e_node = np.empty(cap, np.int64)
    e_state = np.empty(cap, np.int8)
    e_next = np.empty(cap, np.int64)
    used = 0
    remaining = np.zeros(m, np.int64)
    worst = np.zeros(m, np.int64)  # 1 + the largest remoteness among the options won so far
    best = np.full(m, nbuckets, np.int64)  # the smallest win candidate pushed so far
    pcount, parents = reverse_edges(offsets, targets, np.arange(start, n), start)
    for v in range(start, n):
        i = v - start
        count = offsets[v + 1] - offsets[v]
        remaining[i] = count
        for e in range(offsets[v], offsets[v + 1]):
            c = targets[e]
            if c >= start:
                continue
            if state[c] == PREVIOUS_WINS:
                if rem[c] + 1 < best[i]:
                    best[i] = rem[c] + 1
            elif state[c] == NEXT_WINS:
                remaining[i] -= 1
                if rem[c] + 1 > worst[i]:
                    worst[i] = rem[c] + 1
        if count == 0:
            r = 0
            s = NEXT_WINS if misere else PREVIOUS_WINS
        elif best[i] < nbuckets:
            r = best[i]
            s = NEXT_WINS
        elif remaining[i] == 0:
            r = worst[i]
            s = PREVIOUS_WINS
        else:
            continue
        e_node[used] = v
        e_state[used] = s
        e_next[used] = head[r]
        head[r] = used
        used += 1
    for r in range(nbuckets):
        while head[r] >= 0:
            k = head[r]
            head[r] = e_next[k]
            v = e_node[k]
            if state[v] != 0:
                continue
            state[v] = e_state[k]
            rem[v] = r
            for j in range(pcount[v - start], pcount[v - start + 1]):
                p = parents[j]
                if state[p] != 0:
                    continue
                i = p - start
                if state[v] == PREVIOUS_WINS:
                    if r + 1 < best[i]:
                        best[i] = r + 1
                        s = NEXT_WINS
                    else:
                        continue
                else:
                    remaining[i] -= 1
                    if r + 1 > worst[i]:
                        worst[i] = r + 1
                    if remaining[i] != 0 or best[i] < nbuckets:
                        continue
                    s = PREVIOUS_WINS
                q = best[i] if s == NEXT_WINS else worst[i]
                if used == cap:
                    grown = cap * 2
                    a = np.empty(grown, np.int64)
                    a[:cap] = e_node
                    e_node = a
                    b = np.empty(grown, np.int8)
                    b[:cap] = e_state
                    e_state = b
                    c2 = np.empty(grown, np.int64)
                    c2[:cap] = e_next
                    e_next = c2
                    cap = grown
                e_node[used] = p
                e_state[used] = s
                e_next[used] = head[q]
                head[q] = used
                used += 1
    return state, rem
