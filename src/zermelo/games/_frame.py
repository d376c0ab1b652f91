"""Small boards in a frame of 8 columns: regions and symmetry keys in a few whole-int operations.

A *framed* board is an int whose bit ``8 * r + c`` is the cell in row r, column c, for boards
of at most 7 rows and 7 columns: column 7 of every row stays empty, a guard, so shifting a
set of cells one column left or right never carries a cell into the next row and the flood
fill needs no masks.  Each row is one byte, so a board's mirror images are byte operations
(``bytes.translate`` reverses every row at once; reversing the bytes flips top and bottom) and
its transpose is the 8 × 8 bit-matrix transpose (three delta swaps, Hacker's Delight 7-3).
Domineering's value search meets tens of thousands of regions on a 5 × 5 board; this is the
cheap way to find them and key them.

>>> bin(framed((2, 3, 0b011_001)))  # ".##|..#": row 1 moves up to bits 8-15
'0b1100000001'
>>> frame_regions(framed((3, 3, 0b111000111)))  # two rows of three, the middle row blocked
[7, 7]
"""

from __future__ import annotations

__all__ = ["FRAME_MAX", "frame_key", "frame_regions", "frame_regions_after", "frame_shape", "framed", "transpose"]

#: The largest board (rows and columns) a frame holds.
FRAME_MAX = 7

_REVERSED = bytes(int(f"{x:08b}"[::-1], 2) for x in range(256))  # each byte's bits reversed


def framed(board: tuple[int, int, int]) -> int:
    """A ``(rows, cols, bits)`` board (row stride ``cols``, at most 7 × 7) in the frame."""
    _rows, cols, bits = board
    if cols == 8:
        return bits
    m = (1 << cols) - 1
    out = 0
    shift = 0
    while bits:
        out |= (bits & m) << shift
        bits >>= cols
        shift += 8
    return out


def frame_shape(b: int) -> tuple[int, int]:
    """(rows, columns) of a framed region moved to the top left corner (as :func:`frame_regions` gives)."""
    u = b | b >> 32
    u |= u >> 16
    u |= u >> 8
    return (b.bit_length() + 7) >> 3, (u & 0xFF).bit_length()


def frame_regions(bits: int) -> list[int]:
    """The orthogonally connected regions of a framed board with more than one cell, each moved
    to the top left corner (its lowest row to row 0, its leftmost column to column 0).

    >>> frame_regions(0b1_0000_0000_0000_0011)  # a domino at the top left, a cell two rows down
    [3]
    """
    out = []
    rest = bits
    while rest:
        comp = front = rest & -rest
        rest ^= comp
        while front:  # grow by the new cells' neighbours only; the guard column stops the wrap
            front = ((front << 1) | (front >> 1) | (front << 8) | (front >> 8)) & rest
            rest ^= front
            comp |= front
        if comp & (comp - 1):  # a lone cell takes no domino
            if not comp & 0xFF or not comp & _COLUMN_0:  # not yet in the corner
                comp = _corner(comp)
            out.append(comp)
    return out


_COLUMN_0 = 0x01010101010101  # column 0 of rows 0-6


def frame_regions_after(bits: int, removed: int) -> list[int]:
    """:func:`frame_regions` of ``bits`` when ``bits | removed`` is one connected region (a
    region after a move took the cells ``removed``): usually one region, found without a flood
    fill of the whole board.

    Lone cells are dropped first (no domino covers them).  Every other cell of ``bits`` reaches
    ``removed`` through ``bits``, so ``bits`` is connected exactly when the cells next to
    ``removed`` are: the fill starts at one of them and stops as soon as it has met them all (a few
    steps around the removed cells); only a split board is filled in full.

    >>> frame_regions_after(0b11_0000_0111, 0b100_0000_0000)  # an L less its corner: still connected
    [775]
    >>> frame_regions_after(0b11011, 0b100)  # a row of five less its middle cell: two dominoes
    [3, 3]
    """
    bits &= (bits << 1) | (bits >> 1) | (bits << 8) | (bits >> 8)  # lone cells take no domino
    near = ((removed << 1) | (removed >> 1) | (removed << 8) | (removed >> 8)) & bits
    if near & (near - 1):  # two or more cells next to the move: are they connected?
        comp = front = near & -near
        rest = bits ^ comp
        while near & ~comp:
            front = ((front << 1) | (front >> 1) | (front << 8) | (front >> 8)) & rest
            if not front:  # the move split the region: comp is one part, the rest the others
                return [_corner(comp), *frame_regions(rest)]
            rest ^= front
            comp |= front
    if not bits & (bits - 1):
        return []  # at most one cell: no domino fits
    if not bits & 0xFF or not bits & _COLUMN_0:
        bits = _corner(bits)
    return [bits]


def _corner(comp: int) -> int:
    """The framed cells moved to the top left corner."""
    comp >>= ((comp & -comp).bit_length() - 1) & ~7
    u = comp | comp >> 32
    u |= u >> 16
    u |= u >> 8
    return comp >> ((u & -u).bit_length() - 1)


def transpose(b: int) -> int:
    """The framed board mirrored in its main diagonal (rows become columns).

    >>> transpose(0b111)  # a row of three becomes a column of three
    65793
    >>> transpose(transpose(0b1_0000_0011)) == 0b1_0000_0011
    True
    """
    t = (b ^ (b >> 7)) & 0x00AA00AA00AA00AA
    b ^= t ^ (t << 7)
    t = (b ^ (b >> 14)) & 0x0000CCCC0000CCCC
    b ^= t ^ (t << 14)
    t = (b ^ (b >> 28)) & 0x00000000F0F0F0F0
    return b ^ t ^ (t << 28)


#: The framed full rectangle of r rows and c columns, ``_FULL[r][c]``.
_FULL = [[sum(((1 << c) - 1) << (8 * i) for i in range(r)) for c in range(FRAME_MAX + 1)] for r in range(FRAME_MAX + 1)]


def _least_mirror(b: int, rows: int, cols: int) -> int:
    """The least of a corner region's four images under the mirrors that keep rows as rows."""
    raw = b.to_bytes(rows, "little")
    flipped = raw[::-1]
    cut = 8 - cols
    return min(
        b,
        int.from_bytes(flipped, "little"),
        int.from_bytes(raw.translate(_REVERSED), "little") >> cut,
        int.from_bytes(flipped.translate(_REVERSED), "little") >> cut,
    )


def frame_key(b: int) -> tuple[int, bool]:
    """(least image, transposed?) of a corner region (see :func:`frame_regions`).

    The images are the four mirrors, which keep the players, and the four mirrors of the
    transpose, which swap them.  A region wider than tall is keyed by its own images, one
    taller than wide by its transpose's, a square one by the least of all eight.

    >>> frame_key(0b1_0000_0001), frame_key(0b11)  # a vertical domino is a horizontal one turned
    ((3, True), (3, False))
    >>> frame_key(0b111_0000_0111) == frame_key(transpose(0b111_0000_0111))[:1] + (False,)  # 2 x 3 and 3 x 2
    True
    """
    rows, cols = frame_shape(b)
    if b == _FULL[rows][cols]:  # a full rectangle is every mirror image of itself
        return (b, False) if rows <= cols else (_FULL[cols][rows], True)
    if rows < cols:
        return (_least_mirror(b, rows, cols), False)
    if rows > cols:
        return (_least_mirror(transpose(b), cols, rows), True)
    plain, turned = _least_mirror(b, rows, cols), _least_mirror(transpose(b), rows, rows)
    return (plain, False) if plain <= turned else (turned, True)
