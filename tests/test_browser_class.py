"""Issue 16's "Done means" in the browser, the clicked pieces of Clobber and Toads and Frogs, the
value-history chart's remoteness scale and axe-core's accessibility check.

One server and one browser for the file (page_driver); screenshots go to test-output/browser/.
"""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page

from page_driver import OUT, TIMEOUT_MS, start, wait_turn


def shot(page: Page, name: str) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUT / name), full_page=True)


def begin(page: Page, game: str, spec: str, position: str, side: str | None = None) -> None:
    """Choose a game, its spec and position (and side), and start playing, moving first."""
    page.select_option("#game-select", game)
    assert nothing_left(page), f"something of an earlier game is still on screen after choosing {game}"
    page.fill("#spec", spec)
    if side is not None:
        page.select_option("#side", side)
    page.fill("#position", position)
    page.select_option("#first", "human")
    page.click("#play-button")
    wait_turn(page)
    assert page.input_value("#spec") == spec


def nothing_left(page: Page) -> bool:
    """No board, move, log, chart point, answer or error on screen."""
    return (
        page.locator("#board > *").count() == 0
        and page.locator("#moves li").count() == 0
        and page.locator("#log li").count() == 0
        and page.locator("#chart circle.point").count() == 0
        and page.is_hidden("#solution")
        and page.is_hidden("#scored-solution")
        and page.is_hidden("#value-panel")
        and page.is_hidden("#error")
        and page.locator("#tree > *").count() == 0
    )


def click_best_until_over(page: Page, selector: str, limit: int = 40) -> int:
    """Click the best move's part of the board until the game ends; the plies the person played."""
    plies = 0
    while wait_turn(page) == "human":
        assert plies < limit, "the game did not end"
        page.locator(f"#board {selector}.move-part.best").first.click()
        plies += 1
    return plies


def cell_filled(page: Page, cell: str) -> bool:
    classes = page.get_attribute(f"#board [data-part={cell}]", "class") or ""
    return "filled" in classes.split()


def test_done_means_a_new_user_plays_browses_and_shares(page: Page, base_url: str) -> None:
    # Connect Four 6 x 5 from the empty board, by clicking its columns (the first plies come from
    # the opening book shipped with zermelo; 6 x 5 is a draw, so best play fills the board).
    begin(page, "connect4", "connect4:6x5", "")
    assert page.locator("#board .column").count() == 6 and page.locator("#board .cell").count() == 30
    assert page.locator("#board .cell.filled").count() == 0
    click_best_until_over(page, ".column")
    assert page.inner_text("#status").startswith("Game over")
    assert page.locator("#log li").count() == 30 and page.locator("#board .cell.filled").count() == 30
    shot(page, "done-connect4.png")
    # Chomp by clicking squares: the first player wins, so the person (moving first) wins.
    begin(page, "chomp", "chomp", "3x4")
    assert page.locator("#board .column").count() == 0 and page.locator("#board .cell").count() == 12
    click_best_until_over(page, ".cell")
    assert page.inner_text("#status") == "Game over: you win!"
    shot(page, "done-chomp.png")
    # Hackenbush by clicking edges, as Left (blue): B(GG,R) BRR is positive, Left wins moving first.
    begin(page, "hackenbush", "hackenbush", "B(GG,R) BRR", side="left")
    assert page.locator("#board .edge").count() == 7 and page.locator("#board .cell").count() == 0
    click_best_until_over(page, ".edge")
    assert page.inner_text("#status") == "Game over: Right cannot move: you win!"
    shot(page, "done-hackenbush.png")
    # Domineering's game tree: Left's and Right's options with their values; a child expanded.
    page.select_option("#game-select", "domineering")
    assert nothing_left(page)
    page.fill("#position", "...|...")
    page.click("#tree-button")
    page.wait_for_selector("#tree .tree-side")
    text = page.inner_text("#tree")
    assert "Left's options" in text and "Right's options" in text and "b1-b2 ⇒ .#.|.#.   value 2" in text, text
    sides = page.locator("#tree .tree-side").count()
    page.locator("#tree .tree-node .tree-node .tree-toggle").first.click()
    page.wait_for_function(f"() => document.querySelectorAll('#tree .tree-side').length > {sides}")
    shot(page, "done-tree.png")
    # A shared link reopens the same position: two moves of Domineering, then the link in a new tab.
    begin(page, "domineering", "domineering", "...|...|...", side="left")
    assert page.locator("#tree > *").count() == 0  # the tree of before is gone
    page.locator("#board [data-part=a1]").click()  # Left's only domino from a1: a1-a2
    wait_turn(page)
    assert page.locator("#log li").first.inner_text().startswith("you (Left): a1-a2")
    link = page.url
    assert "game=domineering" in link and "moves=" in link
    board, log, status = page.inner_html("#board svg"), page.inner_text("#log"), page.inner_text("#status")
    shared = page.context.new_page()
    shared.set_default_timeout(TIMEOUT_MS)
    shared.goto(link)
    wait_turn(shared)
    assert shared.inner_html("#board svg") == board  # the same board, its dominoes as played
    assert shared.inner_text("#log") == log and shared.inner_text("#status") == status
    assert shared.locator("#board .domino").count() == 2
    shot(shared, "done-shared-link.png")
    shared.close()
    # And back to a game of before: nothing of Domineering stays.
    page.select_option("#game-select", "nim")
    assert nothing_left(page)


