"""End to end: the explorer page in headless Chromium (Debian's), driven by Playwright.

Plays a full game of Nim and one of Wythoff against the computer, checking the colours of the
moves (green wins, red loses), the result and the value-history chart; saves screenshots in
test-output/browser/ (git-ignored).  `make test` installs Chromium (apt) and Playwright (pip);
Playwright's own browser download is never used.
"""

from __future__ import annotations

import importlib.util

from playwright.sync_api import Browser, Page

from page_driver import GREEN, OUT, TIMEOUT_MS, play_winning_game, start, wait_turn


def test_a_full_game_of_nim_against_the_computer(page: Page) -> None:
    start(page, "nim", "3 4 5")
    assert "you can win" in page.inner_text("#status")
    assert page.locator("#board .counter").count() == 12
    assert page.locator("#board .counter[data-part^='h3:']").count() == 5
    fills = page.eval_on_selector_all(
        "#board .counter.move-part",
        "gs => gs.map(g => [g.dataset.value, getComputedStyle(g.querySelector('circle')).fill])",
    )
    assert {c for v, c in fills if v == "win"} == {GREEN} and len([v for v, _ in fills if v == "win"]) == 1
    OUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUT / "nim-start.png"), full_page=True)
    # a move once taken back: the computer's reply goes too
    page.locator("#moves .move.lose").first.click()
    wait_turn(page)
    assert "you lose against perfect play" in page.inner_text("#status")
    page.click("#undo-button")
    wait_turn(page)
    assert page.locator("#board .counter[data-part^='h1:']").count() == 3
    plies, seen = play_winning_game(page, use_counters=True)
    assert seen == {"win", "lose"}  # Nim has no draws: every hint is green or red
    assert page.inner_text("#status") == "Game over: you win!"
    assert page.get_attribute("body", "data-state") == "over"
    points = page.locator("#chart circle.point")
    assert points.count() == plies  # one per position: the person made the last of plies - 1 moves
    assert page.locator("#chart circle.point.win").count() >= 1
    log = page.locator("#log li")
    assert log.count() == plies - 1  # every move of the game, the undone ones gone
    assert log.first.inner_text().startswith("you: ") and "(win in" in log.first.inner_text()
    assert log.nth(1).inner_text().startswith("computer: ")
    page.screenshot(path=str(OUT / "nim.png"), full_page=True)


def test_wythoff_solve_and_play(page: Page) -> None:
    page.select_option("#game-select", "wythoff")
    page.fill("#position", "4 7")
    page.click("#solve-button")
    page.wait_for_selector("#solution:not([hidden])")
    assert page.inner_text("#sol-outcome").startswith("P")  # (4, 7) is a Wythoff pair
    assert page.inner_text("#sol-moves") == "none: every move loses"
    start(page, "wythoff", "4 6", first="human")
    plies, seen = play_winning_game(page, use_counters=False)
    assert "win" in seen and plies >= 2
    assert page.inner_text("#status") == "Game over: you win!"
    page.click("#table-form button[type=submit]")  # the game's table as a picture
    if importlib.util.find_spec("zermelo.analyses.tables") is None:
        page.wait_for_selector("#table-error:not([hidden])")
        assert "zermelo.analyses.tables" in page.inner_text("#table-error")
    else:
        page.wait_for_selector("#table-image:not([hidden])", timeout=60_000)  # a PNG drawn on a busy machine
        page.wait_for_function("() => document.getElementById('table-image').naturalWidth > 0")
    page.screenshot(path=str(OUT / "wythoff.png"), full_page=True)


def test_tictactoe_on_a_grid_when_the_minimax_games_are_there(page: Page, base_url: str) -> None:
    names = page.eval_on_selector_all("#game-select option", "os => os.map(o => o.value)")
    if "tictactoe" not in names:  # scored games come with zermelo.search.minimax (another branch)
        assert page.locator("#board .grid").count() == 0
        return
    start(page, "tictactoe", ".........")
    assert page.locator("#board .cell").count() == 9
    assert set(page.eval_on_selector_all("#board .cell.move-part", "gs => gs.map(g => g.dataset.value)")) == {"draw"}
    while wait_turn(page) == "human":
        best = page.locator("#board .cell.move-part.best")
        assert best.count() >= 1
        best.first.click()
    assert page.inner_text("#status") == "Game over: a draw."
    page.screenshot(path=str(OUT / "tictactoe.png"), full_page=True)


