"""Bitboards for games on a grid of cells: text form, regions, symmetry keys.

A board is ``(rows, cols, cells)`` where ``cells`` is an int with bit ``r * cols + c`` standing
for the cell in row r, column c (what the bit means — empty, blue stone — is the game's
business).  Text form: rows separated by ``|``, one character per cell.

>>> b = parse_board("..#|...", ".", "#x")
>>> b
(2, 3, 59)
>>> format_board(b, ".", "#")
'..#|...'
>>> regions((3, 3, 0b101000101))  # four corners: four separate regions
[(1, 1, 1), (1, 1, 1), (1, 1, 1), (1, 1, 1)]
"""

from __future__ import annotations

from functools import lru_cache

from ..core.checks import shown
from ..core.errors import InvalidPosition
from ..rules.boards import Board, grid_board
from ..rules.wording import plural

__all__ = [
    "Grid",
    "KeyImage",
    "bad_cell",
    "board_of_text",
    "char_images",
    "char_orbit",
    "char_regions",
    "check_cells",
    "crop",
    "format_board",
    "grid_masks",
    "mirror_key",
    "mirror_key_transposed",
    "neighbours",
    "parse_board",
    "regions",
]

#: (rows, cols, bits)
Grid = tuple[int, int, int]


def board_rows(text: str, name: str, example: str) -> tuple[list[str], int]:
    """The rows of a board's text (separated by ``|``, ``/``, spaces or newlines) and its width:
    a rectangle of at most 400 cells, else :class:`InvalidPosition` naming ``example``.

    >>> board_rows("..#|...", "cram", "..|..")
    (['..#', '...'], 3)
    """
    rows = [r for r in text.replace("\n", "|").replace(" ", "|").replace("/", "|").split("|") if r]
    if not rows:
        raise InvalidPosition(f"{name}: empty board; write rows like {example!r}")
    cols = len(rows[0])
    for r, row in enumerate(rows):
        if len(row) != cols:
            raise InvalidPosition(
                f"{name}: rows must have equal lengths: row {r + 1} has {plural(len(row), 'cell')}, row 1 has {cols},"
                f" in {'|'.join(rows)!r}"
            )
    if len(rows) * cols > 400:
        raise InvalidPosition(f"{name}: at most 400 cells")
    return rows, cols


def bad_cell(name: str, rows: list[str], r: int, c: int, allowed: str) -> InvalidPosition:
    """The error for the cell in row ``r``, column ``c`` (from 0) of ``rows``, not one of
    ``allowed``: it names the row and column from 1, top left, so a long board's typo is found at once.

    >>> print(bad_cell("clobber", ["xo.", "x?o"], 1, 1, "xo."))
    clobber: unexpected '?' at row 2, column 2 of 'xo.|x?o' (use one of '.ox')
    """
    ch = rows[r][c]
    shown_allowed = "".join(sorted(set(allowed)))
    return InvalidPosition(
        f"{name}: unexpected {ch!r} at row {r + 1}, column {c + 1} of {'|'.join(rows)!r} (use one of {shown_allowed!r})"
    )


def check_cells(name: str, rows: list[str], allowed: str) -> None:
    """:func:`bad_cell` for the first cell of ``rows`` not in ``allowed``, if there is one
    (rows of a strip game's sum count as rows too).

    >>> check_cells("toads", ["TT..FF", "T.Q"], "TF.")
    Traceback (most recent call last):
    ...
    zermelo.core.errors.InvalidPosition: toads: unexpected 'Q' at row 2, column 3 of 'TT..FF|T.Q' (use one of '.FT')
    """
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch not in allowed:
                raise bad_cell(name, rows, r, c, allowed)


def parse_board(text: str, on: str, off: str, *, name: str = "board") -> Grid:
    """Read rows separated by ``|`` (or newlines / spaces); ``on`` chars set a bit, ``off`` chars do not."""
    rows, cols = board_rows(text, name, "..|..")
    bits = 0
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch in on:
                bits |= 1 << (r * cols + c)
            elif ch not in off:
                raise bad_cell(name, rows, r, c, on + off)
    return (len(rows), cols, bits)


