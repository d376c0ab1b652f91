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
    ],
)
def test_named_parameters(expr: str, printed: str) -> None:
    expected = evaluate(printed) if printed.startswith("game.") and printed.endswith("Form") else printed
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
