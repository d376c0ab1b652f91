"""Misère forms in the CGSuite evaluator (zermelo.cgsuite.misere) and `zermelo value --misere`:
input in CGSuite's two notations, output as CGSuite prints it, errors as one line."""

from __future__ import annotations

import json

import pytest

from zermelo.cgsuite import CGSuiteError, evaluate
from zermelo.cli import main

ROWS = [
    ("*[2]", "*[2]"),
    ("*[4,2]", "*[42]"),
    ("*[[4,2],4,3,1]", "*[(42)431]"),
    ("*[[2],2,1,0]", "*[2#210]"),
    ("*[[*[4] + *[2]]]", "*[4[2#]]"),
    ("*[[2],0]", "*[2#0]"),
    ("*[2] + *[2]", "*[2[2]]"),
    ("*[2[2]321]", "*[2[2]321]"),
    ("*[((2#1)21)32]", "*[((2#1)21)32]"),
    ("*[2[#2#]]", "*[2[#2#]]"),
    ("*[&12;]", "*[&12;]"),
    ("*[1] + *[1]", "*[0]"),
    ("*[[1]]", "*[0]"),
    ("*[2[2]321] == *[*[2] + *[2],3,2,1]", "true"),
    ("*[2#] == *[2]", "false"),
    ("(*2).MisereCanonicalForm", "*[2]"),
    ("(*2 + *2).MisereCanonicalForm", "*[0]"),
    ("*[2#321].Genus", "4^146"),
    ("*[2#21].Genus", "3^1431"),
    ("*[2[2]].Genus", "0^0"),
    ("*[5].Genus", "5"),
    ("*[2#0].Genus", "1^2"),
    ("*[2#1].MisereOutcomeClass", "N"),
    ("*[2#].MisereOutcomeClass", "P"),
    ("*[2#21].MisereNimValue", "1"),
    ("*[0].MisereNimValue", "1"),
    ("*[2#0].Mate", "*[2#1]"),
    ("*[2#].Link(*[3])", "*[(2#1)21]"),
    ("*[2#].IsLinkedTo(*[2])", "false"),
    ("*[2#0].IsRestive", "true"),
    ("*[2#1].IsRestless", "true"),
    ("*[2#0].IsHalfTame", "true"),
    ("*[2[2]].IsTame", "true"),
    ("*[2#321].IsTame", "false"),
    ("*[4].IsNimHeap", "true"),
    ("*[2#].Options", "[*[2]]"),
    # a list in CGSuite's order (its worksheet tests, commit e909ab8b)
    ("(*[[[2],2,0],[[2],3],1]).Options", "[*[1],*[2[#1]],*[2#20]]"),
    ("(*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]).Options", "[*[(2#1)[1]],*[(2#0)2[#1]2#]]"),
    ("*[2[2]].Birthday", "4"),
    # a misère form is a game form too: with a normal-play game it is their compound, as
    # written, valued in normal play by its own options (G+ of {{*2}, 0} is mex{0, 0} = 1)
    ("*[2#0] + *5", "*[2#0] + *5"),
    ("(*[2#0] + *5).CanonicalForm", "*4"),
    ("(*[2#0]).CanonicalForm", "*"),
    ("(*[2#0] ConwayProduct *5).CanonicalForm", "*5"),
    ("(*[2#0] : *5).CanonicalForm", "*6"),  # G : *n has G+ + n while G's options are below G+
    # G ∧ G for G = {A, 0}, A = {*2}: A ∧ A = {*2 ∧ *2} = {*2} (*2 ∧ *2 = {0, * ∧ *} = {0, *}),
    # whose G+ is 0, and X ∧ 0 = 0: so G ∧ G = {0, 0} = *
    ("(*[2#0] ConjunctiveSum *[2#0]).CanonicalForm", "*"),
    ("-*[2#]", "*[2#]"),
    ("*[2#] + 0", "*[2#]"),
    ("(*[2] + *2).MisereCanonicalForm", "*[2[2]]"),
    ("('{0,*|0,*}' + *[2#]).MisereCanonicalForm == *[2] + *[2#]", "true"),
]


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_cgsuite_misere_prints(text: str, expected: str) -> None:
    assert evaluate(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "*[2] / *[2]",
        "{1|0}.MisereCanonicalForm",
        "(*[2] + 1).MisereCanonicalForm",
        "*[2#].Link(*[2])",
        "*[2].Distinguisher(*[2])",
        "*[2] * *[2]",
    ],
)
def test_cgsuite_misere_refuses(text: str) -> None:
    with pytest.raises(CGSuiteError):
        evaluate(text)


def test_a_misere_specifier_holds_heaps_and_forms() -> None:
    with pytest.raises(CGSuiteError, match="must be a `List` of `Integer`s or `MisereCanonicalGame`s"):
        evaluate('*["foo"]')
    assert evaluate("*[*2, 3]") == evaluate("*[2] + *[2]")  # {*2, *3}: *2 + *2 as *2 + * = *3 in misère


def test_forms_read_back_as_printed() -> None:
    for text in ("*[2#3210] + *[2#1]", "*[2[2]321] + *[2#]", "*[[*[2#1]],[[2],3]] + *[3#]"):
        shown = evaluate(text)
        assert evaluate(shown) == shown
        assert evaluate(f"{shown} == {text}") == "true"


def test_zermelo_value_misere(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "cram", ".........|##.######", "--misere"]) == 0
    out = capsys.readouterr().out
    assert "form         *[2[2]321]" in out and "genus        4^146 (restless)" in out
    assert main(["value", "octal:0.07", "10", "--misere", "--json"]) == 0
    facts = json.loads(capsys.readouterr().out)
    assert facts["genus"] == "3^1431" and facts["misere_outcome"] == "N"
    assert main(["value", "domineering", "..|..", "--misere"]) == 2
    assert main(["value", "--expr", "*", "--misere"]) == 2
    assert main(["value", "--cgsuite", "--expr", "*[2#1].Genus"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "2^1420"


def test_a_rulesets_position_answers_from_its_own_misere_form() -> None:
    """Done means: Cram's position by CGSuite's constructor (it printed the misère form of its
    nimber, *[4], before the misère names were routed to the position's own form)."""
    assert evaluate('game.grid.Cram(".........|##.######").MisereCanonicalForm') == "*[2[2]321]"
    assert evaluate('game.grid.Cram(".........|##.######").MisereCanonicalForm == *[2[2]321]') == "true"
    assert evaluate("game.heap.Kayles(1).MisereOutcomeClass") == "P"  # one pin: the mover takes it and loses
    with pytest.raises(CGSuiteError, match="impartial"):
        evaluate('game.grid.Domineering("..|..").Genus')


@pytest.mark.parametrize(
    ("text", "message"),
    [  # CGSuite's GameTest (commit e909ab8b): its words for games that are not linked, not subtractable
        ("*[[[2]]] Link *[[2]]", "Those misere games are not linked: *[2##], *[2#]"),
        ("*[[[2]]] MisereMinus *[[4]]", "Those misere games are not subtractable: *[2##], *[4#]"),
    ],
)
def test_refusals_in_cgsuites_words(text: str, message: str) -> None:
    with pytest.raises(CGSuiteError) as info:
        evaluate(text)
    assert str(info.value) == message
