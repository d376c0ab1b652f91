"""`negamax --trace`: the notes' alpha-beta search tree (zermelo.search.minimax_trace, trace_text,
draw_trace), checked against the search's own counters and against exact values."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_helper_games import run
from zermelo.analyses.trace_text import alphabeta_trace
from zermelo.core.errors import SearchLimitExceeded
from zermelo.games.stones import StoneGame
from zermelo.games.tictactoe import TicTacToe
from zermelo.rules import Scored
from zermelo.search.minimax import Search, negamax
from zermelo.search.minimax_trace import Trace, TraceNode

_INF = 1 << 62
GAME = TicTacToe()


def _random_board(rng: random.Random, stones: int) -> str | None:
    """A tic-tac-toe position reached by ``stones`` random moves, or None if it ended first."""
    pos = GAME.parse(".........")
    for _ in range(stones):
        if GAME.payoff(pos) is not None:
            return None
        pos = rng.choice(list(GAME.moves(pos))).position
    return None if GAME.payoff(pos) is not None else pos


def _nodes(node: TraceNode) -> list[TraceNode]:
    out = [node]
    for c in node.children:
        out += _nodes(c)
    return out


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 6))
def test_the_trace_is_the_search(seed: int, stones: int) -> None:
    """The tree counts exactly the positions and cut-offs the search counts, and its root
    holds the value the search returned."""
    board = _random_board(random.Random(seed), stones)
    if board is None:
        return
    trace = Trace(GAME)
    search = Search(GAME, table=False, trace=trace)
    value = search.alphabeta(board, -_INF, _INF)
    root = trace.root
    assert root is not None
    assert (root.nodes, root.cutoffs) == (search.stats.nodes, search.stats.cutoffs)
    assert root.value == value
    for node in _nodes(root):
        if node.cutoff:
            assert node.cut_alpha >= node.cut_beta  # the notes' rule: cut when α ≥ β


def _exact(game: Scored[Any], position: Any, memo: dict[Any, int]) -> int:
    if position not in memo:
        memo[position] = negamax(game, position).raw
    return memo[position]


@pytest.mark.parametrize(
    ("game", "text"),
    [(GAME, "XO.XO...."), (GAME, "XOXO.O.X."), (GAME, "X.O.X.O.."), (StoneGame((5, 3, 4, 5)), "")],
)
def test_every_value_is_the_exact_value_or_a_true_bound(game: Scored[Any], text: str) -> None:
    """Fail-soft alpha-beta: inside its window a node's value is exact, outside it a bound the
    exact value (plain negamax of that position) respects; a cut node's exact value is at
    least its β, which is why its other moves could not matter."""
    root = alphabeta_trace(game, game.parse(text))
    memo: dict[Any, int] = {}
    nodes = _nodes(root)
    assert len(nodes) > 5
    for node in nodes:
        exact = _exact(game, node.position, memo)
        rel = node.result().relation
        assert {"=": exact == node.value, "≥": exact >= node.value, "≤": exact <= node.value}[rel]
        if node.cutoff:
            assert exact >= node.cut_beta


def test_golden_trace_of_a_tictactoe_ending(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "negamax", "tictactoe", "XOXO.O.X.", "--trace", "--plies", "3")
    assert status == 0
    lines = out.splitlines()
    assert lines[4:] == [
        "XOXO.O.X.  X to move (max)  α -∞  β +∞  = +1 in 3   10 positions, 3 cut-offs",
        "├─ X b2  XOXOXO.X.  O to move (min)  α -∞  β +∞  = +1 in 3   5 positions, 1 cut-off",
        "│  ├─ O a3  XOXOXOOX.  X to move (max)  α -∞  β +∞  = +1 in 3   2 positions, 0 cut-offs",
        "│  │  └─ X c3  XOXOXOOXX  game over  = +1 in 3",
        "│  └─ O c3  XOXOXO.XO  X to move (max)  α -∞  β +1 in 3  ≥ +1 in 3   2 positions, 1 cut-off",
        "│     └─ X a3  XOXOXOXXO  game over  = +1 in 3",
        "├─ X a3  XOXO.OXX.  O to move (min)  α +1 in 3  β +∞  ≤ -1 in 2   2 positions, 1 cut-off",
        "│  ├─ O b2  XOXOOOXX.  game over  = -1 in 2",
        "│  └─ ✂ cut O c3: α +1 in 3 ≥ β -1 in 2 — O already holds X to α or less here, and X can get α"
        " elsewhere, so this position is never reached in best play",
        "└─ X c3  XOXO.O.XX  O to move (min)  α +1 in 3  β +∞  ≤ -1 in 2   2 positions, 1 cut-off",
        "   ├─ O b2  XOXOOO.XX  game over  = -1 in 2",
        "   └─ ✂ cut O a3: α +1 in 3 ≥ β -1 in 2 — O already holds X to α or less here, and X can get α"
        " elsewhere, so this position is never reached in best play",
        "  10 positions searched, 3 cut-offs (the top 3 plies shown; --plies N shows more).",
    ]
    assert lines[0].startswith("tictactoe  XOXO.O.X.: alpha-beta search as the notes teach it")


def test_done_means_cut_branches_of_the_issue_position(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    svg = tmp_path / "tree.svg"
    status, out, _ = run(capsys, "negamax", "tictactoe", "X...O....", "--trace", "--svg", str(svg))
    assert status == 0
    assert "871 positions searched, 322 cut-offs" in out  # as --compare counts plain alpha-beta
    assert out.count("✂ cut") >= 3
    drawing = svg.read_text()
    assert drawing.startswith("<svg") and drawing.count('class="cut"') == out.count("✂ cut")


def test_json_tree(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "negamax", "tictactoe", "XOXO.O.X.", "--trace", "--json")
    tree = json.loads(out)["tree"]
    assert status == 0
    assert tree["value"] == {"relation": "=", "value": 1, "plies": 3}
    assert [c["move"] for c in tree["children"]] == ["X b2", "X a3", "X c3"]
    cut = tree["children"][1]["cut"]
    assert cut["moves"] == ["O c3"]
    assert cut["alpha"] == {"relation": "=", "value": 1, "plies": 3}
    assert cut["beta"] == {"relation": "=", "value": -1, "plies": 2}
    assert "children" not in tree["children"][0]["children"][0]  # two plies by default


def test_a_tree_too_big_to_record_is_refused_in_one_line() -> None:
    with pytest.raises(SearchLimitExceeded, match="1,000 positions in a trace"):
        alphabeta_trace(GAME, GAME.parse("........."), max_nodes=1000)


@pytest.mark.parametrize(
    "argv",
    [
        ["negamax", "tictactoe", "X...O....", "--trace", "--compare"],
        ["negamax", "tictactoe", "X...O....", "--svg", "t.svg"],
        ["negamax", "tictactoe", "X...O....", "--trace", "--plies", "0"],
        ["negamax", "tictactoe", ".........", "--trace", "--budget", "500"],
    ],
)
def test_misuse_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert len(err.strip().splitlines()) == 1 and out == ""
