"""Generalized Toads and Frogs (CGSuite's ``GenToadsAndFrogs``) and Elephants and Rhinos.

Toads (``T``, Left) move right, frogs (``F``, Right) move left, on rows of cells (``.`` empty;
several rows are a sum; CGSuite writes ``t`` and ``f``, read too).  ``gentoads:A,B,J`` lets a
piece *slide* forward any distance from A to B (A ≥ 1) over empty cells, or *jump* forward over
1 to J adjacent enemy pieces onto the empty cell just behind them; ``gentoads:A,B,J,friendly``
lets a jump pass over friendly pieces too (it still lands on the first empty cell).  Toads and
Frogs is ``gentoads:1,1,1``; Elephants and Rhinos (``elephants``, *Lessons in Play*; CGSuite's
``game.strip.ElephantsAndRhinos``) is ``gentoads:1,1,0``: one step forward into an empty cell,
no jumps.  These are CGSuite's ``GenToadsAndFrogs(minSlide, maxSlide, maxJump,
allowFriendlyJump)`` rules for any parameters: a slide is of k cells with minSlide <= k <=
maxSlide (none when maxSlide < minSlide; k = 0 is no move), so ``gentoads:A,B,J`` with A < 0
lets a piece slide back 1 to -A cells too (and a B < 0 allows back slides only, of -B cells and
more): positions repeat, a loopy game (:class:`LoopyGenToads`, one row of at most 16 cells;
``backsliding`` is ``gentoads:-1,1,1``).

Why the values come fast (each claim tested against plain play): a row read backwards with toads
and frogs exchanged is the negative game (the key merges them), and pieces that can never move
again are cut off — frogs at the row's left end, toads at its right end.  In Elephants and Rhinos
a row also splits where a toad stands right of a frog with only empty cells between (``F..T``):
they walk apart, nothing ever passes them, and the cells between are never used, so the two sides
are separate games.

Small values, worked by hand: Elephants and Rhinos' ``T.`` is 1 (one move for Left), ``T..``
2, ``T.F`` * (whoever steps in ends it), ``T..F`` 0 (whoever steps first gives the other the last
move), ``TF.`` 0 (nobody moves: the toad cannot jump), and ``T.T.F.F`` is ±1.

>>> from zermelo.analyses.canonical import canonical_form
>>> e = GenToads(1, 1, 0)
>>> [str(canonical_form(e, e.parse(s))) for s in ("T.", "T..", "T.F", "T..F", "TF.", "T.T.F.F")]
['1', '2', '*', '0', '0', '±1']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any, ClassVar

from ..core.checks import parse_int
from ..core.errors import InvalidGame, InvalidPosition
from ..rules import Partisan, validate_by_text
from ..rules.boards import Board, grid_board
from ..rules.catalogue import CGSuiteName, GameEntry, cgsuite_string, needs_params, no_params, register
from ._grid import check_cells

__all__ = ["Elephants", "GenToads", "LoopyGenToads", "cgsuite_listed"]

Rows = tuple[str, ...]
_SWAP = str.maketrans("TF", "FT")
_MAX_CELLS_LOOPY = 16  # one row: the game graph of a longer row is too large

#: CGSuite's parameters: (minSlide, maxSlide, maxJump, allowFriendlyJump).
Params = tuple[int, int, int, bool]


def check_distances(low: int, high: int, jump: int, *, loopy: bool) -> None:
    """Slides of ``low`` to ``high`` cells (``low`` < 0 only in the loopy game), jumps over 0 to
    ``jump`` pieces; every distance at most 400."""
    if (low < 0) != loopy or not (-400 <= low <= 400 and -400 <= high <= 400 and 0 <= jump <= 400):
        want = "A < 0 (a backslide)" if loopy else "A >= 0"
        raise InvalidGame(
            f"gentoads: slides of A to B cells with {want}, jumps over up to J >= 0 pieces,"
            f" each at most 400; got {low},{high},{jump}"
        )


def row_moves(row: str, piece: str, step: int, params: Params) -> Iterator[str]:
    """The rows after one move of ``piece`` (``step`` +1 for toads, -1 for frogs), by CGSuite's
    rules of ``GenToadsAndFrogs(minSlide, maxSlide, maxJump, allowFriendlyJump)``: a slide of k
    cells forward over empty cells, 1 <= k <= maxSlide and k >= minSlide; a slide of k cells back
    over empty cells, 1 <= k <= -minSlide and -k <= maxSlide; a jump over 1 to maxJump adjacent
    pieces (enemy ones; friendly too if allowed) onto the empty cell just behind them."""
    low, high, jump, friendly = params
    n = len(row)
    for j, ch in enumerate(row):
        if ch != piece:
            continue
        targets = []
        for k in range(1, high + 1):  # forward slides over empty cells
            t = j + k * step
            if not (0 <= t < n and row[t] == "."):
                break
            if k >= low:
                targets.append(t)
        for k in range(1, -low + 1):  # backslides over empty cells
            t = j - k * step
            if not (0 <= t < n and row[t] == "."):
                break
            if -k <= high:
                targets.append(t)
        for k in range(1, jump + 1):  # jumps over k pieces onto the cell behind them
            over = j + k * step
            if not (0 <= over < n) or row[over] == "." or (row[over] == piece and not friendly):
                break
            t = over + step
            if 0 <= t < n and row[t] == ".":
                targets.append(t)
        for t in targets:
            cells = list(row)
            cells[j], cells[t] = ".", piece
            yield "".join(cells)


def _spec(name: str, params: Params) -> str:
    low, high, jump, friendly = params
    return f"{name}:{low},{high},{jump}" + (",friendly" if friendly else "")


class GenToads(Partisan[Rows]):
    """Toads and Frogs with slides of ``low`` to ``high`` cells and jumps over up to ``jump`` pieces."""

    syntax = "the row from the left: T a toad (Left's), F a frog (Right's), . an empty square"
    examples = ("TT..FF", "T.F")
    cell_symbols = ".TF"

    name: ClassVar[str] = "gentoads"

    def __init__(self, low: int = 1, high: int = 1, jump: int = 1, friendly: bool = False) -> None:
        check_distances(low, high, jump, loopy=False)
        self.low, self.high, self.jump, self.friendly = low, high, jump, friendly

    def spec(self) -> str:
        return _spec("gentoads", (self.low, self.high, self.jump, self.friendly))

    validate = validate_by_text  # a position given from Python must read back from its own text

    def parse(self, text: str) -> Rows:
        words = [w.upper().replace("_", ".") for w in text.replace("+", " ").replace("|", " ").split()]
        check_cells(self.name, words, "TF.")
        if len(words) > 50 or sum(map(len, words)) > 400:
            raise InvalidPosition(f"{self.name}: at most 400 cells")
        if not words:
            raise InvalidPosition(f"{self.name}: give a row like TT..FF")
        return tuple(sorted(words))

    def format(self, position: Rows) -> str:
        return " ".join(position) if position else "."

    def board(self, position: Rows) -> Board | None:
        """One row of cells (a sum of several rows has no board)."""
        return grid_board(position) if len(position) == 1 and position[0] else None

    def _row_moves(self, row: str, piece: str, step: int) -> Iterator[str]:
        return row_moves(row, piece, step, (self.low, self.high, self.jump, self.friendly))

    def _moves(self, position: Rows, piece: str, step: int) -> Iterator[Rows]:
        for i, row in enumerate(position):
            if i and row == position[i - 1]:
                continue
            rest = position[:i] + position[i + 1 :]
            for new in self._row_moves(row, piece, step):
                yield tuple(sorted((*rest, new)))

    def left_options(self, position: Rows) -> Iterator[Rows]:
        return self._moves(position, "T", 1)

    def right_options(self, position: Rows) -> Iterator[Rows]:
        return self._moves(position, "F", -1)

    def components(self, position: Rows) -> list[Rows]:
        return [(part,) for row in position for part in self.split(row)]

    def split(self, row: str) -> list[str]:
        """The row without its stuck ends (frogs at the left, toads at the right); in Elephants and
        Rhinos (no jumps) also cut between every frog and a toad right of it (``F..T``).  Parts
        where nobody can move are dropped."""
        parts = [row]
        if self.jump == 0:  # cut between a frog and the next piece when that is a toad
            parts = []
            start, last = 0, -1  # last: the cell of the last piece seen
            for j, ch in enumerate(row):
                if ch == "T" and last >= 0 and row[last] == "F":
                    parts.append(row[start : last + 1])
                    start = j
                if ch != ".":
                    last = j
            parts.append(row[start:])
        out = []
        for p in parts:
            p = p.lstrip("F").rstrip("T")
            if ("T" in p and "." in p) or ("F" in p and "." in p):
                out.append(p)
        return out

    def key(self, position: Rows) -> Hashable:
        return self.value_key(position)

    def value_key(self, position: Rows) -> tuple[Hashable, bool]:
        """(key, negated): the row backwards with toads and frogs exchanged is the negative."""
        parts = self.components(position)
        if len(parts) != 1:
            return (tuple(sorted(self.value_key(p) for p in parts)), False)
        row = parts[0][0]
        mirror = row[::-1].translate(_SWAP)
        return (row, False) if row <= mirror else (mirror, True)


class LoopyGenToads(Partisan[str]):
    """Generalized Toads and Frogs with backslides (``low`` < 0): positions repeat, a loopy game
    (its values: :mod:`zermelo.analyses.loopy_form`).  One row of at most 16 cells."""

    syntax = GenToads.syntax
    examples = ("T..F", "TT..FF")
    cell_symbols = ".TF"

    name: ClassVar[str] = "gentoads"
    loopy: ClassVar[bool] = True

    def __init__(self, low: int = -1, high: int = 1, jump: int = 1, friendly: bool = False) -> None:
        check_distances(low, high, jump, loopy=True)
        self.params: Params = (low, high, jump, friendly)

    def spec(self) -> str:
        return _spec(self.name, self.params)

    validate = validate_by_text

    def parse(self, text: str) -> str:
        row = text.strip().upper().replace("_", ".")
        if not row:
            raise InvalidPosition(f"{self.name}: a row of T (toad), F (frog) and . (empty); got {text!r}")
        check_cells(self.name, [row], "TF.")
        if len(row) > _MAX_CELLS_LOOPY:
            raise InvalidPosition(
                f"{self.name}: at most {_MAX_CELLS_LOOPY} cells (the game graph of a longer row is too large)"
            )
        return row

    def format(self, position: str) -> str:
        return position

    def board(self, position: str) -> Board | None:
        return grid_board((position,))

    def left_options(self, position: str) -> Iterator[str]:
        return row_moves(position, "T", 1, self.params)

    def right_options(self, position: str) -> Iterator[str]:
        return row_moves(position, "F", -1, self.params)


class Elephants(GenToads):
    """Elephants and Rhinos: one step forward into an empty cell, no jumps."""

    name: ClassVar[str] = "elephants"

    def __init__(self) -> None:
        super().__init__(1, 1, 0)

    def spec(self) -> str:
        return "elephants"


def _cgsuite_key(row: str, option: str, step: int) -> tuple[int, int, int]:
    """Where CGSuite's ``GenToadsAndFrogs`` lists a move: forward slides first, then slides back,
    then jumps; within each by the piece's cell, then by the distance."""
    changed = [i for i, (a, b) in enumerate(zip(row, option, strict=True)) if a != b]
    j, t = changed if option[changed[0]] == "." else changed[::-1]
    forward = (t - j) * step
    between = row[min(j, t) + 1 : max(j, t)]
    kind = 1 if forward < 0 else 0 if set(between) <= {"."} else 2
    return kind, j, abs(t - j)


