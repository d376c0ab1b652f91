"""zermelo.cgsuite.classes: ``G.Class``, CGSuite's class names in its errors, and the names a
worksheet variable cannot take.  Golden rows from CGSuite's worksheet tests
(github.com/aaron-siegel/cgsuite, commit e909ab8b: CanonicalShortGameTestCase,
CanonicalStopperTestCase, SidedValueTestCase, MisereCanonicalGameTestCase, EvalTest)."""

from __future__ import annotations

import pytest

from zermelo.cgsuite import CGSuiteError, evaluate

CLASSES = [
    ("(0).Class", "⟪game.Zero⟫"),
    ("(0/7).Class", "⟪game.Zero⟫"),
    ("(19/1).Class", "⟪game.Integer⟫"),
    ("(-1823437481924).Class", "⟪game.Integer⟫"),
    ("(-3/16).Class", "⟪game.DyadicRational⟫"),
    ("(6/23).Class", "⟪game.Rational⟫"),
    ("(17/0).Class", "⟪game.Rational⟫"),
    ("(omega-5).Class", "⟪game.GeneralizedOrdinal⟫"),
    ("(*8).Class", "⟪game.Nimber⟫"),
    ("(^*6).Class", "⟪game.Uptimal⟫"),
    ("(9/8+*).Class", "⟪game.Uptimal⟫"),
    ("({0||0|v*}).Class", "⟪game.Uptimal⟫"),
    ("({0||0|vvv}).Class", "⟪game.CanonicalShortGame⟫"),
    ("({3||2+*|1+*}).Class", "⟪game.CanonicalShortGame⟫"),
    ("(on).Class", "⟪game.Pseudonumber⟫"),
    ("({pass|3/2}).Class", "⟪game.Pseudonumber⟫"),
    ("({0|||0||0|off}).Class", "⟪game.CanonicalStopper⟫"),
    ("(+-{5|pass}).Class", "⟪game.CanonicalStopper⟫"),
    ("(dud).Class", "⟪game.StopperSidedValue⟫"),
    ("(^.Pow(on) + {0|upon}).Class", "⟪game.StopperSidedValue⟫"),
    ("(*[[2],0]).Class", "⟪game.misere.MisereCanonicalGame⟫"),
]


@pytest.mark.parametrize(("text", "expected"), CLASSES)
def test_classes(text: str, expected: str) -> None:
    assert evaluate(text) == expected


ERRORS = [
    ("Integer := 5", "Cannot assign to class name as variable: `Integer`"),
    ("(1,1+*)", "No operation `(,)` for arguments of types `game.Integer`, `game.Uptimal`"),
    ('("foo","bar")', "No operation `(,)` for arguments of types `cgsuite.lang.String`, `cgsuite.lang.String`"),
    ('*"foo"', "No operation `nim` for argument of type `cgsuite.lang.String`"),
    ("*(-8)", "Nim value is negative: -8"),
    ('^"foo"', "No operation `up` for arguments of types `cgsuite.lang.String`, `game.Zero`"),
    ('v"foo"*9', "No operation `down` for arguments of types `cgsuite.lang.String`, `game.Integer`"),
    ("^(1/2)", "No operation `up` for arguments of types `game.DyadicRational`, `game.Zero`"),
    (
        "({0||0|vvv}).UptimalExpansion",
        "Not a method or member variable: `UptimalExpansion` (in object of class `game.CanonicalShortGame`)",
    ),
    ("{0|false}", "Invalid game specifier: objects must be of type `Game` or `SidedValue`"),
    ("5 + Nothing", "No operation `+` for arguments of types `game.Integer`, `cgsuite.lang.Nothing`"),
    ("+-(1,2)", "No operation `+-` for argument of type `cgsuite.lang.Coordinates`"),  # a switch takes +-{1,2}
]


@pytest.mark.parametrize(("text", "message"), ERRORS)
def test_cgsuite_errors_name_the_classes(text: str, message: str) -> None:
    with pytest.raises(CGSuiteError) as info:
        evaluate(text)
    assert str(info.value) == message


def test_player_and_no_arithmetic_on_collections() -> None:
    # CGSuite's EvalTest and GameTest: Player.Left, and the "No operation" errors naming classes
    assert [evaluate(t) for t in ("Player.Left", "Player.Right", "Player.Left == Player.Right")] == [
        "Left",
        "Right",
        "false",
    ]
    assert evaluate("Player") == "⟪game.Player⟫"
    with pytest.raises(CGSuiteError) as info:
        evaluate("[] + 5")
    assert str(info.value) == "No operation `+` for arguments of types `cgsuite.lang.List`, `game.Integer`"


def test_coordinates_are_pairs_of_integers() -> None:
    assert evaluate("(1,3)") == "(1,3)"
    assert evaluate("({1|},-2)") == "(2,-2)"  # {1|} is the integer 2
    assert evaluate("x := 4; x") == "4"  # names that are not classes are free
