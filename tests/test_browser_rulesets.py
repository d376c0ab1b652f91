"""Issue 28's rulesets in the browser, played as a person plays them: an amazon moved and her
arrow fired in three clicks, a Konane double jump in two, an edge of Arc Kayles, a vertex of Col
typed, a column of Eatcake, a cut of Maundy Cake and a toppled domino clicked; then Amazons on a phone, with
axe-core's check of the drawn graph and cakes; Ruler's row of coins, a run of coins turned by its
two ends, on a wide screen and a phone; Partizan Euclid's pairs, a move in one click, and a heap
split into three, clicked where its row is cut, on a wide screen and a phone (with axe-core);
where a Fission stone's halves and a Konane stone's jumps land, shaded before the click.

One server and one browser for the file (page_driver); screenshots go to test-output/browser/.
"""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page

from page_driver import OUT, phone, start, wait_turn


def shot(page: Page, name: str) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUT / name), full_page=True)


def play_as(page: Page, game: str, position: str, side: str | None = None) -> None:
    """Choose the game (its example rules), the side of a partisan game, and start, moving first."""
    page.select_option("#game-select", game)
    if side is not None:
        page.select_option("#side", side)
    start(page, game, position)


def first_log(page: Page) -> str:
    return page.locator("#log li").first.inner_text()


def cell(page: Page, name: str) -> str:
    """What a grid cell shows: the piece's fill colour, ``burnt``, or ``empty``."""
    found: str = page.eval_on_selector(
        f"#board [data-part={name}]",
        """g => g.querySelector("rect[rx='5']") ? "burnt"
              : (g.querySelector("circle") ? g.querySelector("circle").getAttribute("fill") : "empty")""",
    )
    return found


AXE = Axe()


def serious(page: Page) -> list[str]:
    found: dict[str, Any] = AXE.run(page).response
    return [f"{v['id']}: {v['help']}" for v in found["violations"] if v["impact"] in ("serious", "critical")]


def test_the_new_rulesets_are_drawn_clicked_and_typed(page: Page) -> None:
    # Amazons: the amazon on a1, then where she goes (b1), then where her arrow lands (c1).
    play_as(page, "amazons", "x..|..o", "left")
    page.locator("#board [data-part=a1]").click()
    assert page.inner_text("#board-note").startswith("a1 selected")
    assert page.locator("#board .next").count() >= 3  # where she may go, shown
    page.locator("#board [data-part=b1]").click()
    assert page.inner_text("#board-note").startswith("a1, then b1 selected")
    page.locator("#board [data-part=c1]").click()
    wait_turn(page)
    assert first_log(page).startswith("you (Left): a1-b1/c1")
    assert cell(page, "c1") == "burnt" and cell(page, "b1") == "#1d2330"  # her arrow, and her on b1
    assert page.locator("#board .cell.filled").count() >= 4  # two amazons and two arrows
    shot(page, "amazons.png")
    # Konane: the stone on b1 jumps twice, to f1: its cell, then where it lands.
    play_as(page, "konane", ".xo.o.o.|.o......|.x......", "left")
    page.locator("#board [data-part=b1]").click()
    page.locator("#board [data-part=f1]").click()
    wait_turn(page)
    assert first_log(page).startswith("you (Left): b1-f1")
    assert cell(page, "c1") == "empty"  # the first stone jumped is gone (Right's reply may land on e1)
    shot(page, "konane.png")
    # Arc Kayles on a path of six vertices: drawn as a graph, an edge clicked.
    play_as(page, "arckayles", "path:6")
    assert page.locator("#board .edge").count() == 5 and page.locator("#board .vertex").count() == 6
    page.locator("#board [data-part='e:3']").click()  # the middle edge: v3-v4
    wait_turn(page)
    assert "v3-v4" in first_log(page)
    shot(page, "arckayles.png")
    # Col on a graph: the tagged vertices are coloured; a vertex typed in the game's notation.
    play_as(page, "graphcol", "L-R---L", "left")
    assert page.locator("#board .vertex.tag-L").count() == 2 and page.locator("#board .vertex.tag-R").count() == 1
    page.fill("#typed-move", "v3")
    page.press("#typed-move", "Enter")
    wait_turn(page)
    assert first_log(page).startswith("you (Left): v3")
    # Eatcake: Left eats the middle column of a 2 × 3 cake, which falls in two.
    play_as(page, "eatcake", "2x3", "left")
    page.locator("#board [data-part='k1:c2']").click()
    wait_turn(page)
    assert first_log(page).startswith("you (Left): eat column 2 of 2x3")
    shot(page, "eatcake.png")
    # Maundy Cake: a 2 × 4 cake cut in two along the line after column 2.
    play_as(page, "maundycake", "2x4", "left")
    assert page.locator("#board [data-part^='k1:c']").count() == 0  # no column is eaten here
    page.locator("#board [data-part='k1:v2']").click()
    wait_turn(page)
    assert first_log(page).startswith("you (Left): cut 2x4 into 2+2 columns")
    # Toppling Dominoes: the grey domino on c1 clicked, then d1, the side it falls to (knocking d1 over).
    play_as(page, "toppling", "BRGB", "left")
    page.locator("#board [data-part=c1]").click()
    assert page.locator("#board .next").count() == 2  # it may fall either way
    page.locator("#board [data-part=d1]").click()
    wait_turn(page)
    assert first_log(page).startswith("you (Left): to BR")


