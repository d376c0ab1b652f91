"""Toppling Dominoes: topple one of your dominoes left or right; it knocks over everything that way.

A row is a word of ``B`` (Left's, blue), ``R`` (Right's, red) and ``G`` (green, anyone's)
dominoes; several rows (words) are a sum.  A row read backwards is the same game, and a row
with blue and red exchanged is its negative.

>>> from zermelo.analyses.canonical import canonical_form
>>> t = TopplingDominoes()
>>> [str(canonical_form(t, t.parse(s))) for s in ("B", "BB", "BR", "G", "BRB", "B R")]
['1', '2', '*', '*', '1/2', '0']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import ClassVar

from ..rules import Partisan, validate_by_text
from ..rules.boards import Board, cell_name, grid_board
from ..rules.catalogue import CGSuiteName, GameEntry, cgsuite_string, no_params, register
from ._grid import check_cells

__all__ = ["TopplingDominoes"]

Rows = tuple[str, ...]
_SWAP = str.maketrans("BR", "RB")


class TopplingDominoes(Partisan[Rows]):
    """Toppling Dominoes; a position is a sorted tuple of rows."""

    syntax = "the row of dominoes from the left: B blue (Left's), R red (Right's), G green (either's)"
    examples = ("BRGB", "BBRR")
    cell_symbols = "BRG"

    name: ClassVar[str] = "toppling"

    validate = validate_by_text  # a position given from Python must read back from its own text

    def parse(self, text: str) -> Rows:
        words = text.replace("+", " ").replace(",", " ").upper().split()
        if words == ["0"]:  # the empty row, as format writes it
            return ()
        check_cells("toppling", words, "BRG")  # rows are words of B, R and G
        return tuple(sorted(words))

    def board(self, position: Rows) -> Board | None:
        """One row of cells (a sum of several rows has no board)."""
        one = len(position) == 1 and position[0] and self.format(position) == position[0]
        return grid_board(position) if one else None

    def format(self, position: Rows) -> str:
        return " ".join(position) if position else "0"

    def board_clicks(self, position: Rows, after: Rows, side: str | None = None) -> list[list[str]] | None:
        """A move is clicked as the domino toppled, then the cell it falls onto (a domino at the
        row's end falling off it: the domino alone, or clicked again).

        >>> g = TopplingDominoes()
        >>> g.board_clicks(("BRGB",), ("RGB",), "left"), g.board_clicks(("BRGB",), (), "left")
        ([['a1']], [['a1', 'b1'], ['d1', 'c1']])
        >>> g.board_clicks(("BRGB",), ("BR",), "left"), g.board_clicks(("BRGB",), ("BRG",), "left")
        ([['c1', 'd1']], [['d1']])
        """
        if len(position) != 1:
            return None  # a sum of rows has no drawing
        row = position[0]
        mine = {"left": "BG", "right": "RG"}.get(side or "", "BRG")
        ways = []
        for j, d in enumerate(row):
            if d not in mine:
                continue
            for left_over, onto in ((row[:j], j + 1), (row[j + 1 :], j - 1)):  # falls right, falls left
                if (tuple([left_over]) if left_over else ()) == after:
                    ways.append([cell_name(0, j), *([cell_name(0, onto)] if 0 <= onto < len(row) else [])])
        return ways

    def _moves(self, position: Rows, mine: str) -> Iterator[Rows]:
        seen: set[Rows] = set()
        for i, row in enumerate(position):
            rest = position[:i] + position[i + 1 :]
            for j, d in enumerate(row):
                if d in mine:
                    for left_over in (row[:j], row[j + 1 :]):  # toppled right / toppled left
                        new = tuple(sorted((*rest, left_over) if left_over else rest))
                        if new not in seen:
                            seen.add(new)
                            yield new

    def left_options(self, position: Rows) -> Iterator[Rows]:
        return self._moves(position, "BG")

    def right_options(self, position: Rows) -> Iterator[Rows]:
        return self._moves(position, "RG")

    def components(self, position: Rows) -> list[Rows]:
        return [(row,) for row in position]

    def key(self, position: Rows) -> Hashable:
        return self.value_key(position)

    def value_key(self, position: Rows) -> tuple[Hashable, bool]:
        """(key, negated): a row equals its reverse; swapping B and R negates it."""
        if len(position) != 1:
            return (tuple(sorted(self.value_key((r,)) for r in position)), False)
        row = position[0]
        swapped = row.translate(_SWAP)
        plain, neg = min(row, row[::-1]), min(swapped, swapped[::-1])
        return (plain, False) if plain <= neg else (neg, True)


def cgsuite_strip(text: str) -> str:
    """CGSuite's strip (``l`` blue, ``r`` red, ``e`` green, ``.`` empty) as a row: a toppled
    domino knocks over everything on its side, gaps too, so the gaps go.

    >>> cgsuite_strip("l.re"), cgsuite_strip("..."), cgsuite_strip("BRG")
    ('BRG', '0', 'BRG')
    """
    t = text.strip()
    if not t or set(t) - set("lre."):
        return text
    row = t.replace(".", "").translate(str.maketrans("lre", "BRG"))
    return row or "0"


def cgsuite_kept(text: str) -> str | None:
    """The strip CGSuite keeps of a position typed as one (``l``, ``r``, ``e``, ``.``), else None.

    >>> cgsuite_kept("l.re"), cgsuite_kept("BRG")
    ('l.re', None)
    """
    t = text.strip()
    return None if set(t) - set("lre.") else t


def cgsuite_listed(_rules: TopplingDominoes, strip: str, left: bool) -> list[str]:
    """CGSuite's list of a strip's options (its ``TopplingDominoes``' ``Options``): for each of the
    player's dominoes and each green one, from the left, the strip with it and all on its left
    toppled (emptied), then with it and all on its right; a repeat stays, as in CGSuite's list.

    >>> cgsuite_listed(TopplingDominoes(), "lre", True)
    ['.re', '...', '...', 'lr.']
    """
    out = []
    for n, d in enumerate(strip):
        if d in ("le" if left else "re"):
            out += ["." * (n + 1) + strip[n + 1 :], strip[:n] + "." * (len(strip) - n)]
    return out


register(
    GameEntry(
        "toppling",
        no_params(TopplingDominoes, "toppling"),
        "Toppling Dominoes: topple your domino left or right (B: Left, R: Right, G: both; partisan)",
        "",
        "toppling BRGB",
        rules=TopplingDominoes,
        aliases=("topplingdominoes",),
        cgsuite=(
            CGSuiteName(
                "game.strip.TopplingDominoes",
                text=cgsuite_strip,
                shown=cgsuite_string({"B": "l", "R": "r", "G": "e", "0": ""}),
                options=cgsuite_listed,
                strip=cgsuite_kept,
            ),
        ),
    )
)
