"""The compiled Connect Four solver (numba), after Pascal Pons' design.

* **Bitboards** (John Tromp's layout): bit ``c * (H + 1) + r`` is the cell in column ``c``, row
  ``r`` from the bottom; each column has one spare bit on top so shifts never wrap into the next
  column.  A position is ``current`` (the stones of the player to move) and ``mask`` (all
  stones); ``current + mask`` is a unique key.  Boards need ``W * (H + 1) <= 62`` bits so every
  value fits a signed 64-bit integer.
* **Scores** (Pons): winning with the stone played when ``m`` stones are already on the board
  scores ``(W*H + 1 - m) // 2`` — the sooner, the more; a loss is the opposite; a draw 0.
* **Search**: negamax with alpha-beta on an explicit stack (no recursion); only moves that do
  not hand the opponent an immediate win are tried (a forced block when the opponent threatens,
  none — a loss — when it threatens twice); moves are ordered by how many winning cells they
  create, centre columns first on ties; a transposition table stores an upper bound per
  position, or a lower bound from a cut-off; the exact score comes from null-window searches
  that bisect the score range (Pons' "iterative deepening" over the score window).

:mod:`zermelo.games.connect4` converts scores to the win/loss distances of
:mod:`zermelo.minimax`; its pure-Python rules are the reference these kernels are tested against.
"""

from __future__ import annotations

import time

import numpy as np

from .._jit import njit
from ..limits import over_budget

__all__ = ["Table", "reset_table", "solve", "table_for"]


@njit
def _popcount(x: int) -> int:
    c = 0
    while x:
        x &= x - 1
        c += 1
    return c


@njit
def _winning_cells(pos: int, mask: int, h: int, board_mask: int) -> int:
    """Empty cells where one more stone of ``pos`` makes four in a row (Pons' bit tricks)."""
    r = (pos << 1) & (pos << 2) & (pos << 3)  # vertical
    for s in (h + 1, h, h + 2):  # horizontal and the two diagonals
        p = (pos << s) & (pos << (2 * s))
        r |= p & (pos << (3 * s))
        r |= p & (pos >> s)
        p = (pos >> s) & (pos >> (2 * s))
        r |= p & (pos << s)
        r |= p & (pos >> (3 * s))
    return r & (board_mask ^ mask)


@njit
def _masks(w: int, h: int) -> tuple[int, int]:
    bottom = 0
    for c in range(w):
        bottom |= 1 << (c * (h + 1))
    return bottom, bottom * ((1 << h) - 1)