def test_amazons_on_a_phone_and_the_drawings_accessible(browser: Browser, base_url: str) -> None:
    context, p = phone(browser, base_url)
    try:
        play_as(p, "amazons", "x..|..o", "left")
        for name in ("a1", "a2", "b2"):  # an amazon, her queen move down, her arrow back right
            p.locator(f"#board [data-part={name}]").tap()
        wait_turn(p)
        assert first_log(p).startswith("you (Left): a1-a2/b2")
        box = p.locator("#board [data-part=a1]").bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44
        shot(p, "amazons-phone.png")
        found = {"amazons": serious(p)}
        play_as(p, "partizanarckayles", "lrl(r;e)", "left")
        assert p.locator("#board .edge-l").count() == 2 and p.locator("#board .edge-r").count() == 2
        found["graph"] = serious(p)
        play_as(p, "eatcake", "2x3", "left")
        found["cakes"] = serious(p)
        assert all(not v for v in found.values()), found
    finally:
        context.close()


def test_ruler_coins_are_turned_by_the_ends_of_their_run_on_a_wide_screen_and_a_phone(
    page: Page, browser: Browser, base_url: str
) -> None:
    context, p = phone(browser, base_url)
    try:
        for tab, name in ((page, "ruler.png"), (p, "ruler-phone.png")):
            start(tab, "coins", "THHTH", spec="coins:ruler")
            assert tab.locator("#board .coin").count() == 5 and tab.locator("#board .coin.heads").count() == 3
            tab.locator("#board [data-part='c:5']").click()  # the head that goes to tails...
            assert tab.inner_text("#board-note").startswith("coin 5 selected")
            assert tab.locator("#board .next").count() == 4  # ...and the coins a run may reach back to
            tab.locator("#board [data-part='c:3']").click()  # the run's other end
            wait_turn(tab)
            assert first_log(tab).startswith("you: turn coins 3, 4, 5")
            box = tab.locator("#board [data-part='c:1']").bounding_box()
            assert box is not None and box["width"] >= 44 and box["height"] >= 44
            shot(tab, name)
    finally:
        context.close()


def test_a_euclid_move_and_a_three_way_split_are_clicked_on_a_wide_screen_and_a_phone(
    page: Page, browser: Browser, base_url: str
) -> None:
    context, p = phone(browser, base_url)
    try:
        found: dict[str, list[str]] = {}
        for tab, end in ((page, ".png"), (p, "-phone.png")):
            # Partizan Euclid: 5 3 and 7 3 drawn as two rows each; Left's move from 7 3 to 3 1 is
            # one click, on the 7's row: the counter it keeps up to (its second).
            play_as(tab, "partizaneuclid", "7 3, 5 3", "left")
            assert tab.locator("#board .counter").count() == 18 and "pair 2" in tab.inner_text("#board")
            assert tab.locator("#board .move-part").count() == 2  # Left has one move in each pair
            shot(tab, f"partizaneuclid{end}")
            tab.locator("#board [data-part='h3:1']").click()
            wait_turn(tab)
            assert first_log(tab).startswith("you (Left): 7 3 -> 3 1")
            assert tab.locator("#board .counter").count() == 8  # 3 1, and Right's only reply: 5 3 to 3 1
            if tab is p:  # axe-core on the phone (its run costs a second or two)
                found["euclid"] = serious(tab)
            # hex:0.9: take one counter and leave three heaps.  The row of 7 is cut smallest first:
            # a heap of 1 (its first pin), then of 2 (its third): 1 + 2 + 3, the last pin taken.
            start(tab, "hex", "7", spec="hex:0.9")
            tab.locator("#board [data-part='h1:0']").click()
            note = tab.inner_text("#board-note")
            assert note.startswith("heap 1, counter 1 selected: now click the next counter"), note
            assert "7 -> 1 + 1 + 4; 7 -> 1 + 2 + 3" in note
            assert tab.locator("#board .next").count() == 2
            shot(tab, f"split-three{end}")
            tab.locator("#board [data-part='h1:2']").click()
            wait_turn(tab)
            assert first_log(tab).startswith("you: 7 -> 1 + 2 + 3")
            if tab is p:
                found["split"] = serious(tab)
        assert all(not v for v in found.values()), found
    finally:
        context.close()


def test_where_a_stone_lands_is_shaded_before_the_click(page: Page) -> None:
    play_as(page, "fission", "...|.x.|...", "left")
    page.locator("#board [data-part=b2]").hover()  # Left's split: the halves above and below
    assert lands(page) == ["b1", "b3"]
    page.mouse.move(0, 0)
    assert lands(page) == []
    play_as(page, "konane", ".xo.o.o.|.o......|.x......", "left")
    page.locator("#board [data-part=b1]").hover()  # one, two or three stones jumped
    assert lands(page) == ["d1", "f1", "h1"]
    shot(page, "konane-lands.png")
    page.locator("#board [data-part=b1]").click()  # selected: the same cells, as where it goes on
    assert page.locator("#board .next").count() == 3


def lands(page: Page) -> list[str]:
    found: list[str] = page.eval_on_selector_all("#board .lands", "gs => gs.map(g => g.dataset.part).sort()")
    return found
