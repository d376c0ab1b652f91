"""Nimber arithmetic (values/nimber.py) against the definitions, and the `zermelo nim` calculator."""

from __future__ import annotations

import json
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_helper_games import run
from zermelo.core.nimber import field_size, nim_inverse, nim_multiply, nim_power, nim_sqrt, ugly_multiply
from zermelo.core.sprague_grundy import mex


@cache
def brute_product(a: int, b: int) -> int:
    """Conway's definition: a ⊗ b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b}."""
    return mex(brute_product(x, b) ^ brute_product(a, y) ^ brute_product(x, y) for x in range(a) for y in range(b))


def test_product_table_matches_the_mex_definition() -> None:
    for a in range(32):
        for b in range(32):
            assert nim_multiply(a, b) == brute_product(a, b), (a, b)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 63), st.integers(0, 63))
def test_product_matches_the_definition_on_random_pairs(a: int, b: int) -> None:
    assert nim_multiply(a, b) == brute_product(a, b)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1))
def test_field_laws(a: int, b: int, c: int) -> None:
    assert nim_multiply(a, b) == nim_multiply(b, a)
    assert nim_multiply(nim_multiply(a, b), c) == nim_multiply(a, nim_multiply(b, c))
    assert nim_multiply(a, b ^ c) == nim_multiply(a, b) ^ nim_multiply(a, c)
    assert nim_multiply(a, b) < max(field_size(a), field_size(b))  # closed in the field


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 2**64 - 1))
def test_inverse_and_square_root(a: int) -> None:
    inv = nim_inverse(a)
    assert nim_multiply(a, inv) == 1 and inv < field_size(a)
    root = nim_sqrt(a)
    assert nim_multiply(root, root) == a and root < field_size(a)


def test_brute_force_inverses_and_roots_below_16() -> None:
    for a in range(1, 16):
        assert [b for b in range(16) if brute_product(a, b) == 1] == [nim_inverse(a)]
    for a in range(16):
        assert [b for b in range(16) if brute_product(b, b) == a] == [nim_sqrt(a)]
    assert nim_power(2, 4) == nim_multiply(3, 3) == 2


def test_zero_has_no_inverse() -> None:
    with pytest.raises(ValueError):
        nim_inverse(0)


@pytest.mark.parametrize(
    ("expr", "first_line"),
    [
        ("*3 * *5", "*3 ⊗ *5 = *15"),
        ("3 x 5", "*3 ⊗ *5 = *15"),
        ("inv(*7)", "inv(*7) = *11"),
        ("sqrt(*8)", "√*8 = *14"),
        ("*2 * *2 + *1", "*2 ⊗ *2 ⊕ *1 = *2"),
        ("(*2 + *1)^2", "(*2 ⊕ *1)^2 = *2"),
        ("*1 / *2", "*1 ⊘ *2 = *3"),
    ],
)
def test_cli_calculator(capsys: pytest.CaptureFixture[str], expr: str, first_line: str) -> None:
    code, out, err = run(capsys, "nim", expr)
    assert code == 0 and err == ""
    assert out.splitlines()[0] == first_line
    assert "why: nim-" in out and "mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b'" in out


# Issue 30 item 2: every input printed one fixed paragraph about nim-products (a sum too), and
# mex(...) was an error ("nim: cannot read ',1,2,5,9)'").
GOLDEN = [
    (
        "11 + 16 + 18",
        """\
*11 ⊕ *16 ⊕ *18 = *9
  why: nim-sum: write the numbers in binary and add each column without carrying (XOR): a column of the sum \
is 1 where it has an odd number of ones.
       11 = 01011
       16 = 10000
       18 = 10010
       ones per column:  2 1 0 2 1 (even odd even even odd)  →  nim-sum 9 = 01001
""",
    ),
    (
        "mex(0,1,2,5,9)",
        """\
mex(*0, *1, *2, *5, *9) = *3
  why: mex: the least nimber not among *0, *1, *2, *5, *9 is *3 (0, 1, 2 are there, 3 is not): a game whose \
options are worth those values is worth *3.
""",
    ),
    (
        "mex()",
        "mex() = *0\n  why: mex: the least nimber of none is *0: a game with no options is worth *0 (a P-position).\n",
    ),
]


