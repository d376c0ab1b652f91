"""Shared by the browser tests: Debian's Chromium driven by Playwright against a real `zermelo serve`.

One server for every browser test of a pytest process (fixture ``base_url``, registered once by
tests/conftest.py; starting a warm server takes seconds, so each module starting its own was most
of the browser tests' time) and one Chromium per module (``browser``: Playwright's event loop must
not outlive the browser tests, or a later test's ``asyncio.run`` fails); ``page`` is the explorer
loaded afresh in the module's tab (``tab``, of its desktop-sized context ``desk``), failing the
test on any JavaScript error or anything the Content-Security-Policy refused.
A module that needs a server of its own (test_browser_your_game.py) defines its own ``base_url``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, sync_playwright

from web_server import running_server

#: Debian's headless shell (package chromium-headless-shell: the same Blink, without the desktop
#: browser around it), which Playwright itself uses for headless runs.  Measured in a cgroup on one
#: browser file (14 tests, two runs each): the full ``chromium --headless`` 45.6-47.1 CPU s and
#: 38.6-48.9 s of the clock, the shell 28.2-28.7 CPU s and 26.5-26.8 s.
CHROMIUM = "/usr/bin/chromium-headless-shell"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
OUT = Path(__file__).resolve().parent.parent / "test-output" / "browser"
GREEN, YELLOW, RED = "rgb(26, 127, 55)", "rgb(242, 201, 76)", "rgb(180, 35, 24)"  # the best moves
PALE = {"win": "rgb(215, 242, 222)", "draw": "rgb(251, 241, 207)", "lose": "rgb(253, 228, 225)"}  # the others
TIMEOUT_MS = 20_000


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    with running_server() as base:
        yield base


@pytest.fixture(scope="module")  # not longer: Playwright's loop would stay running under later tests' asyncio.run()
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: `make browser` installs it (chromium-headless-shell)"
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True, timeout=60_000)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="module")
def desk(browser: Browser) -> Iterator[BrowserContext]:
    """The desktop-sized context of a module's tests (1280 x 1000)."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    try:
        yield context
    finally:
        context.close()


@pytest.fixture(scope="module")
def tab(desk: BrowserContext) -> Page:
    """The module's tab, which each test's ``page`` loads afresh."""
    p = desk.new_page()
    p.set_default_timeout(TIMEOUT_MS)
    return p


@pytest.fixture
def page(desk: BrowserContext, tab: Page, base_url: str) -> Iterator[Page]:
    """The explorer loaded afresh in the module's tab: a new document, so a new script state.

    Chromium's CPU for a test's page, measured: a context of its own ~2.5 s (a renderer started
    cold), a new tab of a warm context ~1.3 s, the same tab loaded again ~0.4 s -- over seventy
    tests a run.  What a test can leave behind is undone after it: the tabs it opened, the routes it
    held, the permissions it granted, the listeners of this fixture.  The page keeps nothing in
    cookies or storage; its history grows, and no test reads its length."""
    errors: list[str] = []

    def on_error(exc: Exception) -> None:
        errors.append(str(exc))

    def on_console(message: ConsoleMessage) -> None:
        # The Content-Security-Policy refuses what the page must not do; the page itself must never meet it.
        if "Content Security Policy" in message.text:
            errors.append(message.text)

    tab.on("pageerror", on_error)
    tab.on("console", on_console)
    try:
        tab.goto(base_url)
        tab.wait_for_selector("body[data-state=ready]")
        yield tab
    finally:
        tab.remove_listener("pageerror", on_error)
        tab.remove_listener("console", on_console)
        tab.unroute_all(behavior="ignoreErrors")
        for other in desk.pages:  # any tab the test opened
            if other is not tab:
                other.close()
        desk.clear_permissions()
    assert not errors, f"JavaScript errors on the page: {errors}"


def phone(browser: Browser, base_url: str) -> tuple[BrowserContext, Page]:
    """A fresh tab on a phone-sized touch screen (390 x 844), the page ready; close the context after."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    p = context.new_page()
    p.set_default_timeout(TIMEOUT_MS)
    p.goto(base_url)
    p.wait_for_selector("body[data-state=ready]")
    return context, p


def start(page: Page, game: str, position: str, first: str = "human", spec: str | None = None) -> None:
    """Play ``position`` of ``game``, the person moving ``first``.  The rules are ``spec`` when
    given, else what the Rules field holds if ``game`` is already chosen, else the game's example:
    choosing a game in the list resets the Rules field, so the game is chosen only when it changes."""
    if page.input_value("#game-select") != game:
        page.select_option("#game-select", game)
    if spec is not None:
        page.fill("#spec", spec)
    rules = page.input_value("#spec")
    page.fill("#position", position)
    page.select_option("#first", first)
    assert page.input_value("#spec") == rules and rules.split(":")[0] == game, (rules, game)
    page.click("#play-button")
    wait_turn(page)
    assert page.input_value("#spec") == rules  # the rules played are the rules asked for


def wait_turn(page: Page) -> str:
    page.wait_for_selector("body[data-state=human], body[data-state=over]")
    state = page.get_attribute("body", "data-state")
    assert state is not None
    return state


def colours(page: Page, selector: str) -> dict[str, set[str]]:
    """The background colour of each element, by its move value."""
    found: list[list[str]] = page.eval_on_selector_all(
        selector, "els => els.map(e => [e.dataset.value || '', getComputedStyle(e).backgroundColor])"
    )
    out: dict[str, set[str]] = {}
    for value, colour in found:
        out.setdefault(value, set()).add(colour)
    return out


def play_winning_game(page: Page, use_counters: bool) -> tuple[int, set[str]]:
    """Play the best winning moves until the end; return the plies and every move value seen."""
    seen: set[str] = set()
    plies = 0
    while wait_turn(page) == "human":
        by_value = colours(page, "#moves .move")
        seen |= set(by_value)
        best = colours(page, "#moves .move.best")
        assert best.get("win") == {GREEN}, by_value  # the fastest win is the most prominent
        assert by_value.get("win") <= {GREEN, PALE["win"]}, by_value
        assert by_value.get("lose", {PALE["lose"]}) == {PALE["lose"]}, by_value
        assert by_value.get("draw", {PALE["draw"]}) == {PALE["draw"]}, by_value
        counters = page.locator("#board .counter.win.best")
        if use_counters and plies % 4 == 0 and counters.count():
            counters.first.click()  # the clickable heaps
        else:
            page.locator("#moves .move.win.best").first.click()
        plies += 2
    return plies, seen
