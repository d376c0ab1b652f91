"""The Clobber family (CGSuite's ``GenClobber``): Anti-Clobber, Hot Clobber, Kings, Knights,
Rooks and Queens.

Left plays ``x``, Right ``o``; ``.`` is empty, ``#`` (Anti-Clobber only) no cell; rows separated
by ``|`` (CGSuite's conventions).  A move takes one of your stones along one of the variant's
directions onto a square it may *clobber*, and leaves behind what the variant says:

* ``hot`` — Hot Clobber: as Clobber, but a stone may clobber a stone of either colour.
* ``anti`` — Anti-Clobber: a stone moves onto an orthogonally adjacent *empty* square and leaves
  an enemy stone behind — a Clobber move played backwards in time.  Every move fills one empty
  square, so the game ends.
* ``kings`` — Kings: as Clobber, moving like a chess king (orthogonally or diagonally).
* ``knights`` — Knights: as Clobber, moving like a chess knight (jumping over what is between).
* ``rooks`` — Rooks: a stone slides like a chess rook over empty squares and clobbers the first
  enemy stone in its way (it may not stop on an empty square).
* ``queens`` — Queens: the same with a chess queen's eight directions.

(The rules are those of CGSuite's Standard Games Library, ``game.grid.AntiClobber`` … ``Queens``,
read from its documentation; Clobber itself is Albert, Grossman, Nowakowski and Wolfe's game, see
*Lessons in Play*.)

Why the values come fast, each claim tested against plain play on random boards: stones that can
never meet are independent games.  Where the variant only ever moves a stone onto another stone
(every variant but Anti-Clobber), the set of occupied squares only shrinks, so stones that are
not linked by a chain of moves — orthogonal neighbours in Clobber and Hot Clobber, the eight
neighbours for Kings, knight's moves for Knights, a shared row or column for Rooks, and a row,
column or diagonal for Queens — are separate games; a group of one colour only is 0 (Hot
Clobber: a lone stone).  A Rooks group also keeps its value when its empty rows and columns are
cut out (a rook slides through them).  Anti-Clobber's regions are those walled by ``#``.  Every
variant is symmetric under the eight turns and mirrors, and swapping the colours is the negative.

Small values, worked by hand: in Anti-Clobber ``x.`` Left steps right leaving ``ox`` (no empty
square: 0), and Right has no stone: 1; ``x.o`` is ``{0|0}`` = *; Hot Clobber's ``xx`` is
``{0|}`` = 1; diagonal ``x.|.o`` is * for Kings and 0 for Clobber; Rooks' ``x..o`` is * too.

>>> from zermelo.analyses.canonical import canonical_form
>>> def value(kind, board):
...     g = GenClobber(kind)
...     return str(canonical_form(g, g.parse(board)))
>>> value("anti", "x."), value("anti", "x.o"), value("hot", "xx"), value("kings", "x.|.o"), value("rooks", "x..o")
('1', '*', '1', '*', '*')
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from ..core.errors import InvalidGame
from ..rules.catalogue import CGSuiteName, GameEntry, needs_params, register
from ._chargame import CharGridGame
from ._grid import CharGrid, char_regions, parse_chars

__all__ = ["VARIANTS", "GenClobber"]

_ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))  # up, down, left, right: as _grid.char_neighbours
_COMPASS = (*_ORTHOGONAL, (1, 1), (1, -1), (-1, 1), (-1, -1))
_KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))

#: variant: (CGSuite's name, directions, slides (unlimited distance), what is clobbered, summary)
VARIANTS: dict[str, tuple[str, tuple[tuple[int, int], ...], bool, str]] = {
    "anti": ("AntiClobber", _ORTHOGONAL, False, "move onto an adjacent empty square, leaving an enemy stone behind"),
    "hot": ("HotClobber", _ORTHOGONAL, False, "clobber an adjacent stone of either colour"),
    "kings": ("Kings", _COMPASS, False, "clobber like a chess king"),
    "knights": ("Knights", _KNIGHT, False, "clobber like a chess knight"),
    "rooks": ("Rooks", _ORTHOGONAL, True, "slide like a rook and clobber the first enemy stone"),
    "queens": ("Queens", _COMPASS, True, "slide like a queen and clobber the first enemy stone"),
}


#: Clobber itself (``clobber``, :class:`~zermelo.games.clobber.Clobber`) is the family's plain member.
_KINDS = {**VARIANTS, "clobber": ("Clobber", _ORTHOGONAL, False, "clobber an adjacent enemy stone")}


class GenClobber(CharGridGame):
    """One of the Clobber variants (``anti``, ``hot``, ``kings``, ``knights``, ``rooks``, ``queens``)."""

    syntax = "the board's rows from the top, separated by |: x Left's stone, o Right's, . empty, # no cell"
    examples = ("xox|oxo", "x.o|oxo")
    cell_symbols = ".xo"

    name: ClassVar[str] = "genclobber"
    chars: ClassVar[str] = "xo."
    live: ClassVar[str] = "xo"
    blank: ClassVar[str] = "."
    aliases: ClassVar[dict[str, str]] = {"X": "x", "O": "o"}
    swap: ClassVar[dict[str, str]] = {"x": "o", "o": "x"}

    def __init__(self, kind: str) -> None:
        if kind not in _KINDS:
            raise InvalidGame(f"genclobber: the variants are {', '.join(VARIANTS)}; got {kind!r}")
        super().__init__()
        self.kind = kind
        _cg, self.directions, self.slides, _summary = _KINDS[kind]

    def spec(self) -> str:
        return f"genclobber:{self.kind}"

    def parse(self, text: str) -> CharGrid:
        """Anti-Clobber's boards may have ``#`` (no cell): its empty squares take part in play."""
        chars = "xo.#" if self.kind == "anti" else "xo."
        return parse_chars(text, chars, name=self.spec(), aliases=self.aliases)

    def _moves(self, position: CharGrid, me: str, you: str) -> Iterator[CharGrid]:
        rows, cols, cells = position
        anti, hot = self.kind == "anti", self.kind == "hot"
        behind = you if anti else "."
        for i, ch in enumerate(cells):
            if ch != me:
                continue
            r0, c0 = divmod(i, cols)
            for dr, dc in self.directions:
                r, c = r0 + dr, c0 + dc
                while self.slides and 0 <= r < rows and 0 <= c < cols and cells[r * cols + c] == ".":
                    r, c = r + dr, c + dc
                if not (0 <= r < rows and 0 <= c < cols):
                    continue
                target = cells[r * cols + c]
                if target == "." if anti else (target in "xo" if hot else target == you):
                    new = list(cells)
                    new[i], new[r * cols + c] = behind, me
                    yield (rows, cols, "".join(new))

    def left_options(self, position: CharGrid) -> Iterator[CharGrid]:
        return self._moves(position, "x", "o")

    def right_options(self, position: CharGrid) -> Iterator[CharGrid]:
        return self._moves(position, "o", "x")

    def dead(self, region: CharGrid) -> bool:
        cells = region[2]
        if self.kind == "anti":
            return "." not in cells or not ("x" in cells or "o" in cells)
        if self.kind == "hot":
            return cells.count("x") + cells.count("o") < 2
        return "x" not in cells or "o" not in cells

    def split(self, position: CharGrid) -> list[CharGrid]:
        if self.kind == "anti":
            parts = char_regions(position, "xo.", "#")
        elif self.kind in ("hot", "clobber"):
            parts = char_regions(position, self.live, self.blank)
        elif self.kind == "kings":
            parts = char_regions(position, self.live, self.blank, diagonal=True)
        else:
            parts = _linked_groups(position, self.kind)
        return [p for p in parts if not self.dead(p)]


