"""A reviewer's pass over the explorer in headless Chromium: defects found after issue 16's
journeys were green, each asserted on what the page shows.

One server and one browser for the file (page_driver); screenshots go to test-output/browser/.
"""

from __future__ import annotations

import io
import re

from PIL import Image
from playwright.sync_api import Browser, Page

from page_driver import OUT, phone, start, wait_turn


def shot(page: Page, name: str) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUT / name), full_page=True)


def pixel(page: Page, x: float, y: float) -> tuple[int, int, int]:
    """The colour the screen shows at (x, y) of the viewport."""
    png = page.screenshot(clip={"x": x, "y": y, "width": 1, "height": 1})
    r, g, b = Image.open(io.BytesIO(png)).convert("RGB").getpixel((0, 0))
    return r, g, b


def rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def close(a: tuple[int, int, int], b: tuple[int, int, int], tolerance: int = 24) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def test_a_sum_is_played_move_after_move_and_a_partisan_summand_makes_it_partisan(page: Page) -> None:
    # The position a move of "nim 3 4 + kayles 5" leads to was sent back as "0 4 + 5", which the
    # server read as a game named '5': the first move of every sum failed.
    start(page, "nim", "3 4 + kayles 5")
    for _ in range(2):
        page.locator("#moves .move.best").first.click()
        wait_turn(page)
        assert page.is_hidden("#error"), page.inner_text("#error")
    assert page.locator("#log li").count() == 4
    log = page.inner_text("#log")
    shared = page.context.new_page()  # the link replays the moves of the sum
    shared.goto(page.url)
    wait_turn(shared)
    assert shared.inner_text("#log") == log
    shared.close()
    # A Domineering summand makes the sum partisan: its value, and play as Left.
    page.fill("#position", "1 + domineering ..|..")
    page.click("#solve-button")
    page.wait_for_selector("#value-facts:not([hidden])")
    assert page.is_hidden("#error") and page.inner_text("#val-value") != ""
    page.click("#play-button")
    wait_turn(page)
    assert page.is_hidden("#error"), page.inner_text("#error")
    assert page.inner_text("#status").startswith("Your move (Left)")


def test_a_game_of_banked_points_is_won_on_points_and_the_best_move_scores_most(page: Page) -> None:
    # Cheques 3 1 4 1 5 9: taking the 9 wins by 9, taking the 3 by only 1.  Both were marked
    # best, and a game won 12 to 11 ended "a draw" (the empty row is worth 0 from there on).
    start(page, "cheques", "")
    best = page.locator("#moves .move.best")
    assert best.count() == 1 and best.first.inner_text().startswith("take last (9)")
    page.locator("#moves .move", has_text="take first (3)").click()
    while wait_turn(page) == "human":
        page.locator("#moves .move.best").first.click()
    status = page.inner_text("#status")
    won = re.fullmatch(r"Game over: you win, (\d+) to (\d+)\.", status)
    assert won, status
    mine, theirs = int(won[1]), int(won[2])
    assert mine > theirs and mine + theirs == 3 + 1 + 4 + 1 + 5 + 9
    shot(page, "review-cheques.png")


def test_hints_off_hide_the_value_of_a_partisan_position_until_the_end(page: Page) -> None:
    page.uncheck("#hints")
    start(page, "domineering", "...|...|...")
    assert page.is_hidden("#value-panel"), page.inner_text("#value-panel")
    page.check("#hints")  # asked for: shown
    page.wait_for_selector("#value-facts:not([hidden])")
    page.uncheck("#hints")
    assert page.is_hidden("#value-panel")
    page.locator("#moves .move").first.click()
    while wait_turn(page) == "human":
        assert page.is_hidden("#value-panel")
        page.locator("#moves .move").first.click()
    page.wait_for_selector("#value-facts:not([hidden])")  # the game is over: nothing left to give away