def cgsuite_listed(rules: GenToads | LoopyGenToads, position: Rows | str, left: bool) -> list[Any]:
    """The options in CGSuite's order (its ``Options`` of a strip, a list); a sum of rows (no one
    strip of CGSuite's) in the order the moves are made."""
    options: list[Any] = list(rules.left_options(position) if left else rules.right_options(position))  # type: ignore[arg-type]
    row = position if isinstance(position, str) else position[0] if len(position) == 1 else None
    if row is None:
        return options
    step = 1 if left else -1
    return sorted(options, key=lambda o: _cgsuite_key(row, o if isinstance(o, str) else o[0], step))


def gen_toads(params: str) -> GenToads | LoopyGenToads:
    """``A,B,J`` or ``A,B,J,friendly`` (CGSuite's ``GenToadsAndFrogs(minSlide, maxSlide, maxJump)``);
    A < 0 (backslides) is the loopy game."""
    words = [w.strip() for w in params.split(",")]
    friendly = False
    if len(words) == 4 and words[3].lower() in ("friendly", "true", "1", "0", "false"):
        friendly = words.pop().lower() in ("friendly", "true", "1")
    if len(words) != 3:
        raise InvalidGame(f"gentoads: give A,B,J (slides of A to B cells, jumps over up to J pieces), got {params!r}")
    low, high, jump = (parse_int(w, "gentoads: a distance", minimum=-400, error=InvalidGame) for w in words)
    return (LoopyGenToads if low < 0 else GenToads)(low, high, jump, friendly)