@njit
def _negamax(
    cur0: int,
    mask0: int,
    n0: int,
    alpha0: int,
    beta0: int,
    w: int,
    h: int,
    order: np.ndarray,
    tt_keys: np.ndarray,
    tt_vals: np.ndarray,
    counter: np.ndarray,
) -> int:
    """Fail-hard negamax alpha-beta from a position where the player to move cannot win at once."""
    wh = w * h
    bottom, board_mask = _masks(w, h)
    size = tt_keys.shape[0]
    # Table values: upper bounds as 1 .. upper_top, lower bounds above (Pons' encoding).
    min_score = -(wh // 2) + 3
    max_score = (wh + 1) // 2 - 3
    upper_top = max_score - min_score + 1
    col_bits = (1 << h) - 1
    limit = counter[1]
    depth = wh - n0 + 2
    cur_s = np.empty(depth, np.int64)
    mask_s = np.empty(depth, np.int64)
    alpha_s = np.empty(depth, np.int64)
    beta_s = np.empty(depth, np.int64)
    idx_s = np.zeros(depth, np.int64)
    cnt_s = np.zeros(depth, np.int64)
    mv_s = np.empty((depth, w), np.int64)
    sc_s = np.empty((depth, w), np.int64)
    cur_s[0], mask_s[0], alpha_s[0], beta_s[0] = cur0, mask0, alpha0, beta0
    ply = 0
    ret = 0
    nodes = 0
    entering = True
    while True:
        done = False
        if entering:
            nodes += 1
            if limit and not nodes & 0xFFFF and counter[0] + nodes > limit:
                counter[2] = 1  # over budget: give up (the caller raises)
                break
            cur = cur_s[ply]
            mask = mask_s[ply]
            n = n0 + ply
            alpha = alpha_s[ply]
            beta = beta_s[ply]
            possible = (mask + bottom) & board_mask
            opp_win = _winning_cells(cur ^ mask, mask, h, board_mask)
            forced = possible & opp_win
            # Moves that do not lose at once: a forced block (none if two threats), never
            # directly below an opponent's winning cell.
            candidates = possible if not forced else 0 if forced & (forced - 1) else forced
            nxt = candidates & ~(opp_win >> 1)
            if nxt == 0:  # every move lets the opponent win next
                ret = -((wh - n) // 2)
                done = True
            elif n >= wh - 2:
                ret = 0
                done = True
            else:
                lo = -((wh - 2 - n) // 2)  # the opponent cannot win before its next-but-one move
                if alpha < lo:
                    alpha = lo
                if alpha >= beta:
                    ret = alpha
                    done = True
                else:
                    hi = (wh - 1 - n) // 2  # we cannot win at once
                    key = cur + mask
                    slot = key % size
                    if tt_keys[slot] == key:
                        v = tt_vals[slot]
                        if v > upper_top:  # a lower bound
                            lb = v + 2 * min_score - max_score - 2
                            if alpha < lb:
                                alpha = lb
                        elif v != 0:  # an upper bound (0: empty slot)
                            hi = min(hi, v + min_score - 1)
                    if alpha >= beta:
                        ret = alpha
                        done = True
                    else:
                        if beta > hi:
                            beta = hi
                        if alpha >= beta:
                            ret = beta
                            done = True
            if not done:
                cnt = 0
                for i in range(w):
                    col = order[i]
                    mv = nxt & (col_bits << (col * (h + 1)))
                    if mv:
                        sc = _popcount(_winning_cells(cur | mv, mask, h, board_mask))
                        j = cnt
                        while j > 0 and sc_s[ply, j - 1] < sc:  # stable: centre first on ties
                            mv_s[ply, j] = mv_s[ply, j - 1]
                            sc_s[ply, j] = sc_s[ply, j - 1]
                            j -= 1
                        mv_s[ply, j] = mv
                        sc_s[ply, j] = sc
                        cnt += 1
                cnt_s[ply] = cnt
                idx_s[ply] = 0
                alpha_s[ply] = alpha
                beta_s[ply] = beta
        else:
            score = -ret
            if score >= beta_s[ply]:
                if min_score <= score <= max_score:  # keep the lower bound (Pons, part 12)
                    key = cur_s[ply] + mask_s[ply]
                    slot = key % size
                    tt_keys[slot] = key
                    tt_vals[slot] = score + max_score - 2 * min_score + 2
                ret = score
                done = True
            elif score > alpha_s[ply]:
                alpha_s[ply] = score
        if not done:
            i = idx_s[ply]
            if i < cnt_s[ply]:
                idx_s[ply] = i + 1
                mv = mv_s[ply, i]
                cur_s[ply + 1] = cur_s[ply] ^ mask_s[ply]
                mask_s[ply + 1] = mask_s[ply] | mv
                alpha_s[ply + 1] = -beta_s[ply]
                beta_s[ply + 1] = -alpha_s[ply]
                ply += 1
                entering = True
                continue
            if alpha_s[ply] <= max_score:  # an upper bound; above max_score it says nothing
                key = cur_s[ply] + mask_s[ply]
                slot = key % size
                tt_keys[slot] = key
                tt_vals[slot] = alpha_s[ply] - min_score + 1
            ret = alpha_s[ply]
        if ply == 0:
            break
        ply -= 1
        entering = False
    counter[0] += nodes
    return ret


@njit
def _solve(
    cur: int,
    mask: int,
    n: int,
    w: int,
    h: int,
    order: np.ndarray,
    tt_keys: np.ndarray,
    tt_vals: np.ndarray,
    counter: np.ndarray,
    threshold: int,
    test: bool,
) -> int:
    """The exact score; with ``test``, one null-window search: a bound, <= threshold iff the score is."""
    wh = w * h
    bottom, board_mask = _masks(w, h)
    if _winning_cells(cur, mask, h, board_mask) & (mask + bottom) & board_mask:
        counter[0] += 1
        return (wh + 1 - n) // 2
    if test:
        return int(_negamax(cur, mask, n, threshold, threshold + 1, w, h, order, tt_keys, tt_vals, counter))
    lo = -((wh - n) // 2)
    hi = (wh + 1 - n) // 2
    while lo < hi:
        med = lo + (hi - lo) // 2
        # Probe near 0 first: most positions are close to a draw (Pons).
        if med <= 0 and -((-lo) // 2) < med:
            med = -((-lo) // 2)
        elif med >= 0 and hi // 2 > med:
            med = hi // 2
        r = _negamax(cur, mask, n, med, med + 1, w, h, order, tt_keys, tt_vals, counter)
        if counter[2]:
            return 0
        if r <= med:
            hi = r
        else:
            lo = r
    return lo


def _prime_at_least(n: int) -> int:
    def is_prime(k: int) -> bool:
        if k < 2:
            return False
        i = 2
        while i * i <= k:
            if k % i == 0:
                return False
            i += 1
        return True

    while not is_prime(n):
        n += 1
    return n


class Table:
    """A transposition table for one board size (kept between calls: bounds stay valid)."""

    def __init__(self, w: int, h: int) -> None:
        cells = w * h
        # Small boards get small tables; 7 x 6 gets Pons' 2^23 entries (72 MB).
        size = _prime_at_least(1 << min(23, max(12, cells - 10)))
        self.w, self.h = w, h
        self.keys = np.zeros(size, np.int64)
        self.vals = np.zeros(size, np.int8)
        self.order = np.array([w // 2 + (1 - 2 * (i % 2)) * ((i + 1) // 2) for i in range(w)], np.int64)
        self.counter = np.zeros(3, np.int64)  # nodes so far, node limit (0: none), stopped flag


_TABLES: dict[tuple[int, int], Table] = {}


def table_for(w: int, h: int) -> Table:
    """The shared table of a board size (only the latest size is kept, to bound memory)."""
    t = _TABLES.get((w, h))
    if t is None:
        _TABLES.clear()
        t = _TABLES[(w, h)] = Table(w, h)
    return t


def reset_table(w: int, h: int) -> None:
    """Forget everything the table of this board size learnt (benchmarks start cold)."""
    _TABLES.clear()
    _TABLES[(w, h)] = Table(w, h)


def solve(
    current: int, mask: int, moves: int, w: int, h: int, max_nodes: int | None = None, at_most: int | None = None
) -> tuple[int, int]:
    """Pons' score of a position nobody has won yet, and the nodes searched: ``(score, nodes)``.

    With ``at_most=s`` one null-window search answers "is the score <= s?": the returned score
    is then a bound, ``<= s`` exactly when the true score is.

    Past ``max_nodes`` it raises :class:`~zermelo.errors.SearchLimitExceeded` (the table keeps
    what it learnt: bounds stay valid, so a retry with a larger budget starts warm).
    """
    if w * (h + 1) > 62:
        raise ValueError(f"the compiled solver needs W * (H + 1) <= 62, got {w} x {h}")
    t = table_for(w, h)
    before = int(t.counter[0])
    t.counter[1] = before + max_nodes if max_nodes else 0
    t.counter[2] = 0
    start = time.perf_counter()
    threshold, test = (0, False) if at_most is None else (at_most, True)
    score = _solve(current, mask, moves, w, h, t.order, t.keys, t.vals, t.counter, threshold, test)
    nodes = int(t.counter[0]) - before
    if t.counter[2]:
        raise over_budget(
            max_nodes or 0,
            by=f"connect4:{w}x{h}",
            advice="the compiled solver gets 50 x --budget; raise --budget",
            positions=nodes,
            seconds=time.perf_counter() - start,
        )
    return int(score), nodes
