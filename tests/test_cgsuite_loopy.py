"""Golden rows for loopy games in zermelo.cgsuite: CGSuite 2.x expression -> the line CGSuite prints.

The expected texts are what CGSuite's documentation (its "Loopy Games" tutorial) and the values
its own test tables state for canonical stoppers and sided values print; errors are rows too.
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from loopy_reference import GraphGame, counted_side_comparisons
from zermelo.analyses.draws import loopy_outcome
from zermelo.cgsuite import CGSuiteError, evaluate
from zermelo.cli import main
from zermelo.values.loopy import Graph
from zermelo.values.stopper import Value, outcome_class

DONE_MEANS = [
    ("on + off", "dud"),
    ("a{0|a}", "over"),
    ("x{0|x}", "over"),
    ("{pass|*}", "^[on]"),
    ("a{1||a|0}", "2 & +-1"),
]

VALUES = [
    # n copies of a stopper or a stopper-sided value (CGSuite's worksheet tests, commit e909ab8b)
    ("10*upon", "{0|{0||||0|||0||0|{0||||0|||0||0|^[on]*}}}"),
    ("9*(upon & v)", "{0||||0|||0||0|{0||||0|||0||0|^[on]}} & v9"),
    ("upon*2", "{0|^[on]*}"),
    ("-2*upon", "{v[on]*|0}"),
    ("0*upon", "0"),
    # ^<on> and ^[on] as powers of ^ (CGSuite's worksheet tests, commit e909ab8b)
    ("^.Pow(on)", "^<on>"),
    ("^.PowTo(on)", "^[on]"),
    ("^.Pow(on) + {0|upon}", "{0||0|^<on>*} & {0|^[on]}"),
    ("(^.Pow(on) + {0|upon}).Offside", "{0|^[on]}"),
    ("on", "on"),
    ("off", "off"),
    ("{pass|}", "on"),
    ("{|pass}", "off"),
    ("{0|pass}", "over"),
    ("under", "under"),
    ("dud", "dud"),
    ("{pass|pass}", "dud"),
    ("upon", "^[on]"),
    ("uponth", "^<on>"),
    ("{0||0|0,pass}", "^<on>"),
    ("5over", "5over"),
    ("-5under", "-5under"),
    ("-5over + 10", "5over"),
    ("1 + over", "1over"),
    ("5^[on]", "5^[on]"),
    ("^<on>*", "^<on>*"),
    ("upon + *", "^[on]*"),
    ("{pass|3/2}", "3/2under"),
    ("{-1/4+*|pass}", "-1/4v[on]"),
    ("{0|{0||0|0,pass}||-{0||0|0,pass}}", "{0|^<on>||v<on>}"),
    ("{0|||0||0|off}", "{0|Tiny(on)}"),
    ("{on|0||0}", "Miny(on)"),
    ("{0||0|under}", "Tiny(over)"),
    ("+-{0|pass}", "+-over"),
    ("+-{5|pass}", "+-(5over)"),
    ("a{0||||0|||a|*||*}", "a{0||||0|||a|*||*}"),
    ("a{0|{0||||0,*2|||a|0||0}||0}", "a{0|{0||||0,*2|||a|0||0}||0}"),
    ("{0|*,pass}", "{0|*,pass}"),
    ("a{{|a}|}", "1 & 0"),
    ("{0|{dud|},*}", "^ & v*"),
    ("over - over", "over & under"),
    ("2 & +-1", "2 & +-1"),
    ("over & v", "over & v"),
    ("on + 5", "on"),
    ("over + over", "over"),
    ("a{0|b{a|b}}", "1 & {0|off}"),  # Right's move enters a cycle Left wins in the onside
]

PROPERTIES = [
    # x + a tiny or miny, on stoppers too (CGSuite's worksheet tests, commit e909ab8b)
    ("{on|0||0}.IsNumberTiny", "true"),
    ("{0||0|under}.IsNumberTiny", "true"),
    ("(+-{0|pass}).IsNumberTiny", "false"),
    ("on.IsNumberTiny", "false"),
    ("dud.IsNumberTiny", "false"),
    ("on.Degree", "on"),
    ("on.Variety", "on"),
    ("on.IsIdempotent", "true"),
    ("on.LeftStop", "on"),
    ("on.OutcomeClass", "L"),
    ("off.OutcomeClass", "R"),
    ("over.LeftOptions", "{0}"),
    ("over.RightOptions", "{over}"),
    ("over.LeftStop", "over"),
    ("over.IsInfinitesimal", "true"),
    ("over.FollowerCount", "2"),
    ("({pass|3/2}).LeftStop", "3/2under"),
    ("({pass|3/2}).Variety", "under"),
    ("({pass|3/2}).Degree", "over"),
    ("({-1/4+*|pass}).Degree", "^<on>"),
    ("({-1/4+*|pass}).LeftStop", "-1/4"),
    ("({-1/4+*|pass}).OutcomeClass", "R"),
    ("({0|||0||0|off}).Degree", "{0||||0|||Miny(on)|0||off}"),
    ("({0|||0||0|off}).Variety", "!! Variety degree must be an idempotent."),
    ("({0|||0||0|off}).IsNumberish", "true"),
    ("({on|0||0}).Degree", "Tiny(on)"),
    ("(+-{0|pass}).Degree", "over"),
    ("(+-{0|pass}).RightStop", "under"),
    ("(+-{0|pass}).IsSwitch", "true"),
    ("(a{0||||0|||a|*||*}).IsPlumtree", "false"),
    ("(a{0||||0|||a|*||*}).RightOptions", "{a{0||||0|a||*|||*}}"),
    ("(a{0||||0|||a|*||*}).Degree", "{0|a{0|0,{0|||a|0||0}}}"),
    ("(a{0||||0|||a|*||*}).Variety", "{a{0,{0||0|a|||0}|0}|0}"),
    ("(a{0|{0||||0,*2|||a|0||0}||0}).OutcomeClass", "N"),
    ("dud.OutcomeClass", "D"),
    ("dud.Onside", "on"),
    ("dud.Offside", "off"),
    ("dud.IsStopper", "false"),
    ("dud.IsStopperSided", "true"),
    ("dud.IsIdempotent", "true"),
    ("(a{{|a}|}).OutcomeClass", "PHat"),
    ("({0|{dud|},*}).OutcomeClass", "NHat"),
    ("({0|{dud|},*}).IsInfinitesimal", "true"),
    ("(-(a{{|a}|})).OutcomeClass", "PCheck"),
    ("on.Upsum(off)", "on"),
    ("on.Downsum(off)", "off"),
    ("^.IsStopper", "true"),
    ("^.Degree", "0"),
    ("^.Onside", "^"),
    ("on > 100", "true"),
    ("over > 0", "true"),
    ("over < 1/1024", "true"),
    ("on == {pass|}", "true"),
    ("upon > ^", "true"),
    ("upon < ^ + ^", "true"),
    ("dud <> 0", "true"),
]

ERRORS = [
    ("a{0|1}", "the label `a` is never used inside its braces"),
    ("{0|a}", "That variable is not defined: `a`"),
    ("pass", "Unexpected `pass`."),  # CGSuite's words: only a move inside braces
    ("{1|0+pass}", "Unexpected `pass`."),
    ("a{0|a{1|a}}", "the label `a` is already used"),
    ("+-1 & 2", "offside is not <= onside"),
    ("dud.LeftOptions", "That game is not a stopper."),
    ("on.CanonicalForm", "That is a loopy game"),
]


@pytest.mark.parametrize(("text", "expected"), DONE_MEANS + VALUES + PROPERTIES)
def test_loopy_rows(text: str, expected: str) -> None:
    if expected.startswith("!! "):
        with pytest.raises(CGSuiteError, match=expected[3:].replace(".", r"\.")):
            evaluate(text)
    else:
        assert evaluate(text) == expected


@pytest.mark.parametrize(("text", "expected"), DONE_MEANS + VALUES)
def test_every_loopy_value_has_the_outcome_of_its_game_graph(
    text: str, expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each game graph the evaluator values (a loopy game written in braces, a sum of stoppers) is
    searched by the engine (its (position, player to move) graph, draws included): the value's
    outcome class is the searched one."""
    from zermelo.cgsuite import loopy
    from zermelo.values import stopper

    valued: list[tuple[Graph, int, Value]] = []
    original = stopper.value_of_graph

    def recorded(graph: Graph, root: int) -> Any:
        value = original(graph, root)
        valued.append((graph, root, value))
        return value

    monkeypatch.setattr(loopy, "value_of_graph", recorded)
    monkeypatch.setattr(stopper, "value_of_graph", recorded)
    assert evaluate(text) == expected
    assert valued or " & " in text  # only a value written by its sides has no game graph
    for graph, root, value in valued:
        assert outcome_class(value) == loopy_outcome(GraphGame(graph), root), (text, graph)


