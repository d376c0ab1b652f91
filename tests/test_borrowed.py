"""core.borrowed: arrays read in compiled code without reference counts, and as themselves in Python."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.core._jit import interpreted, njit
from zermelo.core.borrowed import borrowed


@njit
def _tables_total(S, k):  # type: ignore[no-untyped-def]
    """Reads every array of a borrowed tuple (a 2-d one, int8 and int64 ones, a number) and of a
    borrowed array, through slices and a callee, as the forms' kernels do."""
    S = borrowed(S)
    T, A, B, n = S
    total = _rows(T, k) + n
    for x in borrowed(A)[1:]:
        total += x
    for x in B:
        total += np.int64(x)
    return total


@njit
def _rows(T, k):  # type: ignore[no-untyped-def]
    total = np.int64(0)
    for i in range(T.shape[0]):
        total += T[i, k]
    return total


def _expected(T, A, B, n, k):  # type: ignore[no-untyped-def]
    return int(T[:, k].sum()) + int(A[1:].sum()) + int(B.astype(np.int64).sum()) + n


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 6), st.integers(0, 3), st.integers(-100, 100), st.integers(1, 9))
def test_borrowed_views_read_the_arrays_in_compiled_code(rows: int, k: int, n: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    T = rng.integers(-50, 50, (rows, 4))
    A = rng.integers(-50, 50, rows + 1)
    B = rng.integers(-100, 100, rows).astype(np.int8)
    S = (T, A, B, n)
    want = _expected(T, A, B, n, k)
    assert _tables_total(S, k) == want
    assert interpreted(_tables_total)(S, k) == want  # the same kernel as plain Python


def test_the_arrays_outlive_many_calls_unchanged() -> None:
    """Borrowed views take no reference and give none back: thousands of calls leave the arrays
    (and numpy's reference to them) as they were."""
    import sys

    T, A, B = np.arange(12).reshape(3, 4), np.arange(4), np.arange(3, dtype=np.int8)
    before = sys.getrefcount(T), sys.getrefcount(A), sys.getrefcount(B)
    for _ in range(2000):
        _tables_total((T, A, B, 0), 1)
    assert (sys.getrefcount(T), sys.getrefcount(A), sys.getrefcount(B)) == before
    assert T.sum() == 66 and A.sum() == 6 and B.sum() == 3


def test_in_python_it_is_the_object_itself() -> None:
    a = np.arange(3)
    pair = (a, a)
    assert borrowed(a) is a and borrowed(pair) is pair
