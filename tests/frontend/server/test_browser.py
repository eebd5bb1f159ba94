"""The browser client in a real headless Chromium (Debian's ``chromium``, driven by Playwright)
against a real uvicorn server: a whole game of every family played by clicking until the score
sheet shows, a reload on the way (the seat's token is kept in the browser), the numbers players
decide by on each board, and screenshots at desktop and phone width."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.frontend.server.browser import (
    base_url,
    chromium,
    create_table,
    new_page,
    play_to_the_end,
)

FIXTURES = (base_url, chromium)  # the shared fixtures these tests take by name


def test_a_whole_base_game_with_a_reload(base_url: str, chromium: object, tmp_path: Path) -> None:
    errors: list[str] = []
    page = new_page(chromium, errors)  # type: ignore[arg-type]
    create_table(page, base_url, "base", {1: "random", 2: "greedy"})
    assert "/t/" in page.url
    # what a player decides by: the board's resource, stages with costs and effects on the
    # board, shields, production, points so far, the trade with each neighbour, card costs
    me = page.inner_text(".city.me")
    assert "board makes" in me and "production" in me and "points so far" in me
    assert "shields" in me and page.query_selector_all(".city.me .stage-item")
    assert "→" in page.inner_text(".city.me .stage-list")
    assert "your left neighbour" in page.inner_text(".cities")
    assert "sells you" in page.inner_text(".trade-panel")
    assert "cost:" in page.inner_text("#hand")
    assert page.title().startswith("▶ Your move")
    clicks = play_to_the_end(page, reload_at=5)
    page.screenshot(path=str(tmp_path / "score-sheet.png"), full_page=True)
    rows = page.inner_text("#scores").lower()
    assert "total" in rows and "place" in rows
    assert clicks >= 18
    assert page.query_selector_all("#log li")
    assert errors == []


@pytest.mark.parametrize(("game", "players"), [("edifice", 3), ("first", 3),
                                                ("architects", 2), ("dice", 2)])
def test_a_whole_game_of_every_family_by_clicking(base_url: str, chromium: object,
                                                  tmp_path: Path, game: str,
                                                  players: int) -> None:
    errors: list[str] = []
    page = new_page(chromium, errors)  # type: ignore[arg-type]
    create_table(page, base_url, game, {1: "random"}, players=players)
    page.wait_for_selector(".status.go")
    page.screenshot(path=str(tmp_path / f"{game}.png"), full_page=True)
    board = page.inner_text(".board").lower()
    if game == "architects":
        assert "conflict" in board and "cat:" in board and "progress tokens face up" in board
        assert "blue2cat" not in board and "take the top card of" in board
    if game == "dice":
        assert "forum" in board and " die" in board and "barracks west" in board
        assert page.query_selector(".barracks-row .facing.neighbour")
    clicks = play_to_the_end(page, most=900)
    assert clicks > 3
    assert "total" in page.inner_text("#scores").lower()
    assert page.query_selector_all("#log li")
    assert errors == []


def test_a_phone_sees_its_hand_first(base_url: str, chromium: object, tmp_path: Path) -> None:
    errors: list[str] = []
    page = new_page(chromium, errors, width=390)  # type: ignore[arg-type]
    create_table(page, base_url, "base", {1: "random", 2: "random"})
    hand = city = None
    for _ in range(50):  # the bots' pushes may draw the page again between two measures
        page.locator("#hand").wait_for(state="visible")
        page.locator(".city.me").wait_for(state="visible")
        hand = page.locator("#hand").bounding_box()
        city = page.locator(".city.me").bounding_box()
        if hand is not None and city is not None:
            break
    assert hand is not None and city is not None and hand["y"] < city["y"]
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390 + 1  # nothing wider than the phone
    page.screenshot(path=str(tmp_path / "phone.png"), full_page=True)
    assert errors == []
