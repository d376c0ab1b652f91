"""Fox and Geese (Winning Ways ch. 22; CGSuite's ``game.grid.FoxAndGeese``): a loopy partisan
game on the dark squares of a chequerboard.

**Players.**  Left moves the geese (``x``), Right the fox (``o``), as in CGSuite.  A goose
steps one square diagonally *forward* (down the page, toward row 1) onto an empty square; the
fox steps one square diagonally in any of the four directions onto an empty square.  Nobody
captures or jumps.  The player who cannot move loses (normal play), so the geese win by
trapping the fox and lose when they run out of moves.  The fox may step back and forth, so
positions repeat: values are loopy (:mod:`zermelo.analyses.loopy_form`).

**Board.**  Rows are numbered from 1 at the bottom of the text; the squares with row + column
even (columns from 1 at the left) are the dark ones, so the bottom-left square is dark, and
every piece must stand on one.  The board is as wide as the text (8 in the classic game, any
width from 2 to 16 here) and has no top edge: the fox may run upward for ever.

**The fox is past (a convention, CGSuite's).**  When the fox stands level with the highest
goose or above it, or one row below it with an empty square diagonally above, the geese can
never stop it: the fox has endless moves and the geese finitely many, so the value is ``off``
whoever moves.  Such a position is played out as ``off`` is written, ``{|pass}``: the geese have
no move and the fox "passes" (he keeps running).  This keeps the game graph finite; tests check
on a tall bounded board that it does not change who wins.

**Notation.**  Rows separated by ``|``, the top row first, one character per square: ``x`` a
goose, ``o`` the fox, ``.`` empty — the text CGSuite prints for a position.  CGSuite's
``FoxAndGeese({(4,2),(4,4),(4,6),(4,8)}, (1,1))`` (geese and fox as (row, column)) is
``.x.x.x.x|........|........|o.......``.

**Ceylonese Fox and Geese** (``ceylonese``, CGSuite's ``game.grid.CeyloneseFoxAndGeese``,
``GenFoxAndGeese(foxRange => 2)``): the fox moves up to two squares in one diagonal direction,
never over a goose.  ``foxandgeese:R`` gives the fox a range of R squares; ``foxandgeese:R,W``
also fixes the board's width at W (CGSuite's ``boardWidth``, which its coordinates need).

**Why it matters.**  Winning Ways uses it to show that a game with cycles can still have a value
that is a number, a number plus ``over``, or a short game: the geese's spare moves count as
free moves, and the fox's oscillation is worth ``over``'s endless tiny advantage.  Golden
values from CGSuite's own tests are in tests/test_foxandgeese.py (``{4*|7/2}`` for the position
above, ``2over``, ``{6|2over}``, ``{4|3||2}``), and every value of small boards is checked
against the engine's search of the game graph, draws included.

>>> g = FoxAndGeese()
>>> p = g.parse("x.x.|....|o...")
>>> sorted(g.format(q) for q in g.right_options(p))
['x.x.|.o..|....']
>>> sorted(g.format(q) for q in g.left_options(p))
['..x.|.x..|o...', 'x...|...x|o...', 'x...|.x..|o...']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import ClassVar

from ..core.checks import parse_int
from ..core.errors import InvalidGame, InvalidPosition
from ..rules import Partisan, validate_by_text
from ..rules.boards import Board, cell_name, grid_board
from ..rules.catalogue import CGSuiteName, GameEntry, no_params, register
from ._grid import bad_cell, board_rows

__all__ = ["FoxAndGeese"]

Cell = tuple[int, int]  # (row from 1 at the bottom, column from 1 at the left)
#: (board width, the geese's squares, the fox's square)
Position = tuple[int, frozenset[Cell], Cell]

_EXAMPLE = "x.x.|....|o..."
_FOX_STEPS = ((1, -1), (1, 1), (-1, -1), (-1, 1))
_GOOSE_STEPS = ((-1, -1), (-1, 1))


class FoxAndGeese(Partisan[Position]):
    """Fox and Geese: the geese (``x``) are Left, the fox (``o``) Right; see the module's text."""

    syntax = "the board's rows from the top, separated by |, pieces on the dark squares: x a goose, o the fox, . empty"
    examples = ("x.x.x.|......|o.....",)
    cell_symbols = ".xo"

    name: ClassVar[str] = "foxandgeese"
    loopy: ClassVar[bool] = True
    #: How far the fox moves in one diagonal direction (CGSuite's ``foxRange``; 2 is Ceylonese).
    fox_range: int = 1
    #: The board's width when the rules fix it (CGSuite's ``boardWidth``), else the text's.
    width: int | None = None

    def __init__(self, fox_range: int = 1, width: int | None = None) -> None:
        if fox_range < 1:
            raise InvalidGame(_RANGE, cgsuite_words=_RANGE)
        if width is not None and not 2 <= width <= 16:
            raise InvalidGame(f"foxandgeese: the board is 2 to 16 squares wide; got {width}")
        self.fox_range, self.width = fox_range, width

    def spec(self) -> str:
        if self.width is not None:
            return f"{self.name}:{self.fox_range},{self.width}"
        return self.name if self.fox_range == 1 else f"{self.name}:{self.fox_range}"

    validate = validate_by_text

    def parse(self, text: str) -> Position:
        text = from_cgsuite(text, self.width or 8)
        rows, cols = board_rows(text.strip().lower(), self.spec(), _EXAMPLE)
        if not 2 <= cols <= 16:
            raise InvalidPosition(f"{self.spec()}: the board is 2 to 16 squares wide; got {cols}")
        if self.width is not None and cols != self.width:
            raise InvalidPosition(f"{self.spec()}: the board is {self.width} squares wide; got {cols}")
        height = len(rows)
        geese: set[Cell] = set()
        fox: list[Cell] = []
        for i, line in enumerate(rows):
            for j, ch in enumerate(line):
                if ch not in "xo.":
                    raise bad_cell(self.spec(), rows, i, j, "xo.")
                if ch == ".":
                    continue
                square = (height - i, j + 1)
                if sum(square) % 2:
                    who = "a goose" if ch == "x" else "the fox"
                    raise InvalidPosition(
                        f"{self.spec()}: {who} at row {i + 1}, column {j + 1} stands on a light square;"
                        " pieces stand on the dark squares (the bottom-left square is dark)"
                    )
                (geese.add(square) if ch == "x" else fox.append(square))
        if len(fox) != 1:
            raise InvalidPosition(f"{self.spec()}: one fox (o) on the board, got {len(fox)}; rows like {_EXAMPLE!r}")
        return cols, frozenset(geese), fox[0]

    def format(self, position: Position) -> str:
        cols, geese, fox = position
        top = max([fox[0], *(r for r, _ in geese)])
        lines = []
        for row in range(top, 0, -1):
            line = ["x" if (row, c) in geese else "o" if (row, c) == fox else "." for c in range(1, cols + 1)]
            lines.append("".join(line))
        return "|".join(lines)

    def board(self, position: Position) -> Board | None:
        """The rows, on a chequerboard whose dark squares (the ones pieces stand on) are those
        with row + column even counted from the bottom left, ``dark``: the parity of top-row-first
        row + column (from 0) that is dark.

        >>> FoxAndGeese().board(FoxAndGeese().parse("x.x.|....|o..."))
        {'kind': 'grid', 'rows': ['x.x.', '....', 'o...'], 'dark': 0}
        """
        rows = self.format(position).split("|")
        return {**grid_board(rows), "dark": (len(rows) + 1) % 2}

    def board_clicks(self, position: Position, after: Position, side: str | None = None) -> list[list[str]] | None:
        """The fox that is past runs for ever (its move to the same position, ``off``'s pass): the
        fox clicked; any other move by the squares it changes (the drawing's own way).

        >>> g = FoxAndGeese()
        >>> p = g.parse(".x.o|....")  # the fox level with the geese: past
        >>> list(g.right_options(p)) == [p], g.board_clicks(p, p), g.board_clicks(p, g.parse(".x..|..o.")) is None
        (True, [['d1']], True)
        """
        if after != position:
            return None
        _cols, geese, (row, col) = position
        top = max([row, *(r for r, _ in geese)])
        return [[cell_name(top - row, col - 1)]]

    def key(self, position: Position) -> Hashable:
        return position

    def fox_is_past(self, position: Position) -> bool:
        """The fox can no longer be stopped (CGSuite's test): level with or above the highest
        goose, or one row below it with an empty square diagonally above (or no geese at all)."""
        cols, geese, (row, col) = position
        if not geese:
            return True
        top = max(r for r, _ in geese)
        if row >= top:
            return True
        return row == top - 1 and any(1 <= col + dc <= cols and (row + 1, col + dc) not in geese for dc in (-1, 1))

    def left_options(self, position: Position) -> Iterator[Position]:
        if self.fox_is_past(position):
            return
        cols, geese, fox = position
        for goose in sorted(geese):
            for dr, dc in _GOOSE_STEPS:
                to = (goose[0] + dr, goose[1] + dc)
                if to[0] >= 1 and 1 <= to[1] <= cols and to != fox and to not in geese:
                    yield cols, (geese - {goose}) | {to}, fox

    def right_options(self, position: Position) -> Iterator[Position]:
        if self.fox_is_past(position):
            yield position  # the fox runs for ever: off = {|pass}
            return
        cols, geese, fox = position
        for dr, dc in _FOX_STEPS:
            for k in range(1, self.fox_range + 1):
                to = (fox[0] + k * dr, fox[1] + k * dc)
                if not (to[0] >= 1 and 1 <= to[1] <= cols and to not in geese):
                    break
                yield cols, geese, to