def check_board(board: object, name: str) -> Grid:
    """``board`` if it is a board ``(rows, cols, cells)`` of at most 400 cells, else :class:`InvalidPosition`.

    >>> check_board((2, 2, 15), "domineering")
    (2, 2, 15)
    >>> check_board((2, 2, 16), "domineering")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    zermelo.core.errors.InvalidPosition: domineering: a board is (rows, cols, cells), cells < 2**(rows*cols), got ...
    """
    ok = (
        type(board) is tuple
        and len(board) == 3
        and type(rows := board[0]) is int
        and type(cols := board[1]) is int
        and type(cells := board[2]) is int
        and rows >= 0
        and cols >= 0
        and rows * cols <= 400
        and 0 <= cells < 1 << (rows * cols)
    )
    if not ok:
        raise InvalidPosition(f"{name}: a board is (rows, cols, cells), cells < 2**(rows*cols), got {shown(board)}")
    return board  # type: ignore[return-value]


def format_board(board: Grid, on: str, off: str) -> str:
    """The text form: ``on`` for set bits, ``off`` for the others."""
    rows, cols, bits = board
    return "|".join("".join(on if bits >> (r * cols + c) & 1 else off for c in range(cols)) for r in range(rows))


@lru_cache(maxsize=256)
def grid_masks(rows: int, cols: int) -> tuple[int, int, int]:
    """(all cells, all but the last column, all but the first column)."""
    full = (1 << (rows * cols)) - 1
    row_not_last = (1 << (cols - 1)) - 1
    not_last = 0
    for r in range(rows):
        not_last |= row_not_last << (r * cols)
    return full, not_last, (not_last << 1) & full


def neighbours(rows: int, cols: int, bits: int) -> int:
    """Cells orthogonally next to any cell of ``bits``."""
    full, not_last, not_first = grid_masks(rows, cols)
    return (((bits & not_last) << 1) | ((bits & not_first) >> 1) | (bits << cols) | (bits >> cols)) & full


def regions(board: Grid, *, singles: bool = True) -> list[Grid]:
    """The orthogonally connected regions of set bits, each cropped to its bounding box.

    ``singles=False`` leaves out regions of one cell (in Domineering they take no domino).
    A board that is one region filling its bounding box is returned as it is (no copy).
    """
    rows, cols, bits = board
    if not bits:
        return []  # no set bit (a board without cells too)
    full, not_last, not_first = grid_masks(rows, cols)
    out = []
    left = bits
    while left:
        comp = front = left & -left
        while front:  # grow by the new cells' neighbours only
            front = (
                (((front & not_last) << 1) | ((front & not_first) >> 1) | (front << cols) | (front >> cols)) & left
            ) & ~comp
            comp |= front
        # One region touching all four sides of the board: nothing to crop.
        if (
            comp == bits
            and bits & ~not_first
            and bits & ~not_last
            and bits & ((1 << cols) - 1)
            and bits >> (full.bit_length() - cols)
        ):
            return [board] if singles or bits & (bits - 1) else []
        left ^= comp
        rest = comp & (comp - 1)
        if not rest:
            if singles:
                out.append((1, 1, 1))
        elif not rest & (rest - 1):  # a domino: the commonest region, cropped without a loop
            out.append((1, 2, 3) if cols > 1 and rest == (comp ^ rest) << 1 else (2, 1, 3))
        else:
            out.append(crop((rows, cols, comp)))
    return out


def crop(board: Grid) -> Grid:
    """The board cut down to the bounding box of its set bits (``(0, 0, 0)`` when none)."""
    _rows, cols, bits = board
    if not bits:
        return (0, 0, 0)
    row_mask = (1 << cols) - 1
    low = ((bits & -bits).bit_length() - 1) // cols * cols
    x = bits >> low
    lines = []
    union = 0
    while x:  # stops after the last row with a set bit
        line = x & row_mask
        lines.append(line)
        union |= line
        x >>= cols
    c0 = (union & -union).bit_length() - 1
    width = union.bit_length() - c0
    if width == cols:
        return (len(lines), cols, bits >> low)
    out = 0
    for line in reversed(lines):
        out = (out << width) | (line >> c0)
    return (len(lines), width, out)


