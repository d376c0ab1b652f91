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
from dataclasses import dataclass
from typing import ClassVar

from ..core.checks import parse_int
from ..core.errors import InvalidGame
from ..rules.catalogue import CGSuiteName, GameEntry, needs_params, register
from ._chargame import CharGridGame
from ._grid import CharGrid, char_orbit, char_regions, parse_chars

__all__ = ["DIRECTIONS", "VARIANTS", "GenClobber", "Rule", "cgsuite_listed", "parse_rule", "parse_steps", "steps_name"]

_ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))  # up, down, left, right: as _grid.char_neighbours
_DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
_COMPASS = (*_ORTHOGONAL, *_DIAGONAL)
_KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))

# CGSuite's own order of its lists of directions (north is up: row - 1), which its Options follow.
_CG_ORTHOGONAL = ((-1, 0), (0, 1), (1, 0), (0, -1))
_CG_ORDERS = (
    _CG_ORTHOGONAL,
    ((-1, 1), (1, 1), (1, -1), (-1, -1)),  # Coordinates.Diagonal
    ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)),  # Coordinates.Compass
    ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)),  # Coordinates.KnightsMove
)


def _in_cgsuite_order(steps: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """``steps`` in CGSuite's order when they are one of its named lists, else as given."""
    return next((order for order in _CG_ORDERS if set(order) == set(steps)), steps)


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

#: CGSuite's lists of directions (``Coordinates.Orthogonal`` …) by the names a general rule uses;
#: each is kept by every turn and mirror of the board.  Any other list is written as its steps,
#: row then column (down and right positive), ``0:1;1:0`` (east and south: CGSuite's
#: ``[Coordinates.East, Coordinates.South]``); ``hexagonal`` is CGSuite's ``Coordinates.Hexagonal``.
DIRECTIONS = {"orthogonal": _ORTHOGONAL, "diagonal": _DIAGONAL, "compass": _COMPASS, "knights": _KNIGHT}
_HEXAGONAL = ((-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1))
#: The four mirrors that keep rows as rows, in :func:`~zermelo.games._grid.char_orbit`'s order of
#: their images (as it is, left-right, top-bottom, the half turn), as maps of a step.
_MIRRORS = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def parse_steps(text: str) -> tuple[tuple[int, int], ...]:
    """A rule's directions: a name of :data:`DIRECTIONS`, ``hexagonal``, or steps ``r:c;r:c``.

    >>> parse_steps("0:1;1:0"), parse_steps("hexagonal") == _HEXAGONAL
    (((0, 1), (1, 0)), True)
    """
    t = text.strip().lower()
    if t in DIRECTIONS:
        return DIRECTIONS[t]
    if t == "hexagonal":
        return _HEXAGONAL
    steps: list[tuple[int, int]] = []
    for word in t.split(";"):
        r, colon, c = word.partition(":")
        try:
            step = (int(r), int(c))
        except ValueError:
            step = (0, 0)
        if not colon or step == (0, 0) or max(abs(step[0]), abs(step[1])) > 20:
            raise InvalidGame(
                f"genclobber: directions are {', '.join(DIRECTIONS)}, hexagonal, or steps row:column apart by"
                f" ';' (like 0:1;1:0, each from -20 to 20, not 0:0); got {text.strip()!r}"
            )
        if step not in steps:
            steps.append(step)
    return tuple(steps)


def steps_name(steps: tuple[tuple[int, int], ...]) -> str:
    """The name of a list of directions: :data:`DIRECTIONS`' name, ``hexagonal``, or its steps."""
    for name, dirs in (*DIRECTIONS.items(), ("hexagonal", _HEXAGONAL)):
        if set(steps) == set(dirs):
            return name
    return ";".join(f"{r}:{c}" for r, c in sorted(set(steps)))


@dataclass(frozen=True)
class Rule:
    """CGSuite's ``GenClobber(directions, clobbered, leftBehind, maxDistance)``: the cells
    (``.``, ``x``, ``o``) Left's and Right's stones may move onto, what each leaves behind, how
    far a stone goes (over empty cells, then onto the last; 0: no limit)."""

    directions: str
    clobbered: tuple[str, str] = ("o", "x")
    behind: tuple[str, str] = (".", ".")
    reach: int = 1

    def spec(self) -> str:
        """The rule as ``genclobber``'s parameter: a variant's name, else the directions and what
        differs from Clobber (``diagonal``, ``compass,clobber=xo/xo,distance=2``)."""
        for kind, (_cg, dirs, slides, _s) in _KINDS.items():
            if self == _variant_rule(kind, dirs, slides):
                return kind
        words = [self.directions]
        if self.clobbered != ("o", "x"):
            words.append("clobber=" + "/".join(_cells(c) for c in self.clobbered))
        if self.behind != (".", "."):
            words.append("behind=" + "/".join(self.behind))
        if self.reach != 1:
            words.append(f"distance={self.reach or 'inf'}")
        return ",".join(words)

    @property
    def symmetric(self) -> bool:
        """Whether swapping the colours swaps the players' rules (the swapped board is then the negative)."""
        swap = str.maketrans("xo", "ox")
        return _cells(self.clobbered[0].translate(swap)) == _cells(self.clobbered[1]) and (
            self.behind[0].translate(swap) == self.behind[1]
        )


def _cells(text: str) -> str:
    return "".join(sorted(set(text), key=".xo".index))


def _variant_rule(kind: str, dirs: tuple[tuple[int, int], ...], slides: bool) -> Rule:
    name = next(n for n, d in DIRECTIONS.items() if d == dirs)
    if kind == "anti":
        return Rule(name, (".", "."), ("o", "x"))
    if kind == "hot":
        return Rule(name, ("xo", "xo"))
    return Rule(name, reach=0 if slides else 1)


def parse_rule(text: str) -> Rule:
    """A variant's name, or ``DIRECTIONS[,clobber=L/R][,behind=L/R][,distance=N|inf]``: the
    cells (``.xo``) Left / Right may move onto and leave behind.

    >>> parse_rule("diagonal"), parse_rule("kings") == parse_rule("compass")
    (Rule(directions='diagonal', clobbered=('o', 'x'), behind=('.', '.'), reach=1), True)
    >>> parse_rule("orthogonal,clobber=./.,behind=o/x").spec(), parse_rule("compass,distance=inf").spec()
    ('anti', 'queens')
    """
    t = text.strip().lower()
    if t in _KINDS:
        _cg, dirs, slides, _s = _KINDS[t]
        return _variant_rule(t, dirs, slides)
    first, *rest = [w.strip() for w in t.split(",")]
    if first not in DIRECTIONS and first != "hexagonal" and ":" not in first:
        raise InvalidGame(
            f"genclobber: the variants are {', '.join(VARIANTS)}, or directions ({', '.join(DIRECTIONS)},"
            f" hexagonal, or steps like 0:1;1:0) with clobber=, behind=, distance=; got {text.strip()!r}"
        )
    first = steps_name(parse_steps(first))
    fields: dict[str, str] = {}
    for w in rest:
        key, eq, value = w.partition("=")
        if not eq or key not in ("clobber", "behind", "distance") or key in fields:
            raise InvalidGame(f"genclobber: {w!r} is not clobber=L/R, behind=L/R or distance=N (once each)")
        fields[key] = value
    clobbered, behind = ("o", "x"), (".", ".")
    if "clobber" in fields:
        clobbered = _pair(fields["clobber"], "clobber", single=False)
    if "behind" in fields:
        behind = _pair(fields["behind"], "behind", single=True)
    reach = 1
    if "distance" in fields:
        d = fields["distance"]
        reach = (
            0 if d == "inf" else parse_int(d, "genclobber: the distance", minimum=1, maximum=1000, error=InvalidGame)
        )
    for side, who in ((0, "Left"), (1, "Right")):
        if "." in clobbered[side] and behind[side] == ".":
            raise InvalidGame(
                f"genclobber: {who}'s stones would move onto empty squares and leave them empty, walking"
                " for ever (a loopy game): give behind= a stone for that side"
            )
    return Rule(first, (_cells(clobbered[0]), _cells(clobbered[1])), behind, reach)


def _pair(text: str, what: str, *, single: bool) -> tuple[str, str]:
    left, slash, right = text.partition("/")
    ok = slash and all(side and set(side) <= set(".xo") and (len(side) == 1 or not single) for side in (left, right))
    if not ok:
        one = "a cell" if single else "cells"
        raise InvalidGame(f"genclobber: {what}= is Left's {one} / Right's, of . x o (like {what}=o/x); got {text!r}")
    return left, right


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
        self.rule = parse_rule(kind)
        self.kind = self.rule.spec()
        self.directions = parse_steps(self.rule.directions)
        #: Directions kept by every turn and mirror (the named lists): else the symmetries that keep them.
        self.all_turns = self.rule.directions in DIRECTIONS
        super().__init__()
        self.negates = self.rule.symmetric  # else the colours swapped are another game

    def spec(self) -> str:
        return f"genclobber:{self.kind}"

    def parse(self, text: str) -> CharGrid:
        """Anti-Clobber's boards may have ``#`` (no cell): its empty squares take part in play."""
        chars = "xo.#" if "." in "".join(self.rule.clobbered) else "xo."
        return parse_chars(text, chars, name=self.spec(), aliases=self.aliases)

    def _moves(self, position: CharGrid, me: str, you: str) -> Iterator[CharGrid]:
        return (option for _step, option in self._steps(position, me))

    def cgsuite_options(self, position: CharGrid, left: bool) -> list[CharGrid]:
        """The options as CGSuite's ``GenClobber`` lists them (its ``Options``, a list): stones in
        reading order, each stone's moves in the order of CGSuite's list of directions
        (``Coordinates.Orthogonal`` is north, east, south, west)."""
        order = {d: k for k, d in enumerate(_in_cgsuite_order(self.directions))}
        moves = list(self._steps(position, "x" if left else "o"))
        return [option for _key, option in sorted((((i, order[d]), g) for (i, d), g in moves), key=lambda m: m[0])]

    def _steps(self, position: CharGrid, me: str) -> Iterator[tuple[tuple[int, tuple[int, int]], CharGrid]]:
        """Each move as ((its stone's cell, its direction), the position after it)."""
        rows, cols, cells = position
        side = 0 if me == "x" else 1
        onto, behind, reach = self.rule.clobbered[side], self.rule.behind[side], self.rule.reach
        for i, ch in enumerate(cells):
            if ch != me:
                continue
            r0, c0 = divmod(i, cols)
            for dr, dc in self.directions:
                r, c, n = r0 + dr, c0 + dc, 1
                while (not reach or n < reach) and 0 <= r < rows and 0 <= c < cols and cells[r * cols + c] == ".":
                    r, c, n = r + dr, c + dc, n + 1
                if not (0 <= r < rows and 0 <= c < cols):
                    continue
                if cells[r * cols + c] in onto:
                    new = list(cells)
                    new[i], new[r * cols + c] = behind, me
                    yield (i, (dr, dc)), (rows, cols, "".join(new))

    def orbit(self, region: CharGrid) -> tuple[int, int, list[str]]:
        """Directions that not every turn and mirror keeps (``0:1;1:0``, ``hexagonal``): only the
        mirrors that map the directions onto themselves are symmetries of the game."""
        if self.all_turns:
            return super().orbit(region)
        rows, cols, cells = region
        texts = char_orbit((rows, cols, cells), turns=False)[2]
        dirs = set(self.directions)
        keep = [t for t, (a, b) in zip(texts, _MIRRORS, strict=True) if {(a * r, b * c) for r, c in dirs} == dirs]
        return rows, cols, keep

    def left_options(self, position: CharGrid) -> Iterator[CharGrid]:
        return self._moves(position, "x", "o")

    def right_options(self, position: CharGrid) -> Iterator[CharGrid]:
        return self._moves(position, "o", "x")

    def dead(self, region: CharGrid) -> bool:
        cells = region[2]
        if self.kind not in _KINDS:
            return "x" not in cells and "o" not in cells
        if self.kind == "anti":
            return "." not in cells or not ("x" in cells or "o" in cells)
        if self.kind == "hot":
            return cells.count("x") + cells.count("o") < 2
        return "x" not in cells or "o" not in cells

    def split(self, position: CharGrid) -> list[CharGrid]:
        if self.kind not in _KINDS:
            return self._general_split(position)
        if self.kind == "anti":
            parts = char_regions(position, "xo.", "#")
        elif self.kind in ("hot", "clobber"):
            parts = char_regions(position, self.live, self.blank)
        elif self.kind == "kings":
            parts = char_regions(position, self.live, self.blank, diagonal=True)
        else:
            parts = _linked_groups(position, self.kind)
        return [p for p in parts if not self.dead(p)]

    def _general_split(self, position: CharGrid) -> list[CharGrid]:
        """A rule that is not a named variant: stones one step apart are one game while every move
        only shrinks the stones' squares (onto a stone, one step); otherwise the board is one game."""
        rule = self.rule
        if rule.reach != 1 or "." in "".join(rule.clobbered) or rule.behind != (".", "."):
            return [position] if not self.dead(position) else []
        if rule.directions == "knights":
            parts = _linked_groups(position, "knights")
        elif not self.all_turns:
            parts = _linked_groups(position, "steps", self.directions)
        else:
            parts = char_regions(position, self.live, self.blank, diagonal=rule.directions != "orthogonal")
        return [p for p in parts if not self.dead(p)]


def _linked(kind: str, a: tuple[int, int], b: tuple[int, int], steps: tuple[tuple[int, int], ...] = ()) -> bool:
    """Whether a stone on ``a`` may one day reach ``b`` (knight's move, shared line, one of the
    rule's ``steps`` either way)."""
    if kind == "steps":
        d = (a[0] - b[0], a[1] - b[1])
        return d in steps or (-d[0], -d[1]) in steps
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    if kind == "knights":
        return {dr, dc} == {1, 2}
    if kind == "rooks":
        return dr == 0 or dc == 0
    return dr == 0 or dc == 0 or dr == dc  # queens


def _linked_groups(position: CharGrid, kind: str, steps: tuple[tuple[int, int], ...] = ()) -> list[CharGrid]:
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
            if _linked(kind, stones[j], stones[k], steps):
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


def cgsuite_params(named: dict[str, str]) -> str:
    """CGSuite's ``GenClobber(directions ? Coordinates.Orthogonal, clobbered ? {Left => {2}, Right
    => {1}}, leftBehind ? {Left => 0, Right => 0}, maxDistance ? 1)`` (CGSuite's cells: 0 empty,
    1 Left's stone, 2 Right's) as ``genclobber``'s rule.

    >>> cgsuite_params({"directions": "-1,1,1,1,1,-1,-1,-1"}), cgsuite_params({"maxDistance": "inf"})
    ('diagonal', 'rooks')
    >>> cgsuite_params({"clobbered": "Left=0;Right=0", "leftBehind": "Left=2;Right=1"})
    'anti'
    """
    words = [_cgsuite_directions(named.get("directions"))]
    if "clobbered" in named:
        words.append("clobber=" + _cgsuite_sides(named["clobbered"], "clobbered"))
    if "leftBehind" in named:
        words.append("behind=" + _cgsuite_sides(named["leftBehind"], "leftBehind"))
    if "maxDistance" in named:
        words.append(f"distance={named['maxDistance']}")
    return parse_rule(",".join(words)).spec()


def _cgsuite_directions(text: str | None) -> str:
    if text is None:
        return "orthogonal"
    nums = text.split(",")
    try:
        pairs = {(int(a), int(b)) for a, b in zip(nums[::2], nums[1::2], strict=True)}
    except ValueError:
        pairs = set()
    if not pairs or (0, 0) in pairs:
        raise InvalidGame(
            "genclobber: `directions` is a list of Coordinates (Coordinates.Orthogonal, Coordinates.Diagonal,"
            " Coordinates.Compass, Coordinates.KnightsMove, Coordinates.Hexagonal, [Coordinates.East], [(0,1)]),"
            " none of them (0,0)"
        )
    return steps_name(tuple(sorted(pairs)))


def _cgsuite_sides(text: str, what: str) -> str:
    """``Left=1,2;Right=1,2`` (CGSuite's map, cells 0 1 2) as ``xo/xo``."""
    sides = dict(part.partition("=")[::2] for part in text.split(";"))
    if set(sides) != {"Left", "Right"} or not all(sides.values()):
        raise InvalidGame(f"genclobber: `{what}` is a map {{Left => …, Right => …}}")
    cells = []
    for side in ("Left", "Right"):
        digits = sides[side].split(",")
        if not all(d in ("0", "1", "2") for d in digits):
            raise InvalidGame(f"genclobber: `{what}` holds cells 0 (empty), 1 (Left's stone), 2 (Right's)")
        cells.append("".join(".xo"[int(d)] for d in digits))
    return "/".join(cells)


def cgsuite_listed(rules: GenClobber, position: CharGrid, left: bool) -> list[CharGrid]:
    """CGSuite's list of a position's options (:meth:`GenClobber.cgsuite_options`)."""
    return rules.cgsuite_options(position, left)


def _entry() -> GameEntry:
    names = " | ".join(VARIANTS)
    return GameEntry(
        "genclobber",
        needs_params(GenClobber, "genclobber", f"the variant ({names})", "kings"),
        "the Clobber family: anti (Anti-Clobber), hot, kings, knights, rooks, queens (x: Left, o: Right; partisan)",
        f"{names}, or DIRECTIONS ({' | '.join(DIRECTIONS)})[,clobber=L/R][,behind=L/R][,distance=N|inf]:"
        " the cells (. x o) Left's / Right's stones may move onto and leave behind",
        'genclobber:kings "xox|oxo"',
        rules=GenClobber,
        cgsuite=(
            *(
                CGSuiteName(f"game.grid.{cg}", params=kind, options=cgsuite_listed)
                for kind, (cg, *_r) in VARIANTS.items()
            ),
            CGSuiteName(
                "game.grid.GenClobber",
                family=True,
                options=cgsuite_listed,
                parameters=("directions", "clobbered", "leftBehind", "maxDistance"),
                bind=cgsuite_params,
            ),
        ),
    )


register(_entry())