_COORDINATES = "a valid `Coordinates` (1 <= col <= boardWidth; row >= 1; row + col even)"
# CGSuite's own checks, in its words
_RANGE = "`foxRange` must be >= 1"
_FOX = f"`fox` must be {_COORDINATES}"
_GEESE = f"Every element of `geese` must be {_COORDINATES}"


def from_cgsuite(words: str, width: int = 8) -> str:
    """CGSuite's ``FoxAndGeese({(4,2),(4,4),(4,6),(4,8)}, (1,1))`` — the geese, then the fox, as
    (row, column) counted from the bottom left, ``width`` columns — as the board (the evaluator
    hands its arguments over as ``4 2 4 4 4 6 4 8 ; 1 1``); a board's text is left as it is.

    >>> from_cgsuite("4 2 4 4 4 6 4 8 ; 1 1")
    '.x.x.x.x|........|........|o.......'
    """
    if ";" not in words:
        return words
    geese_words, fox_words = words.split(";", 1)
    g, f = [int(w) for w in geese_words.split()], [int(w) for w in fox_words.split()]
    geese, fox = list(zip(g[::2], g[1::2], strict=True)), tuple(f)
    if len(fox) != 2 or not (1 <= fox[1] <= width and fox[0] >= 1 and sum(fox) % 2 == 0):
        raise InvalidPosition(_FOX, cgsuite_words=_FOX)
    if not all(1 <= c <= width and r >= 1 and (r + c) % 2 == 0 for r, c in geese):
        raise InvalidPosition(_GEESE, cgsuite_words=_GEESE)
    if fox in geese:
        raise InvalidPosition("the fox stands on a goose's square")
    height = max(r for r, _ in [*geese, fox])
    rows = [["."] * width for _ in range(height)]
    for r, c in geese:
        rows[height - r][c - 1] = "x"
    rows[height - fox[0]][fox[1] - 1] = "o"
    return "|".join("".join(row) for row in rows)


