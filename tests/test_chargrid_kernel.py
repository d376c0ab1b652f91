"""Konane's and Amazons' compiled options (games.chargrid_kernel) against the Python rules.

The kernel runs as plain Python here (``interpreted``: the same source numba compiles; compiling it
on a cold cache takes seconds), on small random boards: the same options in the same order, the
same keys, parts recorded with the right sign, and the same canonical forms when a search uses it
from its first region on.  The benchmark (``python -m benchmarks.values konane amazons``) runs the
numba-compiled kernel on the large rows and checks every answer against cgt-py.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from partisan_check import grid_boards
from zermelo.analyses.canonical import canonical_form
from zermelo.core._jit import interpreted
from zermelo.games import _chargame
from zermelo.games.amazons import Amazons
from zermelo.games.chargrid_kernel import KeyedOptions, keyed_options
from zermelo.games.konane import Konane

KERNEL = interpreted(keyed_options)
RULES = {"konane": Konane, "amazons": Amazons}


def compiled_rules(name: str) -> Any:
    """Rules whose value search lists every region's options with the (interpreted) kernel."""
    rules = RULES[name]()
    rules._compiled = KeyedOptions(name, rules._info, rules._table, kernel=KERNEL)
    rules.compiled_step = lambda: None  # type: ignore[method-assign]  # not the compiled walk (test_compiled_walk.py)
    return rules


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(sorted(RULES)), grid_boards(3, 4, "xo...#"))
def test_options_and_keys_match_the_python_rules(name: str, board: str) -> None:
    plain = RULES[name]()
    fast = compiled_rules(name)
    for region in plain.components(plain.parse(board)):
        lefts = list(plain.left_options(region))
        lefts_n, kids, keys = fast.keyed_options(region)
        assert lefts_n == len(lefts)
        assert keys == [plain.value_key(c) for c in lefts + list(plain.right_options(region))]
        for kid, key in zip(kids, keys, strict=True):
            parts = fast.components(kid)  # recorded by the kernel's driver, not recomputed
            if len(parts) == 1 and type(key[0][0]) is int:
                # one region: the kid is the key's own image (its value, negated if key[1])
                assert kid == key[0] and plain.value_key(kid) == (key[0], False)
            else:
                assert plain.value_key(kid) == key
                assert sorted(plain.value_key(p) for p in parts) == sorted(fast.value_key(p) for p in parts)
                assert sorted(fast.value_key(p) for p in parts) == list(key[0])


@pytest.mark.parametrize(
    ("name", "board"),
    [
        # arrows burning the corridor's cells: some split it (several moves burn each), some not
        ("amazons", "x...o"),
        ("amazons", "x.#..|..#.o|....."),
        ("amazons", "x.#|.#.|#.o"),  # cells joined at corners only: every middle cell cuts
        ("amazons", "xo.|...|..#"),
        # Konane with holes: a move never changes which cells are holes
        ("konane", "xoxo.|o#..x|x.oxo|..x.#"),
        ("konane", "xo.ox|.#o.x|xo.#o|o.x.."),
    ],
)
def test_moves_burning_one_cell_share_its_flood(name: str, board: str) -> None:
    """The kernel floods the board less a burnt cell once and reuses it for every later move
    burning that cell: the options and keys stay the Python rules' ones, split or not."""
    plain = RULES[name]()
    fast = compiled_rules(name)
    for region in plain.components(plain.parse(board)):
        _lefts, _kids, keys = fast.keyed_options(region)
        assert keys == [plain.value_key(c) for c in [*plain.left_options(region), *plain.right_options(region)]]
        assert len(keys) >= 5


@st.composite
def sparse_boards(draw: st.DrawFn) -> str:
    """Amazons boards of 61 to 64 cells, the kernel's edge between flooding by bits (at most 62
    cells) and from a stack: mostly burnt, a few empty cells and amazons, in rows wider and
    narrower than tall."""
    rows, cols = draw(st.sampled_from([(1, 61), (2, 31), (1, 62), (7, 9), (9, 7), (8, 8), (4, 16)]))
    cells = draw(st.lists(st.sampled_from("####...xo"), min_size=rows * cols, max_size=rows * cols))
    return "|".join("".join(cells[r * cols : (r + 1) * cols]) for r in range(rows))


@settings(max_examples=30, deadline=None)
@given(sparse_boards())
def test_large_boards_flood_by_bits_or_by_stack_alike(board: str) -> None:
    plain = Amazons()
    fast = compiled_rules("amazons")
    for region in plain.components(plain.parse(board)):
        _lefts, _kids, keys = fast.keyed_options(region)
        assert keys == [plain.value_key(c) for c in [*plain.left_options(region), *plain.right_options(region)]]
    whole = plain.parse(board)  # the whole board at once: several regions, the box of each
    _lefts, _kids, keys = fast.keyed_options(whole)
    assert keys == [plain.value_key(c) for c in [*plain.left_options(whole), *plain.right_options(whole)]]


@settings(max_examples=8, deadline=None)
@given(st.sampled_from(sorted(RULES)), grid_boards(2, 4, "xo..#"))
def test_values_match_the_python_path(name: str, board: str) -> None:
    plain = RULES[name]()
    fast = compiled_rules(name)
    position = plain.parse(board)
    assert canonical_form(fast, position) is canonical_form(plain, position)


@pytest.mark.parametrize(
    ("name", "board", "after"),
    [
        ("konane", "x.o.x.|o.xox.|.ox..o|xo.o.x", 200),  # 282 positions keyed
        ("amazons", "x..|.#o|.x.", 1000),  # 1,510 positions keyed; regions touching at corners
    ],
)
def test_a_search_switches_halfway(name: str, board: str, after: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past :data:`COMPILED_AFTER` positions keyed the search turns to the kernel, sharing one memo."""
    plain, switching = RULES[name](), RULES[name]()
    switching.compiled_step = lambda: None  # type: ignore[method-assign]  # the options step itself, not the walk
    position = plain.parse(board)
    want = canonical_form(plain, position)
    assert plain._compiled is None
    monkeypatch.setattr(_chargame, "COMPILED_AFTER", [after, after, after])
    monkeypatch.setattr(_chargame, "_switch_point", lambda: after)
    monkeypatch.setattr("zermelo.games.chargrid_kernel.compiled", lambda kernel: KERNEL)
    assert canonical_form(switching, position) is want
    assert switching._compiled is not None


def test_small_arrays_grow() -> None:
    rules = compiled_rules("amazons")
    driver = rules._compiled
    driver.text, driver.opts, driver.regs = bytearray(3), driver.opts[:3], driver.regs[:4]
    driver._views()
    region = rules.parse("x..|...|..o")
    lefts, _kids, keys = rules.keyed_options(region)
    assert keys == [Amazons().value_key(c) for c in [*Amazons().left_options(region), *Amazons().right_options(region)]]
    assert lefts == len(list(Amazons().left_options(region)))
