"""Issue 16's journeys in the browser: one per defect, asserting on what the page shows.

Screenshots go to test-output/browser/.  Each test starts from a fresh tab (see page_driver).
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import httpx2
from playwright.sync_api import Browser, Page, Route

from page_driver import OUT, phone, start, wait_turn

# Relative luminance and contrast (WCAG 2.1) of every visible text, button and input, in the page.
CONTRAST = """() => {
  const rgb = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b]
    .map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
  const bg = (el) => { for (let e = el; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor);
    if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) return c.slice(0, 3); } return [255, 255, 255]; };
  const bad = [];
  for (const el of document.querySelectorAll("button, label, p, li, td, th, h1, h2, h3, summary, span, output")) {
    if (!el.offsetParent || !el.textContent.trim() || el.closest("svg")) continue;
    if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const s = getComputedStyle(el);
    const big = parseFloat(s.fontSize) >= 24 || (parseFloat(s.fontSize) >= 18.66 && +s.fontWeight >= 700);
    const a = lum(rgb(s.color)), b = lum(bg(el));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const what = `${el.tagName}#${el.id}.${el.className} "${el.textContent.trim().slice(0, 30)}"`;
    if (ratio < (big ? 3 : 4.5)) bad.push(`${what}: ${ratio.toFixed(2)}`);
  }
  return bad;
}"""

# Every control has an accessible name; images have alt text; live regions exist.
LABELS = """() => {
  const bad = [];
  for (const el of document.querySelectorAll("input, select, button, [role=button]")) {
    if (el.type === "hidden" || (!el.offsetParent && el.tagName !== "svg")) continue;
    const named = el.getAttribute("aria-label") || (el.labels && el.labels.length) || el.textContent.trim() || el.title;
    if (!named) bad.push(`${el.tagName}#${el.id}`);
  }
  for (const img of document.querySelectorAll("img")) if (!img.alt) bad.push(`img#${img.id}`);
  for (const svg of document.querySelectorAll("svg[role=img]")) {
    if (!svg.getAttribute("aria-label")) bad.push(`svg#${svg.id}`);
  }
  if (document.getElementById("status").getAttribute("aria-live") !== "polite") bad.push("status not live");
  return bad;
}"""


# The parts of the value-history chart drawn outside its box (cut off), as "tag left..right".
CUT_OFF = """() => {
  const box = document.getElementById("chart").getBoundingClientRect();
  return [...document.querySelectorAll("#chart line, #chart circle, #chart text, #chart path, #chart polyline")]
    .map((e) => [e.tagName, e.getBoundingClientRect()])
    .filter(([, r]) => r.width + r.height > 0)
    .filter(([, r]) => r.left < box.left - 1 || r.right > box.right + 1
      || r.top < box.top - 1 || r.bottom > box.bottom + 1)
    .map(([t, r]) => `${t} ${Math.round(r.left)}..${Math.round(r.right)}`);
}"""


def shot(page: Page, name: str) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUT / name), full_page=True)


def solve(page: Page, game: str, position: str, spec: str | None = None) -> None:
    page.select_option("#game-select", game)
    if spec is not None:
        page.fill("#spec", spec)
    page.fill("#position", position)
    page.click("#solve-button")


def panels_empty(page: Page) -> bool:
    return (
        page.is_hidden("#solution")
        and page.is_hidden("#scored-solution")
        and page.is_hidden("#value-panel")
        and page.locator("#board > *").count() == 0
        and page.locator("#moves li").count() == 0
        and page.locator("#log li").count() == 0
    )


def test_1_changing_game_leaves_nothing_stale(page: Page) -> None:
    solve(page, "nim", "3 4 5")
    page.wait_for_selector("#solution:not([hidden])")
    page.select_option("#game-select", "wythoff")
    assert panels_empty(page) and "heap" not in page.inner_text("#play") and page.is_hidden("#solution")


def test_1_a_failed_request_leaves_no_panel_of_another_game(page: Page) -> None:
    start(page, "nim", "1 2")
    page.select_option("#game-select", "wythoff")
    page.fill("#position", "1 2 3")
    page.click("#play-button")  # fails: Wythoff has two heaps
    page.wait_for_selector("#error:not([hidden])")
    assert "two heap sizes" in page.inner_text("#error") and panels_empty(page)
    page.select_option("#game-select", "domineering")
    page.fill("#position", "xyz")
    page.click("#play-button")
    page.wait_for_selector("#error:not([hidden])")
    assert panels_empty(page) and page.inner_text("#status").startswith("Choose a game")
    page.fill("#position", "..|..")  # editing the position clears the error too
    assert page.is_hidden("#error")
    shot(page, "stale-cleared.png")


def test_2_connect_four_is_played_by_clicking_columns(page: Page) -> None:
    start(page, "connect4", "4455", spec="connect4:6x5")
    assert page.locator("#board .column").count() == 6 and page.locator("#board .cell").count() == 30
    assert parse_qs(urlsplit(page.url).query)["game"] == ["connect4:6x5"]  # the rules the page plays
    page.locator("#board .column.move-part.best").first.click()  # X 3 wins: three in a row, open both ends
    while wait_turn(page) == "human":
        page.locator("#board .column.move-part.best").first.click()
    assert page.inner_text("#status") == "Game over: you win!"
    assert page.locator("#board circle[stroke='#22c55e']").count() >= 4  # the winning four, highlighted
    shot(page, "connect4.png")


def test_2_the_empty_7x6_board_says_plainly_it_is_too_deep(page: Page) -> None:
    solve(page, "connect4", "", spec="connect4")  # the empty 7 × 6 board: beyond a request's budget
    page.wait_for_selector("#error:not([hidden])", timeout=30_000)
    assert page.inner_text("#error") == "too deep for this server; try a position with more discs"
    page.click("#play-button")  # playing it says the same, in the same words
    page.wait_for_function("() => document.body.dataset.state !== 'busy' && !document.getElementById('error').hidden")
    assert page.inner_text("#error") == "too deep for this server; try a position with more discs"
    assert page.locator("#board > *").count() == 0


def test_3_scored_games_are_solved_like_negamax(page: Page) -> None:
    solve(page, "tictactoe", "X...O....")
    page.wait_for_selector("#scored-solution:not([hidden]), #error:not([hidden])")
    assert page.is_hidden("#error"), page.inner_text("#error")
    assert page.inner_text("#sc-value").startswith("a draw with perfect play")
    assert page.locator("#sc-best li").count() == 7 and page.inner_text("#sc-pv").startswith("X ")
    assert "Backward induction (negamax)" in page.inner_text("#sc-why")  # the why, as `zermelo negamax` says it
    assert page.is_hidden("#error")


def test_4_a_40_digit_grundy_value_is_shown_exactly(page: Page) -> None:
    a, b = 1234567890123456789012345678901234567890, 98765432109876543210
    solve(page, "nim", f"{a} {b}")
    page.wait_for_selector("#solution:not([hidden])")
    assert page.inner_text("#sol-grundy") == str(a ^ b)
    assert len(str(a ^ b)) == 40


# Each move button's value, opacity and font weight.
LOOKS = "bs => bs.map(b => [b.dataset.value, +getComputedStyle(b).opacity, getComputedStyle(b).fontWeight])"


def test_5_the_best_move_is_the_most_prominent_and_colours_meet_wcag_aa(page: Page) -> None:
    start(page, "nim", "3 4 5")
    looks = page.eval_on_selector_all("#moves .move", LOOKS)
    assert [o for v, o, _ in looks if v == "win"] == [1.0] and min(o for _, o, _ in looks) == 1.0, looks  # none faded
    assert page.evaluate(CONTRAST) == []
    best = page.locator("#moves .move.best")
    assert best.count() == 1 and best.inner_text().startswith("take 2 from heap 1")
    assert page.locator("#moves .move.tint").count() == 11
    weights = page.eval_on_selector_all("#moves .move", "bs => bs.map(b => getComputedStyle(b).fontWeight)")
    assert sorted(weights, reverse=True)[0] == "700" and weights.count("700") == 1
    assert page.evaluate(CONTRAST) == []
    start(page, "kayles", "7")  # wins in 5 and in 7: one set of best moves, all readable
    assert page.locator("#moves .move.best").count() >= 1 and page.evaluate(CONTRAST) == []
    start(page, "nim", "1 1")  # every move loses in 2: none is faded, the defence is still marked
    assert {o for _, o, _ in page.eval_on_selector_all("#moves .move", LOOKS)} == {1.0}
    assert page.locator("#moves .move.best").count() == 2 and page.evaluate(CONTRAST) == []
    shot(page, "colours.png")


def test_6_cram_and_digraph_positions_are_drawn_and_clicked(page: Page) -> None:
    # Cram: a grid with its coordinates on the edges; a1 starts two dominoes: click it, then b1.
    start(page, "cram", "3x3")
    assert page.locator("#board .position-text").count() == 0 and page.locator("#board .cell").count() == 9
    edges = page.eval_on_selector_all("#board svg > text", "ts => ts.map(t => t.textContent)")
    assert edges == ["a", "b", "c", "1", "2", "3"], edges
    page.locator("#board [data-part=a1]").click()
    assert page.inner_text("#board-note").startswith("a1 selected")
    page.locator("#board [data-part=b1]").click()
    wait_turn(page)
    assert page.locator("#log li").first.inner_text().startswith("you: a1-b1")
    assert page.locator("#board .domino").count() == 2  # the person's domino and the computer's
    shot(page, "cram.png")
    # A digraph: the vertices drawn, the token on a; the move is a click on the vertex it goes to.
    start(page, "digraph", "a", spec="digraph:a->b, b->c")
    assert page.locator("#board .vertex").count() == 3 and page.locator("#board [data-part='v:a'] .token").count() == 1
    page.locator("#board [data-part='v:b']").click()
    page.wait_for_selector("body[data-state=over]")
    assert page.locator("#log li").first.inner_text().startswith("you: a -> b")
    assert page.locator("#board [data-part='v:c'] .token").count() == 1  # the computer moved on to c
    shot(page, "digraph.png")


def test_7_hints_off_reveal_nothing_until_the_end(page: Page) -> None:
    page.uncheck("#hints")
    start(page, "nim", "1 2")
    assert page.inner_text("#status") == "Your move."
    titles = page.eval_on_selector_all("#moves .move, #board title", "es => es.map(e => e.title || e.textContent)")
    assert not any(re.search(r"\b(win|lose|draw)\b", t) for t in titles), titles
    assert page.locator("#moves .why-move").count() == 0 and page.locator("#moves .move.plain").count() == 3
    page.locator("#moves .move").last.click()
    if wait_turn(page) == "human":
        assert not re.search(r"(win|lose) in", page.inner_text("#log"))
        assert page.locator("#chart circle.point").count() == 0
        page.locator("#moves .move").first.click()
    page.wait_for_selector("body[data-state=over]")
    assert page.locator("#chart circle.point").count() >= 2  # the game is over: the history is shown


def test_8_long_move_lists_are_grouped_and_moves_can_be_typed(page: Page) -> None:
    start(page, "nim", "40 1000")
    assert page.locator("#moves li").count() <= 24
    assert "all 1,040 moves" in page.inner_text("#more-moves")
    assert page.locator("#moves .move.best").count() == 1
    page.fill("#typed-move", "heap 2 -> 40")  # the winning move, far beyond the drawing
    page.press("#typed-move", "Enter")
    wait_turn(page)
    assert page.locator("#log li").first.inner_text().startswith("you: take 960 from heap 2")
    page.fill("#typed-move", "9 1")
    page.press("#typed-move", "Enter")
    page.wait_for_function("() => document.getElementById('typed-error').textContent.includes('no heap 9')")


def test_9_chomp_29x30_says_the_winning_move_is_not_known(page: Page) -> None:
    # 29 x 30: no strategy names the move (n x n would: eat (2, 2)) and the search is over the budget.
    solve(page, "chomp", "29x30")
    page.wait_for_selector("#solution:not([hidden])", timeout=30_000)
    moves = page.inner_text("#sol-moves")
    assert "first player wins by strategy stealing; the winning move is not known within this server's budget" in moves
    assert "none found" not in page.inner_text("#sol-why")


def test_10_the_side_choice_shows_only_for_partisan_games(page: Page) -> None:
    page.select_option("#game-select", "nim")
    assert page.is_hidden("#side-label")
    page.select_option("#game-select", "domineering")
    assert page.is_visible("#side-label")


def test_10_misere_with_a_partisan_game_is_refused_by_solve_and_play_alike(page: Page) -> None:
    page.select_option("#game-select", "domineering")
    page.check("#misere")
    page.fill("#position", "..|..")
    page.click("#solve-button")  # an answer: the refusal, or a value (misère silently ignored)
    page.wait_for_function(
        "() => document.getElementById('value-error').textContent.includes('misère')"
        " || !document.getElementById('value-facts').hidden"
    )
    assert page.is_hidden("#value-facts"), f"Solve ignored misère: value {page.inner_text('#val-value')}"
    page.click("#play-button")
    page.wait_for_selector("#error:not([hidden])")
    assert "misère" in page.inner_text("#error")


def test_10_a_draw_loops_grundy_row_shows_infinity(page: Page) -> None:
    solve(page, "digraph", "a", spec="digraph:a->b, b->a")
    page.wait_for_selector("#solution:not([hidden])")
    assert page.inner_text("#sol-grundy").startswith("∞")


def test_10_a_draw_loop_says_the_position_repeated(page: Page) -> None:
    start(page, "digraph", "a", spec="digraph:a->b, b->a")
    for _ in range(2):
        page.locator("#moves .move").first.click()
        wait_turn(page)
    assert "Position repeated" in page.inner_text("#status")


def test_11_on_a_phone_the_chart_fits_and_targets_are_44_px(browser: Browser, base_url: str) -> None:
    context, p = phone(browser, base_url)
    start(p, "nim", "3 4 5")
    p.locator("#moves .move[data-value=win]").first.click()  # the one winning move
    wait_turn(p)
    chart = p.locator("#chart").bounding_box()
    assert chart is not None and chart["x"] >= 0 and chart["x"] + chart["width"] <= 390
    assert p.evaluate(CUT_OFF) == []  # every line, point and label of the chart inside its box
    for box in p.eval_on_selector_all(
        "#board .move-part, #moves .move, #play button", "es => es.map(e => e.getBoundingClientRect().toJSON())"
    ):
        assert box["width"] >= 44 and box["height"] >= 44, box
    assert p.evaluate("document.documentElement.scrollWidth") <= 390  # nothing sticks out sideways
    assert p.evaluate(LABELS) == []
    shot(p, "phone.png")
    context.close()


def test_12_errors_speak_the_pages_words(page: Page) -> None:
    solve(page, "nim", "3", spec="chess")
    page.wait_for_selector("#error:not([hidden])")
    assert page.inner_text("#error") == "unknown game 'chess' (choose one from the Game list)"


def test_12_a_budget_error_names_no_command_line_option(page: Page) -> None:
    solve(page, "square", "10000000000")
    page.wait_for_selector("#error:not([hidden])")
    assert "budget" in page.inner_text("#error") and "--" not in page.inner_text("#error")


def test_13_the_favicon_is_served(base_url: str) -> None:
    r = httpx2.get(f"{base_url}/favicon.ico")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")


def test_13_a_loading_note_shows_while_the_thermograph_is_drawn(page: Page) -> None:
    held: list[Route] = []
    page.route("**/api/thermograph.png*", lambda route: held.append(route))  # held back until released
    solve(page, "domineering", "...|...")
    page.wait_for_function("() => document.getElementById('val-value').textContent === '{2|-1/2}'")
    for _ in range(200):  # the page has asked for the drawing: it is held
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1 and page.is_visible("#thermograph-loading") and page.is_hidden("#thermograph")
    held[0].continue_()
    page.wait_for_selector("#thermograph:not([hidden])")
    assert page.is_hidden("#thermograph-loading") and page.is_hidden("#busy")


def test_6_chomp_domineering_and_hackenbush_boards_are_clicked(page: Page) -> None:
    start(page, "chomp", "3x4")
    assert page.locator("#board .cell").count() == 12
    page.locator("#board .cell.move-part.best").first.click()
    wait_turn(page)
    assert page.locator("#log li").count() == 2
    page.select_option("#game-select", "domineering")
    start(page, "domineering", "...|...")
    # a1 starts two dominoes (a1-a2 for Left): click it, then the other cell
    page.locator("#board [data-part=b1]").click()
    wait_turn(page)
    assert page.locator("#log li").first.inner_text().startswith("you (Left): b1-b2")
    shot(page, "domineering-board.png")
    page.select_option("#game-select", "hackenbush")
    start(page, "hackenbush", "B(GG,R) BRR")  # Left: blue and green edges are hers to cut
    assert page.locator("#board .edge").count() == 7 and page.locator("#board .edge-R.move-part").count() == 0
    page.locator("#board .edge.move-part.best").first.click()
    wait_turn(page)
    assert page.locator("#log li").first.inner_text().startswith("you (Left): to ")
    shot(page, "hackenbush.png")


def test_permalinks_back_and_forward(page: Page, base_url: str) -> None:
    start(page, "wythoff", "4 6")
    assert "game=wythoff" in page.url and "position=4+6" in page.url  # the link records the game from its start
    page.locator("#moves .move.best").first.click()
    wait_turn(page)
    url = page.url
    assert "game=wythoff" in url and "position=4+6" in url and "moves=" in url
    log = page.inner_text("#log")
    fresh = page.context.new_page()
    fresh.goto(url)
    wait_turn(fresh)
    assert fresh.inner_text("#log") == log and fresh.input_value("#position") == "4 6"
    fresh.close()
    page.go_back()
    page.wait_for_function("() => document.querySelectorAll('#log li').length === 0")
    page.go_forward()
    page.wait_for_function("() => document.querySelectorAll('#log li').length === 2")


def test_sums_tree_help_redo_and_accessibility(page: Page) -> None:
    solve(page, "nim", "3 4 + kayles 5")
    page.wait_for_selector("#solution:not([hidden]), #error:not([hidden])")
    assert page.is_hidden("#error"), page.inner_text("#error")
    assert page.inner_text("#sol-outcome").startswith("N") and page.inner_text("#sol-grundy") == "3"
    page.select_option("#game-select", "domineering")
    page.click("#help-box summary")
    assert "Left places vertical dominoes" in page.inner_text("#game-help")
    page.fill("#position", "..|..")
    page.click("#tree-button")
    page.wait_for_selector("#tree .tree-side")
    text = page.inner_text("#tree")
    assert "Left's options" in text and "Right's options" in text and "value 1" in text and "value -1" in text
    page.locator("#tree .tree-node .tree-node .tree-toggle").first.click()  # a child's options
    page.wait_for_function("() => document.querySelectorAll('#tree .tree-side').length >= 4")
    start(page, "nim", "2 3")
    page.locator("#moves .move.best").first.click()
    wait_turn(page)
    page.click("#undo-button")
    assert page.locator("#log li").count() == 0
    page.click("#redo-button")
    assert page.locator("#log li").count() == 2
    page.click("#new-button")
    wait_turn(page)
    assert page.locator("#log li").count() == 0
    page.keyboard.press("Tab")  # keyboard play: the board's parts take the focus and Enter
    page.focus("#board .move-part.best")
    page.keyboard.press("Enter")
    wait_turn(page)
    assert page.locator("#log li").count() == 2
    assert page.evaluate(LABELS) == [] and page.evaluate(CONTRAST) == []
    shot(page, "tree-and-sums.png")
