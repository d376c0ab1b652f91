"""Domineering's compiled options (games/domineering_kernel.py) against the Python rules."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zermelo as z
from zermelo.games import domineering
from zermelo.games.domineering_kernel import KeyedOptions, warm


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 6), st.integers(2, 6), st.integers(0, 2**36 - 1))
def test_the_kernel_lists_and_keys_as_the_python_rules(rows: int, cols: int, cells: int) -> None:
    plain, fast = z.games.Domineering(), z.games.Domineering()
    fast._compiled = KeyedOptions(fast._framed, fast._keys, fast._sum_key)
    board = (rows, cols, cells & ((1 << rows * cols) - 1))
    for part in plain.components(board):
        assert fast.components(board) == plain.components(board)
        want, got = plain.keyed_options(part), fast.keyed_options(part)
        assert want is not None and got == want
        for kid in want[1]:  # the same analysis recorded: regions (in any order) and key
            a, b = plain._framed[kid[2]], fast._framed[kid[2]]
            assert a[1] == b[1] and sorted(a[2]) == sorted(b[2])
            assert sorted(fast.components(kid)) == sorted(plain.components(kid))


def test_a_search_turns_to_the_kernel_halfway(monkeypatch: pytest.MonkeyPatch) -> None:
    warm()  # numba loaded: the search may turn to the kernel
    monkeypatch.setattr(domineering, "COMPILED_AFTER", 20)
    d = z.games.Domineering()
    d.compiled_step = lambda: None  # type: ignore[method-assign]  # the options kernel itself, not the compiled walk
    board = d.parse("....|....|....|...#")
    assert z.canonical_form(d, board) is z.canonical_form(z.games.Domineering(), board)
    assert d._compiled is not None
