"""zermelo.analyses.draw: one SVG drawing per family of boards, clickable parts, the parts each move touches."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.analyses.draw import MAX_COUNTERS, Drawing, board_svg, move_parts
from zermelo.core.errors import InvalidPosition
from zermelo.games.registry import make_game
from zermelo.rules.boards import grid_board, with_dominoes

SVG = "{http://www.w3.org/2000/svg}"


def parts(svg: str) -> list[str]:
    root = ET.fromstring(svg)  # well-formed XML
    assert root.tag == f"{SVG}svg" and root.get("viewBox") and root.get("aria-label")
    return [g.get("data-part", "") for g in root.iter(f"{SVG}g") if g.get("data-part")]


@pytest.mark.parametrize(
    ("spec", "position", "count"),
    [
        ("nim", "3 4 5", 12),
        ("wythoff", "2 100", 2 + MAX_COUNTERS),
        ("tictactoe", "X.O......", 9),
        ("domineering", "#..|#..", 6),
        ("clobber", "xo|ox", 4),
        ("toads", "TT..FF", 6),
        ("chomp", "4 4 2", 12),
        ("cram", "2x3", 6),
        ("connect4:6x5", "445", 30 + 6),
        ("digraph:a->b, b->c, c->a", "a", 3),
        ("hackenbush", "B(GG,R) BRR", 7),
        ("coins:ruler", "THHTH", 5),
    ],
)
def test_every_family_is_drawn_with_a_part_per_clickable_thing(spec: str, position: str, count: int) -> None:
    g = make_game(spec)
    assert len(parts(Drawing(g, g.parse(position)).svg())) == count


def test_every_move_touches_parts_of_the_drawing() -> None:
    # On random positions of the drawn games, each move's parts exist in the drawing, and a move
    # with one cell or one counter is found by it alone.
    for spec, position in [
        ("nim", "3 4 5"),
        ("tictactoe", "X.O.X...."),
        ("domineering", "...|..."),
        ("clobber", "xo|ox"),
        ("chomp", "3x4"),
        ("cram", "2x3"),
        ("connect4:6x5", "4455"),
        ("digraph:a->b, b->c, c->a", "a"),
        ("toads", "TT..FF"),
    ]:
        g = make_game(spec)
        p = g.parse(position)
        board = g.board(p)
        drawn = set(parts(board_svg(board) or ""))
        moves = list(g.moves(p)) if hasattr(g, "moves") else []
        if not moves:  # partisan games: Left's moves
            moves = list(g.left_moves(p))
        touched = [move_parts(board, g.board(m.position)) for m in moves]
        assert all(t and set(t) <= drawn for t in touched), (spec, touched)
        firsts = [t[0] for t in touched]
        if spec in ("nim", "tictactoe", "chomp", "connect4:6x5"):
            assert len(set(firsts)) == len(firsts), spec  # one click, one move


def test_move_parts_of_known_moves() -> None:
    assert move_parts({"kind": "heaps", "heaps": [3, 4]}, {"kind": "heaps", "heaps": [3, 1]}) == ["h2:1"]
    assert move_parts({"kind": "heaps", "heaps": [3, 4]}, {"kind": "heaps", "heaps": [2, 3]}) == []  # Wythoff's both
    clobber = {"kind": "grid", "rows": ["xo"]}
    assert move_parts(clobber, {"kind": "grid", "rows": [".x"]}) == ["a1", "b1"]  # from, then onto
    c4 = make_game("connect4:6x5")
    p = c4.parse("44")
    assert move_parts(c4.board(p), c4.board(c4.parse("443"))) == ["col-c", "c5"]
    graph = {"kind": "graph", "edges": [["a", "b"]], "tokens": ["a"]}
    assert move_parts(graph, {**graph, "tokens": ["b"]}) == ["v:b", "v:a"]
    assert move_parts(None, clobber) == [] and board_svg(None) is None


def test_connect_four_rings_the_winning_four_and_dominoes_are_dominoes() -> None:
    c4 = make_game("connect4:6x5")
    won = c4.board(c4.parse("1212121"))
    assert won["line"] == ["a2", "a3", "a4", "a5"] or sorted(won["line"]) == ["a2", "a3", "a4", "a5"]
    assert (board_svg(won) or "").count('stroke="#22c55e"') == 4
    dom = board_svg(with_dominoes(grid_board(["##.", "#.."]), "a1-b1")) or ""
    assert dom.count('class="domino"') == 1 and len(re.findall(r'fill="#3b4252"', dom)) == 2  # a pair, a lone one


def _domino_shapes(svg: str) -> list[tuple[str, str]]:
    """(width, height) of each domino drawn."""
    return re.findall(r'class="domino" x="[^"]+" y="[^"]+" width="([^"]+)" height="([^"]+)"', svg)


def test_side_by_side_dominoes_are_drawn_as_the_pairs_played() -> None:
    # Two vertical dominoes side by side fill a 2 x 2 square, as two horizontal ones would: only
    # the moves say which.  Left's a1-a2 and b1-b2 in Domineering are two upright dominoes.
    d = make_game("domineering")
    start = d.parse("..|..")
    after = d.parse("##|##")
    upright = Drawing(d, after, dominoes="a1-a2 b1-b2").svg()
    assert _domino_shapes(upright) == [("36", "80"), ("36", "80")]
    flat = Drawing(d, after, dominoes="a1-b1 a2-b2").svg()
    assert _domino_shapes(flat) == [("80", "36"), ("80", "36")]
    # Without the moves, no pair is guessed: four blocked squares, no domino.
    assert _domino_shapes(Drawing(d, after).svg()) == [] and Drawing(d, start).svg().count("#3b4252") == 0
    # A pair that is not two covered neighbours is skipped; text that is not cells is an error.
    assert with_dominoes(d.board(after) or {}, "a1-b2 a1-a2")["dominoes"] == [["a1", "a2"]]
    with pytest.raises(InvalidPosition, match="two cells like a1-a2"):
        with_dominoes(d.board(after) or {}, "a1-a2-a3")


def test_the_explorer_pairs_dominoes_by_the_moves_it_is_given() -> None:
    import json

    from zermelo.web.api import handle

    reply = handle("moves", {"game": "cram", "position": "##.|##.", "dominoes": "a1-a2 b1-b2"})
    assert _domino_shapes(json.loads(reply.body)["svg"]) == [("36", "80"), ("36", "80")]
    bad = handle("moves", {"game": "cram", "position": "##.|##.", "dominoes": "x"})
    assert bad.status == 400 and "a1-a2" in json.loads(bad.body)["error"]
    # The computer's own domino joins the pairs it was given.
    played = json.loads(handle("play", {"game": "cram", "position": "##..|##..", "dominoes": "a1-a2 b1-b2"}).body)
    assert len(_domino_shapes(played["after"]["svg"])) == 3


def test_hackenbush_edges_are_found_by_the_move_that_cuts_them() -> None:
    h = make_game("hackenbush")
    p = h.parse("B(GG,R) BRR")
    board = h.board(p)
    assert [e[2] for e in board["edges"]] == ["B", "G", "G", "R", "B", "R", "R"]
    cut = {h.format(q): move_parts(board, h.board(q)) for q in h.right_options(p)}
    assert cut == {
        "BGG BRR": ["e:4"],
        "BR BRR": ["e:2"],
        "B(G,R) BRR": ["e:3"],
        "B B(GG,R)": ["e:6"],
        "B(GG,R) BR": ["e:7"],
    }


def test_a_position_without_a_board_is_drawn_as_its_text() -> None:
    h = make_game("hackenbush")
    tall = h.parse("B" * 81)  # past the 80 edges drawn
    svg = Drawing(h, tall).svg()
    assert parts(svg) == [] and "B" * 81 in svg


def test_hackenbush_graphs_with_cycles_loops_and_parallel_edges_are_drawn() -> None:
    h = make_game("hackenbush")
    p = h.parse("[g-a:B, a-b:R, b-g:G, b-b:B, a-b:G] BR")
    board = h.board(p)
    assert board is not None
    svg = board_svg(board) or ""
    assert parts(svg) == [f"e:{i}" for i in range(1, 8)]
    assert svg.count('class="part edge edge-') == 7 and 'stroke="#5b6474" stroke-width="4"' in svg  # the ground
    root = ET.fromstring(svg)
    drawn = {g.get("data-part"): g.get("class", "").split()[-1] for g in root.iter(f"{SVG}g") if g.get("data-part")}
    assert [drawn[f"e:{i + 1}"] for i in range(7)] == [f"edge-{c}" for _, _, c in board["edges"]]
    # Every option of either side is one click on the edge it cuts, and that edge is the side's colour.
    for side, options, colours in (("left", h.left_options(p), "BG"), ("right", h.right_options(p), "RG")):
        for q in options:
            (part,) = h.board_parts(p, q) or [""]
            colour = board["edges"][int(part[2:]) - 1][2]
            assert colour in colours, (side, h.format(q), part)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.sampled_from("BRG")), min_size=1, max_size=7))
def test_every_hackenbush_move_is_found_on_its_drawing(edges: list[tuple[int, int, str]]) -> None:
    h = make_game("hackenbush")
    name = {0: "g", 1: "a", 2: "b", 3: "c"}
    p = h.parse("[" + ", ".join(f"{name[u]}-{name[v]}:{c}" for u, v, c in edges) + "]")
    board = h.board(p)
    assert board is not None and len(parts(board_svg(board) or "")) == len(board["edges"])
    for colours, options in (("BG", h.left_options(p)), ("RG", h.right_options(p))):
        for q in options:
            found = h.board_parts(p, q)
            assert found and len(found) == 1, h.format(q)
            assert board["edges"][int(found[0][2:]) - 1][2] in colours, (h.format(p), h.format(q), found)
    assert repr(Drawing(h, h.parse("BRR"))) == "Drawing(hackenbush BRR)"