def _linked(kind: str, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether a stone on ``a`` may one day reach ``b`` (knight's move, shared line)."""
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    if kind == "knights":
        return {dr, dc} == {1, 2}
    if kind == "rooks":
        return dr == 0 or dc == 0
    return dr == 0 or dc == 0 or dr == dc  # queens


def _linked_groups(position: CharGrid, kind: str) -> list[CharGrid]:
    """The groups of stones linked by chains of :func:`_linked`, each on its own cropped board
    (Rooks: with its empty rows and columns cut out)."""
    _rows, cols, cells = position
    stones = [divmod(i, cols) for i, ch in enumerate(cells) if ch in "xo"]
    group = list(range(len(stones)))

    def root(k: int) -> int:
        while group[k] != k:
            group[k] = group[group[k]]
            k = group[k]
        return k

    for j in range(len(stones)):
        for k in range(j):
            if _linked(kind, stones[j], stones[k]):
                group[root(j)] = root(k)
    members: dict[int, list[tuple[int, int]]] = {}
    for k, s in enumerate(stones):
        members.setdefault(root(k), []).append(s)
    out = []
    for ss in members.values():
        if kind == "rooks":
            rs, cs = sorted({r for r, _ in ss}), sorted({c for _, c in ss})
        else:
            rs = list(range(min(r for r, _ in ss), max(r for r, _ in ss) + 1))
            cs = list(range(min(c for _, c in ss), max(c for _, c in ss) + 1))
        at = {s: cells[s[0] * cols + s[1]] for s in ss}
        grid = "".join(at.get((r, c), ".") for r in rs for c in cs)
        out.append((len(rs), len(cs), grid))
    return out


def _entry() -> GameEntry:
    names = " | ".join(VARIANTS)
    return GameEntry(
        "genclobber",
        needs_params(GenClobber, "genclobber", f"the variant ({names})", "kings"),
        "the Clobber family: anti (Anti-Clobber), hot, kings, knights, rooks, queens (x: Left, o: Right; partisan)",
        names,
        'genclobber:kings "xox|oxo"',
        rules=GenClobber,
        cgsuite=tuple(CGSuiteName(f"game.grid.{cg}", params=kind) for kind, (cg, *_rest) in VARIANTS.items()),
    )


register(_entry())