def _reverse(bits: int, n: int) -> int:
    """The n low bits of ``bits`` in reverse order."""
    return int(format(bits, f"0{n}b")[::-1], 2)


#: Boards up to this many columns use lookup tables (2**cols entries) for mirrors and transposes.
_TABLE_COLS = 12


_REV: dict[int, list[int]] = {}
_SPREAD: dict[tuple[int, int], list[int]] = {}


def _rev_table(width: int) -> list[int]:
    """Each row of ``width`` bits reversed, indexed by the row."""
    out = _REV.get(width)
    if out is None:
        out = _REV[width] = [0] * (1 << width)
        top = width - 1
        for x in range(1, 1 << width):
            out[x] = (out[x >> 1] >> 1) | ((x & 1) << top)
    return out


def _spread_table(cols: int, rows: int) -> list[int]:
    """A row's bit c moved to bit c * rows: where that row's cells land in the transposed board (row 0)."""
    out = _SPREAD.get((cols, rows))
    if out is None:
        out = _SPREAD[(cols, rows)] = [0] * (1 << cols)
        for x in range(1, 1 << cols):
            low = x & -x
            out[x] = out[x ^ low] | (1 << ((low.bit_length() - 1) * rows))
    return out


def mirror_key(board: Grid, *, transpose: bool = False) -> Grid:
    """The least of the board's images under the mirror symmetries that keep rows as rows.

    Mirrors left-right and top-bottom (and both, a half turn) never change which player a
    domino or a move belongs to.  With ``transpose`` the quarter turns and diagonal mirrors
    are included too (for games where both directions play alike).

    >>> mirror_key((2, 3, 0b000011)), mirror_key((2, 3, 0b000011), transpose=True)
    ((2, 3, 3), (2, 3, 3))
    """
    rows, cols, bits = board
    if transpose:
        return min((rows, cols, _mirror_min(rows, cols, bits)), mirror_key_transposed(board))
    return (rows, cols, _mirror_min(rows, cols, bits))


def _mirror_min(rows: int, cols: int, bits: int) -> int:
    m = (1 << cols) - 1
    if cols > _TABLE_COLS:
        top_bottom = 0
        x = bits
        for _ in range(rows):
            top_bottom = (top_bottom << cols) | (x & m)
            x >>= cols
        n = rows * cols
        return min(bits, top_bottom, _reverse(bits, n), _reverse(top_bottom, n))
    rev = _rev_table(cols)
    top_bottom = left_right = half_turn = 0
    x = bits
    shift = 0
    for _ in range(rows):
        row = x & m
        x >>= cols
        top_bottom = (top_bottom << cols) | row
        flipped = rev[row]
        left_right |= flipped << shift
        half_turn = (half_turn << cols) | flipped
        shift += cols
    return min(bits, top_bottom, left_right, half_turn)


def mirror_key_transposed(board: Grid) -> Grid:
    """``mirror_key(transposed(board))``, without building the transposed board first.

    >>> b = (2, 3, 0b011001)
    >>> mirror_key_transposed(b) == mirror_key(transposed(b))
    True
    """
    rows, cols, bits = board
    if cols > _TABLE_COLS:
        return mirror_key(transposed(board))
    m = (1 << cols) - 1
    rev = _rev_table(cols)
    spread = _spread_table(cols, rows)
    plain = flip_rows = flip_cols = half_turn = 0
    x = bits
    for r in range(rows):
        row = x & m
        x >>= cols
        s, f = spread[row], spread[rev[row]]
        up = rows - 1 - r
        plain |= s << r
        flip_cols |= s << up
        flip_rows |= f << r
        half_turn |= f << up
    return (cols, rows, min(plain, flip_rows, flip_cols, half_turn))


def transposed(board: Grid) -> Grid:
    """The board mirrored in its main diagonal (rows become columns)."""
    rows, cols, bits = board
    out = 0
    for r in range(rows):
        for c in range(cols):
            if bits >> (r * cols + c) & 1:
                out |= 1 << (c * rows + r)
    return (cols, rows, out)


# ---------------------------------------------------------------------- character grids
#: (rows, cols, cells) with one character per cell, row after row: for games whose cells have
#: more than two states (Clobber's stones, Col's tinted cells).
CharGrid = tuple[int, int, str]


