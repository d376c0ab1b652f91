"""Tic-tac-toe and the m,n,k-games: k in a row on an m × n board wins.

A position is the board as a string, row-major from the top-left: ``X`` and ``O`` are stones,
``.`` an empty cell (``"X.O......"``); ``/`` between rows is allowed in the text form, and the
empty text is the empty board.  X moves
first, so the player to move is X when both have as many stones, else O.  ``m`` is the number of
columns, ``n`` the number of rows.  Cells are named like a spreadsheet: column letter, row number
from the top (``b2`` is the centre of tic-tac-toe).

The payoff is -1 for the player to move when the opponent has just made k in a row, 0 when the
board is full: a win/draw/loss game, so :func:`zermelo.negamax` reports "win in 5" and the like.
``key`` merges the 8 symmetries of a square board (4 of a rectangle).

>>> t = TicTacToe()
>>> t.payoff("XXXOO....")
-1
>>> [m.label for m in t.moves("XXOOO.X..")][:2]
['X c2', 'X b3']
>>> t.key("X........") == t.key("........X")
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from operator import itemgetter
from typing import Any, ClassVar

from ..core.checks import is_digits, parse_int
from ..core.errors import InvalidGame, InvalidPosition
from ..rules import Move, Scored, validate_by_text
from ..rules.boards import Board, grid_board
from ..rules.catalogue import GameEntry, register

__all__ = ["MNK", "TicTacToe"]


class MNK(Scored[str]):
    """The m,n,k-game: ``m`` columns, ``n`` rows, ``k`` in a row (row, column or diagonal) wins."""

    syntax: ClassVar[str] = "the board's cells row by row from the top left: X, O or . (m × n of them; X moves first)"
    examples: ClassVar[tuple[str, ...]] = ("............", "X...O.......")

    name: ClassVar[str] = "mnk"
    win_loss: ClassVar[bool] = True

    def __init__(self, m: int = 3, n: int = 3, k: int = 3) -> None:
        if m < 1 or n < 1 or k < 1:
            raise InvalidGame(f"mnk: m, n, k must be positive, got {m},{n},{k}")
        if m * n > 64:
            raise InvalidGame(f"mnk: boards up to 64 cells, got {m}x{n}")
        self.m, self.n, self.k = m, n, k
        self.cells = m * n
        self.lines = self._lines()
        self._symmetries = [itemgetter(*perm) for perm in self._perms()]
        self._labels = [f"{chr(ord('a') + c)}{r + 1}" for r in range(n) for c in range(m)]
        self._move_labels = {p: [f"{p} {cell}" for cell in self._labels] for p in "XO"}
        # Every line's cells in one string, lines separated by the sentinel cell "|": "k in a
        # row" is then one substring test in C instead of a loop over the lines.
        picks = [i for line in self.lines for i in (*line, self.cells)]
        self._all_lines = itemgetter(*picks) if len(picks) > 1 else (lambda b: tuple(b[i] for i in picks))
        self._rows = {p: p * k for p in "XO"}

    def _lines(self) -> list[tuple[int, ...]]:
        m, n, k = self.m, self.n, self.k
        out = []
        for r in range(n):
            for c in range(m):
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    rr, cc = r + (k - 1) * dr, c + (k - 1) * dc
                    if 0 <= rr < n and 0 <= cc < m:
                        out.append(tuple((r + i * dr) * m + (c + i * dc) for i in range(k)))
        return out

    def _perms(self) -> list[tuple[int, ...]]:
        m, n = self.m, self.n
        maps: list[Callable[[int, int], tuple[int, int]]] = [
            lambda r, c: (r, c),
            lambda r, c: (r, m - 1 - c),
            lambda r, c: (n - 1 - r, c),
            lambda r, c: (n - 1 - r, m - 1 - c),
        ]
        perms = [tuple(rr * m + cc for r in range(n) for c in range(m) for rr, cc in [f(r, c)]) for f in maps]
        if m == n:  # transposes too: the 8 symmetries of the square
            perms += [tuple(p[c * m + r] for r in range(n) for c in range(m)) for p in perms]
        return perms

    def spec(self) -> str:
        return "tictactoe" if (self.m, self.n, self.k) == (3, 3, 3) else f"mnk:{self.m},{self.n},{self.k}"

    # -- rules ---------------------------------------------------------------------------------

    def to_move(self, board: str) -> str:
        """``X`` or ``O``: X moves first."""
        return "X" if board.count("X") == board.count("O") else "O"

    def has_line(self, board: str, stone: str) -> bool:
        """Whether ``stone`` has k in a row."""
        return bool(self.lines) and self._rows[stone] in "".join(self._all_lines(board + "|"))

    def payoff(self, board: str) -> int | None:
        last = "O" if board.count("X") == board.count("O") else "X"
        if self.has_line(board, last):
            return -1
        if "." not in board:
            return 0
        return None

    def moves(self, board: str) -> list[Move[str]]:
        p = self.to_move(board)
        labels = self._move_labels[p]
        return [Move(labels[i], board[:i] + p + board[i + 1 :]) for i, c in enumerate(board) if c == "."]

    def key(self, board: str) -> Hashable:
        return min("".join(s(board)) for s in self._symmetries)

    def evaluate(self, board: str) -> int:
        """Open lines (no enemy stone) of the player to move minus the opponent's."""
        me = self.to_move(board)
        you = "O" if me == "X" else "X"
        score = 0
        for line in self.lines:
            cs = {board[i] for i in line}
            if you not in cs:
                score += 1
            if me not in cs:
                score -= 1
        return score

    # -- text form -----------------------------------------------------------------------------

    validate = validate_by_text  # a position given from Python must read back from its own text

    def parse(self, text: str) -> str:
        if not text.strip():
            return "." * self.cells  # the empty board, where the game starts
        board = "".join(text.split()).replace("/", "").upper().replace("0", "O").replace("-", ".")
        if len(board) != self.cells:
            raise InvalidPosition(
                f"{self.spec()}: a board has {self.cells} cells (X, O or .), got {len(board)} in {text.strip()!r}"
            )
        for i, ch in enumerate(board):
            if ch not in "XO.":
                r, c = divmod(i, self.m)
                raise InvalidPosition(
                    f"{self.spec()}: unexpected {ch!r} at row {r + 1}, column {c + 1} (cells are X, O or .)"
                )
        x, o = board.count("X"), board.count("O")
        if x - o not in (0, 1):
            raise InvalidPosition(
                f"{self.spec()}: X moves first, so X has as many stones as O or one more; got {x} X, {o} O"
            )
        xl, ol = self.has_line(board, "X"), self.has_line(board, "O")
        if xl and ol:
            raise InvalidPosition(f"{self.spec()}: both players have {self.k} in a row")
        for stone, won, need in (("X", xl, x == o + 1), ("O", ol, x == o)):
            if won and not need:
                raise InvalidPosition(f"{self.spec()}: {stone} has {self.k} in a row but then the opponent moved")
            # Legal only if one stone (the last move) completes every line of the winner.
            if won and not any(
                board[i] == stone and not self.has_line(board[:i] + "." + board[i + 1 :], stone)
                for i in range(self.cells)
            ):
                raise InvalidPosition(f"{self.spec()}: {stone} went on playing after {self.k} in a row")
        return board

    def format(self, board: str) -> str:
        return board

    def board(self, position: str) -> Board | None:
        """The grid, ``m`` columns × ``n`` rows."""
        cells = self.format(position).replace("/", "")
        if self.m * self.n != len(cells):
            return None
        return grid_board(cells[r * self.m : (r + 1) * self.m] for r in range(self.n))


