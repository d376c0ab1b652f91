"""CGSuite's library of rulesets in the evaluator (zermelo.cgsuite.rulesets): the constructors,
the position properties, list comprehensions and the errors.

Golden values from Winning Ways (Domineering's 2 × 2 = ±1 and 2 × 3 = {2|-1/2}, Kayles's and
Grundy's game's nim-value rows, stalks of Hackenbush), the rest checked against the engine.
"""

from __future__ import annotations

import pytest

from zermelo.analyses.analysis import grundy
from zermelo.cgsuite import CGSuiteError, NotSupported, evaluate
from zermelo.cgsuite.rulesets import rulesets
from zermelo.games import Kayles
from zermelo.games.registry import entries

GOLDEN = [
    ('game.grid.Domineering("..|..").CanonicalForm', "+-1"),
    ("game.grid.Domineering(Grid.Empty(2,3)).CanonicalForm", "{2|-1/2}"),
    ('game.grid.Domineering("..|..").OutcomeClass', "N"),
    ('game.grid.Domineering("..|..").Options(Left)', '[game.grid.Domineering("#.|#."),game.grid.Domineering(".#|.#")]'),
    ('game.grid.Domineering("...|...").Temperature', "5/4"),
    ('game.grid.Domineering("..|..") + 1', 'game.grid.Domineering("..|..") + 1'),  # CGSuite's CompoundGame
    ('(game.grid.Domineering("..|..") + 1).CanonicalForm', "{2|0}"),
    ('game.grid.Clobber("xoo").LeftOptions', '[game.grid.Clobber(".xo")]'),
    ('game.grid.Clobber("xo").CanonicalForm', "*"),
    ('game.grid.Clobber("xoo").GameValue', "v"),
    ('game.grid.Cram("...|...").OutcomeClass', "N"),
    ('game.grid.Cram("..|..").CanonicalForm', "0"),
    ('game.strip.ToadsAndFrogs("t.f").CanonicalForm', "*"),
    ('game.graph.Hackenbush("lrr").CanonicalForm', "1/4"),
    ('game.graph.Hackenbush("lll").CanonicalForm', "3"),
    ('game.graph.Hackenbush("e").CanonicalForm', "*"),
    # CGSuite's NimValueSequence(n) lists heaps 1 to n (its worksheet tests, commit e909ab8b)
    ("game.heap.Kayles.NimValueSequence(12)", "[1,2,3,1,4,3,2,1,4,2,6,4]"),
    ("game.heap.GrundysGame.NimValueSequence(10)", "[0,0,1,0,2,1,0,2,1,0]"),
    ('game.heap.TakeAndBreak("4!.0").NimValueSequence(10)', "[0,0,1,0,2,1,0,2,1,0]"),
    ("game.heap.Subtraction([2,3,7]).NimValueSequence(20)", "[0,1,1,2,0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0]"),
    ('game.heap.Spawning("1-3").NimValueSequence(20)', "[1,2,4,7,8,11,13,14,16,19,21,22,25,26,28,31,32,35,37,38]"),
    # a position's followers are positions (CGSuite's worksheet tests: 2,784 of them here)
    ('game.grid.Amazons("x...|o...").Followers.Size', "2784"),
    ('game.grid.Domineering("..|..").Followers.Size', "6"),
    ('game.heap.Spawning("1+S").NimValueSequence(12)', "[1,2,4,3,6,7,8,16,18,25,32,11]"),
    ('game.heap.Spawning("3C(5)").NimValueSequence(20)', "[0,0,1,2,4,0,0,1,2,4,0,0,1,2,4,0,0,1,2,4]"),
    ('game.heap.TakeAndBreak("0.3F").NimValueSequence(20)', "[1,2,0,1,2,3,4,5,3,4,5,6,7,8,6,7,8,9,10,11]"),
    ('game.heap.TakeAndBreak("0.[3]")(7).NimValue', "7"),
    ("game.heap.Nim(5).CanonicalForm", "*5"),
    ("game.heap.Nim(5)", "game.heap.Nim(5)"),
    ("game.heap.Subtraction([1,2,3])(7).NimValue", "3"),
    ("game.heap.Wythoff((3,5)).NimValue", "0"),
    ("game.heap.Kayles(4).OutcomeClass", "N"),
    ("[game.heap.Kayles(n).NimValue for n from 1 to 10]", "[1,2,3,1,4,3,2,1,4,2]"),
    ("[n * n for n from 1 to 4]", "[1,4,9,16]"),
    ("[game.heap.Subtraction([1,2,3])(n).NimValue for n from 1 to 5]", "[1,2,3,0,1]"),  # brackets inside
    ("[[m for m from 1 to n] for n from 1 to 3]", "[[1],[1,2],[1,2,3]]"),
    ("[n for n from 3 to 2]", "[]"),
    ("[x+y for x from 1 to 2 for y from 1 to 2]", "[2,3,3,4]"),  # two `for`s: the first outermost
    ("[[a,b] for a from 0 to 2 for b from 0 to a - 1]", "[[1,0],[2,0],[2,1]]"),
    # A ruleset's method written infix, as CGSuite's help does (its Cutcake is the cake product of 4.0)
    ("game.heap.Nim PartizanJoin game.heap.Kayles", "game.heap.Nim.PartizanJoin(game.heap.Kayles)"),
    ('(game.heap.TakeAndBreak("4.0") CakeProduct game.heap.TakeAndBreak("4.0"))((3,4)).CanonicalForm', "1"),
    ("game.heap.Cutcake((3,4)).CanonicalForm", "1"),
    # CGSuite's TakeAndBreak.FromSubtractionSet (its Subtraction's definition): its worksheet rows
    ("game.heap.TakeAndBreak.FromSubtractionSet([2,3,7], allbut => true).code", '"0.3003330[3]"'),
    (
        "game.heap.TakeAndBreak.FromSubtractionSet([2,3,7], allbut => true).NimValueSequence(20)",
        "[1,0,1,2,3,2,3,4,5,4,5,6,7,6,7,8,9,8,9,10]",
    ),
    (
        "game.heap.TakeAndBreak.FromSubtractionSet([2,3,7]).NimValueSequence(20)",
        "[0,1,1,2,0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0]",
    ),
    ('game.heap.TakeAndBreak.FromSubtractionSet([2,3,5,9], "3")', 'game.heap.TakeAndBreak("0.033030003")'),
    ('game.heap.TakeAndBreak.FromSubtractionSet([1,2], "7").NimValueSequence(8)', "[1,2,3,1,4,3,2,1]"),
    # Color is in game.graph in CGSuite's library (its ChildishHackenbush's definition)
    (
        'game.graph.GenHackenbush(childishEdges => [game.graph.Color.Blue, game.graph.Color.Red])("lrl").CanonicalForm',
        "1",
    ),
]