def test_the_misere_quotient_panel_of_kayles(page: Page) -> None:
    page.select_option("#game-select", "kayles")
    page.check("#misere")
    page.fill("#position", "30 35 40")
    page.click("#solve-button")
    page.wait_for_selector("#misere-quotient:not([hidden])", timeout=60_000)
    assert page.inner_text("#mq-order").startswith("40")
    assert page.inner_text("#mq-p").startswith("{a, b²")
    assert page.locator("#mq-heaps li").count() == 3
    assert page.locator("#mq-heaps li").first.inner_text() == "heap 30 ⇒ abc"
    OUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUT / "misere-quotient.png"), full_page=True)
    page.uncheck("#misere")  # normal play: Grundy values answer, no quotient shown
    page.fill("#position", "30 35 40")
    page.click("#solve-button")
    page.wait_for_selector("#solution:not([hidden])")
    page.wait_for_selector("#misere-quotient", state="hidden")


def test_the_value_panel_of_a_domineering_position(page: Page) -> None:
    page.select_option("#game-select", "domineering")
    assert not page.is_visible("#value-panel")
    page.fill("#position", "..|..")
    page.click("#solve-button")  # a partisan position: Solve shows its value
    page.wait_for_selector("#value-facts:not([hidden])")
    assert page.inner_text("#val-value") == "±1"
    assert page.inner_text("#val-cgsuite") == "+-1"  # as CGSuite writes it, with a copy button
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click("#val-cgsuite-copy")
    page.wait_for_function("() => document.getElementById('val-cgsuite-copied').textContent !== ''")
    if page.inner_text("#val-cgsuite-copied") == "copied":
        assert page.evaluate("navigator.clipboard.readText()") == "+-1"
    else:  # no clipboard in this browser: the text is selected for Ctrl+C
        assert page.evaluate("window.getSelection().toString()") == "+-1"
    assert page.inner_text("#val-outcome").startswith("the first player wins")
    assert page.inner_text("#val-stops") == "Left stop 1, Right stop -1"
    assert (page.inner_text("#val-mean"), page.inner_text("#val-temperature")) == ("0", "1")
    assert not page.is_visible("#val-reduced-row") and not page.is_visible("#val-atomic-row")
    page.wait_for_function("() => document.getElementById('thermograph').naturalWidth > 0")
    assert page.is_hidden("#solution") and page.is_hidden("#error")
    page.fill("#position", "...|...")
    page.click("#solve-button")
    page.wait_for_function("() => document.getElementById('val-value').textContent === '{2|-1/2}'")
    assert page.inner_text("#val-mean") == "3/4" and page.inner_text("#val-temperature") == "5/4"
    page.wait_for_function("() => document.getElementById('thermograph').complete")
    page.screenshot(path=str(OUT / "domineering-value.png"), full_page=True)
    page.select_option("#game-select", "nim")  # an impartial game: no Value panel
    assert not page.is_visible("#value-panel")


def test_the_value_panel_of_a_loopy_position(page: Page) -> None:
    """A loopy game's value in plain words (its onside and offside), no thermograph, and the game
    graph of a small one; a short game's value afterwards shows its own rows again."""
    page.select_option("#game-select", "backsliding")
    page.fill("#position", "FF.TT.")
    page.click("#solve-button")
    page.wait_for_selector("#value-facts:not([hidden])")
    assert page.inner_text("#val-cgsuite") == "on & +-on"
    assert (
        page.inner_text("#val-loopy") == "loopy: onside on (an endless play won by Left), offside +-on (won by Right)"
    )
    assert page.inner_text("#val-outcome").startswith("Left wins moving first; moving second, a draw")
    assert not page.is_visible("#thermograph") and not page.is_visible("#val-mean")
    assert page.locator("#val-graph .graph-position").count() == 15
    assert page.locator("#val-graph .move-left").count() > 0 and page.locator("#val-graph .move-right").count() > 0
    assert page.locator("#val-graph .graph-position title").first.text_content() == "FF.TT."
    page.screenshot(path=str(OUT / "loopy-value.png"), full_page=True)
    page.fill("#position", "TT.F")
    page.click("#solve-button")
    page.wait_for_function("() => document.getElementById('val-cgsuite').textContent === 'on'")
    assert page.inner_text("#val-loopy").startswith("stopper on: ")
    assert page.inner_text("#val-stops") == "Left stop on, Right stop on"
    page.select_option("#game-select", "domineering")
    page.fill("#position", "..|..")
    page.click("#solve-button")
    page.wait_for_function("() => document.getElementById('val-value').textContent === '±1'")
    assert page.is_visible("#val-mean") and not page.is_visible("#val-loopy-row") and not page.is_visible("#val-graph")