def cgsuite_params(named: dict[str, str]) -> str:
    """CGSuite's ``GenToadsAndFrogs(minSlide ? 1, maxSlide ? 1, maxJump ? 1, allowFriendlyJump ?
    false)`` by name, as ``A,B,J[,friendly]``.

    A ``minSlide`` of 0 slides as 1 does (a slide is never of 0 cells), a negative ``maxJump``
    jumps as 0 does (never); a ``maxSlide`` below ``minSlide`` slides never.  A negative
    ``minSlide`` lets pieces slide back, a loopy game: -1 with the others at their defaults is
    CGSuite's Backsliding Toads and Frogs (zermelo's ``backsliding``).

    >>> cgsuite_params({"maxJump": "2"}), cgsuite_params({"maxSlide": "3", "allowFriendlyJump": "true"})
    ('1,1,2', '1,3,1,friendly')
    >>> cgsuite_params({"minSlide": "-1"}), cgsuite_params({"minSlide": "-2", "maxJump": "-3"})
    ('=game.strip.BackslidingToadsAndFrogs', '-2,1,0')
    """
    low, high, jump = (
        parse_int(named.get(k, "1"), f"gentoads: {k}", minimum=-400, maximum=400, error=InvalidGame)
        for k in ("minSlide", "maxSlide", "maxJump")
    )
    friendly = named.get("allowFriendlyJump", "false")
    if friendly not in ("true", "false"):
        raise InvalidGame(f"gentoads: allowFriendlyJump is true or false, got {friendly}")
    if (low, high, jump, friendly) == (-1, 1, 1, "false"):
        return "=game.strip.BackslidingToadsAndFrogs"
    return _spec("", (max(low, 1) if low >= 0 else low, high, max(jump, 0), friendly == "true"))[1:]