@pytest.mark.parametrize(("expr", "expected"), GOLDEN)
def test_cli_why_shows_the_notes_steps(capsys: pytest.CaptureFixture[str], expr: str, expected: str) -> None:
    code, out, err = run(capsys, "nim", expr)
    assert (code, out, err) == (0, expected, "")


def test_cli_product_why_distributes_over_powers_of_two(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "nim", "*3 * *5")
    assert "3 ⊗ 5 = (2 ⊕ 1) ⊗ (4 ⊕ 1) = 2⊗4 ⊕ 2⊗1 ⊕ 1⊗4 ⊕ 1⊗1 = 8 ⊕ 2 ⊕ 4 ⊕ 1 = 15" in out
    assert "nim-sum: write" not in out  # no sum, no columns
    _, out, _ = run(capsys, "nim", "inv(*7)")
    assert "inv(*7) = *11, since *7 ⊗ *11 = *1" in out and "below 16 form a field" in out


@pytest.mark.parametrize("expr", ["mex(1,2", "mex(1 2)", "mex(,)", "mex 1"])
def test_cli_bad_mex_is_a_one_line_error(capsys: pytest.CaptureFixture[str], expr: str) -> None:
    code, out, err = run(capsys, "nim", expr)
    assert code == 2 and out == "" and err.startswith("zermelo: error: nim:") and err.count("\n") == 1


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "nim", "*3 * *5", "--json")
    assert code == 0 and '"value": 15' in out and '"nimber": "*15"' in out
    code, out, _ = run(capsys, "nim", "mex(0, 1, 2, 5, 9) + 4", "--json")
    assert json.loads(out)["steps"] == [
        {"op": "mex", "args": [0, 1, 2, 5, 9], "value": 3},
        {"op": "sum", "args": [3, 4], "value": 7},
    ]


@pytest.mark.parametrize(
    "expr",
    [
        *["", "3 **", "inv(0)", "*1 / *0", "sqrt(", "2 ^ x", "a + 1", "9" * 3000, "(" * 5000 + "1" + ")" * 5000, "x"],
        *[f"inv({2**200})", f"sqrt({2**200})", f"1 / {2**200}", str(2**1100)],
    ],
)
def test_cli_bad_expressions_are_one_line_errors(capsys: pytest.CaptureFixture[str], expr: str) -> None:
    code, out, err = run(capsys, "nim", expr)
    assert code == 2 and out == ""
    assert err.startswith("zermelo: error: nim:") and err.count("\n") == 1


def test_value_expr_points_to_the_calculator(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "value", "--expr", "*3 * *5")
    assert code == 2 and "zermelo nim" in err


def _ugly_by_definition(n: int, k: int) -> int:
    """Winning Ways' definition of the ugly product for a power of two n and k <= n, as written:
    n ⊙ k = ⌊k/2⌋ if k is evil, n + ⌊k/2⌋ if k is odious (k < n), and n ⊙ n = ⌈n/2⌉."""
    if k == n:
        return (n + 1) // 2
    odious = bin(k).count("1") % 2 == 1
    return n + k // 2 if odious else k // 2


def test_ugly_product_is_its_definition_on_powers_of_two() -> None:
    for e in range(9):
        n = 1 << e
        for k in range(n + 1):
            assert ugly_multiply(n, k) == ugly_multiply(k, n) == _ugly_by_definition(n, k), (n, k)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**40), st.integers(0, 2**40), st.integers(0, 2**40))
def test_ugly_product_distributes_over_nim_addition(a: int, b: int, c: int) -> None:
    assert ugly_multiply(a, b ^ c) == ugly_multiply(a, b) ^ ugly_multiply(a, c)
    assert ugly_multiply(a, b) == ugly_multiply(b, a) and ugly_multiply(1, a) == a


def test_ugly_products_by_hand() -> None:
    # 14 = 8 ⊕ 4 ⊕ 2 and 2 is odious: 14 ⊙ 2 = (8 + 1) ⊕ (4 + 1) ⊕ ⌈2/2⌉ = 9 ⊕ 5 ⊕ 1 = 13;
    # 3 is evil: 4 ⊙ 3 = ⌊3/2⌋ = 1; 14 is odious: 16 ⊙ 14 = 16 + 7 = 23.
    assert (ugly_multiply(14, 2), ugly_multiply(4, 3), ugly_multiply(16, 14)) == (13, 1, 23)
    with pytest.raises(ValueError, match="whole numbers"):
        ugly_multiply(-1, 2)
