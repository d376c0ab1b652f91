"""Shared checks for partisan rulesets: the fast value (components, symmetry keys) against plain play."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

import zermelo as z
from zermelo.rules import Partisan
from zermelo.search.engine import fold
from zermelo.values import Game, game


def plain_value(rules: Partisan[Any], position: Any) -> Game:
    """The value from the options alone: no components, no keys, no negation trick."""
    counts: dict[Any, int] = {}

    def children(p: Any) -> list[Any]:
        left = list(rules.left_options(p))
        counts[p] = len(left)
        return left + list(rules.right_options(p))

    def combine(p: Any, vals: list[Game]) -> Game:
        n = counts[p]
        return game(vals[:n], vals[n:])

    out: Game = fold(position, children, combine)
    return out


def check_position(rules: Partisan[Any], position: Any) -> Game:
    """Fast value == plain value, its outcome == the engine's partisan outcome, text round-trips."""
    fast = z.canonical_form(rules, position)
    assert fast is plain_value(rules, position), rules.format(position)
    assert fast.outcome == z.partisan_outcome(rules, position), rules.format(position)
    assert (
        rules.parse(rules.format(position)) == position
        or z.canonical_form(rules, rules.parse(rules.format(position))) is fast
    )
    return fast


def grid_boards(max_rows: int, max_cols: int, cells: str) -> st.SearchStrategy[str]:
    """Boards in the ``"..x|o.."`` text form: 1..max_rows rows of 1..max_cols characters from ``cells``
    (repeat a character in ``cells`` to make it likelier)."""
    return st.integers(1, max_rows).flatmap(
        lambda r: st.integers(1, max_cols).flatmap(
            lambda c: st.lists(st.sampled_from(cells), min_size=r * c, max_size=r * c).map(
                lambda cs: "|".join("".join(cs[i * c : (i + 1) * c]) for i in range(r))
            )
        )
    )


def tagged_graphs() -> st.SearchStrategy[tuple[int, tuple[tuple[int, int, str], ...], tuple[str, ...]]]:
    """Graphs of 1 to 6 vertices and at most 8 edges, a vertex untagged or tagged L or R (Col,
    Snort, Fjords)."""
    from zermelo.games._graphs import make_graph

    return st.integers(1, 6).flatmap(
        lambda n: st.tuples(
            st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=8),
            st.lists(st.sampled_from(["", "", "L", "R"]), min_size=n, max_size=n),
        ).map(lambda t: make_graph(n, [(i, j, "") for i, j in t[0] if i != j], t[1]))
    )
