"""The graph store under faults: an interrupt at any moment of a search leaves a graph the same
engine goes on answering from (issue 32, item 4).

Interrupts are raised in process at every traced line of a small search (``sys.settrace``), by
the rules themselves after k calls, and as real SIGINTs from a timer thread; and a real ``zermelo``
process is sent SIGINT at seeded random moments and must exit 130 with one line.
"""

from __future__ import annotations

import random
import signal
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from zermelo.core.limits import Limits
from zermelo.core.signals import signals_deferred
from zermelo.games import Kayles, Square, Subtraction, Wythoff
from zermelo.search.engine import Engine
from zermelo.search.graph import Graph, KeyTable

GRAPH_PY = str(Path(__file__).resolve().parents[1] / "src" / "zermelo" / "search" / "graph.py")


def assert_closed(g: Graph) -> None:
    """The invariants of a closed graph: every node expanded, every key naming its own node."""
    n = len(g.positions)
    assert getattr(g, "pending", None) is None and g.expanded == n == len(g.keys)
    assert len(g.node_off) == len(g.opt_count) == n + 1 and g.node_off[-1] == len(g.parts)
    assert not g.fresh
    held = 0
    for t in g.tables.values():
        for k, b in t.items():
            j = int.from_bytes(b, sys.byteorder)
            assert j < n and g.keys[j] == k and g.positions[j][0] is t.rules
            held += 1
        if t.dense is not None:
            for k in (int(x) for x in (t.dense >= 0).nonzero()[0]):
                assert int.from_bytes(t[k], sys.byteorder) == int(t.dense[k])
    assert held == n
    assert all(-len(g.positions) - 1 <= v < n for v in g.parts)


def check(eng: Engine, fresh: Engine, whole: list[Any], split: list[Any]) -> None:
    assert_closed(eng._whole)
    assert_closed(eng._split)
    assert eng.outcomes(whole) == fresh.outcomes(whole)
    assert eng.grundies(split) == fresh.grundies(split)
    assert_closed(eng._whole)
    assert_closed(eng._split)


class _Interrupt:
    """A trace function raising KeyboardInterrupt at the ``k``-th line run in graph.py (or only
    counting them, for ``k`` = 0)."""

    def __init__(self, k: int) -> None:
        self.k = k
        self.seen = 0

    def __call__(self, frame: Any, event: str, arg: Any) -> Any:
        if frame.f_code.co_filename != GRAPH_PY:
            return None
        if event in ("line", "call"):
            self.seen += 1
            if self.seen == self.k:
                raise KeyboardInterrupt  # the tracer is unset by the raise: the rollback runs untraced
        return self


GAMES = {
    # the bulk path with a dense key array (option_array, from 2,304 on); rolled back key by key
    "square": (Square(), [2304], [2310, 2330], [2320]),
    # the generic atomic path
    "subtraction": (Subtraction({1, 2, 5}), [10], [60, 61, 80], [70]),
    # the split graph (components), keyed positions; rolled back by rebuilding the small tables
    "kayles": (Kayles(), [(3,)], [(9,), (4, 5)], [(12,), (7, 8)]),
    # the indexed path (positions that are pairs)
    "wythoff": (Wythoff(), [(2, 3)], [(9, 12), (14, 3)], [(13, 13)]),
}


def _ask(eng: Engine, whole: list[Any], split: list[Any]) -> None:
    eng.outcomes(whole)
    eng.grundies(split)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_interrupt_at_any_traced_line_leaves_the_engine_right(name: str) -> None:
    game, first, whole, split = GAMES[name]
    fresh = Engine(game)

    def warmed() -> Engine:
        eng = Engine(game)
        _ask(eng, first, first if name != "square" else [first[0] - 1])  # a graph to roll back to
        return eng

    count = _Interrupt(0)
    eng = warmed()
    sys.settrace(count)
    try:
        _ask(eng, whole, split)
    finally:
        sys.settrace(None)
    rng = random.Random(name)
    # every line of the first few expansions, then a seeded sample of the whole search
    few = 20 if name == "square" else 120  # a warmed Square engine takes a while to build
    moments = sorted({*range(1, few), *rng.sample(range(few, count.seen + 1), min(few, count.seen - few))})
    for k in moments:
        eng = warmed()
        sys.settrace(_Interrupt(k))
        try:
            with pytest.raises(KeyboardInterrupt):
                _ask(eng, whole, split)
        finally:
            sys.settrace(None)
        check(eng, fresh, whole, split)


