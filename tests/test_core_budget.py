"""The one budget loop (zermelo.core.budget): counters, the clock every k ticks, progress cadence, the error.

The clock is injected: no wall-clock assert.
"""

from __future__ import annotations

import itertools

import pytest

from zermelo.core.budget import REPORT_EVERY, Budget
from zermelo.core.errors import Remedy, SearchLimitExceeded
from zermelo.core.limits import Limits, Progress, deadline_scope


class Clock:
    """A clock that moves only when told, and counts how often it was read."""

    def __init__(self) -> None:
        self.now = 100.0
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        return self.now


def test_the_cap_stops_at_the_first_position_past_it() -> None:
    b = Budget(Limits(max_positions=5), clock=Clock())
    for n in range(1, 6):
        b.tick(positions=n)
    with pytest.raises(SearchLimitExceeded) as e:
        b.tick(positions=6)
    assert (e.value.limit, e.value.budget, e.value.positions) == ("positions", 5, 6)
    assert e.value.remedies == (Remedy.MORE_POSITIONS,)
    assert str(e.value) == "search budget exceeded: more than 5 positions"


def test_work_is_capped_in_its_own_unit_and_nothing_when_it_caps_nothing() -> None:
    b = Budget(Limits(max_positions=10), counts="work", unit="sums, comparisons and values", clock=Clock())
    b.tick(positions=50, work=10)  # positions are not what this budget caps
    with pytest.raises(SearchLimitExceeded, match="more than 10 sums, comparisons and values") as e:
        b.tick(work=11)
    assert e.value.positions == 11
    free = Budget(Limits(max_positions=1), counts=None, clock=Clock())
    free.tick(positions=10**6)
    assert free.count == 0


def test_options_have_their_own_cap_without_a_remedy() -> None:
    b = Budget(Limits(max_positions=None, max_options=100), clock=Clock())
    b.tick(positions=3, options=100)
    with pytest.raises(SearchLimitExceeded) as e:
        b.tick(positions=4, options=101)
    assert (e.value.limit, e.value.budget, e.value.remedies, e.value.positions) == ("options examined", 100, (), 4)


def test_the_clock_is_read_only_every_k_ticks() -> None:
    clock = Clock()
    b = Budget(Limits(max_positions=None, max_seconds=1.0), every=16, clock=clock)
    first = clock.reads
    for n in range(1, 16 * 4 + 1):
        b.tick(positions=n)
    assert clock.reads - first == 4


def test_past_the_deadline_the_error_says_how_far_it_got() -> None:
    clock = Clock()
    b = Budget(Limits(max_positions=None, max_seconds=2.0), every=4, clock=clock)
    b.tick(3, positions=1234)
    clock.now += 2.5
    with pytest.raises(SearchLimitExceeded) as e:
        b.tick(positions=1235)
    err = e.value
    assert (err.limit, err.budget, err.positions, err.doing) == ("seconds", 2.0, 1235, "1,235 positions")
    assert err.seconds == pytest.approx(2.5)
    assert err.remedies == (Remedy.MORE_TIME,)
    assert str(err).startswith("time budget exceeded after 2.5 s")


def test_a_started_budget_counts_the_time_before_this_loop_too() -> None:
    clock = Clock()
    lim = Limits(max_positions=None, max_seconds=3.0, deadline=clock.now + 1.0)  # 2 s went earlier
    b = Budget(lim, clock=clock)
    clock.now += 1.5
    with pytest.raises(SearchLimitExceeded) as e:
        b.look("listing the winning moves")
    assert e.value.seconds == pytest.approx(3.5)
    assert e.value.doing == "listing the winning moves"


def test_the_ambient_deadline_binds_a_loop_without_limits() -> None:
    clock = Clock()
    with deadline_scope(clock.now + 1.0):
        b = Budget(None, clock=clock)
    assert not b.over()
    clock.now += 2.0
    assert b.over()
    with pytest.raises(SearchLimitExceeded, match="time budget exceeded"):
        b.look()


def test_progress_is_reported_at_most_every_report_every_seconds() -> None:
    clock = Clock()
    heard: list[Progress] = []
    b = Budget(Limits(max_positions=None, progress=heard.append), clock=clock)
    for n in range(1, 101):
        b.tick(positions=n, options=2 * n)
        clock.now += REPORT_EVERY / 10
    assert 9 <= len(heard) <= 10  # 10 report intervals passed over the 100 ticks
    assert [p.positions for p in heard] == sorted(p.positions for p in heard)
    assert all(p.options == 2 * p.positions and not p.done for p in heard)
    b.report(done=True)
    assert heard[-1].done and heard[-1].positions == 100


