"""Issue 28's heap and coin rulesets on the web explorer's board: Partizan Subtraction, partizan
take-and-break, Mem, the move-limit games (Fibonacci Nim), generalized Wythoff drawn as heaps of
counters, Partizan Euclid's pairs as two rows each, splits into three heaps or more (hexadecimal
codes, ``{2+}=.0``), the coin-turning games (Ruler, Mock Turtles, …) as a row of coins; every move
clicked in one way of its own — and clicked through as the page does (board.js's ``clickPart``,
modelled here), each way plays its move —, the takes the previous move allows said as a fact of
the board and checked against the moves the search lists.  (In-process, as the server's worker
answers: no server is started.)"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import product
from typing import Any

import pytest

from zermelo.analyses.draw import board_svg
from zermelo.commands.play import board as terminal_board
from zermelo.core.errors import InvalidPosition
from zermelo.games.registry import make_game
from zermelo.web import api

SVG = "{http://www.w3.org/2000/svg}"


def drawn_parts(svg: str) -> set[str]:
    root = ET.fromstring(svg)
    return {g.get("data-part", "") for g in root.iter(f"{SVG}g") if g.get("data-part")}


def moves_of(spec: str, position: str, turn: str | None) -> dict[str, Any]:
    params = {"game": spec, "position": position, **({"turn": turn} if turn else {})}
    out: dict[str, Any] = api.api_moves(params)
    return out


def following(moves: list[dict[str, Any]], prefix: list[str]) -> tuple[list[str], list[str]]:
    """board.js's ``following``: the moves with a way that begins with ``prefix``, and those whose
    way is just ``prefix`` (by their labels)."""
    begins = [m for m in moves if any(w[: len(prefix)] == prefix for w in m["clicks"])]
    done = [m for m in begins if prefix in m["clicks"]]
    return [m["move"] for m in begins], [m["move"] for m in done]


def played(moves: list[dict[str, Any]], clicks: list[str]) -> str | None:
    """The move the page plays when ``clicks`` are clicked one after another (board.js's
    ``clickPart``: a move is played as soon as one is left; a part clicked again plays the move
    that ends there), else ``None``."""
    path: list[str] = []
    for part in clicks:
        nxt = [*path, part]
        open_ = following(moves, nxt)[0]
        if not open_ and path:
            here = following(moves, path)[1]
            if part == path[-1] and len(here) == 1:
                return here[0]
            pair = [
                m["move"]
                for m in moves
                if len(path) == 1 and any(len(w) == 2 and {path[-1], part} <= set(w) for w in m["clicks"])
            ]
            if len(pair) == 1:
                return pair[0]
            nxt = [part]
            open_ = following(moves, nxt)[0]
        if len(open_) == 1:
            return open_[0]
        path = nxt if open_ else []
    return None


def test_the_click_model_plays_a_way_that_others_go_on_from_by_clicking_its_end_again() -> None:
    moves = [{"move": "a", "clicks": [["h1:0"]]}, {"move": "b", "clicks": [["h1:0", "h1:2", "h1:4"]]}]
    assert played(moves, ["h1:0"]) is None and played(moves, ["h1:0", "h1:0"]) == "a"
    assert played(moves, ["h1:0", "h1:2"]) == "b" and played(moves, ["h1:3"]) is None


CASES = [
    ("mem", [f"{n} {k}" for n, k in product(range(1, 8), range(5))]),
    ("movelimit:1", [f"{n} {k}" for n, k in product(range(1, 8), range(1, 4))] + ["6"]),
    ("fibonacci", ["9", "9 2"]),
    ("genwythoff:2", [f"{x} {y}" for x, y in product(range(4), range(4))]),
    ("wythoff", ["3 5", "0 4"]),
    ("partizansubtraction:1,2/2,3", ["3 7", "2 2", "1 4 4"]),
    ("partizantakeandbreak:0.07/0.7", ["6", "3 6", "5 5"]),
    ("spawning:1-3", ["7", "3 5"]),
    ("spawning:1+C", ["6", "2 6"]),
    ("spawning:1+", ["5"]),
    ("partizaneuclid", ["31 13", "7 3, 5 3", "7 3, 7 3, 6 3", "5 3, 8 3, 21 13"]),
    ("hex:0.9", ["7", "9 6"]),
    ("hex:0.F", ["6", "8"]),
    ("cgtbreak:{2+}=.0", ["12", "6 8"]),
    ("partizantakeandbreak:0.9/0.F", ["7", "8"]),
    ("coins:ruler", ["THHTH", "HHHHH"]),
    ("coins:mockturtles", ["THHTH", "HHHH"]),
    ("coins:turtles", ["HTHH"]),
    ("coins:twins", ["HHTH"]),
]


@pytest.mark.parametrize(("spec", "positions"), CASES)
def test_every_move_is_clicked_one_way_of_its_own_on_the_drawn_board(spec: str, positions: list[str]) -> None:
    partisan = spec.startswith("partizan")
    for position, turn in product(positions, ("left", "right") if partisan else (None,)):
        reply = moves_of(spec, position, turn)
        board = reply["board"]
        kind = "coins" if spec.startswith("coins") else "pairs" if spec == "partizaneuclid" else "heaps"
        assert board["kind"] == kind, (spec, position)
        drawn = drawn_parts(reply["svg"])
        owner: dict[tuple[str, ...], str] = {}
        for m in reply["moves"]:
            assert m["clicks"], (spec, position, m["move"])  # every move can be clicked
            for way in m["clicks"]:
                assert set(way) <= drawn, (spec, position, m["move"], way)
                # No way of clicking is two moves' way: the page could not tell them apart.
                assert owner.setdefault(tuple(way), m["move"]) == m["move"], (spec, position, way)
                # Clicked through on the page, the way plays its move (its last part clicked
                # again when other moves go on from there).
                assert (played(reply["moves"], way) or played(reply["moves"], [*way, way[-1]])) == m["move"], way
        # The takes the board says are the takes the moves make (a one-heap game).
        if spec.startswith(("mem", "movelimit", "fibonacci")):
            n = board["heaps"][0]
            taken = sorted(n - int(m["position"].split()[0]) for m in reply["moves"])
            said = board.get("takes", [1, n] if taken else None)
            assert said == ([taken[0], taken[-1]] if taken else None), (spec, position, board)
            assert taken == list(range(taken[0], taken[-1] + 1)) if taken else True
        # A coin game's move is clicked by the coins it turns, its head first (heads go to tails).
        if spec.startswith("coins"):
            for m in reply["moves"]:
                turned = {f"c:{i + 1}" for i, (a, b) in enumerate(zip(position, m["position"], strict=True)) if a != b}
                head = max(turned, key=lambda c: int(c[2:]))
                assert all(w[0] == head and set(w) <= turned for w in m["clicks"]), (spec, m)


def test_a_euclid_move_is_one_click_on_its_pairs_larger_row_at_the_number_it_leaves() -> None:
    # 7 3: Left to 3 1 (7 = 2·3 + 1), Right to 3 2; 5 3: Left to 3 2, Right to 3 1; 6 3: no move.
    for turn, expected in [
        ("left", {"7 3 -> 3 1": "h5:1", "5 3 -> 3 2": "h1:2"}),
        ("right", {"7 3 -> 3 2": "h5:2", "5 3 -> 3 1": "h1:1"}),
    ]:
        reply = moves_of("partizaneuclid", "7 3, 5 3, 6 3", turn)
        assert reply["board"] == {"kind": "pairs", "pairs": [[5, 3], [6, 3], [7, 3]]}
        assert {m["move"]: m["clicks"] for m in reply["moves"]} == {k: [[v]] for k, v in expected.items()}
        assert 'aria-label="pairs 5 3 + 6 3 + 7 3"' in reply["svg"] and ">pair 3</text>" in reply["svg"]
        # The position a move leads to is read back by the page as it sends it (no "+": a sum of games).
        for m in reply["moves"]:
            assert moves_of("partizaneuclid", m["position"], turn)["board"]["kind"] == "pairs"
    assert (
        "heaps" not in moves_of("partizaneuclid", "7 3", "left")
        or moves_of("partizaneuclid", "7 3", "left")["heaps"] is None
    )


def test_a_split_into_three_heaps_or_more_is_the_row_cut_smallest_first() -> None:
    reply = moves_of("hex:0.9", "3 7", None)  # take 1 and leave three heaps: only the 7 can
    ways = {m["move"]: m["clicks"] for m in reply["moves"]}
    assert ways == {
        "heap 2: 7 -> 1 + 1 + 4": [["h2:0", "h2:1", "h2:5"]],
        "heap 2: 7 -> 1 + 2 + 3": [["h2:0", "h2:2", "h2:5"]],
        "heap 2: 7 -> 2 + 2 + 2": [["h2:1", "h2:3", "h2:5"]],
    }
    assert played(reply["moves"], ["h2:0", "h2:2"]) == "heap 2: 7 -> 1 + 2 + 3"  # two clicks tell it apart
    equal = {m["move"]: m["clicks"] for m in moves_of("cgtbreak:{2+}=.0", "6 6", None)["moves"]}
    assert equal["heap 1: 6 -> 2 + 2 + 2"] == [["h1:1", "h1:3", "h1:5"], ["h2:1", "h2:3", "h2:5"]]  # either heap


def test_a_grid_move_names_the_cells_it_fills_that_no_click_names() -> None:
    # Fission: the stone clicked, its two halves land above and below it (Left) or beside (Right).
    left = moves_of("fission", "...|.x.|...", "left")["moves"]
    right = moves_of("fission", "...|.x.|...", "right")["moves"]
    assert [(m["clicks"], m["lands"]) for m in left + right] == [([["b2"]], ["b1", "b3"]), ([["b2"]], ["a2", "c2"])]
    # Konane: where the jump lands is its second click already; a capture (Clobber) likewise.
    assert all(m["lands"] == [] for m in moves_of("konane", ".xo.o.o.|.o......|.x......", "left")["moves"])
    assert all(m["lands"] == [] for m in moves_of("clobber", "xo|ox", "left")["moves"])
    assert "lands" not in moves_of("nim", "3 4", None)["moves"][0]  # a grid's only


def test_the_takes_are_drawn_and_said_and_typed_moves_are_read() -> None:
    reply = moves_of("mem", "9 3", None)
    assert reply["board"]["takes"] == [3, 9]
    assert "a move takes 3 to 9 counters" in reply["svg"]
    mem = make_game("mem")
    assert terminal_board(mem, mem.parse("9 3")).endswith("a move takes 3 to 9 counters")
    assert "takes" not in moves_of("mem", "9", None)["board"]  # any take of the whole heap: nothing to say
    for spec, position, turn, typed, after in [
        ("mem", "9 3", None, "take 4 from heap 1", "5 4"),
        ("fibonacci", "20", None, "1 2", "18 2"),
        ("partizansubtraction:1,2/2,3", "3 7", "right", "take 3 from heap 2", "3 4"),
        ("partizansubtraction:1,2/2,3", "3 7", "left", "heap 1 -> 1", "1 7"),
        ("partizantakeandbreak:0.07/0.7", "3 6", "left", "take 2 from heap 1", "1 6"),
        ("partizaneuclid", "7 3, 5 3", "left", "7 3", "3 1, 5 3"),
        ("partizaneuclid", "31 13", "right", "31 13 -> 13 8", "13 8"),
        ("hex:0.9", "3 7", None, "heap 2: 7 -> 1 + 2 + 3", "3 1 2 3"),
        ("coins:ruler", "THHTH", None, "3-5", "THTHT"),
        ("coins:mockturtles", "THHTH", None, "turn 5 1 2", "HTHTT"),
        ("coins:ruler", "THHTH", None, "turn 3", "THTTH"),
    ]:
        params = {"game": spec, "position": position, "move": typed, **({"turn": turn} if turn else {})}
        assert api.api_find(params)["move"]["position"] == after, (spec, typed)
    with pytest.raises(InvalidPosition, match="a take here is 3 to 9 of 9"):
        api.api_find({"game": "mem", "position": "9 3", "move": "take 2"})
    with pytest.raises(InvalidPosition, match="not a legal move of yours"):
        api.api_find({"game": "partizansubtraction:1,2/2,3", "position": "3 7", "turn": "left", "move": "2 3"})
    with pytest.raises(InvalidPosition, match="3 divides 6: nobody can move from the pair 6 3"):
        api.api_find({"game": "partizaneuclid", "position": "6 3, 7 3", "turn": "left", "move": "6 3"})
    with pytest.raises(InvalidPosition, match="no legal move turns coins 1, 4"):  # coin 4 shows tails
        api.api_find({"game": "coins:twins", "position": "THHTH", "move": "turn 4 1"})
    assert api.api_find({"game": "coins:ruler", "position": "THHTH", "move": "2"})["move"]["number"] == 2


def test_an_amazons_burnt_square_is_drawn_burnt_and_a_missing_cell_is_not() -> None:
    burnt = moves_of("amazons", "x.#.|.#.o", "left")
    assert burnt["board"]["style"] == "burnt" and burnt["svg"].count('class="arrow"') == 2
    after = moves_of("amazons", burnt["moves"][0]["position"], "right")  # the arrow just fired burns one more
    assert after["svg"].count('class="arrow"') == 3
    domineering = make_game("domineering")
    blocked = domineering.board(domineering.parse("#..|..#"))
    assert blocked is not None and "style" not in blocked and 'class="arrow"' not in (board_svg(blocked) or "")


def test_fox_and_geese_pieces_stand_on_the_dark_squares_drawn() -> None:
    # The board's ``dark`` parity is the rules' dark squares: every piece of every position two
    # plies from the example (either side first) stands on one, and is drawn on a dark floor.
    fox = make_game("foxandgeese")
    seen = [fox.parse("x.x.x.|......|o....."), fox.parse(".x.x.x.x|........|........|o.......")]
    for _ in range(2):
        seen += [q for p in seen for q in (*fox.left_options(p), *fox.right_options(p))]
    for p in seen[:200]:
        board = fox.board(p)
        assert board is not None
        cells = [(r, c) for r, row in enumerate(board["rows"]) for c, ch in enumerate(row) if ch != "."]
        assert cells and all((r + c) % 2 == board["dark"] for r, c in cells), board
    svg = board_svg(fox.board(seen[0])) or ""
    assert svg.count('fill="#c9b79c"') == 9  # half of the 3 x 6 board