def test_connect_four_discs_keep_their_colours_under_the_hints(page: Page) -> None:
    # The hint was a translucent rectangle over the whole column: a red disc in a yellow-hinted
    # column looked orange, like a yellow disc in a red-hinted one, and empty holes looked yellow.
    start(page, "connect4", "")
    for _ in range(2):
        page.locator("#board [data-part=col-c]").click()
        wait_turn(page)
    page.mouse.move(0, 0)  # no hover effect
    circles = page.eval_on_selector_all(
        "#board .cell circle:first-child",
        "cs => cs.map(c => { const b = c.getBoundingClientRect();"
        " return [c.getAttribute('fill'), b.x + b.width / 2, b.y + b.height / 4]; })",
    )
    filled = [c for c in circles if c[0] != "#fff"]
    assert len(filled) == 4
    for fill, x, y in circles:
        seen = pixel(page, x, y)
        assert close(seen, rgb(fill if fill != "#fff" else "#ffffff")), (fill, seen)
    # A click on a hole still plays its column (d: the column of the first empty hole in row 5).
    hole = page.locator("#board [data-part=f5] circle").bounding_box()
    assert hole is not None
    page.mouse.click(hole["x"] + hole["width"] / 2, hole["y"] + hole["height"] / 2)
    wait_turn(page)
    assert page.locator("#log li").nth(4).inner_text().startswith("you: X 6")
    page.locator("#board").screenshot(path=str(OUT / "review-connect4-colours.png"))


def test_the_chart_labels_neither_overlap_nor_shrink_on_a_phone(browser: Browser, base_url: str) -> None:
    context, p = phone(browser, base_url)
    start(p, "chomp", "4x5")  # a win in 11: "win in 11" sat on the draw line, under "draw"
    p.locator("#board .move-part.best").first.click()
    while wait_turn(p) == "human" and "1 more" not in p.inner_text("#status"):
        p.locator("#board .move-part.best").first.click()
    assert p.inner_text("#status").endswith("(the game can last 1 more move).")
    boxes = p.eval_on_selector_all(
        "#chart text", "ts => ts.map(t => [t.textContent, t.getBoundingClientRect().toJSON()])"
    )
    for text, box in boxes:
        assert box["height"] >= 11, (text, box)  # 11 px type, not scaled down to 6
    for i, (a, ba) in enumerate(boxes):
        for b, bb in boxes[i + 1 :]:
            apart = (
                ba["bottom"] <= bb["top"]
                or bb["bottom"] <= ba["top"]
                or ba["right"] <= bb["left"]
                or bb["right"] <= ba["left"]
            )
            assert apart, f"{a!r} overlaps {b!r}"
    p.locator("#chart").screenshot(path=str(OUT / "review-phone-chart.png"))
    context.close()


def test_an_empty_rules_field_is_said_in_the_pages_words(page: Page) -> None:
    page.fill("#spec", "")
    page.click("#solve-button")
    page.wait_for_selector("#error:not([hidden])")
    assert "parameter" not in page.inner_text("#error") and "Rules" in page.inner_text("#error")


def test_a_table_of_one_game_is_gone_when_another_is_chosen(page: Page) -> None:
    page.select_option("#game-select", "nim")
    page.fill("#table-rows", "8")
    page.fill("#table-cols", "8")
    page.click("#table-form button[type=submit]")
    page.wait_for_selector("#table-image:not([hidden])")
    page.select_option("#game-select", "kayles")  # Nim's table stayed under Kayles' name
    assert page.is_hidden("#table-image")
    page.select_option("#game-select", "connect4")
    page.click("#table-form button[type=submit]")
    page.wait_for_selector("#table-error:not([hidden])")
    page.select_option("#game-select", "nim")
    assert page.is_hidden("#table-error")


def test_connect_four_columns_are_numbered_as_the_moves_and_typed_in_the_pages_words(page: Page) -> None:
    # The board said a to f over the columns, the moves X 1 to X 6, and a typed "c" was refused
    # with the terminal's "type `moves` to list them".
    start(page, "connect4", "")
    labels = page.eval_on_selector_all("#board svg > text", "ts => ts.map(t => t.textContent)")
    assert labels == ["1", "2", "3", "4", "5", "6"]
    page.fill("#typed-move", "c")
    page.press("#typed-move", "Enter")
    page.wait_for_function("() => document.getElementById('typed-error').textContent !== ''")
    assert "`" not in page.inner_text("#typed-error") and "moves are listed" in page.inner_text("#typed-error")
    page.fill("#typed-move", "3")
    page.press("#typed-move", "Enter")
    page.wait_for_function("() => document.querySelectorAll('#log li').length === 2")
    assert page.locator("#log li").first.inner_text().startswith("you: X 3")


