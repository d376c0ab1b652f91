"""The compiled Connect Four solver (numba), after Pascal Pons' design with more of the literature.

* **Bitboards** (John Tromp's layout, as :mod:`zermelo.games.connect4_bits`): ``current`` (the
  mover's stones) and ``mask`` (all stones), ``current + mask`` the key; ``W * (H + 1) <= 62``.
* **Scores** (Pons): winning with the stone played when ``m`` stones are already on the board
  scores ``(W*H + 1 - m) // 2`` — the sooner, the more; a loss is the opposite; a draw 0.
* **Search**: negamax with alpha-beta on an explicit stack.  Only moves that do not hand the
  opponent an immediate win are tried (*anticipating losing moves*); moves are ordered by how
  many winning cells they create (*threat count*), centre first on ties, a move right below one
  of the mover's own threats on its good rows (odd rows for the first player, even for the
  second: Allis' zugzwang rule) after the moves with one threat fewer (the opponent blocks it);
  the column that refuted a window at the same position before (kept in the table) goes first.
* **Transposition table**: ``2^k`` entries, a key's slot its low ``k`` bits mixed with a hash of
  the rest; one 64-bit word holds that rest, the refuting column and *both* a lower and an upper
  bound (Pons keeps one).  Bounds are true whatever window found them, so the table is kept per
  board size for the session.  It starts small and grows, entries rehashed, once its searches
  (all of them) have visited :data:`GROW_AFTER` times its entries — past 2 MiB
  (:data:`CACHE_LOG`), where probes leave the core's cache, :data:`GROW_PAST_CACHE` times.
* **Symmetry**: in the first plies the key is the smaller of the position's and its mirror
  image's, and a symmetric position only tries the moves of its left half.
* **Enhanced transposition cutoffs** (Plaat et al.): at every node, a child whose stored upper
  bound already refutes the window cuts the node before any child is searched.
* **Score bisection**: null-window searches bisect the score range, near 0 first (Pons); a
  *weak* solve only bisects -1..1 (who wins).

The search is a resumable state machine (its arrays: ``ctl``, ``stack``, ``table``): a call runs
to a node count Python chose; Python then checks the clock, shows progress, honours Ctrl-C and
calls again.  The table grows only at a pause placed where it is due, never at a time the clock
chose (except that a growth that would overrun a deadline is skipped), so the same question
searches the same positions on every run.  A process's first positions (:data:`PLAIN_NODES`) run
in plain Python, the same code: an answer near the end of the game comes before numba would have
loaded.  :mod:`zermelo.games.connect4` converts scores to distances; its pure-Python rules are
the reference these kernels are tested against.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..core._jit import ahead, compiled, interpreted, njit, ready
from ..core.errors import Remedy
from ..core.limits import over_budget, over_time

__all__ = ["SolveProgress", "Table", "reset_table", "solve", "table_for"]

# Fields of ``ctl``; STATUS values; MODE values (the exact score, who wins, one test at THRESH).
NODES, LIMIT, PAUSE, STATUS, PLY, RET, ENTERING, LO, HI, MED, PHASE = range(11)
N0, ROOT_CUR, ROOT_MASK, W, H, THRESH, MODE, BEST, SYM_PLIES, ETC_PLIES, SCORE = range(11, 22)
CTL_SIZE = 24
RUNNING, DONE, PAUSED = 0, 1, 2
STRONG, WEAK, TEST = 0, 1, 2
# Stack columns: the position, the window, the next child, the number of children, then the moves.
S_CUR, S_MASK, S_ALPHA, S_BETA, S_IDX, S_CNT, S_MOVES = range(7)
# A table word: quotient << 19 | move << 14 | (lower bound + 64) << 7 | (upper bound + 64); move:
# 1 + the column that refuted a window last (0: none; mirrored with the key); a bound 0: none.
_BOUND_BITS = 7
_MOVE_SHIFT = 14
_QUOT_SHIFT = 19
_NONE = 0
_OFFSET = 64


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
def _mirror(x: int, w: int, h: int) -> int:
    """The bitboard (or key: columns never carry into each other) reflected left to right."""
    col = (1 << (h + 1)) - 1
    r = 0
    for c in range(w):
        r |= ((x >> (c * (h + 1))) & col) << ((w - 1 - c) * (h + 1))
    return r


@njit
def _key(cur: int, mask: int, n: int, w: int, h: int, sym_plies: int) -> int:
    """The table key: ``current + mask``, or in the first plies the smaller of it and its mirror."""
    key = cur + mask
    if n < sym_plies:
        m = _mirror(key, w, h)
        if m < key:
            key = m
    return key


@njit
def _log2(size: int) -> int:
    """``log`` with ``size == 1 << log`` (tables have a power of two entries)."""
    log = 0
    while (1 << log) < size:
        log += 1
    return log


@njit
def _slot(key: int, log: int) -> int:
    """``key``'s slot of ``1 << log``: its low bits mixed with a hash of the rest (``key >> log``, which
    the word keeps), no division; the product stays below 2^63 (the same in Python and compiled)."""
    mix = (key >> log) * 40503
    return (key ^ mix ^ (mix >> 23)) & ((1 << log) - 1)


@njit
def _probe(table: np.ndarray, log: int, key: int) -> tuple[int, int, int]:
    """The stored (lower, upper) bounds of ``key`` (-100 / 100 where none is known) and 1 + its
    stored column (in the key's orientation; 0: none)."""
    word = table[_slot(key, log)]
    lo, hi, move = -100, 100, 0
    if word != 0 and word >> _QUOT_SHIFT == key >> log:
        a = (word >> _BOUND_BITS) & 127
        b = word & 127
        if a != _NONE:
            lo = a - _OFFSET
        if b != _NONE:
            hi = b - _OFFSET
        move = (word >> _MOVE_SHIFT) & 31
    return lo, hi, move


@njit
def _store(table: np.ndarray, log: int, key: int, lo: int, hi: int, move: int = 0) -> None:
    """Keep ``lo <= score <= hi`` (-100 / 100: unknown), tightening bounds already stored, and
    ``move`` (1 + a column; 0 keeps the one stored)."""
    slot = _slot(key, log)
    quot = key >> log
    word = table[slot]
    a = _NONE if lo <= -100 else lo + _OFFSET
    b = _NONE if hi >= 100 else hi + _OFFSET
    if word != 0 and word >> _QUOT_SHIFT == quot:
        a0 = (word >> _BOUND_BITS) & 127
        b0 = word & 127
        if a0 != _NONE and (a == _NONE or a0 > a):
            a = a0
        if b0 != _NONE and (b == _NONE or b0 < b):
            b = b0
        if move == 0:
            move = (word >> _MOVE_SHIFT) & 31
    table[slot] = (quot << _QUOT_SHIFT) | (move << _MOVE_SHIFT) | (a << _BOUND_BITS) | b


@ahead("none(i8[:], i8[:])")
def _rehash(old: np.ndarray, new: np.ndarray) -> None:
    """Move every entry of ``old`` into the (larger) table ``new``."""
    log, new_log = _log2(old.shape[0]), _log2(new.shape[0])
    for slot in range(old.shape[0]):
        word = old[slot]
        if word != 0:
            rest = word >> _QUOT_SHIFT
            mix = rest * 40503  # the key again from its rest and slot: _slot undone
            key = (rest << log) | ((slot ^ mix ^ (mix >> 23)) & ((1 << log) - 1))
            lo, hi, move = _probe(old, log, key)
            _store(new, new_log, key, lo, hi, move)


@njit
def _column(move: int, h: int) -> int:
    c = 0
    while move >> ((c + 1) * (h + 1)):
        c += 1
    return c


@njit
def _negamax(ctl: np.ndarray, st: np.ndarray, table: np.ndarray) -> bool:
    """Run (or resume) the null-window search on the stack; False when paused at ``ctl[PAUSE]``.

    Fail-hard alpha-beta from a position where the player to move cannot win at once; the
    result is left in ``ctl[RET]``.
    """
    w, h = ctl[W], ctl[H]
    wh = w * h
    n0 = ctl[N0]
    sym_plies, etc_plies = ctl[SYM_PLIES], ctl[ETC_PLIES]
    bottom, board_mask = _masks(w, h)
    col_bits = (1 << h) - 1
    order = np.empty(w, np.int64)
    for i in range(w):
        order[i] = w // 2 + (1 - 2 * (i % 2)) * ((i + 1) // 2)
    left_half = 0  # the columns a symmetric position tries
    for c in range((w + 1) // 2):
        left_half |= col_bits << (c * (h + 1))
    sc = np.empty(w, np.int64)
    odd_rows = 0  # rows 1, 3, 5, ... counted from 1 at the bottom
    for r in range(0, h, 2):
        odd_rows |= bottom << r
    log = _log2(table.shape[0])
    ply = ctl[PLY]
    ret = ctl[RET]
    entering = ctl[ENTERING] != 0
    nodes = ctl[NODES]
    pause = ctl[PAUSE]
    finished = True
    while True:
        done = False
        if entering:
            key = hint = 0
            if nodes >= pause:
                finished = False
                break
            nodes += 1
            cur = st[ply, S_CUR]
            mask = st[ply, S_MASK]
            n = n0 + ply
            alpha = st[ply, S_ALPHA]
            beta = st[ply, S_BETA]
            possible = (mask + bottom) & board_mask
            opp_win = _winning_cells(cur ^ mask, mask, h, board_mask)
            forced = possible & opp_win
            # Moves that do not lose at once: a forced block (none if two), never below its threat.
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
                hi = (wh - 1 - n) // 2  # we cannot win at once
                key = _key(cur, mask, n, w, h, sym_plies)
                tlo, thi, hint = _probe(table, log, key)
                if tlo > lo:
                    lo = tlo
                if thi < hi:
                    hi = thi
                if lo >= beta:
                    ret = lo
                    done = True
                elif hi <= alpha:
                    ret = hi
                    done = True
                else:
                    if alpha < lo:
                        alpha = lo
                    if beta > hi:
                        beta = hi
                    if alpha >= beta:  # lo == hi: the exact score
                        ret = alpha
                        done = True
            if not done and n < sym_plies and cur + mask == _mirror(cur + mask, w, h):
                nxt &= left_half  # a symmetric position: the right half mirrors the left
            if not done and n < etc_plies:
                # Enhanced transposition cutoff: a child already known to be bad enough for the opponent.
                opp = cur ^ mask
                for c in range(w):
                    mv = nxt & (col_bits << (c * (h + 1)))
                    if mv:
                        _lo, chi, _mv = _probe(table, log, _key(opp, mask | mv, n + 1, w, h, sym_plies))
                        if chi < 100 and -chi >= beta:
                            ret = -chi
                            _store(table, log, key, ret, 100, 1 + (c if key == cur + mask else w - 1 - c))
                            if ply == 0:
                                ctl[BEST] = c
                            done = True
                            break
            if not done:
                # The column that refuted a window here before goes first (0: none stored).
                if hint and key != cur + mask:
                    hint = w + 1 - hint
                cnt = 0
                # The mover's own threats on its good rows (Allis): a move right below one wastes it.
                good = _winning_cells(cur, mask, h, board_mask) & (odd_rows if n % 2 == 0 else board_mask ^ odd_rows)
                for i in range(w):
                    mv = nxt & (col_bits << (order[i] * (h + 1)))
                    if mv:
                        s = _popcount(_winning_cells(cur | mv, mask, h, board_mask))
                        s *= 2
                        if (mv << 1) & good:
                            s -= 3  # after the moves with one threat fewer
                        if order[i] + 1 == hint:
                            s = 1000
                        j = cnt
                        while j > 0 and sc[j - 1] < s:  # stable: centre first on ties
                            st[ply, S_MOVES + j] = st[ply, S_MOVES + j - 1]
                            sc[j] = sc[j - 1]
                            j -= 1
                        st[ply, S_MOVES + j] = mv
                        sc[j] = s
                        cnt += 1
                st[ply, S_CNT] = cnt
                st[ply, S_IDX] = 0
                st[ply, S_ALPHA] = alpha
                st[ply, S_BETA] = beta
        else:
            score = -ret
            if score >= st[ply, S_BETA]:
                n = n0 + ply
                pcur, pmask = st[ply, S_CUR], st[ply, S_MASK]
                pkey = _key(pcur, pmask, n, w, h, sym_plies)
                col = _column(st[ply, S_MOVES + st[ply, S_IDX] - 1], h)
                # The column as the key sees it: mirrored when the key is the mirror image.
                _store(table, log, pkey, score, 100, 1 + (col if pkey == pcur + pmask else w - 1 - col))
                if ply == 0:
                    ctl[BEST] = col
                ret = score
                done = True
            elif score > st[ply, S_ALPHA]:
                st[ply, S_ALPHA] = score
        if not done:
            i = st[ply, S_IDX]
            if i < st[ply, S_CNT]:
                st[ply, S_IDX] = i + 1
                mv = st[ply, S_MOVES + i]
                st[ply + 1, S_CUR] = st[ply, S_CUR] ^ st[ply, S_MASK]
                st[ply + 1, S_MASK] = st[ply, S_MASK] | mv
                st[ply + 1, S_ALPHA] = -st[ply, S_BETA]
                st[ply + 1, S_BETA] = -st[ply, S_ALPHA]
                ply += 1
                entering = True
                continue
            n = n0 + ply
            ret = st[ply, S_ALPHA]
            _store(table, log, _key(st[ply, S_CUR], st[ply, S_MASK], n, w, h, sym_plies), -100, ret)
        if ply == 0:
            break
        ply -= 1
        entering = False
    ctl[NODES] = nodes
    ctl[PLY] = ply
    ctl[RET] = ret
    ctl[ENTERING] = 1 if entering else 0
    return finished


@ahead("none(i8[:], i8[:, :], i8[:])")
def _run(ctl: np.ndarray, st: np.ndarray, table: np.ndarray) -> None:
    """Start or resume a solve described by ``ctl``; ``ctl[STATUS]`` says DONE or PAUSED."""
    w, h = ctl[W], ctl[H]
    wh = w * h
    n = ctl[N0]
    cur, mask = ctl[ROOT_CUR], ctl[ROOT_MASK]
    mode = ctl[MODE]
    if ctl[PHASE] == 0:
        bottom, board_mask = _masks(w, h)
        if _winning_cells(cur, mask, h, board_mask) & (mask + bottom) & board_mask:
            ctl[NODES] += 1
            ctl[SCORE] = (wh + 1 - n) // 2
            ctl[STATUS] = DONE
            return
        lo = -((wh - n) // 2)
        hi = (wh + 1 - n) // 2
        if mode == WEAK:
            lo, hi = max(lo, -1), min(hi, 1)
        ctl[LO], ctl[HI] = lo, hi
        ctl[PHASE] = 1
    while True:
        if ctl[PHASE] == 1:  # choose the next null window
            lo, hi = ctl[LO], ctl[HI]
            if lo >= hi:
                ctl[SCORE] = lo
                ctl[STATUS] = DONE
                return
            if mode == TEST:
                med = ctl[THRESH]
            else:
                med = lo + (hi - lo) // 2
                # Probe near 0 first: most positions are close to a draw (Pons).
                if med <= 0 and -((-lo) // 2) < med:
                    med = -((-lo) // 2)
                elif med >= 0 and hi // 2 > med:
                    med = hi // 2
            ctl[MED] = med
            st[0, S_CUR], st[0, S_MASK], st[0, S_ALPHA], st[0, S_BETA] = cur, mask, med, med + 1
            ctl[PLY], ctl[ENTERING], ctl[PHASE] = 0, 1, 2
        if not _negamax(ctl, st, table):
            ctl[STATUS] = PAUSED
            return
        r, med = ctl[RET], ctl[MED]
        if mode == TEST:
            ctl[SCORE] = r
            ctl[STATUS] = DONE
            return
        if r <= med:
            ctl[HI] = r
        else:
            ctl[LO] = r
        ctl[PHASE] = 1


#: Table sizes (log2 of the entry count): where a table starts, and how far it grows.
START_LOG, MAX_LOG = 16, 25
#: Plies from the start with mirror keys, and with enhanced transposition cutoffs (every ply).
SYM_PLIES_DEFAULT, ETC_PLIES_DEFAULT = 12, 64
#: Nodes before the first return to Python, then slices of about ``SLICE_SECONDS``; positions a
#: process searches in plain Python before loading the kernel (~0.5 s) if at most ``PLAIN_EMPTY`` are empty.
SLICE, SLICE_SECONDS, PLAIN_NODES, PLAIN_EMPTY = 1 << 16, 0.05, 1 << 14, 16
#: A table grows once its searches have visited this many times its entries (7x5 from empty:
#: 2^23 entries, 2% more positions than 2^25, 3/4 of the time) and past ``2^CACHE_LOG`` entries
#: (2 MiB, where probes leave the core's cache: the 6x5 weak solve ran 2.45 M positions in 2^18
#: entries faster than 2.3 M in 2^20) only after ``GROW_PAST_CACHE`` times (at 8 the 6x5 strong
#: solve grew in its middle, slower than either size).  No growth when the deadline is nearer
#: than ``GROW_SECONDS_PER_ENTRY`` an entry (2.5x the cost on an idle machine).
GROW_AFTER, CACHE_LOG, GROW_PAST_CACHE, GROW_SECONDS_PER_ENTRY = 4, 18, 32, 1e-7


class Table:
    """The transposition table of one board size and the solver's working arrays, kept for the session."""

    def __init__(self, w: int, h: int) -> None:
        self.w, self.h = w, h
        # The rest of a key (key >> log) must fit 44 bits next to the move and the two bounds.
        self.min_log = max(START_LOG, w * (h + 1) - 44)
        self.max_log = max(self.min_log, min(MAX_LOG, w * h - 8))
        self.table = np.zeros(1 << self.min_log, np.int64)
        self.stack = np.zeros((w * h + 2, S_MOVES + w), np.int64)
        self.ctl = np.zeros(CTL_SIZE, np.int64)
        self.view = self.ctl.data  # Python-side reads and writes of ctl (faster than numpy's)
        self.ctl[W], self.ctl[H] = w, h
        self.ctl[SYM_PLIES], self.ctl[ETC_PLIES] = SYM_PLIES_DEFAULT, ETC_PLIES_DEFAULT
        self.visited = 0  # positions its searches visited before the current one

    def grow(self, nodes: int, seconds_left: float | None = None) -> None:
        """A larger table (entries rehashed) when due (``nodes``: the current search's, added to
        :attr:`visited`), unless ``seconds_left`` (to the deadline) is too short for it."""
        size = self.table.shape[0]
        total = self.visited + nodes
        if total < self._after(size) * size or size >= (1 << self.max_log):
            return
        log = min(self.max_log, max(size.bit_length() + 1, (total // GROW_AFTER).bit_length()))
        if size < (1 << CACHE_LOG) and log > CACHE_LOG and total < GROW_PAST_CACHE << CACHE_LOG:
            log = CACHE_LOG
        if seconds_left is not None and seconds_left < GROW_SECONDS_PER_ENTRY * (1 << log):
            return
        new = np.zeros(1 << log, np.int64)
        compiled(_rehash)(self.table, new)
        self.table = new

    def growth_due(self) -> int:
        """The current search's node count where the table grows; 0: full size, or due at once."""
        size = self.table.shape[0]
        return 0 if size >= (1 << self.max_log) else max(0, self._after(size) * size - self.visited)

    @staticmethod
    def _after(size: int) -> int:
        return GROW_PAST_CACHE if size >= (1 << CACHE_LOG) else GROW_AFTER

    def clear(self) -> None:
        """Forget every bound (benchmarks start cold), keeping the size: one memset, no page faults."""
        self.table.fill(0)


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
    table_for(w, h).clear()


@dataclass(frozen=True)
class SolveProgress:
    """Where a long solve is: positions, seconds, the score window open, the null window tested, the ply."""

    positions: int
    seconds: float
    lo: int
    hi: int
    testing: int
    ply: int
    phase: str


_RUN: list[Callable[..., None]] = []
#: What is left of :data:`PLAIN_NODES` in this process.
_PLAIN_LEFT = [PLAIN_NODES]


def solve(
    current: int,
    mask: int,
    moves: int,
    w: int,
    h: int,
    max_nodes: int | None = None,
    at_most: int | None = None,
    *,
    weak: bool = False,
    deadline: float | None = None,
    progress: Callable[[SolveProgress], None] | None = None,
) -> tuple[int, int]:
    """Pons' score of a position nobody has won yet, and the nodes searched: ``(score, nodes)``.

    ``weak`` only finds who wins: the score is then -1, 0 or 1.  With ``at_most=s`` one
    null-window search answers "is the score <= s?": the returned score is then a bound, ``<= s``
    exactly when the true score is.  ``deadline`` is a ``time.monotonic()`` time; ``progress``
    is called about ten times a second once a search is long.

    Past ``max_nodes`` or the deadline it raises :class:`~zermelo.core.errors.SearchLimitExceeded`
    (the table keeps what it learnt: bounds stay valid, so a retry starts warm).
    """
    if w * (h + 1) > 62:
        raise ValueError(f"the compiled solver needs W * (H + 1) <= 62, got {w} x {h}")
    t = _TABLES.get((w, h)) or table_for(w, h)
    v = t.view
    v[NODES] = 0
    v[N0], v[ROOT_CUR], v[ROOT_MASK] = moves, current, mask
    v[MODE] = TEST if at_most is not None else WEAK if weak else STRONG
    v[THRESH] = 0 if at_most is None else at_most
    v[PHASE] = v[STATUS] = 0
    limit = max_nodes or 0
    t.grow(0, None if deadline is None else deadline - time.monotonic())  # due before this search
    due = t.growth_due() or 1 << 62  # the first slice ends there at the latest
    try:
        if not _RUN:
            if _PLAIN_LEFT[0] > 0 and w * h - moves <= PLAIN_EMPTY and not ready(_run):  # the first nodes in Python
                v[PAUSE] = min(limit or _PLAIN_LEFT[0], _PLAIN_LEFT[0], due)
                interpreted(_run)(t.ctl, t.stack, t.table)
                _PLAIN_LEFT[0] -= v[NODES]
                if v[STATUS] == DONE:
                    return v[SCORE], v[NODES]
                _RUN.append(compiled(_run))
                return _resume(t, limit, deadline, progress)
            _RUN.append(compiled(_run))
        v[PAUSE] = min(limit or SLICE, SLICE, due)
        _RUN[0](t.ctl, t.stack, t.table)
        if v[STATUS] == DONE:  # the common case: one call, nothing else to pay
            return v[SCORE], v[NODES]
        return _resume(t, limit, deadline, progress)
    finally:
        t.visited += v[NODES]


def _resume(
    t: Table, limit: int, deadline: float | None, progress: Callable[[SolveProgress], None] | None
) -> tuple[int, int]:
    """Keep calling the kernel slice by slice: budgets, the clock, growth and progress between."""
    ctl = t.ctl
    start = time.monotonic()
    run = _RUN[0]
    slice_nodes = SLICE
    while ctl[STATUS] == PAUSED:
        nodes = int(ctl[NODES])
        now = time.monotonic()
        if limit and nodes >= limit:
            by, remedies = f"connect4:{t.w}x{t.h}", (Remedy.MORE_POSITIONS,)
            raise over_budget(limit, by=by, remedies=remedies, positions=nodes, seconds=now - start)
        if deadline is not None and now > deadline:
            raise over_time(
                None, f"{nodes:,} positions", by=f"connect4:{t.w}x{t.h}", positions=nodes, elapsed=now - start
            )
        if progress is not None:
            phase = {STRONG: "exact score", WEAK: "who wins", TEST: "one bound"}[int(ctl[MODE])]
            progress(SolveProgress(nodes, now - start, int(ctl[LO]), int(ctl[HI]), int(ctl[MED]), int(ctl[PLY]), phase))
        t.grow(nodes, None if deadline is None else deadline - now)
        if now > start:
            # At most 4 times the last slice: a warm start's rate is no guide to a cold search's.
            slice_nodes = min(4 * slice_nodes, max(SLICE, int(nodes / (now - start) * SLICE_SECONDS)))
        pause = nodes + slice_nodes
        if limit:
            pause = min(limit, pause)
        # The slice ends exactly where the table is due to grow: a node count, never a time.
        due = t.growth_due()
        if nodes < due < pause:
            pause = due
        ctl[PAUSE] = pause
        run(ctl, t.stack, t.table)
    return int(ctl[SCORE]), int(ctl[NODES])
