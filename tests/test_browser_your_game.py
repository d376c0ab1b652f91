"""The user's own game in the explorer: `zermelo serve --game divisors.py:game`, played in Chromium."""

from __future__ import annotations

from collections.abc import Iterator

import httpx2
import pytest
from playwright.sync_api import Page

from page_driver import play_winning_game, start
from web_server import serving

DIVISORS = '''import zermelo


@zermelo.impartial
def game(n):
    """Subtract a proper divisor of n."""
    return [n - d for d in range(1, n) if n % d == 0]
'''


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("your-game")
    (folder / "divisors.py").write_text(DIVISORS, encoding="utf-8")
    (folder / "other.py").write_text(DIVISORS, encoding="utf-8")
    with serving(180.0, args=("--game", "divisors.py:game", "--workers", "2"), cwd=str(folder)) as (base, _):
        yield base


def test_the_api_serves_the_game_and_loads_no_file_a_request_names(base_url: str) -> None:
    games = httpx2.get(f"{base_url}/api/games", timeout=30).json()
    mine = [g for g in games if g["name"] == "divisors.py"]
    assert mine and mine[0]["spec"] == "divisors.py:game" and mine[0]["position"] == "10"
    solved = httpx2.get(f"{base_url}/api/solve", params={"game": "divisors.py:game", "position": "21"}, timeout=30)
    assert solved.status_code == 200 and solved.json()["outcome"] == "P"
    other = httpx2.get(f"{base_url}/api/solve", params={"game": "other.py:game", "position": "21"}, timeout=30)
    assert other.status_code == 400 and "unknown game" in other.json()["error"]


def test_play_the_users_game_in_the_browser(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/?game=divisors.py%3Agame")
    page.wait_for_selector("body[data-state=ready]")
    assert page.input_value("#game-select") == "divisors.py"
    start(page, "divisors.py", "20")
    labels = page.locator("#moves .move").all_inner_texts()
    assert len(labels) == 5 and any("20 -> 19" in t for t in labels)  # 20 has 5 proper divisors
    plies, seen = play_winning_game(page, use_counters=False)
    assert seen == {"win", "lose"} and plies > 0
    assert page.inner_text("#status") == "Game over: you win!"
