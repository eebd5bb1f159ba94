"""Accessibility of the browser client in a real Chromium: axe-core finds no serious or
critical violation on the lobby, a table of each family and the score sheet, at desktop and
phone width; keyboard focus survives the page's updates."""

from __future__ import annotations

import pytest

from tests.frontend.server.browser import (
    axe_source,
    axe_violations,
    base_url,
    chromium,
    create_table,
    new_page,
    play_to_the_end,
    step_of,
    wait_until,
)

FIXTURES = (base_url, chromium)  # the shared fixtures these tests take by name


@pytest.fixture(scope="module")
def axe() -> str:
    return axe_source()


@pytest.mark.parametrize("width", [1400, 390])
def test_axe_finds_nothing_serious_on_the_lobby_tables_and_score_sheet(
        base_url: str, chromium: object, axe: str, width: int) -> None:
    errors: list[str] = []
    page = new_page(chromium, errors, width=width, bypass_csp=True)  # type: ignore[arg-type]
    page.goto(base_url + "/")
    page.wait_for_selector("#create")
    found = {"lobby": axe_violations(page, axe)}
    for game in ("base", "edifice", "architects", "dice"):
        create_table(page, base_url, game, {1: "random"})
        page.wait_for_selector(".status.go")
        # the actions of a chosen card too (a locator, found again if the page is drawn anew
        # between finding the card and clicking it)
        cards = page.locator(".hand-card.buildable")
        if cards.count():
            cards.first.click()
        found[game] = axe_violations(page, axe)
    create_table(page, base_url, "architects", {1: "random"}, players=2)
    play_to_the_end(page, most=900)
    found["score sheet"] = axe_violations(page, axe)
    assert {where: v for where, v in found.items() if v} == {}
    assert errors == []


def test_focus_stays_on_the_board_across_updates(base_url: str, chromium: object) -> None:
    errors: list[str] = []
    page = new_page(chromium, errors)  # type: ignore[arg-type]
    create_table(page, base_url, "base", {1: "random", 2: "random"})
    page.wait_for_selector(".status.go")
    # locators, found again at each action: the random seats' moves may draw the page anew
    # between finding a card and focusing it
    buildable = page.locator(".hand-card.buildable")
    card = buildable.first if buildable.count() else page.locator(
        ".hand-card:not([disabled])").first
    name = card.get_attribute("data-card")
    assert name
    page.locator(f'.hand-card[data-card="{name}"]').first.focus()
    page.keyboard.press("Enter")  # the card is chosen: the page is drawn again
    assert page.evaluate("() => document.activeElement.dataset.card") == name
    page.keyboard.press("Tab")
    step = step_of(page)
    focused = page.evaluate("() => document.activeElement.className")
    assert "hand-card" in focused or "move" in focused
    page.focus("#actions button.move")
    page.keyboard.press("Enter")  # the move is sent; the next step is drawn
    wait_until(page, "(before) => Number(document.getElementById('app').dataset.step) "
               "!== before", step)
    assert page.evaluate("() => document.activeElement !== document.body")
    assert page.evaluate("() => document.getElementById('app').contains(document.activeElement)")
    assert errors == []
