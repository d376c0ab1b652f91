"""Issue 30's web explorer items, each asserted on what the page shows in headless Chromium.

One server and one browser for the file (page_driver); screenshots go to test-output/browser/,
named ``issue30-<item>-*.png``.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qsl

from playwright.sync_api import Browser, Page, Route

from page_driver import OUT, phone, start, wait_turn


def shot(page: Page, name: str) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUT / f"issue30-{name}.png"), full_page=True)


def api(page: Page, path: str, **params: str) -> Any:
    """What the page's server answers (through the page's own origin)."""
    r = page.request.get(page.url.split("?")[0].rstrip("/") + path, params=params)
    assert r.ok, r.text()
    return r.json()


def test_8_the_computers_dominoes_are_drawn_whole(page: Page) -> None:
    # The computer's move came without its cells: after the next move its domino was two loose squares.
    for game, position in (("domineering", "....|....|...."), ("cram", "3x4")):
        start(page, game, position, first="computer")
        for _ in range(2):
            if wait_turn(page) != "human":
                break
            page.locator("#moves .move").first.click()
        wait_turn(page)
        played = page.locator("#log li").count()
        assert played >= 3, page.inner_text("#log")
        assert page.locator("#board rect.domino").count() == played, page.inner_text("#log")
        # No covered cell drawn as a loose blocked square: every '#' is part of a domino.
        loose = page.eval_on_selector_all("#board .cell rect[rx='5']", "rs => rs.length")
        assert loose == 0
        shot(page, f"8-{game}-dominoes")


def test_9_every_move_of_a_row_of_pins_is_clicked_on_the_drawing(page: Page) -> None:
    # Kayles 5's only winning move, 5 -> 2 + 2, knocks out the middle pin: it was a button only.
    start(page, "kayles", "5")
    middle = page.locator('#board [data-part="h1:2"]')
    middle.click()
    assert "click it again" in page.inner_text("#board-note")
    middle.click()
    wait_turn(page)
    assert page.locator("#log li").first.inner_text().startswith("you: 5 -> 2 + 2"), page.inner_text("#log")
    shot(page, "9-kayles-split")
    # Two pins side by side: the first, then its neighbour (Kayles 4 -> 1 + 1 knocks pins 2 and 3).
    start(page, "kayles", "4")
    page.locator('#board [data-part="h1:1"]').click()
    page.locator('#board [data-part="h1:2"]').click()
    wait_turn(page)
    assert page.locator("#log li").first.inner_text().startswith("you: 4 -> 1 + 1"), page.inner_text("#log")
    # Every legal move of these drawn games is a way of clicking parts the drawing has.
    for game, position in (
        ("kayles", "7"),
        ("dawsonkayles", "2 6"),
        ("grundygame", "7"),
        ("nim", "3 4 5"),
        ("domineering", "...|..."),
        ("chomp", "3x4"),
        ("cram", "3x3"),
        ("hackenbush", "BRR"),
    ):
        turn = {"turn": "left"} if game in ("domineering", "hackenbush") else {}
        data = api(page, "/api/moves", game=game, position=position, **turn)
        drawn = set(re.findall(r'data-part="([^"]+)"', data["svg"]))
        for m in data["moves"]:
            assert m["clicks"], (game, position, m["move"])
            assert all(set(w) <= drawn for w in m["clicks"]), (game, m["move"], m["clicks"])


def test_13_a_sums_winning_moves_read_back(page: Page) -> None:
    # "⇒ 0 4 + 5" read back as a game named '5'.
    page.select_option("#game-select", "nim")
    page.fill("#position", "3 4 + kayles 5")
    page.click("#solve-button")
    page.wait_for_selector("#solution:not([hidden])")
    shown = page.locator("#sol-moves li").all_inner_texts()
    assert shown and all("+ kayles " in m for m in shown), shown
    after = shown[0].split("⇒")[1].strip()
    page.fill("#position", after)
    page.click("#solve-button")
    page.wait_for_selector("#solution:not([hidden])")
    assert page.is_hidden("#error") and page.inner_text("#sol-outcome").startswith("P"), page.inner_text("#error")
    shot(page, "13-sum-reads-back")


def query(page: Page) -> dict[str, str]:
    """The query of the address bar (``location``: ``page.url`` may lag a history change)."""
    return dict(parse_qsl(page.evaluate("window.location.search").lstrip("?")))


def test_12_the_address_is_always_what_the_page_shows(page: Page) -> None:
    # The address kept the previous game after choosing another or after Solve; Solve made no link.
    page.select_option("#game-select", "wythoff")
    assert query(page) == {"game": "wythoff", "position": "26 34"}
    page.fill("#position", "3 5")
    assert query(page) == {"game": "wythoff", "position": "3 5"}
    page.click("#solve-button")
    page.wait_for_selector("#solution:not([hidden])")
    assert query(page) == {"game": "wythoff", "position": "3 5", "solve": "1"}
    outcome = page.inner_text("#sol-outcome")
    page.reload()
    page.wait_for_selector("#solution:not([hidden])")  # the link solves again
    assert page.input_value("#game-select") == "wythoff" and page.input_value("#position") == "3 5"
    assert page.inner_text("#sol-outcome") == outcome
    page.click("#play-button")
    wait_turn(page)
    page.locator("#moves .move").first.click()
    wait_turn(page)
    assert query(page)["moves"] and "solve" not in query(page)
    log = page.inner_text("#log")
    page.reload()
    wait_turn(page)
    assert page.inner_text("#log") == log
    page.select_option("#game-select", "nim")  # another game: its address, nothing played
    assert query(page) == {"game": "nim", "position": "3 4 5"}
    page.reload()
    page.wait_for_selector("body[data-state=ready]")
    assert page.input_value("#game-select") == "nim" and page.input_value("#position") == "3 4 5"
    assert page.locator("#log li").count() == 0 and page.is_hidden("#solution")
    page.go_back()  # back to the game played, as it was
    wait_turn(page)
    assert page.input_value("#game-select") == "wythoff" and page.inner_text("#log") == log
    shot(page, "12-address")


def test_18_switching_games_cancels_the_abandoned_request(page: Page) -> None:
    # The spinner stayed until the abandoned request ended (about 5 s): it is cancelled now.
    held: list[Route] = []
    page.route("**/api/solve*", lambda route: held.append(route))  # never answered
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.select_option("#game-select", "kayles")
    page.click("#solve-button")
    page.wait_for_selector("#busy:not([hidden])")
    page.select_option("#game-select", "nim")
    page.wait_for_selector("#busy", state="hidden", timeout=2_000)
    page.wait_for_function("() => document.querySelector('main').getAttribute('aria-busy') === 'false'")
    assert held and any("/api/solve" in url for url in failed), failed
    assert page.is_hidden("#solution") and page.is_hidden("#error")
    page.unroute("**/api/solve*")
    page.click("#solve-button")  # the page goes on as usual
    page.wait_for_selector("#solution:not([hidden])")
    assert page.inner_text("#sol-outcome").startswith("N")


PAPER = "rgb(251, 250, 247)"  # a free cell


def test_14_hints_are_marks_that_no_piece_looks_like_with_a_legend(page: Page) -> None:
    # Yellow "draw" under yellow discs, pink "lose" under red ones, red halos on red edges, and
    # Cram/Domineering cells filled solid so that free cells looked taken.
    start(page, "connect4", "")
    fills = page.eval_on_selector_all("#board .column rect", "rs => rs.map(r => getComputedStyle(r).fill)")
    assert len(fills) == 6 and all(f in ("rgba(255, 255, 255, 0.01)", "none") for f in fills), fills
    board = page.locator("#board svg > rect").first.bounding_box()
    marks = page.eval_on_selector_all(
        "#board .hint-mark", "ms => ms.map(m => [m.getBoundingClientRect().top, m.textContent])"
    )
    assert board is not None and len(marks) == 6, marks
    assert all(top >= board["y"] + board["height"] for top, _ in marks), (marks, board)  # under the board
    assert {text for _, text in marks} <= {"+", "=", "−"} and "=" in {text for _, text in marks}
    assert page.is_visible("#board-legend") and "a draw" in page.inner_text("#board-legend")
    shot(page, "14-connect4-marks")
    start(page, "cram", "3x3")
    cells = page.eval_on_selector_all("#board .cell rect:not(.hit)", "rs => rs.map(r => getComputedStyle(r).fill)")
    assert cells and set(cells) == {PAPER}, cells  # every free cell still looks free
    assert page.locator("#board .hint-mark").count() == page.locator("#board .cell.move-part:not(.choice)").count()
    shot(page, "14-cram-marks")
    page.select_option("#game-select", "hackenbush")
    page.select_option("#side", "right")
    start(page, "hackenbush", "BRR")
    halos = page.eval_on_selector_all("#board .edge .halo", "hs => hs.map(h => getComputedStyle(h).stroke)")
    assert halos and set(halos) == {"rgba(0, 0, 0, 0)"}, halos  # no colour over the red edges
    assert page.locator("#board .hint-mark").count() == page.locator("#board .edge.move-part").count() == 2
    page.uncheck("#hints")  # hints off: no mark, no legend
    assert page.locator("#board .hint-mark").count() == 0 and page.is_hidden("#board-legend")
    shot(page, "14-hackenbush-marks")


# The board's parts a finger taps, as boxes on the screen; an edge's band across it, tested at
# its middle: the points 20 px to each side belong to the edge too.
EDGE_BAND = """() => [...document.querySelectorAll('#board .edge.move-part')].map(g => {
  const path = g.querySelector('.halo'), n = path.getTotalLength(), m = g.ownerSVGElement.getScreenCTM();
  const at = (t) => new DOMPoint(path.getPointAtLength(t).x, path.getPointAtLength(t).y).matrixTransform(m);
  const a = at(n / 2 - 1), b = at(n / 2 + 1), mid = at(n / 2), len = Math.hypot(b.x - a.x, b.y - a.y);
  const nx = -(b.y - a.y) / len, ny = (b.x - a.x) / len;
  const hit = (s) => document.elementFromPoint(mid.x + s * 20 * nx, mid.y + s * 20 * ny)?.closest('[data-part]');
  return [g.dataset.part, hit(1)?.dataset.part, hit(-1)?.dataset.part];
})"""


def test_15_on_a_phone_every_target_is_44_px(browser: Browser, base_url: str) -> None:
    # Hackenbush edges 10-33 px, Chomp cells 40, Domineering cells 42, "Rules and help" 22 px tall.
    context, p = phone(browser, base_url)
    summary = p.locator("#help-box summary").bounding_box()
    assert summary is not None and summary["height"] >= 44, summary
    for game, position in (
        ("chomp", "3x4"),
        ("domineering", "...|...|..."),
        ("tictactoe", "X...O...."),
        ("nim", "3 4 5"),
        ("hackenbush", "BRR"),
    ):
        start(p, game, position)
        boxes = p.eval_on_selector_all(
            "#board .move-part:not(.edge), #moves .move, #play button, #setup button, summary, select",
            "es => es.filter(e => e.getClientRects().length).map(e => [e.dataset.part || e.id || e.textContent,"
            " e.getBoundingClientRect().width, e.getBoundingClientRect().height])",
        )
        assert boxes
        small = [b for b in boxes if b[1] < 44 or b[2] < 44]
        assert not small, (game, small)
        p.locator("#board").scroll_into_view_if_needed()
        for part, one_side, other_side in p.evaluate(EDGE_BAND):
            assert part == one_side == other_side, (game, part, one_side, other_side)
        shot(p, f"15-phone-{game}")
    context.close()


def test_11_green_hackenbush_is_drawn_and_cut_by_clicking(page: Page) -> None:
    # Green Hackenbush was text only ("a-b, g-a, …" reordered) while blue-red Hackenbush was drawn.
    start(page, "greenhackenbush", "g-a-b-c, g-d")
    assert page.locator("#board .edge").count() == 4 and page.locator("#board .position-text").count() == 0
    data = api(page, "/api/moves", game="greenhackenbush", position="g-a-b-c, g-d")
    assert all(m["clicks"] for m in data["moves"]), data["moves"]
    best = page.locator("#board .edge.move-part.best")
    assert best.count() == 1  # chop a-b: the one winning move, its mark ringed
    shot(page, "11-green-hackenbush")
    best.click()
    wait_turn(page)
    assert page.locator("#log li").first.inner_text().startswith("you: chop a-b"), page.inner_text("#log")
    while wait_turn(page) == "human":
        page.locator("#board .edge.move-part.best").first.click()
    assert page.inner_text("#status") == "Game over: you win!"


def test_10_a_heap_longer_than_the_drawing_shows_its_size_and_any_amount_is_taken(
    page: Page, browser: Browser, base_url: str
) -> None:
    # Wythoff 26 34: 13 counters shown at 1280 px, 6 on a phone, cut off with no sign.
    context, p = phone(browser, base_url)
    for tab, width in ((page, 1280), (p, 390)):
        start(tab, "wythoff", "26 34")
        wrap = tab.locator("#board .board-wrap").bounding_box()
        sizes = tab.eval_on_selector_all(
            "#board .heap-size", "ts => ts.map(t => [t.textContent, t.getBoundingClientRect().toJSON()])"
        )
        assert wrap is not None and [s for s, _ in sizes] == ["26", "34"], sizes
        for _, box in sizes:  # inside the part of the drawing on screen
            assert wrap["x"] <= box["x"] and box["x"] + box["width"] <= wrap["x"] + wrap["width"], (width, box)
        tab.fill("#take-count", "20")
        tab.select_option("#take-heap", "2")
        tab.click("#take-button")
        wait_turn(tab)
        assert tab.locator("#log li").first.inner_text().startswith("you: take 20 from heap 2 (34 -> 14)")
        shot(tab, f"10-wythoff-take-{width}")
    context.close()


def test_4_the_alpha_beta_search_tree_of_a_tictactoe_position(page: Page) -> None:
    # The terminal drew it (`zermelo negamax tictactoe "X...O...." --trace`); the page did not.
    page.select_option("#game-select", "tictactoe")
    page.fill("#position", "X...O....")
    page.click("#solve-button")
    page.wait_for_selector("#scored-solution:not([hidden])")
    page.click("#trace-button")
    page.wait_for_selector("#trace-panel:not([hidden])")
    data = api(page, "/api/trace", game="tictactoe", position="X...O....")
    tree = data["tree"]
    assert f"{tree['positions']:,} positions" in page.inner_text("#trace-summary")
    cut_groups = page.locator("#trace-svg svg g.cut").count()
    cuts = page.locator("#trace-cuts li").all_inner_texts()
    assert cut_groups >= 1 and len(cuts) == cut_groups, (cut_groups, cuts)
    assert all(" not searched, since α = " in c and " ≥ β = " in c for c in cuts), cuts
    assert page.locator("#trace-svg svg g.node").count() == 1 + len(tree["children"]) + sum(
        len(c.get("children", [])) for c in tree["children"]
    )
    shot(page, "4-alpha-beta-tree")
    page.select_option("#game-select", "nim")  # another game: the tree goes with the solution
    assert page.is_hidden("#trace-panel")


def test_19_the_focus_stays_on_the_board_and_a_tree_node_is_one_line(page: Page) -> None:
    # Keyboard focus dropped to the page after every move; "play from here" wrapped to its own line.
    start(page, "nim", "3 4 5")
    page.focus("#play-button")
    while not page.evaluate("document.getElementById('board').contains(document.activeElement)"):
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    wait_turn(page)
    assert page.locator("#log li").count() == 2
    assert page.evaluate("document.getElementById('board').contains(document.activeElement)")
    page.keyboard.press("Enter")  # and the next move is one key away
    wait_turn(page)
    assert page.locator("#log li").count() == 4
    page.click("#tree-button")
    page.wait_for_selector("#tree .tree-node .tree-node")
    rows = page.eval_on_selector_all(
        "#tree .tree-row",
        "rs => rs.map(r => [r.querySelector('.tree-label').getBoundingClientRect().top,"
        " r.querySelector('.tree-jump').getBoundingClientRect().top, r.getBoundingClientRect().height])",
    )
    assert len(rows) > 2 and all(jump < label + 30 for label, jump, _ in rows), rows
    shot(page, "19-focus-and-tree")


BIG = "1" + "0" * 59  # a 60-digit heap


def test_17_a_60_digit_heap_is_solved_with_its_remoteness_and_played(page: Page) -> None:
    # Solve said the remoteness was not known (its why: "take it all"); Play refused the heap.
    page.select_option("#game-select", "nim")
    page.fill("#position", BIG)
    page.click("#solve-button")
    page.wait_for_selector("#solution:not([hidden])")
    assert page.inner_text("#sol-remoteness") == "1"
    start(page, "nim", f"{BIG} 7")
    assert "you can win (the game can last 15 more moves)" in page.inner_text("#status")
    assert page.locator("#moves .move").count() == 5 and "Too many moves to list" in page.inner_text("#board-note")
    page.fill("#take-count", "20")
    page.select_option("#take-heap", "1")
    page.click("#take-button")  # a losing move, typed: the computer wins from there
    wait_turn(page)
    assert page.locator("#log li").first.inner_text().startswith(f"you: take 20 from heap 1 ({BIG} -> 9999"), (
        page.inner_text("#log")
    )
    shot(page, "17-big-heap-take")
    log = page.inner_text("#log")
    with page.expect_download() as download:  # saved, and opened again: the typed move as typed
        page.click("#export-button")
    saved = download.value.path()
    page.set_input_files("#import-file", saved)
    page.wait_for_function("() => document.getElementById('history-note').textContent.startsWith('opened')")
    wait_turn(page)
    assert page.inner_text("#log") == log and page.is_hidden("#error"), (page.inner_text("#error"), saved.read_text())
    start(page, "nim", BIG)
    page.fill("#take-count", "all")
    page.click("#take-button")
    page.wait_for_selector("body[data-state=over]")  # not wait_turn: the page was the human's turn already
    assert page.inner_text("#status") == "Game over: you win!"


LOOPY = "digraph:a->b, b->a, b->c, c->d, x->a, x->y, y->x"


def test_20_win_by_and_draw_level_views_grundy_values_and_the_history_saved_and_opened(
    page: Page, tmp_path: Any
) -> None:
    # GamesmanUni's Win-By and Draw-Level views, the mex and each move's Grundy value, and the
    # history as a file and a link: none was there.
    start(page, "nim", "3 4 5")
    note = page.inner_text("#grundy-note")
    shown = {int(g) for g in re.findall(r"G (\d+)", " ".join(page.locator("#moves .why-move").all_inner_texts()))}
    assert note.startswith("Grundy value 2 = mex{") and shown and 2 not in shown, note
    assert note.split("{")[1].split("}")[0] == ", ".join(str(g) for g in sorted(shown))
    start(page, "cheques", "")  # a game that keeps score: by how much, after each move
    page.locator("#moves .move", has_text="take first (3)").click()
    wait_turn(page)
    page.check('input[name="chart-view"][value="winby"]')
    ticks = page.eval_on_selector_all("#chart text.tick", "ts => ts.map(t => t.textContent)")
    points = page.eval_on_selector_all("#chart circle.point", "cs => cs.map(c => c.querySelector('title').textContent)")
    assert "tie" in ticks and any(t.startswith("win by ") for t in ticks), ticks
    assert len(points) == page.locator("#log li").count() + 1, points
    assert points[0] == "after move 0: you win by 9" and points[1] == "after move 1: you win by 1", points
    shot(page, "20-win-by")
    start(page, "digraph", "y", spec=LOOPY)  # a game with cycles: how near each draw is to a mistake
    page.check('input[name="chart-view"][value="drawlevel"]')
    page.locator("#moves .move").first.click()  # y -> x, the only move
    wait_turn(page)
    points = page.eval_on_selector_all("#chart circle.point", "cs => cs.map(c => c.querySelector('title').textContent)")
    assert points[:2] == [
        "after move 0: draw level 1: you press, 1 move to the fringe",
        "after move 1: draw level 1: the computer stands at the fringe (a move there can lose)",
    ], points
    shot(page, "20-draw-level")
    # The history: saved as a file, opened in a fresh tab, replayed as it was.
    start(page, "nim", "3 4 5")
    page.locator("#moves .move").first.click()
    wait_turn(page)
    log = page.inner_text("#log")
    with page.expect_download() as download:
        page.click("#export-button")
    saved = tmp_path / "game.json"
    download.value.save_as(saved)
    link = query(page)
    page.select_option("#game-select", "kayles")  # another game on screen, then the file opened
    assert page.locator("#log li").count() == 0
    page.set_input_files("#import-file", str(saved))
    wait_turn(page)
    assert page.inner_text("#log") == log and "opened game.json: 2 moves" in page.inner_text("#history-note")
    assert query(page) == link  # the link too is the game's
    page.set_input_files("#import-file", files=[{"name": "x.json", "mimeType": "application/json", "buffer": b"{}"}])
    page.wait_for_function(
        "() => document.querySelector('#error').innerText === 'x.json is not a saved game of this page'"
    )


# Every control a finger taps, smaller than 44 px: a checkbox's or a radio's target is its label.
SMALL_TARGETS = """() => [...document.querySelectorAll('button, select, input, summary, label, a[href], [role=button]')]
  .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .filter(e => !(e.tagName === 'INPUT' && ['checkbox', 'radio', 'file'].includes(e.type)))
  .filter(e => e.tagName !== 'LABEL' || e.querySelector('input[type=checkbox], input[type=radio], input[type=file]'))
  .map(e => [e.id || e.className || e.textContent.trim().slice(0, 30),
    e.getBoundingClientRect().width, e.getBoundingClientRect().height])
  .filter(([, w, h]) => w < 44 || h < 44)"""


def test_15_on_a_phone_the_charts_labels_are_legible_and_every_target_is_44_px(browser: Browser, base_url: str) -> None:
    # The chart's labels were 11 px on a phone; "misère play" and "hints" were 26 px tall targets.
    context, p = phone(browser, base_url)
    p.select_option("#game-select", "domineering")
    p.click("#help-box summary")  # its examples, and the board editor, are targets too
    p.click("#editor-button")
    start(p, "nim", "3 4 5")
    p.locator("#moves .move").first.click()
    wait_turn(p)
    sizes = p.eval_on_selector_all(  # the font's size as drawn on the screen (the SVG scaled), in CSS px
        "#chart text",
        "ts => ts.map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)",
    )
    assert sizes and min(sizes) >= 13, sizes
    assert p.locator("#chart-views label").count() == 3 and p.locator("#game-examples .example").count() >= 2
    assert p.evaluate(SMALL_TARGETS) == []
    p.locator("#chart-views").scroll_into_view_if_needed()
    shot(p, "15-phone-chart")
    context.close()


def test_16_how_to_write_a_position_and_a_board_editor(page: Page) -> None:
    # Connect Four, Domineering and Chomp had one sentence of help; no game had an editor.
    games = {g["name"]: g for g in api(page, "/api/games")}
    page.select_option("#game-select", "domineering")
    page.click("#help-box summary")
    assert page.inner_text("#game-syntax") == games["domineering"]["syntax"] and "|" in games["domineering"]["syntax"]
    examples = page.locator("#game-examples .example")
    assert examples.all_inner_texts() == games["domineering"]["examples"]
    examples.nth(1).click()  # ...|.#.|...
    assert page.input_value("#position") == "...|.#.|..." and query(page)["position"] == "...|.#.|..."
    page.click("#editor-button")
    cells = page.locator("#editor .editor-cell")
    assert cells.count() == 9 and cells.nth(4).inner_text() == "#"
    boxes = page.eval_on_selector_all("#editor .editor-cell", "cs => cs.map(c => c.getBoundingClientRect().height)")
    assert min(boxes) >= 44, boxes
    cells.nth(0).click()  # a free cell covered, then the covered middle freed
    cells.nth(4).click()
    assert page.input_value("#position") == "#..|...|..."
    shot(page, "16-domineering-editor")
    page.click("#play-button")
    wait_turn(page)
    assert page.is_hidden("#error") and page.locator("#board rect").count() > 0
    page.select_option("#game-select", "cram")  # RxC is an empty board to the editor
    page.click("#editor-button")
    page.locator("#editor .editor-cell").nth(8).click()
    assert page.input_value("#position") == "...|...|..#"
    page.select_option("#game-select", "tictactoe")  # rows split by / are edited as they are written
    page.locator("#game-examples .example", has_text="XO./.X./..O").click()
    page.click("#editor-button")
    columns = page.eval_on_selector_all("#editor .editor-cell", "cs => new Set(cs.map(c => c.offsetLeft)).size")
    page.locator("#editor .editor-cell").nth(2).click()
    assert columns == 3 and page.input_value("#position") == "XOX/.X./..O"
    for game in ("connect4", "chomp", "nim", "greenhackenbush"):  # every game has its syntax; a grid its editor
        page.select_option("#game-select", game)
        assert page.inner_text("#game-syntax") == games[game]["syntax"] != ""
        assert page.is_visible("#editor-button") == bool(games[game]["cell_symbols"])


def test_19_a_board_grows_for_a_projector(page: Page, browser: Browser, base_url: str) -> None:
    # At 1280 px tic-tac-toe was 160 px and Connect Four 292 px wide, whatever the room.
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    wide = context.new_page()
    wide.goto(base_url)
    wide.wait_for_selector("body[data-state=ready]")
    widths: dict[tuple[str, int], float] = {}
    for tab, width, height, game, position, drawn in (
        (page, 1280, 1000, "tictactoe", "X...O....", 160),
        (page, 1280, 1000, "connect4", "", 292),
        (wide, 1920, 1080, "connect4", "", 292),
    ):
        start(tab, game, position)
        svg = tab.locator("#board svg.board-svg").bounding_box()
        room = tab.eval_on_selector("#board", "b => b.clientWidth")
        assert svg is not None, game
        # As wide as the room (or 3 times its size), unless the screen's height stops it first.
        grown = svg["width"] >= min(3 * drawn, 0.8 * room) - 1 or svg["height"] >= 0.69 * height
        assert grown and svg["height"] <= 0.7 * height + 1, (game, width, svg, room)
        widths[game, width] = svg["width"]
        shot(tab, f"19-projector-{game}-{width}")
    context.close()
    assert widths["connect4", 1920] > widths["connect4", 1280] > 292 * 1.5, widths