class _Rupturing(Subtraction):
    """Subtraction whose ``options`` raises KeyboardInterrupt at its ``k``-th call."""

    def __init__(self) -> None:
        super().__init__({1, 3, 4})
        self.k = -1  # never

    def options(self, position: int) -> list[int]:
        self.k -= 1
        if self.k == 0:
            raise KeyboardInterrupt
        return super().options(position)


def test_rules_interrupted_after_k_calls_leave_the_engine_right() -> None:
    fresh = Engine(Subtraction({1, 3, 4}))
    for k in range(1, 120):
        game = _Rupturing()
        eng = Engine(game)
        eng.outcome(10)
        game.k = k
        with pytest.raises(KeyboardInterrupt):
            eng.outcomes([100, 130])
        check(eng, fresh, [100, 130, 7], [99])


def _settle() -> None:
    """Nothing: entering a Python function runs a pending signal handler (the eval breaker)."""


def test_real_sigints_at_random_moments_leave_the_engine_right() -> None:
    rng = random.Random(32)
    main = threading.main_thread().ident
    assert main is not None
    game = Square()
    fresh = Engine(game)
    eng = Engine(game)
    eng.outcome(5000)
    interrupted = 0
    for _ in range(6):  # six signals at random moments (make fuzz sends twenty to a real process)
        timer = threading.Timer(rng.uniform(0, 0.05), signal.pthread_kill, (main, signal.SIGINT))
        heap = 30_000 + rng.randrange(10**4)  # a missed signal costs a full search: keep it seconds
        try:
            try:
                timer.start()  # inside: a signal at once must not land between start and try
                eng.outcomes([heap])
            finally:
                timer.join()  # a signal after an answer arrives here,
                _settle()  # or, if its handler is still pending, at this call's start
                _settle()
        except KeyboardInterrupt:
            interrupted += 1
        assert_closed(eng._whole)
    assert interrupted  # a search of 30,000 takes far longer than the latest signal (0.05 s)
    check(eng, fresh, [5001, 20_000], [4000])


def test_a_rollback_cut_short_is_finished_by_the_next_search(monkeypatch: pytest.MonkeyPatch) -> None:
    eng = Engine(Subtraction({1, 2}))
    eng.outcome(100)
    real = KeyTable.forget
    calls = 0

    def forget(table: KeyTable, key: Any) -> None:  # a rollback dies half-way (MemoryError, a second signal)
        nonlocal calls
        calls += 1
        if calls == 5:
            raise MemoryError
        real(table, key)

    monkeypatch.setattr(KeyTable, "forget", forget)
    with pytest.raises(MemoryError):
        eng.outcome(1000, limits=Limits(max_options=60))
    monkeypatch.setattr(KeyTable, "forget", real)
    assert eng._whole.pending == 101
    assert eng.outcome(150) == Engine(Subtraction({1, 2})).outcome(150)  # finishes the rollback first
    check(eng, Engine(Subtraction({1, 2})), [150, 100], [120])


def test_ctrl_c_is_held_off_during_a_deferred_block_and_raised_after() -> None:
    # Python's own Ctrl-C handler, whatever this process was given: a suite started in the
    # background of a shell inherits SIGINT ignored, and Python then installs no handler.
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        _held_off_then_raised()
    finally:
        signal.signal(signal.SIGINT, old)


def _held_off_then_raised() -> None:
    done = []
    with pytest.raises(KeyboardInterrupt), signals_deferred():
        signal.raise_signal(signal.SIGINT)
        done.append(1)  # still runs: the interrupt waits for the block's end
    assert done == [1]
    with signals_deferred():
        pass  # nothing held: nothing raised