@pytest.mark.parametrize(("text", "printed"), GOLDEN)
def test_golden(text: str, printed: str) -> None:
    assert evaluate(text) == printed


def test_dawsons_kayles_matches_the_engine() -> None:
    assert evaluate("game.heap.Kayles(30).NimValue") == str(grundy(Kayles(), 30))


def test_comprehension_variable_is_local() -> None:
    env: dict[str, object] = {}
    evaluate("n := 7", env)
    assert evaluate("[n for n from 1 to 2]; n", env) == "7"


ERRORS = [
    ("game.heap.Foo(5)", CGSuiteError, "No ruleset `game.heap.Foo`"),
    ("game.foo", CGSuiteError, "No package `game.foo`"),
    ('game.grid.Domineering("..|...")', CGSuiteError, "game.grid.Domineering: rows must have equal lengths"),
    ('game.heap.TakeAndBreak("0.Z[")(3)', CGSuiteError, "game.heap.TakeAndBreak:"),
    ("game.heap.TakeAndBreak(5)", CGSuiteError, "game.heap.TakeAndBreak:"),
    ("game.heap.Kayles(5)(3)", CGSuiteError, "That is not a function"),
    ('game.grid.Domineering("..").NimValue', CGSuiteError, "That game is not a nimber"),
    ("for n from 1 to 3 do n end", NotSupported, "CGScript's `for`"),
    ("[n for n from 1 to 1000000]", CGSuiteError, "That list would have"),
    (
        "game.heap.TakeAndBreak.FromSubtractionSet([0,2])",
        CGSuiteError,
        "game.heap.TakeAndBreak.FromSubtractionSet: a number to take must be a whole number from 1",
    ),
    ("game.heap.TakeAndBreak.FromSubtractionSet([1], foo => 1)", CGSuiteError, "Invalid parameter name"),
    (
        'game.heap.TakeAndBreak.FromSubtractionSet([1], "33")',
        CGSuiteError,
        "game.heap.TakeAndBreak.FromSubtractionSet: codeDigit",
    ),
    ("game.heap.TakeAndBreak.Foo([1])", CGSuiteError, "game.heap.TakeAndBreak needs its parameters first"),
    # CGSuite's GameGraphTest refuses these, in these words (zermelo's own message explains more)
    ('game.graph.Hackenbush("lrlr;lr").CanonicalForm', CGSuiteError, "That `Graph` is not connected."),
    ('game.graph.Hackenbush("").CanonicalForm', CGSuiteError, "That `Graph` is empty (no ground)."),
    ('game.graph.ChildishHackenbush("l;.")', CGSuiteError, "That `Graph` is not connected."),
    ('game.graph.Hackenbush("l-r")', CGSuiteError, "game.graph.Hackenbush: every edge needs a colour"),
    ('game.graph.Col("L-X")', CGSuiteError, "game.graph.Col: unexpected 'X' (use '(),-.:;LR') at column 3"),
    ('game.graph.ArcKayles("-)")', CGSuiteError, "game.graph.ArcKayles: unexpected ')' at column 2"),
]