register(
    GameEntry(
        "gentoads",
        needs_params(gen_toads, "gentoads", "A,B,J", "1,2,1"),
        "generalized Toads and Frogs: slide A to B cells, jump over up to J pieces (T: Left, F: Right; partisan)",
        "A,B,J[,friendly]: slide distances A to B (A < 0: back too, loopy), jumps over up to J pieces"
        " (friendly: over own pieces too)",
        "gentoads:1,2,1 TT..FF",
        rules=GenToads,
        cgsuite=(
            CGSuiteName(
                "game.strip.GenToadsAndFrogs",
                family=True,
                shown=cgsuite_string({"T": "t", "F": "f"}),
                options=cgsuite_listed,
                parameters=("minSlide", "maxSlide", "maxJump", "allowFriendlyJump"),
                bind=cgsuite_params,
            ),
        ),
    )
)
register(
    GameEntry(
        "elephants",
        no_params(Elephants, "elephants"),
        "Elephants and Rhinos: elephants (T, Left) step right, rhinos (F, Right) step left; no jumps (partisan)",
        "",
        "elephants T.T..F.F",
        rules=Elephants,
        aliases=("elephantsandrhinos",),
        cgsuite=(
            CGSuiteName(
                "game.strip.ElephantsAndRhinos", shown=cgsuite_string({"T": "t", "F": "f"}), options=cgsuite_listed
            ),
        ),
    )
)