class TicTacToe(MNK):
    """Tic-tac-toe: the 3,3,3-game.  A draw with perfect play."""

    syntax = "the nine cells row by row from the top left: X, O or . (X moves first), the rows split by / or not"
    examples = (".........", "X...O....", "XO./.X./..O")
    cell_symbols = ".XO"

    name: ClassVar[str] = "tictactoe"

    def __init__(self) -> None:
        super().__init__(3, 3, 3)


def _mnk(params: str | None) -> Any:
    if not params:
        raise InvalidGame("mnk: give m,n,k (columns, rows, in a row), like mnk:4,4,3")
    parts = params.replace("x", ",").split(",")
    if len(parts) != 3 or not all(is_digits(p.strip()) for p in parts):
        raise InvalidGame(f"mnk: give three whole numbers m,n,k, got mnk:{params}")
    m, n, k = (
        parse_int(p, f"mnk: {what}", minimum=1, maximum=64, error=InvalidGame)
        for p, what in zip(parts, "mnk", strict=True)
    )
    return MNK(m, n, k)


def _tictactoe(params: str | None) -> Any:
    if params:
        raise InvalidGame(f"tictactoe takes no parameters, got tictactoe:{params}; try mnk:{params}")
    return TicTacToe()


register(
    GameEntry(
        "tictactoe",
        _tictactoe,
        "tic-tac-toe: three in a row on 3 x 3 (board row-major, X moves first)",
        "",
        "zermelo negamax tictactoe .........",
        rules=TicTacToe,
        aliases=("tic-tac-toe", "noughts-and-crosses"),
    )
)
register(
    GameEntry(
        "mnk",
        _mnk,
        "the m,n,k-game: k in a row on m columns x n rows",
        "m,n,k: columns, rows, stones in a row",
        "zermelo negamax mnk:4,3,3 ............",
        rules=MNK,
    )
)
