"""CGSuite's named parameters (``maxJump => 2``), maps (``{Left => 0}``), procedures of two
parameters and the ``Coordinates`` directions (zermelo.cgsuite.named), with CGSuite's wording of
the errors (its EvalTest, commit e909ab8b)."""

from __future__ import annotations

import pytest

from zermelo.cgsuite import CGSuiteError, evaluate
from zermelo.cli import main


@pytest.mark.parametrize(
    ("expr", "printed"),
    [
        # CGSuite's worksheet tests (GameStripTest, GameGridTest; commit e909ab8b)
        ('game.strip.GenToadsAndFrogs(maxJump => 2)("tttt..fff").CanonicalForm', "{1/2*|v}"),
        ('game.grid.GenClobber(directions => Coordinates.Diagonal)("xoxo|oox.|xxx.").CanonicalForm', "{0,v*|vv}"),
        (
            "[game.heap.Subtraction([2,3,7], allbut => true)(n).NimValue for n from 1 to 20]",
            "[1,0,1,2,3,2,3,4,5,4,5,6,7,6,7,8,9,8,9,10]",
        ),
        ("game.heap.Subtraction([2,3,7], allbut => true)(20).Options.Size", "17"),
        (
            "[game.heap.Subtraction([2,3,7], allbut => true)(n).MisereNimValue for n from 0 to 20]",
            "[1,0,1,0,2,3,2,3,4,5,4,5,6,7,6,7,8,9,8,9,10]",
        ),
        # (CGSuite's row starts at (8,0); zermelo's cakes have at least one row and one column)
        (
            'game.heap.GenCutcake(game.heap.TakeAndBreak("{2+}=.0"), game.heap.TakeAndBreak("{2+}=.0"),'
            " twisted => true)((8,8)).LeftOptions.Size",
            "3",
        ),
        (
            '[game.heap.GenCutcake(game.heap.TakeAndBreak("{2+}=.0"), game.heap.TakeAndBreak("{2+}=.0"),'
            " twisted => true)((8,n)).CanonicalForm for n from 1 to 8]",
            "[1,{8|-2},{8|-3},{8|-6},{8|-5},{8|-6,{-4|-14}},{10|-7},+-12]",
        ),
        # the library's own definitions by these parameters are its named rulesets
        (
            '[game.heap.GenCutcake(game.heap.TakeAndBreak("0.7"), game.heap.TakeAndBreak("0.7"), twisted => true)'
            "((8,n)).CanonicalForm for n from 1 to 8]",
            "[game.heap.TurnAndEatcake((8,n)).CanonicalForm for n from 1 to 8]",
        ),
        (
            '[game.heap.GenCutcake(game.heap.TakeAndBreak("4.0"), game.heap.TakeAndBreak("4.0"))((3,n))'
            ".CanonicalForm for n from 1 to 5]",
            "[game.heap.Cutcake((3,n)).CanonicalForm for n from 1 to 5]",
        ),
        ("game.heap.Subtraction([2,3,7], allbut => false)(9).NimValue", "game.heap.Subtraction([2,3,7])(9).NimValue"),
        # named and ordinary parameters name the same game; the defaults are CGSuite's
        ('game.strip.GenToadsAndFrogs(1, 1, 2)("tttt..fff").CanonicalForm', "{1/2*|v}"),
        ('game.strip.GenToadsAndFrogs(1, maxJump => 2)("tttt..fff").CanonicalForm', "{1/2*|v}"),
        ('game.strip.GenToadsAndFrogs()("tt..ff").CanonicalForm', 'game.strip.ToadsAndFrogs("tt..ff").CanonicalForm'),
        ('game.strip.GenToadsAndFrogs(maxJump => 0)("tttt..fff").CanonicalForm', "1"),  # Elephants and Rhinos
        ("game.strip.GenToadsAndFrogs(maxJump => 2)", "game.strip.GenToadsAndFrogs(maxJump => 2)"),
        ("game.grid.GenFoxAndGeese(foxRange => 2)", "game.grid.GenFoxAndGeese(foxRange => 2)"),
        # maps and directions
        ("{Left => {2}, Right => {1}}", "{Left => {2}, Right => {1}}"),
        ("Coordinates.Diagonal", "[(-1,1),(1,1),(1,-1),(-1,-1)]"),
        ("Coordinates.North", "(-1,0)"),
        # CGSuite's library defines these rulesets by its schemas (game/graph/constants.cgs); its
        # worksheet values (GameGraphTest, commit e909ab8b) hold for the schemas' instances too
        ('game.graph.GenCol([Nothing, Right], [Nothing, Left])("R-.-R-.-L-.-R-.-R-.").CanonicalForm', "7/8"),
        ('game.graph.GenCol([Nothing, Left], [Nothing, Right])("L-.-.-.-L").CanonicalForm', "{4|0,+-1}"),
        ('game.graph.GenCol([Left], [Right])("L-.-R").CanonicalForm', "0"),
        ('game.graph.GenHackenbush()("lrlrrllr").CanonicalForm', "77/128"),
        ('game.graph.GenHackenbush(childishEdges => [Color.Blue, Color.Red])("l(l;rl)").CanonicalForm', "2"),
        ('game.graph.GenArcKayles()("-----").NimValue', "3"),  # a path of 6 vertices: CGSuite's Path(6) is 3
        ('game.graph.GenArcKayles(weighted => true)("3-2-1").NimValue', "0"),
        ('game.graph.GenArcKayles(weighted => true)("3-2-1")', 'game.graph.GenArcKayles(weighted => true)("3-2-1")'),
        ("Color.Blue", "Color.Blue"),
        ("[Nothing, Left]", "[Nothing,Left]"),
    ],
)
def test_named_parameters(expr: str, printed: str) -> None:
    computed = printed.startswith(("game.", "[game.")) and printed.endswith(("Form", "Value", "]"))
    expected = evaluate(printed) if computed else printed
    assert evaluate(expr) == expected


