"""Golden table for the value notation: input in the user's notation -> printed canonical form, and errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.core.errors import InvalidPosition
from zermelo.values import game, number, parse_value, star

GOLDEN = [
    # numbers
    ("0", "0"),
    ("-3/4", "-3/4"),
    ("0.25", "1/4"),
    ("{|}", "0"),
    ("{0|}", "1"),
    ("{|0}", "-1"),
    ("{0|1}", "1/2"),
    ("{1/2|1}", "3/4"),
    ("{-1|3}", "0"),
    ("{1|}", "2"),
    ("{5/2|19/8}", "{5/2|19/8}"),
    ("{1|2}", "3/2"),
    ("{-5|-2}", "-3"),
    # nimbers
    ("*", "*"),
    ("*2", "*2"),
    ("{0,*|0,*}", "*2"),
    ("{0|0}", "*"),
    ("*2 + *3", "*"),
    ("*0", "0"),
    ("{*,*2|*,*2}", "0"),
    # ups
    ("^", "^"),
    ("{0|*}", "^"),
    ("v", "v"),
    ("{*|0}", "v"),
    ("^*", "^*"),
    ("{0,*|0}", "^*"),
    ("^^", "^^"),
    ("^ + ^ + *", "^^*"),
    ("^^^", "^3"),
    ("v3*2", "v3*2"),
    ("^ + v", "0"),
    ("1^*", "1^*"),
    ("-1/2 + v", "-1/2v"),
    # switches and hot games
    ("±1", "±1"),
    ("+-1", "±1"),
    ("{1|-1}", "±1"),
    ("{2|-1/2}", "{2|-1/2}"),
    ("3±1", "{4|2}"),
    ("{1|0||-1}", "{1|0||-1}"),
    ("{{1|0}|-1}", "{1|0||-1}"),
    ("{{2|0}|0}", "{2|0||0}"),
    ("{0||0|-2}", "{0||0|-2}"),
    ("{1|-1} + ^ + *", "{1^*|-1^*}"),
    ("{1|0} + {1|0}", "1"),
    ("{3|-1} - {3|-1}", "0"),
    ("-{2|-1/2}", "{1/2|-2}"),
    ("({1|0}) + (1/2)", "{3/2|1/2}"),
    ("{^|v}", "*"),
    ("{*|*}", "0"),
    ("{1,1/2|-1}", "±1"),  # 1/2 is dominated
    ("{1,{1|0}|-1}", "{1,{1|0}|-1}"),  # {1|0} is confused with 1: not dominated
    ("{2|1|||0}", "{2|1||0}"),
    ("-1/2v", "-1/2v"),  # a leading minus binds to the number only
    ("2 - 1^", "1v"),  # a binary minus subtracts the whole term
    ("-^", "v"),
]


@pytest.mark.parametrize(("text", "printed"), GOLDEN)
def test_golden(text: str, printed: str) -> None:
    g = parse_value(text)
    assert str(g).replace("{1|-1}", "±1") == printed.replace("{1|-1}", "±1")
    assert parse_value(str(g)) is g  # the printed form reads back as the same value


ERRORS = [
    ("", "empty"),
    ("{1|", "unclosed '{'"),
    ("1|0}", "expected + or - at position 2"),
    ("{1,2}", "needs a '|'"),
    ("{1|0|-1}", "ambiguous bars"),
    ("1/3", "not a dyadic rational"),
    ("1/0", "division by zero"),
    ("{1|,0}", "empty option"),
    ("^v", "mixed ups and downs"),
    ("1 2", "expected + or -"),
    ("±", "± needs a value"),
    ("(1", "unclosed '('"),
    ("{1)|0}", "mismatched"),
    ("@", "unexpected '@'"),
    ("1 +", "missing value"),
    ("{" * 500 + "0" + "|}" * 500, "nested more than"),
    ("^5000", "at most 1000 ups"),
    ("*99999", "nimbers up to *4096"),
]


@pytest.mark.parametrize(("text", "message"), ERRORS)
def test_errors(text: str, message: str) -> None:
    with pytest.raises(InvalidPosition) as exc:
        parse_value(text)
    assert message in str(exc.value)
    assert "\n" not in str(exc.value)


def test_printed_fraction_star_and_up_combinations() -> None:
    assert str(number(1) + star(2)) == "1*2"
    assert str(-(parse_value("^^") + star())) == "vv*"
    assert str(game([number(2)], [number(-1)])) == "{2|-1}"


small = st.recursive(
    st.sampled_from(["0", "1", "-1", "1/2", "*", "^", "v", "*2", "-3/4", "2"]),
    lambda inner: st.tuples(st.lists(inner, max_size=2), st.lists(inner, max_size=2)).map(
        lambda lr: "{" + ",".join(lr[0]) + "|" + ",".join(lr[1]) + "}"
    ),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None)
@given(small)
def test_round_trip(text: str) -> None:
    g = parse_value(text)
    assert parse_value(str(g)) is g


# CGSuite's own test rows (CgscriptTest.scala, "correctly interpret game specifiers"): bars bind
# looser than commas, so a side with a bar is one game, and CGSuite prints these as they are.
CGSUITE_ROWS = [
    ("{3|||2||1|0,*||||-1/2}", "{3|||2||1|0,*||||-1/2}"),
    ("{0|^*5}", "^^*4"),
    ("+-1", "±1"),
]


@pytest.mark.parametrize(("text", "printed"), CGSUITE_ROWS)
def test_cgsuite_rows(text: str, printed: str) -> None:
    assert str(parse_value(text)) == printed


def test_bars_bind_looser_than_commas() -> None:
    minus1, minus3 = number(-1), number(-3)
    right = game([star()], [minus1, game([minus1], [minus3])])  # {* | -1, {-1|-3}}
    assert parse_value("{1||*|-1,{-1|-3}}") is game([number(1)], [right])
    # Braces make the other reading: two Right options {*|-1} and {-1|-3}.
    two = game([number(1)], [game([star()], [minus1]), game([minus1], [minus3])])
    assert parse_value("{1||{*|-1},{-1|-3}}") is two and two is not parse_value("{1||*|-1,{-1|-3}}")
    with pytest.raises(InvalidPosition, match="ambiguous"):
        parse_value("{3|2|1}")
