"""``zermelo value --expr``: the search budget (--timeout, --budget) and one-line errors for malformed input."""

from __future__ import annotations

import pytest
from benchmarks.atomic import hot_sum  # the benchmark's sums of hot switches

from cli_helper_games import run
from zermelo.core.errors import SearchLimitExceeded
from zermelo.search.engine import Limits
from zermelo.values import parse_value
from zermelo.values.budget import value_budget


def test_timeout_stops_a_long_expression(capsys: pytest.CaptureFixture[str]) -> None:
    # 10 hot switches take half a minute and a gigabyte (60 would take hours); the budget stops them.
    code, out, err = run(capsys, "value", "--expr", hot_sum(1, 10), "--timeout", "0.2")
    assert code == 2 and out == ""
    assert err.startswith("zermelo: error: time budget exceeded after") and err.count("\n") == 1


def test_budget_counts_sums_and_comparisons(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # No progress report (a loaded machine can make these 1,000 steps last past the first report's
    # time: a progress line then comes before the error, as it should: tests/test_core_budget.py).
    monkeypatch.setattr("zermelo.core.budget.REPORT_EVERY", float("inf"))
    code, out, err = run(capsys, "value", "--expr", hot_sum(2, 10), "--budget", "1000", "--json")
    assert code == 2 and out == ""
    assert "budget exceeded: more than 1,000 sums, comparisons and values (raise it with --budget)" in err
    assert err.count("\n") == 1


def test_values_still_work_after_an_interrupted_expression(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "value", "--expr", hot_sum(3, 10), "--timeout", "0.1")
    assert code == 2 and "time budget exceeded" in err
    code, out, _ = run(capsys, "value", "--expr", "{2|-1/2} + ^ + 1/4")
    assert code == 0 and "value        {9/4^|-1/4^}" in out


def test_small_expressions_fit_a_small_budget(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "value", "--expr", "^ + ^ + *", "--timeout", "5", "--budget", "100000")
    assert code == 0 and "value        ^^*" in out


def test_value_budget_in_python() -> None:
    with pytest.raises(SearchLimitExceeded, match="budget exceeded"), value_budget(Limits(max_positions=500)):
        parse_value(hot_sum(4, 10))
    with value_budget(Limits(max_positions=None, max_seconds=30)):
        assert str(parse_value("{1|-1} + {1|-1} + ^")) == "^"  # ±1 + ±1 = 0


def test_value_budget_nests_under_an_outer_one() -> None:
    # An inner budget inside an outer one leaves the timer to the outer one.
    outer, inner = Limits(max_positions=500), Limits(max_positions=None, max_seconds=1000)
    with pytest.raises(SearchLimitExceeded), value_budget(outer), value_budget(inner):
        parse_value(hot_sum(5, 10))


@pytest.mark.parametrize(
    ("expr", "message"),
    [
        ("{2|-1/2", "unclosed '{'"),
        ("{1|0}}", "expected + or -"),
        ("(1", "unclosed '('"),
        ("1)", "expected + or -"),
        ("1/3", "not a dyadic rational"),
        ("0.1", "not a dyadic rational"),
        ("**", "expected + or -"),
        ("", "empty"),
        ("   ", "empty"),
        ("{1|0|-1}", "ambiguous bars"),
        ("{1,|0}", "empty option"),
        ("1 +", "missing value"),
        ("^3*2v", "expected + or -"),
        ("*99999", "nimbers up to"),
        ("%", "unexpected '%'"),
        ("{" * 10_000 + "0|" + "}" * 10_000, "nested more than 400 deep"),
        ("{" * 10_000, "nested more than 400 deep"),
        ("(" * 20_000 + "1" + ")" * 20_000, "nested more than 400 deep"),
        ("+-" * 20_000 + "1", "nested more than 400 deep"),
        ("{0|" * 3_000 + "0" + "}" * 3_000, "nested more than 400 deep"),
    ],
)
def test_malformed(capsys: pytest.CaptureFixture[str], expr: str, message: str) -> None:
    code, out, err = run(capsys, "value", f"--expr={expr}")
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1
    assert len(err) < 300  # a long text is not repeated whole


def test_deep_but_allowed_nesting(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "value", "--expr", "(" * 399 + "^" + ")" * 399)
    assert code == 0 and "value        ^" in out


def test_timeout_covers_a_position_too(capsys: pytest.CaptureFixture[str]) -> None:
    board = "|".join(["......"] * 6)
    code, out, err = run(capsys, "value", "domineering", board, "--timeout", "0.2")
    assert code == 2 and out == ""
    assert err.startswith("zermelo: error: time budget exceeded after") and err.count("\n") == 1