@pytest.mark.parametrize(("text", "message"), ERRORS)
def test_loopy_errors(text: str, message: str) -> None:
    with pytest.raises(ValueError) as err:  # CGSuiteError, or Unsupported for what is not done
        evaluate(text)
    assert message in str(err.value)


def test_variables_hold_loopy_values() -> None:
    env: dict[str, object] = {}
    evaluate("g := upon Upsum uponth", env)
    assert evaluate("g >= upon", env) == "true"
    assert evaluate("(+-g).Degree", env) == evaluate("(+-g).Degree", {"g": env["g"]})


@pytest.mark.parametrize(("text", "expected"), DONE_MEANS)
def test_the_command_line_prints_cgsuite_text(text: str, expected: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "--cgsuite", "--expr", text]) == 0
    assert capsys.readouterr().out == expected + "\n"


@pytest.mark.parametrize("text", ["a{0|1}", "{0|pass", "a{0|b}"])
def test_bad_loopy_input_is_one_line_and_exit_2(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "--cgsuite", "--expr", text]) == 2
    out = capsys.readouterr().out
    assert out.startswith("!! ") and out.count("\n") == 1


def test_simplification_respects_the_work_budget(capsys: pytest.CaptureFixture[str]) -> None:
    """Sidling and simplifying count their work in the one value budget (--budget)."""
    # In a process of its own: in the suite's process earlier tests left these values cached,
    # and cached work is not counted again (it finished within the budget there).
    argv = [sys.executable, "-m", "zermelo.cli", "value", "--cgsuite", "--expr", "(+-{5|pass}).Variety"]
    done = subprocess.run([*argv, "--budget", "300"], capture_output=True, text=True, check=False)
    assert done.returncode == 2, done.stdout
    assert done.stdout.startswith("!! search budget exceeded: more than 300")


