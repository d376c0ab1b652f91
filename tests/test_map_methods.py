"""CGSuite's map methods in the evaluator: Keys, Values, Entries, ContainsKey, Reversed, Updated,
Size, IsEmpty, a map called with a key (Nothing for a missing one), and bad calls."""

from __future__ import annotations

import pytest

from zermelo.cgsuite import evaluate

M = "m := {3 => 9, 4 => 16, 5 => 25}; "


@pytest.mark.parametrize(
    ("expr", "printed"),
    [
        ("m.Keys", "{3,4,5}"),
        ("m.Values", "{9,16,25}"),
        ("m.Size", "3"),
        ("m.IsEmpty", "false"),
        ("m(4)", "16"),
        ("m(7)", "Nothing"),
        ("m.ContainsKey(5)", "true"),
        ("m.ContainsKey(6)", "false"),
        ("m.Reversed", "{9 => 3, 16 => 4, 25 => 5}"),
        ("m.Updated(3, 0)", "{3 => 0, 4 => 16, 5 => 25}"),
        ("m.Updated({6 => 36})", "{3 => 9, 4 => 16, 5 => 25, 6 => 36}"),
        ("m.Entries.Size", "3"),
        ("m", "{3 => 9, 4 => 16, 5 => 25}"),
    ],
)
def test_methods(expr: str, printed: str) -> None:
    assert evaluate(M + expr) == printed


def test_a_key_written_twice_keeps_its_last_value() -> None:
    assert evaluate("{1 => 2, 1 => 3}.Size") == "1"
    assert evaluate("m := {1 => 2, 1 => 3}; m(1)") == "3"
    assert evaluate("{Left => 1, Right => 2}.Keys.Size") == "2"


@pytest.mark.parametrize(
    ("expr", "message"),
    [
        ("m.Frobnicate", "Not a method or member variable: `Frobnicate`"),
        ("m.ContainsKey(1, 2)", "one key"),
        ("m.Updated(1)", "a key and a value"),
        ("m(1, 2)", "one key"),
        ("m.Keys(1)", "takes no arguments"),
    ],
)
def test_bad_calls(expr: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        evaluate(M + expr)
