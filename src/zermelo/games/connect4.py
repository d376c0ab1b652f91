"""Connect Four on any board: ``connect4:WxH`` is W columns by H rows (default 7x6).

Players drop stones into columns; four in a row (across, up or diagonal) wins; a full board is a
draw.  X moves first.  A position is a tuple of columns, each a string of ``X``/``O`` from the
bottom up.  Text forms:

* a move sequence, columns numbered from 1 as in Pascal Pons' solver: ``"4453"`` (``""`` is the
  empty board; boards wider than 9 columns separate the numbers with spaces or commas);
* the board, rows from the top separated by ``/``: ``"......./......./.../...XO.."``.

The rules here are plain Python — the reference.  :func:`zermelo.negamax` solves exact values
with the compiled bitboard solver of :mod:`zermelo.games.connect4_kernel` (through the
``exact_value`` hook) when the board fits 62 bits (``W * (H + 1) <= 62``); the tests compare the
two on small boards.  ``Connect4(w, h, compiled=False)`` is the reference alone.

>>> g = Connect4(4, 4)
>>> p = g.parse("1212121")
>>> g.payoff(p), g.format(p)
(-1, 'X.../XO../XO../XO..')
"""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable
from operator import itemgetter
from typing import Any, ClassVar

from ..core.checks import is_digits, parse_int
from ..core.errors import InvalidGame, InvalidPosition
from ..rules import Move, Scored, validate_by_text
from ..rules.boards import Board, cell_name, grid_board
from ..rules.catalogue import GameEntry, register
from ..search.minimax_result import WIN_SCORE
from .connect4_bits import NO_BOOK_ENV, four, masks, winning_cells

__all__ = ["Connect4", "four_lines"]

Columns = tuple[str, ...]


def four_lines(w: int, h: int) -> list[list[int]]:
    """Every four-in-a-row of a ``w`` × ``h`` board, as flat indices ``c * h + r`` (column-major).

    >>> len(four_lines(7, 6)), four_lines(4, 1)
    (69, [[0, 1, 2, 3]])
    """
    lines = []
    for c in range(w):
        for r in range(h):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if 0 <= c + 3 * dc < w and 0 <= r + 3 * dr < h:
                    lines.append([(c + i * dc) * h + r + i * dr for i in range(4)])
    return lines


class _ColumnBits(dict[str, int]):
    """A column string's bits on the board (its stones | its X stones << ``xshift``), made on first use."""

    def __init__(self, shift: int, xshift: int) -> None:
        super().__init__()
        self.shift, self.xshift = shift, xshift

    def __missing__(self, col: str) -> int:
        stones = ((1 << len(col)) - 1) << self.shift
        xs = sum(1 << r for r, stone in enumerate(col) if stone == "X") << self.shift
        self[col] = bits = stones | xs << self.xshift
        return bits


_LOOKUP = dict.__getitem__