def test_degree_takes_away_moves_with_few_comparisons(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sides of G + (-G) are found with few comparisons of sides: one table of every pair of
    positions simplifies first (zermelo.values.sidling), then moves are taken away, each try checked
    by a comparison.  Counted, not timed: 59 comparisons when moves were taken away one by one, 33
    when a failed one was not retried, 2 with the table (15.1 s, 7.0 s, then 0.02 s of CPU)."""
    calls = counted_side_comparisons(monkeypatch)
    assert evaluate("(a{0||||0|||a|*||*} + {1|0}).Degree") == "{0|a{0|0,{0|||a|0||0}}}"
    assert len(calls) <= 4


@pytest.mark.parametrize(
    ("expr", "written_out", "value"),
    [
        ("1:off", "a{0|a}", "over"),  # {0, 1:off^L | 1:off^R}: off's one move is to off itself
        ("1:on", "{0,pass|}", "on"),
        ("*:on", "{0,pass|0}", "^[on]*"),
        ("1:over", "a{0,1|a}", "1over"),
        ("^:over", "a{0,{0|*}|*,a}", "{^|*,pass}"),
        ("0:over", "a{0|a}", "over"),
    ],
)
def test_ordinal_sums_with_stoppers(expr: str, written_out: str, value: str) -> None:
    """G : H = {G^L, G:H^L | G^R, G:H^R}: the ordinal sum's graph agrees with the game written
    out by that definition in braces (another path: labels and pass), and prints as CGSuite would."""
    assert evaluate(expr) == value
    assert evaluate(f"({expr}) == {written_out}") == "true"


def test_ordinal_sum_with_a_sided_value_is_refused() -> None:
    with pytest.raises(CGSuiteError, match="not for stopper-sided values"):
        evaluate("dud:1")


BACH = "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}"  # Bach's Carousel (Winning Ways ch. 11; CGSuite's loopy-games tutorial)


@pytest.mark.parametrize(
    ("suffix", "expected"),
    [
        ("", "a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}"),
        ("+1", "a{2|2,{2*|a||1*}||1} & a{1,{2|||2*|a||1*}|1}"),
        (".Class", "⟪game.SidedValue⟫"),
        (".IsStopperSided", "false"),
        (".IsStopper", "false"),
        (".IsNumberish", "false"),
        (".OutcomeClass", "N"),
    ],
)
def test_bachs_carousel_has_sides_that_are_not_stoppers(suffix: str, expected: str) -> None:
    """Its sides are not stoppers: CGSuite prints the simplified sides (a ``SidedValue``, whose
    class has no ``Onside``); zermelo prints the graphs sidling leaves."""
    assert evaluate(f"({BACH}){suffix}" if suffix.startswith(".") else BACH + suffix) == expected


def test_bachs_carousel_adds_and_compares_side_by_side() -> None:
    env: dict[str, object] = {}
    evaluate(f"g := {BACH}", env)
    assert evaluate("g + 1 - 1 == g", env) == "true"
    assert evaluate("g + 1 > g", env) == "true"
    with pytest.raises(CGSuiteError, match=r"`Onside` \(in object of class `game.SidedValue`\)"):
        evaluate("g.Onside", env)


@pytest.mark.parametrize(
    ("expr", "written_out", "value"),
    [
        ("'{-1|1}':on", "a{-1,a|1}", "1under"),  # CGSuite's EvalTest: -1 stays a Left option of G
        ("'{*|*}':over", "a{*,{*|*}|*,a}", "{0|*,pass}"),
    ],
)
def test_explicit_ordinal_sums_with_stoppers(expr: str, written_out: str, value: str) -> None:
    """An explicit G : H is kept as written; its GameValue is {G^L, G:H^L | G^R, G:H^R} with G's
    options as written (not those of G's canonical form: '{-1|1}' : on is not 0 : on = on)."""
    assert evaluate(expr) == expr.replace(":", " : ")
    assert evaluate(f"({expr}).GameValue") == value
    assert evaluate(f"({expr}).GameValue == {written_out}") == "true"
    with pytest.raises(CGSuiteError, match="try `GameValue` in place of `CanonicalForm`"):
        evaluate(f"({expr}).CanonicalForm")