class KeyImage(tuple[int, int, str]):
    """A char-grid region that is its own key image, as the compiled kernel hands them out
    (:mod:`zermelo.games.chargrid_kernel`): one part, its key itself, unnegated — known from its
    type, without a table of every image.  Equal to the plain tuple, and hashed as it is."""

    __slots__ = ()


def parse_chars(text: str, allowed: str, *, name: str, aliases: dict[str, str] | None = None) -> CharGrid:
    """Read rows separated by ``|``; every character must be in ``allowed`` (after ``aliases``)."""
    rows, cols = board_rows(text, name, "xo|ox")
    cells = "".join(rows)
    if aliases:
        cells = "".join(aliases.get(ch, ch) for ch in cells)
    if not set(cells) <= set(allowed):  # the cell named only when one is wrong (a whole-string step)
        i = next(i for i, ch in enumerate(cells) if ch not in allowed)
        raise bad_cell(name, rows, i // cols, i % cols, allowed)
    return (len(rows), cols, cells)


def format_chars(board: CharGrid) -> str:
    rows, cols, cells = board
    if rows == 0:
        return "."
    return "|".join(cells[r * cols : (r + 1) * cols] for r in range(rows))


def char_regions(board: CharGrid, live: str, blank: str, *, diagonal: bool = False) -> list[CharGrid]:
    """Orthogonally connected regions of ``live`` cells, each cropped, other cells set to ``blank``
    (``diagonal``: cells touching at a corner are connected too, for queens' moves).

    The cells are read as a bitboard (row stride ``cols``) and flooded a front at a time; each
    region's text is cut out of the board with whole-string operations (a byte mask over the
    cells' bytes), never cell by cell: the value search of a Konane or Amazons board asks this
    of every position it meets.  Regions come in the order of their first cell.

    >>> char_regions((2, 3, "x#.#.x"), "xo.", "#")  # x#.|#.x: the corner x alone
    [(1, 1, 'x'), (2, 2, '#..x')]
    >>> char_regions((2, 3, "x#.#.x"), "xo.", "#", diagonal=True)
    [(2, 3, 'x#.#.x')]
    """
    rows, cols, cells = board
    if not cells:
        return []
    raw = cells.encode("latin-1", "replace")  # positions hold ASCII; anything else is not live
    bits = int(raw.translate(_live_bytes(live))[::-1], 2)
    if not bits:
        return []
    _full, not_last, not_first = grid_masks(rows, cols)
    n = rows * cols
    out: list[CharGrid] = []
    rest = bits
    up, down = cols - 1, cols + 1
    while rest:
        comp = front = rest & -rest
        rest ^= comp
        while front:  # grow by the new cells' neighbours only
            east, west = front & not_last, front & not_first
            grow = (east << 1) | (west >> 1) | (front << cols) | (front >> cols)
            if diagonal:
                grow |= (east << down) | (west << up) | (east >> up) | (west >> down)
            front = grow & rest
            rest ^= front
            comp |= front
        out.append(_cut(rows, cols, raw, bits, comp, n, blank))
    return out


_LIVE_BYTES: dict[str, bytes] = {}


def _live_bytes(live: str) -> bytes:
    """A ``bytes.translate`` table: live characters to ``1``, every other byte to ``0``."""
    table = _LIVE_BYTES.get(live)
    if table is None:
        codes = set(live.encode("latin-1", "replace"))
        table = _LIVE_BYTES[live] = bytes(49 if b in codes else 48 for b in range(256))
    return table


_MASK_BYTES = bytes(255 if b == 49 else 0 for b in range(256))  # "1" -> 0xFF, else 0


def _cut(rows: int, cols: int, raw: bytes, bits: int, comp: int, n: int, blank: str) -> CharGrid:
    """The region ``comp`` of the board ``raw``: its cells kept, every other cell ``blank``, cropped."""
    low, high = (comp & -comp).bit_length() - 1, comp.bit_length() - 1
    r0, r1 = low // cols, high // cols
    union = 0
    row_mask = (1 << cols) - 1
    x = comp >> (r0 * cols)
    while x:
        union |= x & row_mask
        x >>= cols
    c0 = (union & -union).bit_length() - 1
    width = union.bit_length() - c0
    if comp == bits and bits.bit_count() + raw.count(blank.encode("latin-1")) == n:
        text = raw.decode("latin-1")  # one region, and every other cell already blank
    else:
        text = _masked(raw, comp, n, blank)
    if width == cols:
        return (r1 - r0 + 1, cols, text[r0 * cols : (r1 + 1) * cols])
    return (r1 - r0 + 1, width, "".join([text[r * cols + c0 : r * cols + c0 + width] for r in range(r0, r1 + 1)]))


def _masked(raw: bytes, comp: int, n: int, blank: str) -> str:
    """The board's text with the cells of ``comp`` kept and every other cell ``blank``."""
    # Bytes of the region's cells, 0xFF under the mask: kept where set, the blank elsewhere.
    mask = int.from_bytes(format(comp, f"0{n}b")[::-1].encode().translate(_MASK_BYTES), "little")
    fill = int.from_bytes(blank.encode("latin-1") * n, "little")
    return ((int.from_bytes(raw, "little") & mask) | (fill & ~mask)).to_bytes(n, "little").decode("latin-1")


def char_images(board: CharGrid, *, turns: bool) -> list[CharGrid]:
    """The board under the mirrors (and, with ``turns``, the quarter turns and diagonal mirrors).

    >>> [c for _, _, c in char_images((2, 3, "ab.cd#"), turns=True)]
    ['ab.cd#', '.ba#dc', 'cd#ab.', '#dc.ba', 'acbd.#', 'cadb#.', '.#bdac', '#.dbca']
    """
    rows, cols, cells = board
    out = [(rows, cols, t) for t in _mirrors(rows, cols, cells)]
    if turns:
        out += [(cols, rows, t) for t in _mirrors(cols, rows, _transpose_text(rows, cols, cells))]
    return out


def char_orbit(board: CharGrid, *, turns: bool) -> tuple[int, int, list[str]]:
    """(rows, cols, texts): the images of :func:`char_images` of the least shape, the only ones
    that can be the least image (images compare by rows first): a board taller than wide is
    represented by its transpose's mirrors, a square one by all eight images.

    >>> char_orbit((3, 1, "ab."), turns=True)
    (1, 3, ['ab.', '.ba', 'ab.', '.ba'])
    """
    rows, cols, cells = board
    if not turns or rows < cols:
        return rows, cols, _mirrors(rows, cols, cells)
    turned = _mirrors(cols, rows, _transpose_text(rows, cols, cells))
    if rows > cols:
        return cols, rows, turned
    return rows, cols, _mirrors(rows, cols, cells) + turned


def _transpose_text(rows: int, cols: int, cells: str) -> str:
    """The text of the transposed board: column c is ``cells[c::cols]``."""
    return "".join([cells[c::cols] for c in range(cols)])


def _mirrors(rows: int, cols: int, text: str) -> list[str]:
    """The text under the four mirrors that keep rows as rows: as it is, left-right, top-bottom,
    the half turn (the rows in reverse order are top-bottom; the whole text reversed the half turn)."""
    flipped = "".join([text[i : i + cols] for i in range((rows - 1) * cols, -1, -cols)])
    return [text, flipped[::-1], flipped, text[::-1]]


def char_neighbours(board: CharGrid, i: int) -> list[int]:
    """Indices of the cells orthogonally next to cell ``i``."""
    rows, cols, _ = board
    r, c = divmod(i, cols)
    out = []
    if r > 0:
        out.append(i - cols)
    if r < rows - 1:
        out.append(i + cols)
    if c > 0:
        out.append(i - 1)
    if c < cols - 1:
        out.append(i + 1)
    return out


def board_of_text(text: str, rows: int, cols: int) -> Board | None:
    """The grid board of a position whose text is ``rows`` rows of ``cols`` cells separated by
    ``|`` (its text form), or ``None`` when the text is not that (an empty board)."""
    lines = text.split("|")
    if rows * cols <= 0 or len(lines) != rows or any(len(r) != cols for r in lines):
        return None
    return grid_board(lines)
