"""zermelo.misere.kernels: the compiled verification search and trial marking give the plain-Python
answers, failure for failure and bound for bound, on the candidates of whole quotient runs."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from zermelo.heaps import Octal
from zermelo.misere import candidate, quotient, verify


@pytest.mark.parametrize(("code", "top"), [("0.07", 14), ("0.77", 12), ("4.7", 12)])
def test_compiled_search_finds_the_plain_failure(code: str, top: int, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []

    def both(q: Any, letters: Any, **kw: Any) -> Any:
        plain = verify.find_failure(q, letters, compiled=False, **kw)
        fast = verify.find_failure(q, letters, compiled=True, **kw)
        assert plain[0] == fast[0]
        assert plain[1].as_dict() == fast[1].as_dict()
        calls.append(plain[0])
        return fast

    monkeypatch.setattr(quotient, "find_failure", both)
    run = quotient.compute(Octal(code), top)
    assert run.upto == top or run.period is not None
    assert None in calls and any(f is not None and f.true_p for f in calls)  # verified, and N-failures met


@pytest.mark.parametrize(("code", "top"), [("0.07", 14), ("4.7", 10)])
def test_compiled_marking_gives_the_plain_trial(code: str, top: int, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = []
    trial = candidate.dense_trial

    def both(*args: Any, **kw: Any) -> Any:
        plain = trial(*args, compiled=False, **kw)
        fast = trial(*args, compiled=True, **kw)
        if plain is None or fast is None:  # a refinement that does not fix its failure
            assert plain is None and fast is None
            return None
        (plain_q, plain_phi), (fast_q, fast_phi) = plain, fast
        assert plain_phi == fast_phi and plain_q.p_portion == fast_q.p_portion
        assert np.array_equal(plain_q.as_array(), fast_q.as_array()) and plain_q.generators == fast_q.generators
        seen.append(plain_q.order)
        return fast_q, fast_phi

    monkeypatch.setattr(candidate, "dense_trial", both)
    quotient.compute(Octal(code), top)
    assert max(seen) > 8  # trials past the smallest quotients were compared
