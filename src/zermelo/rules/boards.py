"""How a position looks: small declarative board descriptions, and board cells in moves.

A game's :meth:`~zermelo.rules.Rules.board` hook returns one of these plain, JSON-able dicts (or
``None``: the front end then shows the position's text).  One ``kind`` per family of games:

* ``{"kind": "heaps", "heaps": [3, 4, 5]}`` — rows of counters (Nim, subtraction games, Wythoff);
  with ``"takes": [3, 12]`` when a move takes 3 to 12 counters, fewer or more than the heap
  allows by itself (Mem, Fibonacci Nim: the limit the previous move set);
* ``{"kind": "pairs", "pairs": [[31, 13], [7, 3]]}`` — pairs of numbers, each drawn as two rows
  of counters, its larger number over its smaller (Partizan Euclid); counter ``j`` of pair ``i``'s
  rows is ``h{2i + 1}:j`` and ``h{2i + 2}:j`` (``i`` from 0), as on heaps;
* ``{"kind": "grid", "rows": ["XO.", "..X"]}`` — a board of cells, top row first, one character
  per cell: ``.`` empty, ``#`` blocked or used up, any other character a piece (tic-tac-toe,
  Domineering, Clobber, Toads and Frogs); ``"style": "burnt"`` when a ``#`` is a square an
  arrow burnt (Amazons), ``"squares"`` for Chomp's; ``"dark": 0`` on a chequerboard, the parity
  of row + column (from 0, top left) of its dark squares (Fox and Geese);
* ``{"kind": "graph", "edges": [["a", "b"], …], "tokens": ["a"]}`` — tokens on the vertices of a
  directed graph (the digraph game);
* ``{"kind": "hackenbush", "edges": [["g", "a", "B"], …], "ground": "g"}`` — edges with a colour
  (``B``, ``R``, ``G``) over a ground vertex;
* ``{"kind": "network", "vertices": ["1", "2"], "edges": [["1", "2", "l"]], "tags": {"2": "L"}}`` —
  an undirected graph (Arc Kayles, Col and Snort on graphs), an edge coloured ``l`` (Left's), ``r``
  (Right's), ``e`` (either's) or ``""``, a vertex tagged ``L`` or ``R``;
* ``{"kind": "cakes", "cakes": [[3, 4], [2, 2]]}`` — rectangular cakes, rows by columns (the
  cake games);
* ``{"kind": "coins", "coins": "THHTH"}`` — a row of coins, heads ``H`` and tails ``T``, numbered
  from 1 on the left (the coin-turning games).

The terminal draws heaps and grids as text (:mod:`zermelo.commands.play`), the web explorer as
SVG.  A cell of a grid is named as people name a square: column letter, row number from 1
(:func:`cell_name`); a partisan move that changes one or two cells is labelled by them
(:func:`changed_cells`), and typed cells read back to that move (:func:`read_cells`).

>>> heaps_board((3, 4, 5))
{'kind': 'heaps', 'heaps': [3, 4, 5]}
>>> rows(grid_board(["..#", "..."]))
['..#', '...']
>>> rows(heaps_board([1])) is None
True
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import accumulate
from typing import Any, TypeVar

from ..core.checks import is_digits
from ..core.errors import InvalidPosition, Remedy

__all__ = [
    "Board",
    "cakes_board",
    "cell_index",
    "cell_name",
    "changed_cells",
    "coins_board",
    "filled_cells",
    "graph_board",
    "grid_board",
    "hackenbush_board",
    "heap_clicks",
    "heap_sizes",
    "heaps_board",
    "network_board",
    "norm",
    "pair_clicks",
    "pairs_board",
    "read_cells",
    "read_heap_move",
    "rows",
    "takes_words",
    "whole_numbers",
    "with_dominoes",
]

#: A board description: a JSON-able dict with a ``kind`` (see the module docstring).
Board = dict[str, Any]

T = TypeVar("T")


def heaps_board(heaps: Iterable[int], takes: tuple[int, int] | None = None) -> Board:
    """Rows of counters, one per heap; ``takes`` the least and most a move may take, when the
    previous move set them.

    >>> heaps_board([12], takes=(3, 12))
    {'kind': 'heaps', 'heaps': [12], 'takes': [3, 12]}
    """
    board: Board = {"kind": "heaps", "heaps": list(heaps)}
    if takes is not None:
        board["takes"] = list(takes)
    return board


def pairs_board(pairs: Iterable[tuple[int, int]]) -> Board:
    """Pairs of numbers, each drawn as two rows of counters, the first number's row on top.

    >>> pairs_board([(31, 13)])
    {'kind': 'pairs', 'pairs': [[31, 13]]}
    """
    return {"kind": "pairs", "pairs": [[a, b] for a, b in pairs]}


def grid_board(rows: Iterable[str]) -> Board:
    """A grid of one-character cells, top row first."""
    return {"kind": "grid", "rows": list(rows)}


def graph_board(edges: Iterable[tuple[str, str]], tokens: Iterable[str]) -> Board:
    """Tokens on the vertices of a directed graph (an edge ``[a, b]`` goes from a to b)."""
    return {"kind": "graph", "edges": [[a, b] for a, b in edges], "tokens": list(tokens)}


def hackenbush_board(edges: Iterable[tuple[str, str, str]], ground: str) -> Board:
    """Coloured edges (``B``, ``R`` or ``G``) between named vertices, ``ground`` the ground."""
    return {"kind": "hackenbush", "edges": [[a, b, c] for a, b, c in edges], "ground": ground}


def network_board(n: int, edges: Iterable[tuple[int, int, str]], tags: Sequence[str]) -> Board:
    """An undirected graph of ``n`` vertices named ``1`` to ``n``: ``edges`` between vertices
    numbered from 0, each with its colour (``l``, ``r``, ``e`` or ``""``), ``tags`` one per vertex.

    >>> network_board(3, [(0, 1, "l"), (1, 2, "")], ["", "R", ""])
    {'kind': 'network', 'vertices': ['1', '2', '3'], 'edges': [['1', '2', 'l'], ['2', '3', '']], 'tags': {'2': 'R'}}
    """
    return {
        "kind": "network",
        "vertices": [str(v + 1) for v in range(n)],
        "edges": [[str(i + 1), str(j + 1), colour] for i, j, colour in edges],
        "tags": {str(v + 1): t for v, t in enumerate(tags) if t},
    }


def cakes_board(cakes: Iterable[tuple[int, int]]) -> Board:
    """Rectangular cakes, each ``(rows, columns)``."""
    return {"kind": "cakes", "cakes": [[r, c] for r, c in cakes]}


def takes_words(least: int, most: int) -> str:
    """A board's ``takes`` in words, as the terminal and the web drawing say them.

    >>> takes_words(3, 12), takes_words(2, 2)
    ('a move takes 3 to 12 counters', 'a move takes 2 counters')
    """
    return f"a move takes {least} to {most} counters" if least < most else f"a move takes {least} counters"


def coins_board(coins: str) -> Board:
    """A row of coins, ``H`` heads and ``T`` tails, coin 1 on the left."""
    return {"kind": "coins", "coins": coins}


def rows(board: Board | None) -> list[str] | None:
    """The rows of a grid board, else ``None``."""
    return list(board["rows"]) if board is not None and board["kind"] == "grid" else None


def heap_sizes(board: Board | None) -> list[int] | None:
    """The heap sizes of a heaps board, else ``None``."""
    return list(board["heaps"]) if board is not None and board["kind"] == "heaps" else None


def cell_name(row: int, col: int) -> str:
    """A board cell as the terminal draws it: column letter, row number from 1 (``a1`` top left).

    >>> cell_name(0, 0), cell_name(2, 1), cell_name(0, 27)
    ('a1', 'b3', 'ab1')
    """
    letters = ""
    c = col + 1
    while c:
        c, r = divmod(c - 1, 26)
        letters = chr(ord("a") + r) + letters
    return f"{letters}{row + 1}"


def cell_index(name: str) -> tuple[int, int] | None:
    """The ``(row, column)`` of a cell name, from 0 (the inverse of :func:`cell_name`), or ``None``.

    >>> cell_index("a1"), cell_index("b3"), cell_index("ab1"), cell_index("3b")
    ((0, 0), (2, 1), (0, 27), None)
    """
    m = re.fullmatch(r"([a-z]+)([1-9][0-9]*)", name)
    if m is None:
        return None
    col = 0
    for ch in m.group(1):
        col = 26 * col + ord(ch) - ord("a") + 1
    return int(m.group(2)) - 1, col - 1


def with_dominoes(board: Board, placed: str) -> Board:
    """A grid with the dominoes placed on it, so a drawing pairs its cells as they were played.

    The cells a grid shows as ``#`` do not say which of them make one domino (two dominoes side
    by side fill a 2 × 2 square either way); ``placed`` is the moves' cells, ``a1-a2 b1-b2``.  A
    pair is kept when both its cells are ``#`` and side by side (the moves of other games, a
    Clobber capture, say, are skipped); text that is not pairs of cells is an error.

    >>> with_dominoes(grid_board(["##", "##"]), "a1-a2 b1-b2")["dominoes"]
    [['a1', 'a2'], ['b1', 'b2']]
    >>> with_dominoes(grid_board(["x.", ".."]), "a1-b1")["dominoes"]
    []
    """
    grid = rows(board) or []
    used: set[tuple[int, int]] = set()
    pairs: list[list[str]] = []
    for word in placed.lower().replace(",", " ").split():
        ends = word.split("-")
        cells = [cell_index(e) for e in ends]
        if len(cells) != 2 or None in cells:
            raise InvalidPosition(f"a placed domino is two cells like a1-a2, got {word[:20]!r}")
        (r1, c1), (r2, c2) = cells  # type: ignore[misc]
        if abs(r1 - r2) + abs(c1 - c2) != 1 or used & {(r1, c1), (r2, c2)}:
            continue
        if all(r < len(grid) and c < len(grid[r]) and grid[r][c] == "#" for r, c in ((r1, c1), (r2, c2))):
            used |= {(r1, c1), (r2, c2)}
            pairs.append(ends)
    return {**board, "dominoes": pairs}


def changed_cells(before: Sequence[str], after: Sequence[str] | None) -> str | None:
    """The cells a move changed, ``a1-a2`` (an emptied cell first: the cell moved from), or the one
    cell used up (``#``) when the move also tints its neighbours; ``None`` unless one or two.

    >>> changed_cells(["x.", ".."], ["#.", "#."]), changed_cells(["xo"], [".x"])
    ('a1-a2', 'a1-b1')
    """
    if after is None or len(after) != len(before) or any(len(a) != len(b) for a, b in zip(after, before, strict=True)):
        return None
    changed = [
        (r, c, new)
        for r, (old_row, new_row) in enumerate(zip(before, after, strict=True))
        for c, (old, new) in enumerate(zip(old_row, new_row, strict=True))
        if old != new
    ]
    used = [x for x in changed if x[2] == "#"]
    if used and len(used) < len(changed):  # a colouring game tints the neighbours too: name the cell used up
        changed = used
    if not 1 <= len(changed) <= 2:
        return None
    changed.sort(key=lambda x: (x[2] != ".", x[0], x[1]))  # emptied first: the cell moved from
    return "-".join(cell_name(r, c) for r, c, _ in changed)


def filled_cells(before: Sequence[str], after: Sequence[str] | None) -> list[str]:
    """The cells of a grid a move fills or turns into another piece (not those it empties), named
    as :func:`cell_name` does: where its stones land (Fission's split, a Konane jump, a capture).

    >>> filled_cells(["...", ".x.", "..."], ["x..", "...", "x.."]), filled_cells(["xo."], [".x."])
    (['a1', 'a3'], ['b1'])
    """
    if after is None or len(after) != len(before):
        return []
    return [
        cell_name(r, c)
        for r, (old_row, new_row) in enumerate(zip(before, after, strict=True))
        for c, (old, new) in enumerate(zip(old_row, new_row, strict=False))
        if old != new and new != "."
    ]


def whole_numbers(words: Sequence[str]) -> list[int] | None:
    """The words as whole numbers when every one is one (and there is one), else ``None``.

    >>> whole_numbers(["2", "3"]), whole_numbers(["2", "x"]), whole_numbers([])
    ([2, 3], None, None)
    """
    if not words or not all(is_digits(w) for w in words):
        return None
    return [int(w) for w in words]


def norm(text: str) -> str:
    """Typed text as moves are compared: lower case, ``→`` as ``->``, single spaces."""
    return " ".join(text.lower().replace("→", "->").split())


_CELL = re.compile(r"[a-z]+[0-9]+")
_CELLS = re.compile(r"[a-z]+[0-9]+(?:\s*[-,\s]\s*[a-z]+[0-9]+)*")


def read_cells(text: str, moves: Sequence[T]) -> T | None:
    """The move whose label names the typed board cells, in any order: ``a1-a2``, ``a2 a1``, or
    one cell when only one move uses it.  ``None`` when the text is not cells; an error when no
    move, or more than one, uses them.  A move's label is its ``str`` (as for :class:`~zermelo.rules.Move`).
    """
    if not _CELLS.fullmatch(text):
        return None
    typed = set(_CELL.findall(text))
    named = [(m, set(_CELL.findall(norm(str(m))))) for m in moves]
    for fits in (typed.__eq__, typed.issubset):
        hits = [m for m, cells in named if cells and fits(cells)]
        if len(hits) == 1:
            return hits[0]
        if hits:
            labels = ", ".join(str(m) for m in hits[:6]) + (", …" if len(hits) > 6 else "")
            raise InvalidPosition(f"{text!r} could be {labels}: name all the cells of the move")
    if not any(cells for _, cells in named):
        return None
    raise InvalidPosition(f"no legal move of yours uses {text}", remedies=(Remedy.LIST_MOVES,))


def read_heap_move(heaps: Sequence[int], text: str) -> tuple[int, int, str] | None:
    """A move typed on heaps, as ``(heap, left, what)``: the heap (numbered from 1), the counters
    it keeps, the move as typed; ``None`` when the text is not such a move.  Read: ``2 3`` (take 3
    from heap 2), ``heap 2 -> 1``, ``take 3 from heap 2``, ``take 3`` and ``take all`` (one heap),
    ``take all from heap 2``.  Whether the heap exists and the move is legal is the caller's to say.

    >>> read_heap_move((3, 4), "take 1 from heap 2"), read_heap_move((5,), "take all")
    ((2, 3, 'take 1 from heap 2'), (1, 0, 'take all'))
    >>> read_heap_move((3, 4), "heap 1 -> 0"), read_heap_move((3, 4), "2 3"), read_heap_move((3,), "x")
    ((1, 0, 'heap 1 -> 0'), (2, 1, 'take 3 from heap 2'), None)
    """
    words = text.replace("->", " -> ").replace(",", " ").split()

    def left(h: int, k: int) -> int:
        return heaps[h - 1] - k if 1 <= h <= len(heaps) else 0

    if words and words[0] == "heap" and "->" in words:
        i = words.index("->")
        a, b = whole_numbers(words[1:i]), whole_numbers(words[i + 1 :])
        if a and b and len(a) == 1 and len(b) == 1:
            return a[0], b[0], f"heap {a[0]} -> {b[0]}"
        return None
    if words and words[0] == "take":
        rest = words[1:]
        if rest and rest[0] == "all" and (len(rest) == 1 or (rest[1:3] == ["from", "heap"] and len(rest) == 4)):
            h = int(rest[3]) if len(rest) == 4 and is_digits(rest[3]) else 1 if len(heaps) == 1 else 0
            if not h:
                raise InvalidPosition(f"say which heap: take all from heap 1 to {len(heaps)}")
            return h, 0, "take all" + (f" from heap {h}" if len(rest) == 4 else "")
        if len(rest) == 1 and is_digits(rest[0]) and len(heaps) == 1:
            k = int(rest[0])
            return 1, heaps[0] - k, f"take {k}"
        if len(rest) == 4 and rest[1:3] == ["from", "heap"] and is_digits(rest[0]) and is_digits(rest[3]):
            k, h = int(rest[0]), int(rest[3])
            return h, left(h, k), f"take {k} from heap {h}"
        return None
    nums = whole_numbers(words)
    if nums is not None and len(nums) == 2:
        h, k = nums
        return h, left(h, k), f"take {k} from heap {h}"
    return None


def heap_clicks(before: Sequence[int], after: Sequence[int], pins: bool) -> list[list[str]]:
    """Every way to click a move of one heap on a drawing of heaps of counters, the heaps in any
    order before and after (empty heaps dropped or kept).  A take that leaves one heap, or none, is
    the counter the heap keeps up to (it and all after it are taken: ``h1:4`` of 7 -> 4), unless
    ``pins``: the heap is a row of pins, and a move knocks out a run of them, anywhere it leaves
    the parts it leaves (Kayles 5 -> 1 + 3: pin 2 or pin 4, counted from 1), clicked by its first
    and last pin (one click for one pin), a split that takes nothing (Grundy's game) by the two
    pins beside it.  Every heap of the size the move changes is a way; no way for other moves.

    A split into three heaps or more (a hexadecimal code's, ``{2+}=.0``'s) cannot be one run
    knocked out: the row is cut into the heaps it leaves, smallest first from the left, each
    clicked at its last pin; the pins after the last click are the ones taken.  One way per heap
    of that size, as long as the heaps it leaves (at least three clicks: never a run's way).

    >>> heap_clicks((5,), (1, 3), pins=True)
    [['h1:1'], ['h1:3']]
    >>> heap_clicks((2, 3), (1, 1, 2), pins=True)  # the 3 knocked in its middle
    [['h2:1']]
    >>> heap_clicks((3, 7, 7), (3, 4, 7), pins=False), heap_clicks((3, 7), (1, 2, 3), pins=False)
    ([['h2:4'], ['h3:4']], [['h2:1', 'h2:4'], ['h2:2', 'h2:5']])
    >>> heap_clicks((7,), (2, 1, 3), pins=True)  # 1 | 2 | 3, the seventh pin taken
    [['h1:0', 'h1:2', 'h1:5']]
    """
    gone, came = Counter(before) - Counter(after), Counter(after) - Counter(before)
    came.pop(0, None)
    gone.pop(0, None)
    if sum(gone.values()) != 1:
        return []
    (n,) = gone
    parts = sorted(came.elements())
    if sum(parts) > n:
        return []
    if len(parts) > 2:
        ends = list(accumulate(parts))
        return [[f"h{i + 1}:{e - 1}" for e in ends] for i, h in enumerate(before) if h == n]
    if not pins and len(parts) <= 1:
        return [[f"h{i + 1}:{parts[0] if parts else 0}"] for i, h in enumerate(before) if h == n]
    k = n - sum(parts)
    starts = {0, parts[0]} if len(parts) == 1 else {parts[0], parts[1]} if parts else {0}
    runs = sorted((a, a + k - 1) if k else (a - 1, a) for a in starts)
    return [
        [f"h{i + 1}:{first}"] + ([f"h{i + 1}:{last}"] if last != first else [])
        for i, h in enumerate(before)
        if h == n
        for first, last in runs
    ]


def pair_clicks(before: Sequence[int], after: Sequence[int]) -> list[list[str]] | None:
    """A move that takes from both of two heaps (Wythoff's) clicked as two counters: the one each
    heap keeps up to; ``None`` for a move of one heap (the drawings compared find its counter).

    >>> pair_clicks((4, 9), (2, 6)), pair_clicks((4, 9), (4, 6))
    ([['h1:2', 'h2:6']], None)
    """
    (x, y), (a, b) = before, after
    if a < x and b < y:
        return [[f"h1:{a}", f"h2:{b}"]]
    return None