def test_a_report_is_repeated_when_nothing_moved() -> None:
    # A long canonical form can build nothing new for seconds: the display's clock goes on (a line
    # printer's first line is due after a second), at most every REPORT_EVERY seconds.
    clock = Clock()
    heard: list[Progress] = []
    b = Budget(Limits(None, progress=heard.append), counts="work", phase="value arithmetic", clock=clock)
    clock.now += 1
    b.look(work=7)
    clock.now += REPORT_EVERY / 2
    b.look(work=7)
    clock.now += REPORT_EVERY
    b.look(work=7)
    assert [(p.work, p.phase, p.seconds) for p in heard] == [
        (7, "value arithmetic", 1.0),
        (7, "value arithmetic", 1.0 + 1.5 * REPORT_EVERY),
    ]


def test_a_report_if_due_never_stops() -> None:
    clock = Clock()
    heard: list[Progress] = []
    b = Budget(Limits(max_positions=1, max_seconds=3.0, progress=heard.append), clock=clock)
    b.positions = 5
    clock.now += 2
    b.report_if_due()  # past the cap: only the report
    assert [p.positions for p in heard] == [5]
    with pytest.raises(SearchLimitExceeded):
        b.look()


def test_no_report_past_the_deadline() -> None:
    # A stop delayed past the deadline (a loaded machine, a watcher's tick outside the arithmetic)
    # shows no progress line before its one error: the stop is due, not a report.
    clock = Clock()
    heard: list[Progress] = []
    b = Budget(Limits(max_positions=None, max_seconds=1.0, progress=heard.append), clock=clock)
    b.positions = 5
    clock.now += 0.5
    b.report_if_due()
    clock.now += 1.0
    b.report_if_due()
    assert [p.positions for p in heard] == [5]
    with pytest.raises(SearchLimitExceeded, match="time budget"):
        b.look()
    assert len(heard) == 1


def test_a_solver_with_its_own_budget_is_named_with_its_remedies() -> None:
    clock = Clock()
    remedies = (Remedy.MORE_POSITIONS, Remedy.DEPTH_LIMIT)
    b = Budget(Limits(max_positions=3, max_seconds=2.0), by="negamax", remedies=remedies, clock=clock)
    with pytest.raises(SearchLimitExceeded) as e:
        b.look(positions=4)
    assert str(e.value) == "negamax: search budget of 3 positions exceeded" and e.value.remedies == remedies
    clock.now += 2.5
    with pytest.raises(SearchLimitExceeded) as e:
        b.look(positions=2)
    assert str(e.value) == "negamax: time budget exceeded after 2.5 s (2 positions)"


def test_negamax_searches_on_the_one_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Negamax's cap and its progress are the Budget's: a table of techniques names each row's
    technique as its phase and counts seconds from the table's start."""
    from zermelo.games.tictactoe import TicTacToe
    from zermelo.search.minimax import Search, compare

    plain = Search(TicTacToe(), prune=False, table=False, limits=Limits(max_positions=5000))
    with pytest.raises(SearchLimitExceeded) as e:
        plain.alphabeta(".........")  # plain minimax: 549,946 positions
    assert str(e.value) == "negamax: search budget of 5,000 positions exceeded"
    assert e.value.remedies == (Remedy.MORE_POSITIONS, Remedy.DEPTH_LIMIT) and e.value.positions > 5000
    assert isinstance(plain.budget, Budget)
    import time

    class Fast:  # every read of the budget's clock is a third of a second later: each look reports
        reads = 0

        @classmethod
        def monotonic(cls) -> float:
            cls.reads += 1
            return time.monotonic() + cls.reads / 3

    monkeypatch.setattr("zermelo.core.budget.time", Fast)
    heard: list[Progress] = []
    compare(TicTacToe(), "X........", limits=Limits(progress=heard.append))
    shown = [p for p in heard if not p.done]  # the display: at most every REPORT_EVERY seconds
    assert {p.phase for p in shown} == {"minimax:"}  # the other rows are shorter than 4,096 nodes
    assert all(b.seconds >= a.seconds for a, b in itertools.pairwise(shown)), heard  # one clock for the table
    assert heard and heard[-1].done  # the display is taken down