@pytest.mark.parametrize(
    ("expr", "words"),
    [
        # CGSuite's own wording (EvalTest: the validation of a constructor's arguments)
        (
            "game.strip.GenToadsAndFrogs(foo => 2)",
            "Invalid parameter name (in call to `game.strip.GenToadsAndFrogs` constructor): `foo`",
        ),
        (
            "game.strip.GenToadsAndFrogs(maxJump => 2, 1)",
            "Named parameter `maxJump` appears in earlier position than an ordinary argument",
        ),
        ("game.strip.GenToadsAndFrogs(maxJump => 2, maxJump => 3)", "Duplicate named parameter: `maxJump`"),
        (
            "game.strip.GenToadsAndFrogs(1, minSlide => 2)",
            "Named parameter shadows an earlier ordinary argument"
            " (in call to `game.strip.GenToadsAndFrogs` constructor): `minSlide`",
        ),
        (
            "game.strip.GenToadsAndFrogs(1,2,3,true,5)",
            "Too many arguments (in call to `game.strip.GenToadsAndFrogs` constructor): 5 (expecting at most 4)",
        ),
        ("game.grid.GenFoxAndGeese(foxRange => 0)", "`foxRange` must be >= 1"),
        ("game.heap.Subtraction(allbut => true)", "missing required parameter `subtset`"),
        ("game.heap.Subtraction([1,2], allbut => 3)", "`allbut` is true or false, got 3"),
        ("game.heap.GenCutcake(game.heap.Kayles)", "missing required parameter `rightRuleset`"),
        (
            'game.heap.GenCutcake(game.heap.Kayles, game.heap.Spawning("1-3"))',
            "its rulesets are take-and-break ones (game.heap.TakeAndBreak(code)), not spawning:1-3",
        ),
        # where zermelo takes no named parameter
        ("Tiny(x => 2)", "Invalid parameter name (in function call): `x`"),
        ("(1/2).Cool(t => 1)", "Invalid parameter name (in call to `Cool`): `t`"),
        ("game.heap.Kayles(n => 3)", "Invalid parameter name (in call to `game.heap.Kayles`): `n`"),
        (
            'game.heap.TakeAndBreak(code => "0.7")',
            "Invalid parameter name (in call to `game.heap.TakeAndBreak` constructor): `code`",
        ),
        # maps only in braces without bars, and only of entries
        ("{Left => 1 | 2}", "A map is braces of `key => value` entries only"),
        ("{Left => 1, 2}", "A map is braces of `key => value` entries only"),
        ("Coordinates.Up", "Not a method or member variable: `Coordinates.Up`"),
        # the graph schemas
        ("game.graph.GenCol([Left], [Left])", "zermelo plays the library's Col"),
        ("game.graph.GenCol([Left])", "missing required parameter `rightPermitted`"),
        ("game.graph.GenHackenbush(childishEdges => [Color.Green])", "zermelo plays childishEdges => []"),
        ("game.graph.GenArcKayles(weighted => 2)", "`weighted` is true or false, got 2"),
        ("Color.Purple", "Not a method or member variable: `Color.Purple`"),
    ],
)
def test_errors(expr: str, words: str) -> None:
    with pytest.raises(CGSuiteError) as info:
        evaluate(expr)
    assert words in str(info.value)


def test_a_map_looks_up_its_keys() -> None:
    from zermelo.cgsuite.evaluator import evaluate_value
    from zermelo.cgsuite.values import LEFT

    m = evaluate_value("{Left => 0, Left => 2}")
    assert evaluate(str(m.get(LEFT))) == "2"  # the last value written wins
    with pytest.raises(CGSuiteError, match="Key not found: Right"):
        m.get(evaluate_value("Right"))


def test_cli_bad_named_parameter_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "--cgsuite", "--expr", "game.strip.GenToadsAndFrogs(speed => 2)"]) == 2
    out = capsys.readouterr().out.strip().splitlines()  # CGSuite's way: the error after "!!"
    assert out == ["!! Invalid parameter name (in call to `game.strip.GenToadsAndFrogs` constructor): `speed`"]
