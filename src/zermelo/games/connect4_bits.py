"""Connect Four bitboards in plain Python (John Tromp's layout), shared by the rules and the book.

Bit ``c * (h + 1) + r`` is the cell in column ``c``, row ``r`` from the bottom; each column has a
spare bit on top, so a shift never carries a line into the next column.  A position is
``current`` (the stones of the player to move) and ``mask`` (all stones); ``current + mask`` is
unique to the position.  The compiled solver (:mod:`zermelo.games.connect4_kernel`) has its own
numba versions of these.

>>> four(0b1111, 6), four(1 | 1 << 7 | 1 << 14 | 1 << 21, 6), four(0b111, 6)
(True, True, False)
>>> mirror(1, 7, 6) == 1 << 42, key(0, 1 << 42, 7, 6) == 1
(True, True)
"""

from __future__ import annotations

__all__ = ["NO_BOOK_ENV", "four", "key", "masks", "mirror", "winning_cells"]

#: Set (to anything but empty) in the environment, no opening book is read: every answer is
#: searched, as the benchmarks against solvers without a book measure it.  Here, not in
#: :mod:`zermelo.games.connect4_book`, so a process that reads no book never imports that module.
NO_BOOK_ENV = "ZERMELO_NO_BOOK"


def four(stones: int, h: int) -> bool:
    """Whether a bitboard holds four in a row: vertical, horizontal, then the two diagonals
    (shifts 1, h + 1, h, h + 2; unrolled: this runs on every call of the rules' ``payoff``)."""
    p = stones & (stones >> 1)
    if p & (p >> 2):
        return True
    s = h + 1
    p = stones & (stones >> s)
    if p & (p >> 2 * s):
        return True
    p = stones & (stones >> h)
    if p & (p >> 2 * h):
        return True
    s = h + 2
    p = stones & (stones >> s)
    return bool(p & (p >> 2 * s))


def winning_cells(stones: int, mask: int, h: int, board: int) -> int:
    """The empty cells where one more of ``stones`` makes four in a row (Pons' shifts; ``mask``:
    every stone on the board; ``board``: every cell of it, as :func:`masks` gives).

    >>> bin(winning_cells(0b111, 0b111, 6, masks(7, 6)[1]))  # three up the first column: the fourth cell
    '0b1000'
    """
    r = (stones << 1) & (stones << 2) & (stones << 3)  # vertical
    for s in (h + 1, h, h + 2):  # horizontal and the two diagonals
        p = (stones << s) & (stones << (2 * s))
        r |= p & (stones << (3 * s))
        r |= p & (stones >> s)
        p = (stones >> s) & (stones >> (2 * s))
        r |= p & (stones << s)
        r |= p & (stones >> (3 * s))
    return r & (board ^ mask)


def masks(w: int, h: int) -> tuple[int, int]:
    """``(bottom, board)``: the bottom cell of each column, and every cell of the board.

    >>> masks(2, 2)
    (9, 27)
    """
    bottom = sum(1 << (c * (h + 1)) for c in range(w))
    return bottom, bottom * ((1 << h) - 1)


def mirror(x: int, w: int, h: int) -> int:
    """The bitboard (or key: columns never carry into each other) reflected left to right."""
    col = (1 << (h + 1)) - 1
    r = 0
    for c in range(w):
        r |= ((x >> (c * (h + 1))) & col) << ((w - 1 - c) * (h + 1))
    return r


def key(cur: int, mask: int, w: int, h: int) -> int:
    """The position's key, the same for its mirror image: the smaller ``current + mask``."""
    k = cur + mask
    return min(k, mirror(k, w, h))