def fox_and_geese(params: str | None) -> FoxAndGeese:
    """``R`` (the fox's range) or ``R,W`` (and the board's width); none: the classic game."""
    if not params:
        return FoxAndGeese()
    words = [w.strip() for w in params.split(",")]
    if len(words) > 2:
        raise InvalidGame(f"foxandgeese: give the fox's range R, or R,W (and the board's width); got {params!r}")
    fox_range = parse_int(words[0], "foxandgeese: the fox's range", maximum=16)
    width = parse_int(words[1], "foxandgeese: the board's width", maximum=16) if len(words) == 2 else None
    return FoxAndGeese(fox_range, width)


def cgsuite_params(named: dict[str, str]) -> str:
    """CGSuite's ``GenFoxAndGeese(boardWidth ? 8, foxRange ? 1)`` as ``R,W`` (``R`` alone when
    the width is not given: a board's text then says it).

    >>> cgsuite_params({"foxRange": "2"}), cgsuite_params({"boardWidth": "10"})
    ('2', '1,10')
    """
    fox_range = named.get("foxRange", "1")
    return fox_range if "boardWidth" not in named else f"{fox_range},{named['boardWidth']}"


register(
    GameEntry(
        "foxandgeese",
        fox_and_geese,
        "Fox and Geese: geese (x, Left) step diagonally down, the fox (o, Right) any diagonal; loopy, partisan",
        "[R[,W]]: the fox's range (1; Ceylonese: 2), the board's width (from the board when not given)",
        "foxandgeese x.x.x.|......|o.....",
        rules=FoxAndGeese,
        cgsuite=(
            CGSuiteName("game.grid.FoxAndGeese"),
            CGSuiteName(
                "game.grid.GenFoxAndGeese", family=True, parameters=("boardWidth", "foxRange"), bind=cgsuite_params
            ),
        ),
    )
)
register(
    GameEntry(
        "ceylonese",
        no_params(lambda: FoxAndGeese(2), "ceylonese"),
        "Ceylonese Fox and Geese: as Fox and Geese, but the fox moves up to two squares diagonally; loopy, partisan",
        "",
        "ceylonese x.x.x.|......|o.....",
        rules=FoxAndGeese,
        aliases=("ceylonesefoxandgeese",),
        cgsuite=(CGSuiteName("game.grid.CeyloneseFoxAndGeese"),),
    )
)
