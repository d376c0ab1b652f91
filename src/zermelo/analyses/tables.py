"""The P/N and Grundy tables the notes draw: a subtraction game's row, Wythoff's grid, figure 1.2.

Each registered game says how its table is laid out with a cell template (``GameEntry.table``):
``"{n}"`` is a row of positions 0, 1, …, N−1; ``"{r} {c}"`` is a grid whose cell in row r and
column c is the position with that text; other templates (``"1x{n}"``, ``"{r}x{c}"``) work the
same way.  Every cell is read with the game's own ``parse``, and all cells are evaluated by ONE
engine call (:meth:`~zermelo.search.engine.Engine.outcomes` or :meth:`~zermelo.search.engine.Engine.grundies`),
so a table costs one search, never one search per cell.  Cells whose text is not a legal position
are left empty; a leading row or column of only such cells is dropped (the table starts at 1).

>>> t = table("subtraction:1,3,4", size=10)
>>> print(render_text(t))
n 0 1 2 3 4 5 6 7 8 9
  P N P N N N N P N P
>>> print(render_text(table("nim", size=(3, 4), grundy=True)))
r\\c 0 1 2 3
  0 0 1 2 3
  1 1 0 3 2
  2 2 3 0 1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from ..core.budget import Budget
from ..core.errors import InvalidGame, InvalidPosition, SearchLimitExceeded, Unsupported
from ..core.files import save_figure
from ..core.limits import Progress
from ..games.registry import make_game, table_template
from ..rules import Impartial, Outcome, Rules
from ..search.engine import DRAW, PREVIOUS_WINS, GValue, Limits, Loopy, engine_for

__all__ = [
    "DEFAULT_GRID",
    "DEFAULT_ROW",
    "MAX_CELLS",
    "UNKNOWN",
    "Table",
    "Unknown",
    "render_png",
    "render_text",
    "table",
]

#: Default sizes: a row of 24 positions; an 11 × 11 grid like figure 1.2 of the notes.
DEFAULT_ROW = 24
DEFAULT_GRID = (11, 11)
#: Tables larger than this are refused (a picture or a printout of more says nothing more).
MAX_CELLS = 1_000_000


@dataclass(frozen=True)
class Unknown:
    """A cell no closed form answers and the search cannot reach within its budget (printed ``?``)."""

    def __str__(self) -> str:
        return "?"


UNKNOWN = Unknown()
#: The legend of a table with unknown cells.
UNKNOWN_LEGEND = "?: beyond the search budget"

Cell = Outcome | int | Loopy | Unknown | None


@dataclass(frozen=True)
class Table:
    """A computed table.

    ``kind`` is ``"outcome"`` (cells are :class:`~zermelo.rules.Outcome` P / N / DRAW) or
    ``"grundy"`` (cells are Grundy values: ints, or ∞(K) in loopy games).  ``shape`` is
    ``"row"`` (one row, ``row_labels == []``) or ``"grid"``.  ``cells[i][j]`` is the value of
    the position whose text is ``positions[i][j]``; both are ``None`` where the template gives
    no legal position.
    """

    game: str
    template: str
    kind: str
    shape: str
    misere: bool
    row_labels: list[int]
    col_labels: list[int]
    cells: list[list[Cell]]
    positions: list[list[str | None]]
    #: With ``remoteness=True``: the remoteness of every cell (the notes' remoteness table), else None.
    remoteness: list[list[int | None]] | None = None

    def cell_text(self, value: Cell) -> str:
        """A cell as the notes print it: P, N, D (draw), a number, ∞(K), or · for no position."""
        if value is None:
            return "·"
        if isinstance(value, Unknown):
            return "?"
        if isinstance(value, Outcome):
            return "D" if value is Outcome.DRAW else value.value
        return str(value)

    def caption(self, sep: str = "; ") -> str:
        """What the table shows, in words: ``wythoff: P/N positions; row r, column c is the position 'r c'``.

        ``sep`` goes between what and where (a picture's title breaks the line there)."""
        what = "Grundy values" if self.kind == "grundy" else "P/N positions"
        if self.remoteness is not None:
            # a grid's rows are named r, so its remoteness is named by where it is printed
            label = "the number after P or N" if self.shape == "grid" else "r"
            what += f" with remoteness ({label}: moves to the end, win quickly, lose slowly)"
        if self.misere:
            what += " (misère play)"
        if any(isinstance(v, Unknown) for row in self.cells for v in row):
            what += f" ({UNKNOWN_LEGEND})"
        if self.shape == "grid":
            return f"{self.game}: {what}{sep}row r, column c is the position '{_fill(self.template, r='r', c='c')}'"
        ns = ", ".join(map(str, self.col_labels[:3])) + (", …" if len(self.col_labels) > 3 else "")
        if self.template == "{n}":
            return f"{self.game}: {what}{sep}n = {ns}"
        return f"{self.game}: {what}{sep}the positions '{_fill(self.template, n='n')}', n = {ns}"

    def to_json(self) -> dict[str, Any]:
        """The JSON object of ``zermelo table --json``."""

        def cell(v: Cell) -> Any:
            if v is None:
                return None
            if isinstance(v, Outcome):
                return "DRAW" if v is Outcome.DRAW else v.value
            if isinstance(v, Loopy):
                return str(v)
            if isinstance(v, Unknown):
                return "unknown"
            return v

        return {
            "game": self.game,
            "template": self.template,
            "kind": self.kind,
            "shape": self.shape,
            "misere": self.misere,
            "row_labels": self.row_labels,
            "col_labels": self.col_labels,
            "cells": [[cell(v) for v in row] for row in self.cells],
            "positions": self.positions,
            "remoteness": self.remoteness,
        }

    def shown(self, i: int, j: int) -> str:
        """Cell (i, j) as printed: its value, then its remoteness in a grid with remoteness (``N5``)."""
        text = self.cell_text(self.cells[i][j])
        if self.remoteness is not None and self.shape == "grid" and self.cells[i][j] is not None:
            r = self.remoteness[i][j]
            text += "∞" if r is None else str(r)
        return text


def _layout(template: str) -> str:
    if "{n}" in template:
        return "row"
    if "{r}" in template and "{c}" in template:
        return "grid"
    raise InvalidGame(f"table template {template!r} has neither {{n}} nor {{r}} and {{c}}")


def _fill(template: str, **values: int | str) -> str:
    # str.replace, not str.format: templates may hold other braces or text.
    text = template
    for name, v in values.items():
        text = text.replace("{" + name + "}", str(v))
    return text


def _parse_cell(game: Rules[Any], text: str) -> Any:
    try:
        return game.parse(text)
    except (InvalidPosition, InvalidGame):
        return None


def _sizes(shape: str, size: int | Sequence[int] | None) -> tuple[int, int]:
    if size is None:
        return (1, DEFAULT_ROW) if shape == "row" else DEFAULT_GRID
    dims = [size] if isinstance(size, int) else list(size)
    if not dims or len(dims) > 2 or not all(isinstance(d, int) and d > 0 for d in dims):
        raise InvalidPosition(f"--size takes one or two positive whole numbers, got {' '.join(map(str, dims))}")
    if shape == "row":
        if len(dims) == 2 and dims[0] != 1:
            raise InvalidPosition(f"this game's table is a row: give its length, like --size 30 (got {dims[0]} rows)")
        rows, cols = 1, dims[-1]
    else:
        rows, cols = (dims[0], dims[0]) if len(dims) == 1 else (dims[0], dims[1])
    if rows * cols > MAX_CELLS:
        raise InvalidPosition(f"a table of {rows} × {cols} cells is too big (at most {MAX_CELLS:,} cells)")
    return rows, cols


@dataclass(frozen=True)
class Settled:
    """A cell a closed form answered as it was read: its value, without its position (a million
    Chomp rectangles of up to 1,000 rows held 4 GB as positions; their outcomes hold nothing)."""

    value: Cell


def layout(
    game: Rules[Any],
    template: str,
    rows: int,
    cols: int,
    watch: Callable[[int], None] | None = None,
    settle: Callable[[Any], Cell] | None = None,
) -> tuple[list[int], list[int], list[list[Any]], list[list[str | None]]]:
    """Row labels, column labels, positions (None where illegal) and their texts of a table.

    A first row or column whose cells are all illegal (a 0 × c Chomp board, say) is dropped, so
    that the labels start at 1.  ``watch`` hears the cells read so far every 4,096 cells (a
    million cells take seconds: a deadline is checked there).  ``settle`` answers a position as
    it is read where it can (a closed form; ``None`` elsewhere): such a cell is kept as
    :class:`Settled`, its position let go at once.
    """
    shape = _layout(template)
    read = [0]

    def cell(text: str) -> tuple[Any, str | None]:
        read[0] += 1
        if watch is not None and read[0] % 4096 == 0:
            watch(read[0])
        p = _parse_cell(game, text)
        if p is None:
            return None, None
        shown = game.format(p)
        value = None if settle is None else settle(p)
        return (p if value is None else Settled(value)), shown

    def build(r0: int, c0: int) -> tuple[list[int], list[int], list[list[Any]], list[list[str | None]]]:
        rl = [] if shape == "row" else list(range(r0, r0 + rows))
        cl = list(range(c0, c0 + cols))
        if shape == "row":
            both = [[cell(_fill(template, n=c)) for c in cl]]
        else:
            both = [[cell(_fill(template, r=r, c=c)) for c in cl] for r in rl]
        return rl, cl, [[p for p, _ in row] for row in both], [[t for _, t in row] for row in both]

    rl, cl, grid, texts = build(0, 0)
    r0 = 1 if shape == "grid" and all(p is None for p in grid[0]) else 0
    c0 = 1 if all(row[0] is None for row in grid) else 0
    if r0 or c0:
        rl, cl, grid, texts = build(r0, c0)
    if all(p is None for row in grid for p in row):
        raise InvalidGame(f"{game.spec()}: no cell of the table template {template!r} is a legal position")
    return rl, cl, grid, texts


def _outcome_of(g: GValue) -> Outcome:
    if isinstance(g, Loopy):
        return Outcome.N if 0 in g.finite else Outcome.DRAW
    return Outcome.P if g == 0 else Outcome.N


def cell_values(
    game: Impartial[Any],
    positions: list[Any],
    grundy: bool,
    misere: bool,
    limits: Limits | None,
    unknown: bool = False,
) -> list[Cell]:
    """The value of every position, from ONE engine call (or one run of a compiled kernel: a
    row of single heaps of a heap game the kernels of :mod:`zermelo.heaps` know, in normal play).

    With ``unknown`` (a P/N table), the game's closed forms answer the cells they cover, the rest
    come from one engine call, and if that call is over the budget each cell is searched on its own,
    smallest first: a cell still over the budget is :data:`UNKNOWN` (all of them: the error)."""
    if not misere:
        row = _kernel_row(game, positions, limits)
        if row is not None:
            return list(row) if grundy else [_outcome_of(g) for g in row]
    if unknown and not grundy:
        return _outcomes_or_unknown(game, positions, misere, limits)
    eng = engine_for(game)
    if grundy:
        return list(eng.grundies(positions, limits))
    if not misere and eng.splits:
        # Sums split into components: Grundy values are far cheaper than the product graph.
        return [_outcome_of(g) for g in eng.grundies(positions, limits)]
    if misere and type(game).outcome_formula is not Impartial.outcome_formula:
        # A misère closed form (misère Nim, a heap game's misère quotient) answers; the rest is searched.
        from .analysis import outcomes

        return list(outcomes(game, positions, misere=True, limits=limits))
    out: list[Cell] = []
    for s, _ in eng.outcomes(positions, misere, limits):
        out.append(Outcome.DRAW if s == DRAW else Outcome.P if s == PREVIOUS_WINS else Outcome.N)
    return out


def _outcomes_or_unknown(game: Impartial[Any], positions: list[Any], misere: bool, limits: Limits | None) -> list[Cell]:
    from .analysis import outcomes  # closed forms first, then one search for the rest

    try:
        return list(outcomes(game, positions, misere=misere, limits=limits))
    except SearchLimitExceeded as exc:
        error = exc
    found: list[Cell] = []
    for p in positions:  # the closed forms again (cheap), each other cell searched on its own
        try:
            found.append(outcomes(game, [p], misere=misere, limits=limits)[0])
        except SearchLimitExceeded:
            found.append(UNKNOWN)
    if all(v is UNKNOWN for v in found):
        raise error
    return found


def _reading(limits: Limits | None, cells: int) -> Callable[[int], None] | None:
    """What :func:`layout` calls as it reads a big table's cells: the deadline and the progress."""
    if limits is None:
        return None
    budget = Budget(limits, counts=None, phase="reading the cells:")

    def watch(read: int) -> None:
        budget.look(f"{read:,} of {cells:,} cells read", positions=read)

    return watch


def _kernel_row(game: Impartial[Any], positions: list[Any], limits: Limits | None) -> list[int] | None:
    """The Grundy values of heaps 0..N-1 from the compiled kernel ``zermelo sequence`` uses (the
    engine would examine every split of every heap: hours for 100,000 Kayles heaps), or None when
    the positions are not such a row or no kernel applies."""
    from ..heaps.heap import HeapGame

    if not isinstance(game, HeapGame) or positions != list(range(len(positions))) or not positions:
        return None
    from ..heaps.sequence import SequenceProgress, compiled_kernel, sequence

    kernel = compiled_kernel(game)
    if kernel is None:
        return None
    report = None if limits is None else limits.progress
    phase = f"Grundy values of heaps ({kernel} kernel)"

    def progress(p: SequenceProgress) -> None:
        if report is not None:
            report(Progress(p.done, 0, p.seconds, done=p.phase == "done", phase=phase))

    s = sequence(game, len(positions) - 1, prove=False, limits=limits, progress=progress)
    return [int(v) for v in s.values.tolist()]


def table(
    game_or_spec: Impartial[Any] | str,
    size: int | Sequence[int] | None = None,
    grundy: bool = False,
    misere: bool = False,
    limits: Limits | None = None,
    template: str | None = None,
    remoteness: bool = False,
) -> Table:
    """The P/N table (or, with ``grundy``, the Grundy table) of a game.

    ``game_or_spec`` is a rules object or a spec (``"wythoff"``, ``"subtraction:1,3,4"``); the
    layout is ``template`` or else the registry's ``GameEntry.table``.  ``size`` is a row's
    length N (positions 0..N−1), or ``(R, C)`` for a grid (one number: a square).  With
    ``remoteness`` every cell also gets its remoteness (win quickly, lose slowly; ∞ for a draw),
    from the same engine's tables.

    >>> t = table("wythoff", size=(3, 3))
    >>> t.cells[1][2], t.cells[2][1], t.cells[1][1]
    (<Outcome.P: 'P'>, <Outcome.P: 'P'>, <Outcome.N: 'N'>)
    """
    game = make_game(game_or_spec) if isinstance(game_or_spec, str) else game_or_spec
    if template is None:
        template = table_template(game)
        if template is None:
            name = game.spec().partition(":")[0]
            raise Unsupported(f"{name} has no table layout (games whose positions form a row or a grid have one)")
    if not isinstance(game, Impartial):
        raise Unsupported(f"{game.spec()} is not an impartial game: its table would need Left and Right")
    if grundy and misere:
        raise Unsupported("Grundy values are for normal play; a misère table shows P/N (leave out --grundy)")
    shape = _layout(template)
    rows, cols = _sizes(shape, size)
    settle = None
    closed = type(game).outcome_formula is not Impartial.outcome_formula
    if shape == "grid" and closed and not grundy and not remoteness:
        settle = partial(game.outcome_formula, misere=misere)  # answered as read (a row is one kernel run)
    rl, cl, grid, texts = layout(game, template, rows, cols, _reading(limits, rows * cols), settle)
    flat = [p for row in grid for p in row if p is not None and not isinstance(p, Settled)]
    values = iter(cell_values(game, flat, grundy, misere, limits, unknown=not remoteness))
    cells: list[list[Cell]] = [
        [None if p is None else p.value if isinstance(p, Settled) else next(values) for p in row] for row in grid
    ]
    rems: list[list[int | None]] | None = None
    if remoteness:
        found = iter([r for _, r in engine_for(game).outcomes(flat, misere, limits)])
        rems = [[None if p is None else next(found) for p in row] for row in grid]
    return Table(
        game=game.spec(),
        template=template,
        kind="grundy" if grundy else "outcome",
        shape=shape,
        misere=misere,
        row_labels=rl,
        col_labels=cl,
        cells=cells,
        positions=texts,
        remoteness=rems,
    )


# ---------------------------------------------------------------------- text
def render_text(t: Table, width: int = 100) -> str:
    """The table aligned in columns, as the notes print it; long rows wrap in blocks.

    A row is two lines (the positions, then P/N or the Grundy values); a grid has the column
    labels on top and the row labels on the left.
    """
    if t.shape == "row":
        return _render_row(t, width)
    cells = [[t.shown(i, j) for j in range(len(row))] for i, row in enumerate(t.cells)]
    corner = "r\\c"
    w = max(len(str(x)) for x in [*t.col_labels, *(c for row in cells for c in row)])
    lw = max(len(corner), *(len(str(r)) for r in t.row_labels))
    lines = [corner.ljust(lw) + " " + " ".join(str(c).rjust(w) for c in t.col_labels)]
    for r, row in zip(t.row_labels, cells, strict=True):
        lines.append(str(r).rjust(lw) + " " + " ".join(c.rjust(w) for c in row))
    return "\n".join(line.rstrip() for line in lines)


def _render_row(t: Table, width: int) -> str:
    cells = [t.cell_text(v) for v in t.cells[0]]
    rems = None
    if t.remoteness is not None:
        rems = [
            "" if v is None else "∞" if r is None else str(r) for v, r in zip(t.cells[0], t.remoteness[0], strict=True)
        ]
    w = max(len(str(x)) for x in [*t.col_labels, *cells, *(rems or [])])
    name = "n"
    per_block = max(1, (width - len(name) - 1) // (w + 1))
    blocks = []
    for start in range(0, len(cells), per_block):
        labels = t.col_labels[start : start + per_block]
        vals = cells[start : start + per_block]
        head = name + " " + " ".join(str(x).rjust(w) for x in labels)
        body = " " * len(name) + " " + " ".join(v.rjust(w) for v in vals)
        block = head.rstrip() + "\n" + body.rstrip()
        if rems is not None:
            block += "\nr " + " ".join(x.rjust(w) for x in rems[start : start + per_block])
        blocks.append(block.rstrip())
    return "\n\n".join(blocks)


# ---------------------------------------------------------------------- picture
#: Colours of the outcome classes (colour-blind safe pair) and of cells without a position.
P_COLOUR = "#d55e00"
N_COLOUR = "#cfe3f3"
DRAW_COLOUR = "#f0e442"
EMPTY_COLOUR = "#bbbbbb"
#: Cells beyond the search budget: white, with their "?" printed on them.
UNKNOWN_COLOUR = "#ffffff"


def render_png(t: Table, path: str) -> None:
    """Write the table as a PNG picture: a grid (or one strip) coloured by P/N or Grundy value.

    Axes are labelled with the positions' coordinates (row 0 at the top, as in the notes), cells
    carry their value when the table is small enough to read, and a legend says what the colours
    mean.  Draws on matplotlib's Agg canvas directly, without pyplot: no display is needed and
    the caller's matplotlib backend (a notebook's, say) is left alone.
    """
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.colors import ListedColormap
    from matplotlib.figure import Figure
    from matplotlib.patches import Patch

    rows, cols = len(t.cells), len(t.col_labels)
    codes: list[list[int]] = []
    colours: list[str] = []
    legend: list[tuple[str, str]] = []
    if t.kind == "outcome":
        palette: dict[Any, str] = {
            Outcome.P: P_COLOUR,
            Outcome.N: N_COLOUR,
            Outcome.DRAW: DRAW_COLOUR,
            UNKNOWN: UNKNOWN_COLOUR,
            None: EMPTY_COLOUR,
        }
        names = {
            Outcome.P: "P: the player to move loses",
            Outcome.N: "N: the player to move wins",
            Outcome.DRAW: "D: draw",
            UNKNOWN: UNKNOWN_LEGEND,
            None: "no such position",
        }
        kinds = (Outcome.P, Outcome.N, Outcome.DRAW, UNKNOWN, None)
        order = [k for k in kinds if any(k == v for r in t.cells for v in r)]
        index: dict[Any, int] = {k: i for i, k in enumerate(order)}
        codes = [[index[v] for v in row] for row in t.cells]
        colours = [palette[k] for k in order]
        legend = [(palette[k], names[k]) for k in order]
    else:
        finite = sorted({v for row in t.cells for v in row if isinstance(v, int)})
        others = sorted({str(v) for row in t.cells for v in row if isinstance(v, Loopy)})
        keys: list[Any] = [*finite, *others] + ([None] if any(v is None for r in t.cells for v in r) else [])
        index = {k: i for i, k in enumerate(keys)}
        codes = [[index[v if not isinstance(v, Loopy) else str(v)] for v in row] for row in t.cells]
        cmap = matplotlib.colormaps["viridis"]
        top = max(finite) if finite else 0
        for k in keys:
            if k is None:
                colours.append(EMPTY_COLOUR)
            elif isinstance(k, int):
                colours.append(P_COLOUR if k == 0 else matplotlib.colors.to_hex(cmap(0.15 + 0.85 * k / max(top, 1))))
            else:
                colours.append(DRAW_COLOUR)
        labels = [("0 (P)" if k == 0 else str(k)) if k is not None else "no such position" for k in keys]
        legend = list(zip(colours, labels, strict=True))
    cell_in = 0.42 if max(rows, cols) <= 30 else max(0.04, 12.0 / max(rows, cols))
    fig_w = min(40.0, max(4.0, cols * cell_in + 3.2))
    fig_h = min(40.0, max(2.2, rows * cell_in + 1.6))
    fig = Figure(figsize=(fig_w, fig_h), dpi=100)
    FigureCanvasAgg(fig)
    ax = fig.subplots()
    ax.imshow(codes, cmap=ListedColormap(colours), vmin=-0.5, vmax=len(colours) - 0.5, aspect="equal")
    if rows * cols <= 900:
        for i, row in enumerate(t.cells):
            for j, v in enumerate(row):
                rgb = matplotlib.colors.to_rgb(colours[codes[i][j]])
                dark = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2] < 0.5
                label = t.cell_text(v)
                if t.remoteness is not None and v is not None:
                    r = t.remoteness[i][j]
                    label += "\n" + ("∞" if r is None else str(r))
                ax.text(j, i, label, ha="center", va="center", fontsize=8, color="white" if dark else "black")
    step_c = max(1, cols // 25)
    step_r = max(1, rows // 25)
    ax.set_xticks(range(0, cols, step_c), [str(x) for x in t.col_labels[::step_c]])
    if t.shape == "row":
        ax.set_yticks([])
        ax.set_xlabel("n" if t.template == "{n}" else f"n (position '{_fill(t.template, n='n')}')")
    else:
        ax.set_yticks(range(0, rows, step_r), [str(x) for x in t.row_labels[::step_r]])
        ax.set_xlabel("column c")
        ax.set_ylabel("row r")
        ax.xaxis.set_label_position("top")
        ax.xaxis.tick_top()
    ax.set_title(t.caption("\n"), fontsize=10, pad=22 if t.shape == "grid" else 6)
    shown = legend if len(legend) <= 24 else [*legend[:23], ("#ffffff", "…")]
    ax.legend(
        handles=[Patch(facecolor=c, edgecolor="black", label=label) for c, label in shown],
        loc="upper left",
        bbox_to_anchor=(1.01, 1.0),
        fontsize=8,
        frameon=False,
    )
    fig.tight_layout()
    # format="png" always: without it matplotlib picks the format from the extension (a
    # '.txt' path failed) and appends '.png' to a path without one (the file was elsewhere).
    save_figure(fig, path, format="png")
