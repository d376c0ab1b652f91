"""zermelo.misere.candidate: the dense (numpy) trial gives the sparse (tuple) trial's answer,
element for element, on whole quotient runs and on random candidates."""

from __future__ import annotations

import random

import numpy as np
import pytest

from zermelo.heaps import Octal
from zermelo.misere import quotient
from zermelo.misere.candidate import moore_classes
from zermelo.misere.monoid import ActionTable, indistinguishable
from zermelo.misere.quotient import _Budget, _sparse_trial, _trial, compute, heap_option_parts
from zermelo.misere.verify import Failure


def _run(code: str, top: int) -> quotient.QuotientRun:
    return compute(Octal(code), top)


@pytest.mark.parametrize(("code", "top"), [("0.07", 16), ("0.77", 20), ("0.137", 12), ("4.7", 8)])
def test_whole_runs_agree(code: str, top: int, monkeypatch: pytest.MonkeyPatch) -> None:
    dense = _run(code, top)
    monkeypatch.setattr(quotient, "DENSE_LIMIT", 0)  # every trial sparse
    sparse = _run(code, top)
    assert dense.phi == sparse.phi and dense.expansions == sparse.expansions
    assert np.array_equal(dense.quotient.as_array(), sparse.quotient.as_array())
    assert dense.quotient.p_portion == sparse.quotient.p_portion
    assert dense.quotient.generators == sparse.quotient.generators


@pytest.mark.parametrize("code", ["0.07", "0.137"])
def test_random_candidates_agree(code: str) -> None:
    game = Octal(code)
    run = _run(code, 13)
    options = [heap_option_parts(game, h) for h in range(run.upto + 1)]
    rng = random.Random(code)
    budget = _Budget(None, None)
    for _ in range(3):
        heaps = rng.sample(range(2, run.upto + 1), rng.randint(1, 2))
        free = {h: rng.randint(2, 4) for h in heaps}
        dense = _trial(run.quotient, run.phi, options, free, budget)
        sparse = _sparse_trial(run.quotient, run.phi, options, free, budget)
        assert dense is not None and sparse is not None
        (q1, phi1), (q2, phi2) = dense, sparse
        assert isinstance(q1.table, ActionTable)  # a candidate is its generators' actions, tabulated on demand
        assert phi1 == phi2 and np.array_equal(q1.as_array(), q2.as_array()) and q1.p_portion == q2.p_portion, free
        assert q1.generators == q2.generators
        pairs = [(rng.randrange(q1.order), rng.randrange(q1.order)) for _ in range(50)]
        assert [q1.mul(a, b) for a, b in pairs] == [int(q2.as_array()[a, b]) for a, b in pairs]
        picked = [b for _, b in pairs[:10]]
        assert np.array_equal(q1.rows(picked), q2.as_array()[picked])


@pytest.mark.parametrize("code", ["0.07", "0.137"])
def test_a_refinement_is_kept_exactly_when_it_fixes_its_failure(code: str) -> None:
    game = Octal(code)
    run = _run(code, 12)
    options = [heap_option_parts(game, h) for h in range(run.upto + 1)]
    rng = random.Random(code + "want")
    budget = _Budget(None, None)
    for _ in range(4):
        free = {h: rng.randint(2, 4) for h in rng.sample(range(2, run.upto + 1), rng.randint(1, 2))}
        whole = _trial(run.quotient, run.phi, options, free, budget)
        assert whole is not None
        q, phi = whole
        counts = tuple(sorted({h: rng.randint(1, 3) for h in rng.sample(range(2, run.upto + 1), 3)}.items()))
        predicted = q.product(phi[h] for h, c in counts for _ in range(c)) in q.p_portion
        for trial in (_trial, _sparse_trial):
            assert trial(run.quotient, run.phi, options, free, budget, Failure(counts, not predicted)) is None
            kept = trial(run.quotient, run.phi, options, free, budget, Failure(counts, predicted))
            assert kept is not None and kept[1] == phi and np.array_equal(kept[0].as_array(), q.as_array())


def test_refinements_that_do_not_settle_stop_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(quotient, "MAX_REFINEMENTS", 1)
    run = _run("0.07", 14)
    assert not run.complete and run.stopped is not None and "1 refinements of the candidate quotient" in run.stopped
    assert run.upto < 14 and run.quotient.order < 24


def test_moore_classes_is_indistinguishable() -> None:
    rng = random.Random(5)
    for _ in range(30):
        m = rng.randint(1, 40)
        acts = [[rng.randrange(m) for _ in range(m)] for _ in range(rng.randint(0, 3))]
        is_p = [rng.random() < 0.4 for _ in range(m)]
        img, reps = moore_classes(np.array(acts, dtype=np.int64).reshape(len(acts), m), np.array(is_p))
        assert (img.tolist(), reps.tolist()) == indistinguishable(acts, is_p)


def test_a_table_past_its_memory_budget_stops_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(quotient, "MAX_TABLE_BYTES", quotient.table_bytes(20))
    run = _run("0.07", 14)  # its quotient reaches order 24
    assert not run.complete and run.stopped is not None and "needs a table of more than" in run.stopped
    assert run.quotient.order <= 20 and run.upto < 14


@pytest.mark.parametrize(("code", "top"), [("0.75", 20), ("0.07", 12), ("4.7", 9)])
def test_plain_runs_without_numpy_agree(code: str, top: int, monkeypatch: pytest.MonkeyPatch) -> None:
    usual = _run(code, top)
    monkeypatch.setattr(quotient, "numpy_loaded", lambda: False)  # small trials sparse, tables lists
    plain = _run(code, top)
    assert plain.phi == usual.phi and plain.expansions == usual.expansions and plain.period == usual.period
    assert np.array_equal(plain.quotient.as_array(), usual.quotient.as_array())
    assert plain.quotient.p_portion == usual.quotient.p_portion
    assert plain.quotient.generators == usual.quotient.generators