@pytest.mark.parametrize(("text", "kind", "message"), ERRORS)
def test_errors(text: str, kind: type[Exception], message: str) -> None:
    with pytest.raises(kind) as info:
        evaluate(text)
    assert str(info.value).startswith(message)


def test_every_cgsuite_name_is_one_game() -> None:
    names = [cg.name for e in entries() for cg in e.cgsuite]
    assert len(names) == len(set(names))
    assert {"game.grid.Domineering", "game.heap.Kayles", "game.heap.TakeAndBreak"} <= set(rulesets())
    assert all(n.startswith(("game.grid.", "game.strip.", "game.graph.", "game.heap.")) for n in names)


# Positions print as CGSuite prints them (its ToOutput: the ruleset, then its CharMap's string, or
# coordinates, one summand per heap or cake), whichever notation they were typed in.
PRINTED = [
    ('game.strip.BackslidingToadsAndFrogs("TT.F").LeftOptions', '[game.strip.BackslidingToadsAndFrogs("t.tf")]'),
    ('game.strip.ToadsAndFrogs("tt.f")', 'game.strip.ToadsAndFrogs("tt.f")'),
    ('game.strip.ElephantsAndRhinos("T.F")', 'game.strip.ElephantsAndRhinos("t.f")'),
    (  # its strip keeps its length (game/strip/TopplingDominoes.cgs): Left's options, then Right's
        'game.strip.TopplingDominoes("lre").Options',
        '[game.strip.TopplingDominoes(".re"),game.strip.TopplingDominoes("..."),game.strip.TopplingDominoes("..."),'
        'game.strip.TopplingDominoes("lr."),game.strip.TopplingDominoes("..e"),game.strip.TopplingDominoes("l.."),'
        'game.strip.TopplingDominoes("..."),game.strip.TopplingDominoes("lr.")]',
    ),
    (  # CGSuite's GenWythoff lists heap 1's moves, heap 2's, then both: (1,0) and (0,1) apart
        "game.heap.Wythoff((1,2)).Options",
        "[game.heap.Wythoff((0,2)),game.heap.Wythoff((1,1)),game.heap.Wythoff((1,0)),game.heap.Wythoff((0,1))]",
    ),
    (
        "game.heap.Wythoff((3,5)).Options",
        "["
        + ",".join(
            f"game.heap.Wythoff({p})"
            for p in ["(2,5)", "(1,5)", "(0,5)", "(3,4)", "(3,3)", "(3,2)", "(3,1)", "(3,0)", "(2,4)", "(1,3)", "(0,2)"]
        )
        + "]",
    ),
    (  # k -> k + 2: k from heap 1 and l >= k from heap 2 (l < k + 2), then l from heap 2 and k = l + 1
        "game.heap.GenWythoff(k -> k + 2)((1,2)).Options",
        "["
        + ",".join(f"game.heap.GenWythoff(k -> k + 2)({p})" for p in ["(0,2)", "(1,1)", "(1,0)", "(0,1)", "(0,0)"])
        + "]",
    ),
    (  # knock an end pin, the middle one, or two: CGSuite's HeapOptions(3), mapped
        "game.heap.Kayles(3).Options",
        "[game.heap.Kayles(2),game.heap.Kayles(1) + game.heap.Kayles(1),game.heap.Kayles(1)]",
    ),
    (
        "game.heap.Eatcake((2,3)).LeftOptions",
        "{game.heap.Eatcake((2,1)) + game.heap.Eatcake((2,1)),game.heap.Eatcake((2,2))}",
    ),
    ('game.grid.Amazons("x...|o...").GridString', '"x...|o..."'),  # CGSuite's GameGridTest
    ('game.graph.Fjords("L-.-R").CanonicalForm', "0"),
    # CGSuite's Hackenbush strings beyond stalks: trees (branches after a vertex) and cycles (named
    # vertices), with the values CGSuite gives them; a green 4-cycle on the ground fuses into four
    # loops, *1 four times: 0.
    ('game.graph.Hackenbush("l(l;rl)").CanonicalForm', "3/2"),
    ('game.graph.Hackenbush("e(ee(e;e);e(eee;ee);e(ee;e))").CanonicalForm', "*5"),
    ('game.graph.Hackenbush(":Geeee:G").CanonicalForm', "0"),
    ('game.graph.ChildishHackenbush(":{ground}llllllrrrr:{ground}").CanonicalForm', "{4|-2}"),
    # Cutting the edge on the ground leaves the ground alone: CGSuite's graph of one vertex, ".".
    ('game.graph.Hackenbush("l(l;r)").LeftOptions', '{game.graph.Hackenbush("."),game.graph.Hackenbush("lr")}'),
    ('game.graph.WeightedArcKayles("3-3").NimValue', "1"),
    # CGSuite's EvalTest: a position in braces makes an explicit game (CGSuite names the position
    # by its class, Domineering.Position("..|.."); zermelo by the ruleset it was typed with)
    ('{game.grid.Domineering("..|..")|-1}', """'{game.grid.Domineering("..|..")|-1}'"""),
    ('{game.grid.Domineering("..|..")|-1}.CanonicalForm', "-1Miny(2)"),
]


