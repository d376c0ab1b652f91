"""The Clobber family (Anti-Clobber, Hot Clobber, Kings, Knights, Rooks, Queens): small values
worked by hand, colour swap = negation, the fast value (groups, keys) against plain play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zermelo as z
from partisan_check import check_position, grid_boards
from zermelo.cgsuite import evaluate
from zermelo.core.errors import InvalidGame, InvalidPosition
from zermelo.games.genclobber import VARIANTS, GenClobber

GOLDEN = [
    ("anti", "x.", "1"),  # Left steps right leaving "ox": no empty square left; Right has no stone
    ("anti", "x.o", "*"),
    ("anti", "x#.", "0"),  # walled: the stone has nowhere to go
    ("hot", "xx", "1"),  # {0|}
    ("hot", "xo", "*"),
    ("kings", "x.|.o", "*"),  # diagonal neighbours meet
    ("knights", "x..|..o", "*"),  # a knight's move apart
    ("knights", "xo", "0"),  # side by side: knights never meet
    ("rooks", "x..o", "*"),
    ("rooks", "x..|..o", "0"),  # no shared line
    ("queens", "x..|...|..o", "*"),  # on a diagonal
    ("queens", "x..|..o|...", "0"),  # a knight's move: no line
    ("rooks", "xoo", "v"),  # as Clobber's xoo, the rook reaches only its neighbour
    ("rooks", "x.oo", "v"),  # the same with a gap: the empty column is cut out
]


@pytest.mark.parametrize(("kind", "board", "expected"), GOLDEN)
def test_golden(kind: str, board: str, expected: str) -> None:
    g = GenClobber(kind)
    assert str(z.canonical_form(g, g.parse(board))) == expected


@pytest.mark.parametrize("kind", list(VARIANTS))
def test_colour_swap_is_negation(kind: str) -> None:
    g = GenClobber(kind)
    for board in ("xo.|oxx|.o.", "xxo|.o.|o.x"):
        swapped = board.translate(str.maketrans("xo", "ox"))
        assert z.canonical_form(g, g.parse(swapped)) is -z.canonical_form(g, g.parse(board))


def test_anti_clobber_is_clobber_backwards() -> None:
    """A Clobber move from G to H is an Anti-Clobber move of the other player from H to G (CGSuite's
    definition), as long as both are on the same board."""
    from zermelo.games.clobber import Clobber

    c, a = Clobber(), GenClobber("anti")
    for board in ("xo.|ox.", "xox|o.o"):
        g = c.parse(board)
        for h in c.left_options(g):
            assert g in set(a.right_options(h)) or g in set(a.left_options(h))


def test_errors() -> None:
    with pytest.raises(InvalidGame, match="the variants are"):
        GenClobber("bishops")
    with pytest.raises(InvalidPosition, match="unexpected '#' at row 1, column 2"):
        GenClobber("kings").parse("x#o")


@pytest.mark.parametrize(
    ("expr", "printed"),
    [
        ('game.grid.AntiClobber("x.o").CanonicalForm', "*"),
        ('game.grid.Kings("x.|.o").CanonicalForm', "*"),
        ('game.grid.Rooks("x..o").OutcomeClass', "N"),
        ('game.grid.HotClobber("xx").CanonicalForm', "1"),
    ],
)
def test_cgsuite_names(expr: str, printed: str) -> None:
    assert evaluate(expr) == printed


@pytest.mark.parametrize("kind", [k for k in VARIANTS if k != "anti"])
@settings(max_examples=6, deadline=None)
@given(board=grid_boards(3, 3, "xo...."))
def test_fast_value_matches_plain_play(kind: str, board: str) -> None:
    g = GenClobber(kind)
    check_position(g, g.parse(board))


@settings(max_examples=6, deadline=None)
@given(board=grid_boards(2, 4, "xo.#"))
def test_anti_clobber_fast_value_matches_plain_play(board: str) -> None:  # its empty squares make long games
    kind = "anti"
    g = GenClobber(kind)
    check_position(g, g.parse(board))


# CGSuite's GenClobber(directions, clobbered, leftBehind, maxDistance) beyond the named variants:
# a rule that treats the players alike, one that does not, and one that moves on empty squares.
RULES = [
    "diagonal",
    "knights,clobber=xo/xo",
    "compass,distance=2",
    "orthogonal,clobber=xo/x",
    "diagonal,clobber=./.,behind=x/o",
    # directions no turn or mirror keeps (CGSuite's [Coordinates.East, Coordinates.South], Hexagonal)
    "0:1;1:0",
    "hexagonal",
    "0:1;0:-1,clobber=xo/xo",
    "0:2;1:1",
]


@pytest.mark.parametrize("rule", RULES)
@settings(max_examples=6, deadline=None)
@given(board=grid_boards(3, 3, "xo...."))
def test_general_rules_match_plain_play(rule: str, board: str) -> None:
    g = GenClobber(rule)
    check_position(g, g.parse(board))


def test_one_way_rules_are_not_mirrored() -> None:
    """With directions only east, "xo" (Left clobbers, Right cannot) is 1 and its mirror "ox" is -1:
    the left-right mirror is no symmetry of the game, and the key must not merge the two."""
    g = GenClobber("0:1")
    assert str(z.canonical_form(g, g.parse("xo"))) == "1"
    assert str(z.canonical_form(g, g.parse("ox"))) == "-1"
    assert str(z.canonical_form(g, g.parse("xo|ox"))) == "0"  # the colour swap is still the negative
    h = GenClobber("hexagonal")
    assert z.canonical_form(h, h.parse("x.|.o")) is not z.canonical_form(h, h.parse(".x|o."))


def test_general_rules() -> None:
    from zermelo.games.genclobber import cgsuite_params, parse_rule

    assert [parse_rule(r).spec() for r in ("orthogonal,clobber=xo/xo", "compass,distance=inf", "diagonal")] == [
        "hot",
        "queens",
        "diagonal",
    ]
    assert not GenClobber("orthogonal,clobber=xo/x").negates  # Left may clobber her own stones, Right not
    knights = "1,2,2,1,2,-1,1,-2,-1,-2,-2,-1,-2,1,-1,2"
    assert cgsuite_params({"directions": knights, "maxDistance": "inf"}) == "knights,distance=inf"
    for bad, words in [
        ("sideways", "the variants are"),
        ("0:0", "not 0:0"),
        ("1:x", "steps row:column"),
        ("diagonal,clobber=q/x", "clobber= is Left's cells / Right's"),
        ("diagonal,behind=xo/.", "behind= is Left's a cell / Right's"),
        ("diagonal,distance=0", "the distance"),
        ("diagonal,speed=2", "is not clobber=L/R"),
        ("diagonal,clobber=./o", "Left's stones would move onto empty squares and leave them empty"),
    ]:
        with pytest.raises(InvalidGame, match=words):
            GenClobber(bad)


@pytest.mark.parametrize(
    ("expr", "printed"),
    [
        # CGSuite's worksheet tests (GameGridTest, commit e909ab8b)
        ('game.grid.GenClobber(directions => Coordinates.Diagonal)("xoxo|oox.|xxx.").CanonicalForm', "{0,v*|vv}"),
        ('game.grid.Kings("xox|ox.").CanonicalForm', "{^^*|*,v[2]}"),
        ('game.grid.Rooks("xox|ox.").CanonicalForm', "{^^*|0,*}"),
        ('game.grid.Queens("xox|ox.").CanonicalForm', "^"),
        ('game.grid.AntiClobber("xoxo|oo..").CanonicalForm', "{*|-1}"),
        # CGSuite's library defines the variants so (game/grid/constants.cgs): the same games
        (
            "game.grid.GenClobber(clobbered => {Left => {0}, Right => {0}}, leftBehind => {Left => 2, Right => 1})"
            '("xoxo|oo..").CanonicalForm',
            "{*|-1}",
        ),
        ('game.grid.GenClobber(directions => Coordinates.Compass, maxDistance => inf)("xox|ox.").CanonicalForm', "^"),
        ('game.grid.GenClobber(maxDistance => inf)("xox|ox.").CanonicalForm', "{^^*|0,*}"),
        ('game.grid.GenClobber(directions => Coordinates.Compass)("xox|ox.").CanonicalForm', "{^^*|*,v[2]}"),
        ('game.grid.GenClobber()("xox|ox.").CanonicalForm', "{^^*|*,v}"),
        # one-way directions, worked by hand: east only, "xo.|ox." is {-1|1} = 0 (each side's one
        # clobber leaves the other side's); Left's "xo" east is 1 less a move for Right, {0|} = 1 ... = *
        ('game.grid.GenClobber(directions => [Coordinates.East])("xo.|ox.").CanonicalForm', "0"),
        ('game.grid.GenClobber(directions => [Coordinates.East])("xo").CanonicalForm', "1"),
        ('game.grid.GenClobber(directions => [(0,1),(0,-1)])("xo").CanonicalForm', "*"),
    ],
)
def test_cgsuite_gen_clobber(expr: str, printed: str) -> None:
    assert evaluate(expr) == printed


def test_cgsuite_gen_clobber_errors() -> None:
    from zermelo.cgsuite import CGSuiteError

    for expr, words in [
        ("game.grid.GenClobber(directions => [(0,0)])", "`directions` is a list of Coordinates"),
        ("game.grid.GenClobber(clobbered => {Left => {3}, Right => {1}})", "holds cells 0 (empty), 1"),
        ("game.grid.GenClobber(clobbered => {Left => {1}})", "is a map {Left => …, Right => …}"),
        ("game.grid.GenClobber(speed => 2)", "Invalid parameter name (in call to `game.grid.GenClobber` constructor)"),
    ]:
        with pytest.raises(CGSuiteError, match=words.replace("(", r"\(").replace(")", r"\)").replace("{", r"\{")):
            evaluate(expr)


@settings(max_examples=20, deadline=None)
@given(
    kind=st.sampled_from(["clobber", "kings", "knights", "queens", "anti"]),
    cells=st.text("xo.", min_size=6, max_size=6),
)
def test_cgsuite_listing_is_every_option_once(kind: str, cells: str) -> None:
    """CGSuite's order of the options (its Options list) holds exactly the moves of the rules."""
    from zermelo.games.genclobber import cgsuite_listed

    g = GenClobber(kind)
    p = g.parse(cells[:3] + "|" + cells[3:])
    for left in (True, False):
        listed = cgsuite_listed(g, p, left)
        assert sorted(listed) == sorted(g.left_options(p) if left else g.right_options(p))
