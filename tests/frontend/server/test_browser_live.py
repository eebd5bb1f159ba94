"""Live play in a real Chromium against a real server: readiness pushed between two browser
contexts ("seat 0 has chosen"), the whole game's log after a reload, the turn clock handing an
absent seat to a bot and the seat taking it back, and the replay of a finished table."""

from __future__ import annotations

import json
from pathlib import Path

from tests.frontend.server.browser import (
    base_url,
    chromium,
    create_table,
    new_page,
    play_one_move,
    play_to_the_end,
    step_of,
    wait_until,
)

FIXTURES = (base_url, chromium)  # the shared fixtures these tests take by name


def test_readiness_is_pushed_and_the_log_survives_a_reload(base_url: str, chromium: object,
                                                           tmp_path: Path) -> None:
    errors: list[str] = []
    alice = new_page(chromium, errors)  # type: ignore[arg-type]
    create_table(alice, base_url, "base", {1: "person", 2: "random"})
    link = alice.input_value(".invite input")
    bob = new_page(chromium, errors)  # type: ignore[arg-type]  # another browser context
    bob.goto(link)
    bob.wait_for_selector(".city.me")
    for _ in range(3):  # three steps, each seat clicking in turn
        alice.wait_for_selector(".status.go")
        bob.wait_for_selector(".status.go")
        step = step_of(bob)
        play_one_move(alice)
        # Bob is told that seat 0 has chosen before he moves himself
        wait_until(bob, "() => (document.getElementById('readiness') || {}).textContent"
                   "?.includes('Seat 0: has chosen')")
        wait_until(bob, "() => document.getElementById('live').textContent"
                   ".includes('has chosen')")
        assert bob.title().startswith("▶ Your move")
        play_one_move(bob)
        wait_until(bob, "(before) => Number(document.getElementById('app').dataset.step)"
                   " > before", step)
    bob.screenshot(path=str(tmp_path / "readiness.png"), full_page=True)
    bob.reload()
    bob.wait_for_selector("#log")
    log = bob.evaluate("() => document.getElementById('log').textContent")
    for step in (1, 2, 3):
        assert f"step {step}" in log
    assert "You (" in log and (" built " in log or " sold " in log)
    assert errors == []


def test_the_turn_clock_hands_an_absent_seat_to_a_bot(base_url: str, chromium: object) -> None:
    errors: list[str] = []
    page = new_page(chromium, errors)  # type: ignore[arg-type]
    page.goto(base_url + "/")
    answer = page.request.post(base_url + "/api/tables", data=json.dumps(
        {"game": "base", "players": 3, "bots": {"1": "ismcts", "2": "ismcts"},
         "clock": {"seconds": 2, "bot": "ismcts"}}), headers={"Content-Type": "application/json"})
    assert answer.status == 201, answer.text()
    created = answer.json()
    page.goto(f"{base_url}/#/join/{created['id']}/0/{created['seats']['0']}")
    page.wait_for_selector("#clock")
    assert "left to choose" in page.inner_text("#clock")
    # nobody clicks: the clock runs out and the clock's bot plays for seat 0 (the thinking
    # bots keep the steps slow enough to take the seat back before the game is over)
    wait_until(page, "() => !!document.getElementById('take-back')", seconds=30)
    assert "bot plays for You" in page.inner_text("#clock")
    wait_until(page, "() => Number(document.getElementById('app').dataset.step) >= 2",
               seconds=60)
    page.evaluate("() => document.getElementById('take-back').click()")
    # the seat plays for itself again: asked to move, with a fresh deadline, no bot for it
    wait_until(page, "() => !document.getElementById('take-back') && "
               "!!document.querySelector('.status.go')")
    assert errors == []


def test_the_replay_of_a_finished_table(base_url: str, chromium: object,
                                        tmp_path: Path) -> None:
    errors: list[str] = []
    page = new_page(chromium, errors)  # type: ignore[arg-type]
    create_table(page, base_url, "base", {1: "random", 2: "random"})
    play_to_the_end(page)
    page.click("text=Replay the game")
    page.wait_for_selector(".replay-bar")
    assert "step 0 of" in page.inner_text(".replay-bar h2")
    for expected in (1, 2, 3):
        page.click("#replay-next")
        wait_until(page, "(n) => document.querySelector('.replay-bar h2').textContent"
                   ".includes(`step ${n} of`)", expected)
    assert page.query_selector_all("#replay-events li")
    assert page.query_selector_all(".city")
    page.select_option("#replay-seat", "1")
    assert page.query_selector(".city.me[data-seat='1']")
    page.click("#replay-last")
    wait_until(page, "() => document.getElementById('replay-next').disabled")
    page.screenshot(path=str(tmp_path / "replay.png"), full_page=True)
    assert errors == []


def test_a_join_link_asks_before_it_replaces_a_held_seat(base_url: str, chromium: object) -> None:
    errors: list[str] = []
    page = new_page(chromium, errors)  # type: ignore[arg-type]
    create_table(page, base_url, "base", {1: "random", 2: "random"})
    table, seat = page.url.split("#/t/")[1].split("/")
    held = page.evaluate("() => JSON.parse(localStorage.getItem('sevenwonders.seats'))"
                         f"['{table}/{seat}'].token")
    page.goto(f"{base_url}/#/join/{table}/{seat}/forged-token")
    page.wait_for_selector("#keep-token")
    assert "already hold seat" in page.inner_text("#join-title")
    page.click("#keep-token")
    page.wait_for_selector(".city.me")  # the held token still works
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('sevenwonders.seats'))")
    assert stored[f"{table}/{seat}"]["token"] == held
    page.goto(f"{base_url}/#/join/{table}/{seat}/forged-token")
    page.click("#replace-token")
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('sevenwonders.seats'))")
    assert stored[f"{table}/{seat}"]["token"] == "forged-token"
    assert any(entry.get("token") == held and entry.get("replaced")
               for entry in stored.values())  # the old token is kept
    assert errors == []
