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
    ('game.grid.Domineering("..|..").Options(Left)', '{game.grid.Domineering("#.|#."),game.grid.Domineering(".#|.#")}'),
    ('game.grid.Domineering("...|...").Temperature', "5/4"),
    ('game.grid.Domineering("..|..") + 1', "{2|0}"),
    ('game.grid.Clobber("xoo").LeftOptions', '{game.grid.Clobber(".xo")}'),
    ('game.grid.Clobber("xo").CanonicalForm', "*"),
    ('game.grid.Clobber("xoo").GameValue', "v"),
    ('game.grid.Cram("...|...").OutcomeClass', "N"),
    ('game.grid.Cram("..|..").CanonicalForm', "0"),
    ('game.strip.ToadsAndFrogs("t.f").CanonicalForm', "*"),
    ('game.graph.Hackenbush("lrr").CanonicalForm', "1/4"),
    ('game.graph.Hackenbush("lll").CanonicalForm', "3"),
    ('game.graph.Hackenbush("e").CanonicalForm', "*"),
    ("game.heap.Kayles.NimValueSequence(12)", "[0,1,2,3,1,4,3,2,1,4,2,6,4]"),
    ("game.heap.GrundysGame.NimValueSequence(10)", "[0,0,0,1,0,2,1,0,2,1,0]"),
    ('game.heap.TakeAndBreak("4!.0").NimValueSequence(10)', "[0,0,0,1,0,2,1,0,2,1,0]"),
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
    ('game.strip.BackslidingToadsAndFrogs("TT.F").LeftOptions', '{game.strip.BackslidingToadsAndFrogs("t.tf")}'),
    ('game.strip.ToadsAndFrogs("tt.f")', 'game.strip.ToadsAndFrogs("tt.f")'),
    ('game.strip.ElephantsAndRhinos("T.F")', 'game.strip.ElephantsAndRhinos("t.f")'),
    (
        'game.strip.TopplingDominoes("lre").LeftOptions',
        '{game.strip.TopplingDominoes(""),game.strip.TopplingDominoes("lr"),game.strip.TopplingDominoes("re")}',
    ),
    (
        "game.heap.Wythoff((1,2)).Options",
        "{game.heap.Wythoff((0,1)),game.heap.Wythoff((0,2)),game.heap.Wythoff((1,1))}",
    ),
    (  # knock an end pin, the middle one, or two
        "game.heap.Kayles(3).Options",
        "{game.heap.Kayles(1),game.heap.Kayles(1) + game.heap.Kayles(1),game.heap.Kayles(2)}",
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
    ('game.graph.Hackenbush("l(l;r)").LeftOptions', '{0,game.graph.Hackenbush(".l.r.")}'),
    ('game.graph.WeightedArcKayles("3-3").NimValue', "1"),
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
]


@pytest.mark.parametrize(("text", "printed"), STRINGS)
def test_strings_print_as_cgsuite_prints_them(text: str, printed: str) -> None:
    assert evaluate(text) == printed


@pytest.mark.parametrize(("text", "printed"), PRINTED)
def test_positions_print_as_cgsuite_prints_them(text: str, printed: str) -> None:
    assert evaluate(text) == printed
