"""CGSuite's ``is`` and ``Class`` of every value, the library's rulesets and positions included,
and the ruleset base classes named bare: golden rows (CGSuite's class declarations and its
evaluator's rules), each the expression and the line CGSuite prints."""

from __future__ import annotations

import pytest

from zermelo.cgsuite import CGSuiteError, NotSupported, evaluate

_OF_CLASS = "(in object of class `cgsuite.lang.Class`)"


@pytest.mark.parametrize(
    ("expr", "printed"),
    [
        # `is` tests the class and its ancestors (game.Zero is an Integer and a Nimber).
        ("3 is Integer", "true"),
        ("1/2 is Integer", "false"),
        ("1/2 is DyadicRational", "true"),
        ("0 is Nimber", "true"),
        ("*2 is Uptimal", "true"),
        ("^ is Nimber", "false"),
        ("{3||2|1} is CanonicalShortGame", "true"),
        ("on is Pseudonumber", "true"),
        ("dud is SidedValue", "true"),
        ("omega is GeneralizedOrdinal", "true"),
        ("[1,2] is Collection", "true"),
        ('"a" is String', "true"),
        ("Left is Player", "true"),
        ("not 3 is Integer", "false"),  # `not` is looser than `is`
        ("3 is Integer and 2 is Integer", "true"),
        ("3 + 1 is Integer", "true"),  # `is` is looser than `+`
        # The library: rulesets are instances of their classes, positions of the nested Position.
        ("game.grid.Clobber is game.grid.GridRuleset", "true"),
        ("game.grid.Clobber is game.heap.HeapRuleset", "false"),
        ("game.heap.Kayles(3) is ImpartialGame", "true"),
        ('game.strip.ToadsAndFrogs("t.f") is ImpartialGame', "false"),
        ('game.strip.ToadsAndFrogs("t.f") is Game', "true"),
        ("game.strip.GenToadsAndFrogs(maxJump => 2).Class", "⟪game.strip.GenToadsAndFrogs⟫"),  # CGSuite's row
        ("game.heap.Kayles.Class", "⟪game.heap.TakeAndBreak⟫"),
        ("game.grid.Domineering.Class", "⟪game.grid.Domineering⟫"),
        ('game.grid.Clobber("xo").Class', "⟪game.grid.GenClobber.Position⟫"),
        ("game.heap.Nim(3).Class", "⟪game.heap.HeapRuleset.Position⟫"),
        ("game.heap.Wythoff((2,3)).Class", "⟪game.heap.CoordinateRuleset.Position⟫"),
        ("game.heap.HeapRuleset(n -> [[n-1]]).Class", "⟪game.heap.FunctionalHeapRuleset⟫"),
        ("game.heap.Nim.DicoticVariant(3).Class", "⟪game.variant.DicoticVariantGame⟫"),
        ("game.grid.Cram.Class", "⟪game.variant.ImpartialVariantRuleset⟫"),
        ("game.heap.PartizanSplittles([1,2],[2,3]).Class", "⟪game.heap.PartizanHeapRuleset⟫"),  # a def of CGSuite's
        ("game.heap.Kayles is game.heap.TakeAndBreak", "true"),
        ("game.heap.TakeAndBreak is Class", "true"),  # a class named bare is a class object
        # Base classes and classes named bare: the class object.
        ("game.grid.GridRuleset", "⟪game.grid.GridRuleset⟫"),
        ("game.strip.StripRuleset", "⟪game.strip.StripRuleset⟫"),
        ("game.graph.GraphRuleset", "⟪game.graph.GraphRuleset⟫"),
        ("game.heap.HeapRuleset", "⟪game.heap.HeapRuleset⟫"),
        ("game.heap.PartizanHeapRuleset", "⟪game.heap.PartizanHeapRuleset⟫"),
        ("game.heap.CoordinateRuleset", "⟪game.heap.CoordinateRuleset⟫"),
        ("game.strip.GenToadsAndFrogs", "⟪game.strip.GenToadsAndFrogs⟫"),
        ("game.strip.GenToadsAndFrogs.Class", "⟪cgsuite.lang.Class⟫"),
        ("game.grid.GridRuleset.Class", "⟪cgsuite.lang.Class⟫"),
        ("game.grid.GridRuleset.Name", '"GridRuleset"'),
        ("game.grid.GridRuleset.QualifiedName", '"game.grid.GridRuleset"'),
        ("Integer", "⟪game.Integer⟫"),
        ("game.Integer", "⟪game.Integer⟫"),
        ("List", "⟪cgsuite.lang.List⟫"),
        # A base class made from a procedure, also through a variable.
        ("R := game.heap.HeapRuleset; R(n -> [[n-1]])(4).NimValue", "0"),
    ],
)
def test_golden(expr: str, printed: str) -> None:
    assert evaluate(expr) == printed


@pytest.mark.parametrize(
    ("expr", "message"),
    [
        ("3 is 3", "No operation `is` for arguments of types `game.Integer`, `game.Integer`"),
        ("3 is game.grid.Clobber", "No operation `is` for arguments of types `game.Integer`, `game.grid.GenClobber`"),
        (
            "game.grid.GridRuleset.CharMap",
            "Not a method or member variable: `CharMap` (in object of class `cgsuite.lang.Class`)",
        ),
        ('game.grid.GridRuleset("x.")', "No method `Eval` for class: `game.grid.GridRuleset`"),
        ('game.strip.StripRuleset("t.f")', "No method `Eval` for class: `game.strip.StripRuleset`"),
        # CGSuite resolves no nested class on a class object.
        (
            "game.heap.HeapRuleset.Position",
            "Not a method or member variable: `Position` (in object of class `cgsuite.lang.Class`)",
        ),
    ],
)
def test_cgsuite_errors(expr: str, message: str) -> None:
    with pytest.raises(CGSuiteError) as info:
        evaluate(expr)
    assert str(info.value) == message


def test_not_supported() -> None:
    with pytest.raises(NotSupported, match=r"Graph\.Path` is not supported"):
        evaluate("Graph.Path(5)")
    with pytest.raises(NotSupported, match="does not know its CGSuite class"):  # Konane: not in CGSuite's library
        evaluate("game.grid.Konane.Class")
