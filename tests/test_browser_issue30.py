"""Issue 30's web explorer items, each asserted on what the page shows in headless Chromium.

One server and one browser for the file (page_driver); screenshots go to test-output/browser/,
named ``issue30-<item>-*.png``.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qsl

from playwright.sync_api import Page, Route

from page_driver import OUT, base_url, browser, page, start, wait_turn

__all__ = ["base_url", "browser", "page"]


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