def test_clobber_stones_and_toads_and_frogs_pieces_are_clicked(page: Page) -> None:
    # Clobber: Left's stone a1 can take a2 or b1: click it, then the stone it takes.
    begin(page, "clobber", "clobber", "xo|ox", side="left")
    assert cell_filled(page, "a1") and cell_filled(page, "a2")
    page.locator("#board [data-part=a1]").click()
    assert page.inner_text("#board-note").startswith("a1 selected")
    page.locator("#board [data-part=a2]").click()
    wait_turn(page)
    assert page.locator("#log li").first.inner_text().startswith("you (Left): a1-a2")
    assert not cell_filled(page, "a1") and cell_filled(page, "a2")  # the stone moved onto the one it took
    shot(page, "clobber.png")
    # Toads and Frogs: Left's toads move right; the toad on b1 has one move, so one click plays it.
    begin(page, "toads", "toads", "TT..FF", side="left")
    page.locator("#board [data-part=b1]").click()
    wait_turn(page)
    assert page.locator("#log li").first.inner_text().startswith("you (Left): b1-c1")
    assert cell_filled(page, "a1") and not cell_filled(page, "b1") and cell_filled(page, "c1")
    assert page.locator("#board [data-part=c1] text").text_content() == "T"  # drawn as a toad
    shot(page, "toads.png")


def test_hackenbush_with_cycles_is_drawn_and_played_by_clicking_edges(page: Page) -> None:
    # A triangle on the ground with a loop and a doubled edge: drawn, not text; Left clicks edges.
    begin(page, "hackenbush", "hackenbush", "[g-a:B, a-b:R, b-g:G, b-b:B, a-b:G]", side="left")
    assert page.locator("#board .position-text").count() == 0
    edges = page.locator("#board .edge")
    assert edges.count() == 5
    assert page.locator("#board .edge-B").count() == 2 and page.locator("#board .edge-R").count() == 1
    assert page.locator("#board .edge-R.move-part").count() == 0  # red is Right's: not Left's to click
    assert page.locator("#board [data-part^='e:']").count() == 5 and page.locator("#board svg > line").count() == 1
    plies = click_best_until_over(page, ".edge")
    assert plies >= 1 and page.locator("#log li").first.inner_text().startswith("you (Left): ")
    assert page.inner_text("#status").startswith("Game over")
    shot(page, "hackenbush-cycles.png")


def test_the_value_chart_has_a_remoteness_scale(page: Page) -> None:
    # Subtraction {1, 2} from 16: the person wins in 11 moves; the chart must not put that near a draw.
    begin(page, "subtraction", "subtraction:1,2", "16")
    assert page.is_checked("#hints")
    ticks = page.eval_on_selector_all("#chart text.tick", "els => els.map(e => [e.textContent, +e.getAttribute('y')])")
    labels = [t for t, _ in ticks]
    assert "win in 11" in labels and "lose in 11" in labels and "you won" in labels, labels
    draw_y = float(page.get_attribute("#chart line[stroke-dasharray]", "y1") or "nan")
    point_y = float(page.get_attribute("#chart circle.point", "cy") or "nan")
    tick_y = dict(ticks)["win in 11"] - 4  # a label's baseline sits 4 px under its line
    assert abs(point_y - tick_y) < 0.5  # the start, "win in 11", sits on its tick
    assert draw_y - point_y > 5  # above the draw line, on the winning half
    assert dict(ticks)["you won"] < tick_y  # shorter wins higher: the scale reads from the top
    shot(page, "chart-scale.png")


AXE = Axe()


def serious(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is."""
    found: dict[str, Any] = AXE.run(page).response
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in found["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def test_axe_core_finds_no_serious_violation_on_desktop_and_phone(browser: Browser, base_url: str) -> None:
    for width, height in ((1280, 1000), (390, 844)):
        context = browser.new_context(viewport={"width": width, "height": height})
        p = context.new_page()
        p.set_default_timeout(TIMEOUT_MS)
        p.goto(base_url)
        p.wait_for_selector("body[data-state=ready]")
        found = {"start": serious(p)}
        p.fill("#position", "3 4 5")
        p.click("#solve-button")
        p.wait_for_selector("#solution:not([hidden])")
        found["solve"] = serious(p)
        start(p, "nim", "3 4 5")
        found["play"] = serious(p)
        p.select_option("#game-select", "domineering")
        p.fill("#position", "..|..")
        p.click("#solve-button")
        p.wait_for_function("() => document.getElementById('val-value').textContent === '±1'")
        found["partisan value"] = serious(p)
        assert all(not v for v in found.values()), (width, found)
        p.click("#tree-button")
        p.wait_for_selector("#tree .tree-side")
        found["tree"] = serious(p)
        start(p, "hackenbush", "B(GG,R) BRR")
        found["hackenbush board"] = serious(p)
        shot(p, f"axe-{width}.png")
        context.close()
        assert all(not v for v in found.values()), (width, found)