class Connect4(Scored[Columns]):
    """Connect Four with ``w`` columns and ``h`` rows."""

    syntax = (
        "the columns played so far from 1 (4453: X in 4, O in 4, X in 5, O in 3), or the board's rows from "
        "the top split by /; empty: the empty board"
    )
    examples = ("", "4453", "....../....../....../....../...X..")
    cell_symbols = ".XO"

    name: ClassVar[str] = "connect4"
    win_loss: ClassVar[bool] = True
    nearer_the_end: ClassVar[str] = "with more discs"

    def __init__(self, w: int = 7, h: int = 6, *, compiled: bool = True) -> None:
        if not (1 <= w <= 20 and 1 <= h <= 20):
            raise InvalidGame(f"connect4: columns and rows from 1 to 20, got {w}x{h}")
        self.w, self.h = w, h
        self.compiled = compiled and w * (h + 1) <= 62
        # Cell (c, r) is index c * h + r of the padded flat board; lines are joined with a "|"
        # sentinel so "four in a row" is one substring test (as in tic-tac-toe).
        lines = four_lines(w, h)
        self._line_cells = [tuple(line) for line in lines]
        picks = [i for line in lines for i in (*line, w * h)]
        self._lines = itemgetter(*picks) if len(picks) > 1 else None
        self._labels = {p: [f"{p} {c + 1}" for c in range(w)] for p in "XO"}
        # Per column, a column string's bits in place on the board: its stones, and above them (from
        # bit w * (h + 1) on) its X stones; a bitboard is then one sum over the columns.
        self._xshift = w * (h + 1)
        self._stones = (1 << self._xshift) - 1
        self._columns = [_ColumnBits(c * (h + 1), self._xshift) for c in range(w)]
        self._bottom, self._board = masks(w, h)

    def spec(self) -> str:
        return f"connect4:{self.w}x{self.h}"

    # -- rules ---------------------------------------------------------------------------------

    def to_move(self, board: Columns) -> str:
        x = sum(col.count("X") for col in board)
        o = sum(col.count("O") for col in board)
        return "X" if x == o else "O"

    def has_four(self, board: Columns, stone: str) -> bool:
        """Whether ``stone`` has four in a row."""
        if self._lines is None:
            return False
        flat = "".join(col.ljust(self.h, ".") for col in board) + "|"
        return stone * 4 in "".join(self._lines(flat))

    def payoff(self, board: Columns) -> int | None:
        cur, mask, n = self.bitboards(board)
        if four(cur ^ mask, self.h):  # the player who just moved has four in a row
            return -1
        if n == self.w * self.h:
            return 0
        return None

    def moves(self, board: Columns) -> list[Move[Columns]]:
        p = self.to_move(board)
        labels = self._labels[p]
        h = self.h
        return [Move(labels[c], (*board[:c], col + p, *board[c + 1 :])) for c, col in enumerate(board) if len(col) < h]

    def key(self, board: Columns) -> Hashable:
        mirror = board[::-1]
        return min(board, mirror)

    def evaluate(self, board: Columns) -> int:
        """A heuristic for depth-limited search: lines of four still open to the player to move,
        weighted 1, 4, 16 by her stones in them, minus the same for the opponent."""
        me = self.to_move(board)
        flat = "".join(col.ljust(self.h, ".") for col in board)
        score = 0
        for line in self._line_cells:
            cells = [flat[i] for i in line]
            mine, theirs = cells.count(me), 4 - cells.count(".") - cells.count(me)
            if not theirs and mine:
                score += 4 ** (mine - 1)
            elif not mine and theirs:
                score -= 4 ** (theirs - 1)
        return score

    def order(self, board: Columns, moves: list[Move[Columns]]) -> list[Move[Columns]]:
        """Centre columns first: they take part in the most lines."""
        return sorted(moves, key=lambda m: self._off_centre(_column(m)))

    def _off_centre(self, c: int) -> int:
        """How far column ``c`` (from 0) is from the centre, in half columns."""
        return abs(2 * c - (self.w - 1))

    # -- the compiled solver -------------------------------------------------------------------

    def solver_order(self, board: Columns, moves: list[Move[Columns]]) -> list[Move[Columns]]:
        """The compiled solver's order of moves, without its table's hints (so the same position
        always gets the same order): a win at once first; a move that hands the opponent a win
        (the cell right above it, or leaves a threat unblocked) last; between them the most
        winning cells made first, a move right below one of the mover's own threats on her good
        rows (odd rows for the first player, Allis) after those with one fewer; centre first on
        ties.  A line of best play tries moves in this order (fewer tests than centre first).

        >>> g = Connect4()
        >>> p = g.parse("445566")  # X wins at once in column 3 or 7
        >>> [m.label for m in g.solver_order(p, g.moves(p))]
        ['X 3', 'X 7', 'X 4', 'X 5', 'X 2', 'X 6', 'X 1']
        """
        cur, mask, n = self.bitboards(board)
        h, bottom, full = self.h, self._bottom, self._board
        col = (1 << h) - 1
        possible = (mask + bottom) & full
        mine, theirs = winning_cells(cur, mask, h, full), winning_cells(cur ^ mask, mask, h, full)
        rows = bottom * sum(1 << r for r in range(0, h, 2))  # rows 1, 3, 5, ... from the bottom
        good = mine & (rows if n % 2 == 0 else full ^ rows)
        forced = possible & theirs

        def rank(m: Move[Columns]) -> tuple[int, int, int]:
            c = _column(m)
            mv = possible & (col << (c * (h + 1)))
            centre = self._off_centre(c)
            if mv & mine:
                return (0, 0, centre)
            if (mv << 1) & theirs or (forced and not mv & forced):
                return (2, 0, centre)
            threats = 2 * winning_cells(cur | mv, mask, h, full).bit_count() - (3 if (mv << 1) & good else 0)
            return (1, -threats, centre)

        return sorted(moves, key=rank)

    def bitboards(self, board: Columns) -> tuple[int, int, int]:
        """``(current, mask, moves)``: Tromp's bitboards of the player to move and of all stones.

        Each column's bits come from a small per-game cache (a column is one of at most
        ``2**(h+1) - 1`` strings), so the cost is a few operations per column.
        """
        total = sum(map(_LOOKUP, self._columns, board))  # columns never overlap: the sum is their union
        m = total & self._stones
        n = m.bit_count()
        x = total >> self._xshift
        return (x if n % 2 == 0 else x ^ m), m, n

    def exact_value(
        self,
        board: Columns,
        max_nodes: int | None = None,
        at_most: int | None = None,
        *,
        weak: bool = False,
        deadline: float | None = None,
        progress: Callable[[Any], None] | None = None,
    ) -> tuple[int, int] | None:
        if not self.compiled:
            return None
        cur, mask, n = self.bitboards(board)
        cells = self.w * self.h
        if n == cells or four(cur ^ mask, self.h):  # the game is over (payoff's answer, on bitboards)
            return None
        book = (_load_book or _book_loader())(self.w, self.h)
        if book is not None and n <= book.plies:
            known = book.score(cur, mask, n)
            if known is not None:
                if weak and at_most is None:
                    return (known > 0) - (known < 0), 0
                return from_score(known, n, cells, WIN_SCORE), 0  # exact: answers "<= at_most?" too
        solve = _solve or _load_kernel()
        threshold = None
        if at_most is not None:
            # The largest score whose value is <= at_most (scores and values order alike): bisect.
            lo, hi = -(cells // 2) - 1, cells // 2 + 1
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if from_score(mid, n, cells, WIN_SCORE) <= at_most:
                    lo = mid
                else:
                    hi = mid - 1
            threshold = lo
        report = None
        if progress is not None:
            from ..core.limits import Progress

            def report(p: Any) -> None:
                detail = f"{p.phase}: score {p.lo}..{p.hi}, testing > {p.testing}, at ply {n + p.ply}"
                progress(Progress(p.positions, 0, p.seconds, False, detail=detail))

        score, nodes = solve(
            cur,
            mask,
            n,
            self.w,
            self.h,
            max_nodes,
            threshold,
            weak=weak and at_most is None,
            deadline=deadline,
            progress=report,
        )
        if weak and at_most is None:
            return (score > 0) - (score < 0), nodes
        return from_score(score, n, cells, WIN_SCORE), nodes

    def book_edge(self, board: Columns) -> bool:
        """Whether ``board`` is at the last ply of a loaded opening book: a line of best play
        followed through the book stops there (beyond it every step would be a search)."""
        book = (_load_book or _book_loader())(self.w, self.h)
        return book is not None and sum(map(len, board)) >= book.plies

    # -- text form -----------------------------------------------------------------------------

    validate = validate_by_text  # a position given from Python must read back from its own text

    def parse(self, text: str) -> Columns:
        t = text.strip()
        if "/" in t or any(ch in t.upper() for ch in "XO."):
            return self._parse_grid(t)
        return self._parse_moves(t)

    def _parse_moves(self, t: str) -> Columns:
        # Up to 9 columns every digit is a move ("4453", "44 53"); wider boards need separators.
        words = list(t.replace(",", "").replace(" ", "")) if self.w <= 9 else t.replace(",", " ").split()
        board: list[str] = [""] * self.w
        state: Columns = tuple(board)
        for i, word in enumerate(words):
            if not is_digits(word) or not 1 <= int(word) <= self.w:  # not '¹'
                raise InvalidPosition(f"{self.spec()}: moves are column numbers 1..{self.w}, got {word!r}")
            if self.payoff(state) is not None:
                raise InvalidPosition(f"{self.spec()}: move {i + 1} ({word}) comes after the game is over")
            c = int(word) - 1
            if len(state[c]) >= self.h:
                raise InvalidPosition(f"{self.spec()}: move {i + 1} ({word}) into a full column")
            state = (*state[:c], state[c] + self.to_move(state), *state[c + 1 :])
        return state

    def _parse_grid(self, t: str) -> Columns:
        rows = [r.strip().upper().replace("0", "O").replace("-", ".") for r in t.split("/")]
        if len(rows) != self.h or any(len(r) != self.w for r in rows):
            raise InvalidPosition(
                f"{self.spec()}: a board is {self.h} rows of {self.w} cells (X, O or .) separated by /, got {t!r}"
            )
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch not in "XO.":
                    raise InvalidPosition(
                        f"{self.spec()}: unexpected {ch!r} at row {r + 1}, column {c + 1} (cells are X, O or .)"
                    )
        cols = []
        for c in range(self.w):
            col = "".join(rows[self.h - 1 - r][c] for r in range(self.h))
            stones = col.rstrip(".")
            if "." in stones:
                raise InvalidPosition(f"{self.spec()}: a stone floats above an empty cell in column {c + 1}")
            cols.append(stones)
        board = tuple(cols)
        x = sum(col.count("X") for col in board)
        o = sum(col.count("O") for col in board)
        if x - o not in (0, 1):
            raise InvalidPosition(f"{self.spec()}: X moves first, so X has as many stones as O or one more")
        xw, ow = self.has_four(board, "X"), self.has_four(board, "O")
        if xw and ow:
            raise InvalidPosition(f"{self.spec()}: both players have four in a row")
        for stone, won, ok in (("X", xw, x == o + 1), ("O", ow, x == o)):
            if won and not ok:
                raise InvalidPosition(f"{self.spec()}: {stone} has four in a row but the opponent moved after")
            # The winning stone was the last move, so it is on top of its column.
            if won and not any(
                col.endswith(stone) and not self.has_four((*board[:c], col[:-1], *board[c + 1 :]), stone)
                for c, col in enumerate(board)
            ):
                raise InvalidPosition(f"{self.spec()}: {stone} went on playing after four in a row")
        return board

    def board(self, board: Columns) -> Board:
        """The grid under gravity (top row first); ``line``: the cells of a four in a row."""
        line: list[str] = []
        for cells in four_lines(self.w, self.h):
            stones = {board[i // self.h][i % self.h] if i % self.h < len(board[i // self.h]) else "." for i in cells}
            if len(stones) == 1 and "." not in stones:
                line += [
                    cell_name(self.h - 1 - i % self.h, i // self.h)
                    for i in cells
                    if cell_name(self.h - 1 - i % self.h, i // self.h) not in line
                ]
        return {**grid_board(self.format(board).split("/")), "gravity": True, "line": line}

    def format(self, board: Columns) -> str:
        return "/".join(
            "".join(board[c][r] if r < len(board[c]) else "." for c in range(self.w)) for r in range(self.h - 1, -1, -1)
        )


_solve: Callable[..., tuple[int, int]] | None = None
_load_book: Callable[[int, int], Any] | None = None


def _column(m: Move[Columns]) -> int:
    """The column a move drops its stone into, from 0 (its label is ``X 4``)."""
    return int(m.label.split()[1]) - 1


def _book_loader() -> Callable[[int, int], Any]:
    """:func:`zermelo.games.connect4_book.load`: a board size's opening book (None without one)."""
    global _load_book
    if os.environ.get(NO_BOOK_ENV):  # no book is read: its module is not even imported
        load: Callable[[int, int], Any] = _no_book
    else:
        from .connect4_book import load

    _load_book = load
    return load


def _no_book(w: int, h: int) -> None:
    """No opening book (``$ZERMELO_NO_BOOK``)."""
    return None


def _load_kernel() -> Callable[..., tuple[int, int]]:
    """The compiled solver's entry point, imported on the first exact value (numba loads then)."""
    global _solve
    from .connect4_kernel import solve

    _solve = solve
    return solve


def from_score(score: int, moves: int, cells: int, win: int) -> int:
    """Pons' score to :mod:`zermelo.search.minimax`'s value ``±(win - distance)``.

    A win scoring ``s`` comes with the player's own move ``k + 1`` from now, ``k = (cells + 1 -
    moves) // 2 - s``: ``2k + 1`` plies.  A loss ``-s``: the opponent's move ``k + 1``,
    ``k = (cells - moves) // 2 + s``: ``2k + 2`` plies.

    >>> from_score(21, 0, 42, 10**6), from_score(-20, 1, 42, 10**6), from_score(0, 5, 42, 10**6)
    (999999, -999998, 0)
    """
    if score > 0:
        return win - (2 * ((cells + 1 - moves) // 2 - score) + 1)
    if score < 0:
        return -(win - (2 * ((cells - moves) // 2 + score) + 2))
    return 0


def _connect4(params: str | None) -> Any:
    if not params:
        return Connect4()
    w, sep, h = params.lower().partition("x")
    if not sep or not all(is_digits(x.strip()) for x in (w, h)):
        raise InvalidGame(f"connect4: give the size as COLUMNSxROWS, like connect4:7x6, got connect4:{params}")
    return Connect4(
        *(
            parse_int(x, f"connect4: the {side}", minimum=1, maximum=20, error=InvalidGame)
            for x, side in ((w, "columns"), (h, "rows"))
        )
    )


register(
    GameEntry(
        "connect4",
        _connect4,
        "Connect Four: four in a row on W columns x H rows (moves: column numbers from 1)",
        "WxH: columns x rows (default 7x6)",
        'zermelo negamax connect4:6x5 ""',
        rules=Connect4,
        aliases=("connect-four",),
    )
)