def test_a_full_game_of_domineering_as_right(page: Page) -> None:
    # 3 × 3 Domineering is ±1: whoever moves first wins.  The person plays Right and moves first.
    page.select_option("#game-select", "domineering")
    assert page.is_visible("#side-label")  # a partisan game: choose your side
    page.select_option("#side", "right")
    start(page, "domineering", "...|...|...", first="human")
    status = page.inner_text("#status")
    assert status.startswith("Your move (Right) — you can win: the value is ±1"), status
    assert page.locator("#board .cell").count() == 9
    first = page.locator("#moves .move").first.inner_text()
    assert first.startswith("a1-b1") and "value" in first  # each move shows the value it leaves
    page.wait_for_function("() => document.getElementById('val-value').textContent === '±1'")  # the Value panel
    plies, seen = play_winning_game(page, use_counters=False)
    assert "win" in seen and plies >= 2
    assert page.inner_text("#status") == "Game over: Left cannot move: you win!"
    log = page.locator("#log li")
    assert log.count() == plies - 1
    assert log.first.inner_text().startswith("you (Right): ") and ", value " in log.first.inner_text()
    assert log.nth(1).inner_text().startswith("computer (Left): ")
    assert page.locator("#board .domino").count() >= 1  # the dominoes placed, drawn as dominoes
    # The Value panel follows the game to its end: Left cannot move, so the value is 0 or -n.
    page.wait_for_function("() => /^(0|-[0-9]+)$/.test(document.getElementById('val-value').textContent)")
    assert "#" in page.inner_text("#value-of")
    page.wait_for_selector("#thermograph:not([hidden])")
    page.screenshot(path=str(OUT / "domineering.png"), full_page=True)


def test_a_page_stays_responsive_while_another_tabs_request_runs_to_the_cap(
    browser: Browser, base_url: str, page: Page
) -> None:
    # Tab one asks for the value of an empty 5 × 6 Domineering board: a search to its budget (a 422).
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    other = context.new_page()
    other.set_default_timeout(TIMEOUT_MS)
    other.goto(base_url)
    other.wait_for_selector("body[data-state=ready]")
    other.select_option("#game-select", "domineering")
    other.fill("#position", "|".join(["......"] * 5))
    other.click("#solve-button")
    other.wait_for_function("() => document.getElementById('value-error').textContent === 'computing…'")
    # Meanwhile, in this tab, a whole game of Nim is played (its colours are test_a_full_game_of_nim's).
    start(page, "nim", "1 2")
    while wait_turn(page) == "human":
        page.locator("#moves .move[data-value=win]").first.click()
    assert page.inner_text("#status") == "Game over: you win!"
    assert other.inner_text("#value-error") == "computing…"  # the other request is still running
    assert other.is_visible("#busy")  # with its loading indicator
    other.wait_for_function("() => document.getElementById('value-error').textContent.includes('budget exceeded')")
    context.close()


def test_the_content_security_policy_holds_in_the_browser(browser: Browser, base_url: str) -> None:
    """The page runs under its policy (every test's ``page`` fails on a refusal): an inline script
    put into the page, as an injection would, does not run, and the browser says why."""
    context = browser.new_context()
    p = context.new_page()
    p.set_default_timeout(TIMEOUT_MS)
    p.goto(base_url)
    p.wait_for_selector("body[data-state=ready]")
    p.evaluate(
        """() => {
          window.violations = [];
          document.addEventListener("securitypolicyviolation", (e) => window.violations.push(e.violatedDirective));
          const s = document.createElement("script");
          s.textContent = "window.injected = 1";
          document.body.append(s);
        }"""
    )
    p.wait_for_function("() => window.violations.length > 0")
    assert p.evaluate("() => window.injected") is None
    assert p.evaluate("() => window.violations")[0].startswith("script-src")
    context.close()