# CGSuite's strings print between double quotes, unescaped (its OutputBuilder); its literals read
# only \" as an escape and keep every other backslash as typed (its EvalNode).
STRINGS = [
    ('"Toads and Frogs"', '"Toads and Frogs"'),
    ('["x.|.o", "", "a b"]', '["x.|.o","","a b"]'),
    ('{"b", "a"}', '{"a","b"}'),
    ('"a\\"b"', '"a"b"'),
    ('"tab\\t"', '"tab\\t"'),
    ('[game.grid.Clobber("xo|ox").GridString, game.grid.Clobber("xo").OutcomeClass]', '["xo|ox",N]'),
    ("Grid.Empty(2,3)", "Grid([[0,0,0],[0,0,0]])"),  # a Grid, not a string: CGSuite prints its values
]


@pytest.mark.parametrize(("text", "printed"), STRINGS)
def test_strings_print_as_cgsuite_prints_them(text: str, printed: str) -> None:
    assert evaluate(text) == printed


# Graph games print CGSuite's graph string (its Graph.ToString): plain vertices unwritten, plain
# edges "-", each component depth first from its first vertex, a vertex met again named :A, :B, …
# Typed as in CGSuite's documentation (games-on-graphs, game.graph), they print back as typed.
GRAPHS = [
    'game.graph.Col("L-R---L")',
    'game.graph.Hackenbush("llrlrr")',
    'game.graph.Hackenbush("lrlrr")',
    'game.graph.Hackenbush("eee(e;ee)")',
    'game.graph.Hackenbush("ee:Aeeee:A")',
    'game.graph.Snort("--(-;--;---)")',
    'game.graph.Col(":A----:A")',
    'game.graph.ArcKayles(":A-:A")',  # a loop
    'game.graph.ArcKayles(":A--:A")',  # two edges between two vertices
    'game.graph.WeightedArcKayles("9-1-2")',
    'game.graph.PartizanArcKayles("lrlr(ll;ree(rl;l))")',
    'game.graph.ArcKayles("-;.")',  # CGSuite keeps a lone vertex; ";" between components
    'game.graph.ArcKayles("")',
    'game.graph.Hackenbush(".")',  # the ground alone
]
GRAPH_LINES = [
    # names are CGSuite's own, A, B, … in the order met: its Green Girl (Winning Ways, ch. 7)
    (
        'game.graph.Hackenbush("e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))")',
        'game.graph.Hackenbush("e:Aee(ee:A;e(ee;e:Be(e:B;e)))")',
    ),
    ('game.graph.Col(".:A-.-.-.:A")', 'game.graph.Col(":A---:A")'),
    ('game.graph.Col(":{root}----:{root}")', 'game.graph.Col(":A----:A")'),
    # CGSuite's parser: a part between ";" with anything in it has a vertex; an empty last part none
    ('game.graph.ArcKayles("-;;-")', 'game.graph.ArcKayles("-;.;-")'),
    ('game.graph.ArcKayles(";")', 'game.graph.ArcKayles(".")'),
    # CGSuite's GenCol: vertex by vertex (here the 2nd, 3rd, 4th), coloured, its free neighbours
    # tagged, the other's neighbours and itself deleted; nothing merged
    (
        'game.graph.Col("L-R---L").LeftOptions',
        '[game.graph.Col("L;L--L"),game.graph.Col("L;L-L"),game.graph.Col("L-R-L;L")]',
    ),
    ('game.graph.Fjords("L-.-.-R").Options', '[game.graph.Fjords("L--R"),game.graph.Fjords("L--R")]'),
    # CGSuite's GenArcKayles: edge by edge, both ends deleted and nothing else
    (
        'game.graph.ArcKayles("----").Options',
        '[game.graph.ArcKayles("--"),game.graph.ArcKayles(".;-"),game.graph.ArcKayles("-;."),game.graph.ArcKayles("--")]',
    ),
    (
        'game.graph.PartizanArcKayles("llr").LeftOptions',
        '[game.graph.PartizanArcKayles("r"),game.graph.PartizanArcKayles(".;.")]',
    ),
    ('game.graph.WeightedArcKayles("1-2").Options', '[game.graph.WeightedArcKayles("0-1")]'),
]


@pytest.mark.parametrize("text", GRAPHS)
def test_graph_positions_print_back_as_typed(text: str) -> None:
    assert evaluate(text) == text


@pytest.mark.parametrize(("text", "printed"), GRAPH_LINES)
def test_graph_positions_print_as_cgsuite_prints_them(text: str, printed: str) -> None:
    assert evaluate(text) == printed


@pytest.mark.parametrize(("text", "printed"), PRINTED)
def test_positions_print_as_cgsuite_prints_them(text: str, printed: str) -> None:
    assert evaluate(text) == printed