def test_the_board_is_one_tab_stop_and_its_parts_are_reached_by_arrows(page: Page) -> None:
    # Wythoff 26 34: every counter was a Tab stop; a winning move lay 61 presses past Play.
    start(page, "wythoff", "26 34")
    page.focus("#play-button")
    presses = 0
    while not page.evaluate("document.activeElement.matches('.win.best')"):
        presses += 1
        assert presses <= 6, "no winning move within 6 presses of Tab"
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    wait_turn(page)
    assert "(win in" in page.locator("#log li").first.inner_text()
    assert page.locator("#board [tabindex='0']").count() == 1
    page.focus("#board [tabindex='0']")
    first = page.evaluate("document.activeElement.dataset.part")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.part") not in (first, None)
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.part") == first


def test_on_a_phone_play_brings_the_game_into_view(browser: Browser, base_url: str) -> None:
    # The play panel lies under the Position and Game tree panels: "Play from here" started a
    # game 100 px below the bottom of the screen, and nothing seemed to happen.
    context, p = phone(browser, base_url)
    for game, position in (("chomp", "3x4"), ("domineering", "...|...")):
        p.evaluate("window.scrollTo(0, 0)")
        start(p, game, position)
        status = p.locator("#status").bounding_box()
        board = p.locator("#board").bounding_box()
        assert status is not None and board is not None
        assert status["y"] >= 0 and status["y"] + status["height"] <= 844, (game, status)
        assert board["y"] < 844 - 100, (game, board)  # the board is on screen too
    p.screenshot(path=str(OUT / "review-phone-play.png"))
    context.close()


def test_undo_never_goes_back_past_the_computers_opening_move(page: Page) -> None:
    # The computer opened; undoing twice took back its move too and left "The computer is
    # thinking…" for ever, with every move disabled.
    start(page, "nim", "2 3", first="computer")
    assert page.locator("#log li").count() == 1 and page.is_disabled("#undo-button")
    page.locator("#moves .move").first.click()
    wait_turn(page)
    page.click("#undo-button")
    assert page.locator("#log li").count() == 1
    assert page.get_attribute("body", "data-state") == "human"
    assert page.locator("#moves .move:enabled").count() > 0 and page.is_disabled("#undo-button")


def test_misere_play_has_no_grundy_value_and_does_not_blame_the_budget(page: Page) -> None:
    # Misère Kayles 2 said "Grundy value: not known within this server's budget".
    page.select_option("#game-select", "kayles")
    page.fill("#position", "2")
    page.check("#misere")
    page.click("#solve-button")
    page.wait_for_selector("#solution:not([hidden])")
    grundy = page.inner_text("#sol-grundy")
    assert "budget" not in grundy and "misère" in grundy, grundy


def test_links_back_to_the_opening_page_and_a_links_illegal_move_is_said(page: Page, base_url: str) -> None:
    # Back to the address the page opened at left the last game on screen; a link whose move
    # number is not legal started from the beginning without a word.
    start(page, "wythoff", "4 6")
    page.locator("#moves .move.best").first.click()
    wait_turn(page)
    page.go_back()
    page.wait_for_function("() => document.querySelectorAll('#log li').length === 0")
    page.go_back()  # Wythoff chosen, nothing played (issue 30: the address is what the page shows)
    page.wait_for_function("() => document.getElementById('game-select').value === 'wythoff'")
    assert page.locator("#log li").count() == 0 and page.input_value("#position") == "4 6"
    page.go_back()
    page.wait_for_function("() => document.getElementById('game-select').value === 'nim'")
    assert page.locator("#board > *").count() == 0 and page.input_value("#position") == "3 4 5"
    page.goto(f"{base_url}/?game=nim&position=3+4+5&moves=99")
    page.wait_for_selector("#error:not([hidden])")
    assert "move 1 of this link (number 99) is not a legal move here" in page.inner_text("#error")
    assert page.get_attribute("body", "data-state") == "human"


def test_a_superscript_digit_typed_anywhere_is_a_plain_error_not_an_internal_one(page: Page) -> None:
    # "²" passes str.isdigit() but not int(): a typed move "²" answered "internal error: ValueError".
    start(page, "nim", "3 4")
    page.fill("#typed-move", "²")
    page.press("#typed-move", "Enter")
    page.wait_for_function("() => document.getElementById('typed-error').textContent !== ''")
    assert page.inner_text("#typed-error").startswith("cannot read the move '²'")
    page.select_option("#game-select", "treblecross")
    page.fill("#position", "²")
    page.click("#solve-button")
    page.wait_for_selector("#error:not([hidden])")
    assert "internal error" not in page.inner_text("#error") and "treblecross" in page.inner_text("#error")
