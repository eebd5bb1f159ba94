"""The browser client in a real headless Chromium (Debian's ``chromium``, driven by Playwright)
against a real uvicorn server: create a table in the lobby, play by clicking until the score
sheet shows, reload the page on the way (the seat's token is kept in the browser), and save a
screenshot. Skipped only where chromium is missing, never in CI (``CI=true``)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
IN_CI = os.environ.get("CI", "").lower() == "true"

if not IN_CI and not os.path.exists(CHROMIUM):
    pytest.skip("chromium is not installed here (CI installs it)", allow_module_level=True)
if not IN_CI:
    pytest.importorskip("playwright")
    pytest.importorskip("uvicorn")

from playwright.sync_api import Page, sync_playwright  # noqa: E402


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
def base_url(tmp_path: Path) -> Iterator[str]:
    """``sevenwonders serve`` on a free loopback port, over a fresh database."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "sevenwonders", "serve", "--port", str(port),
         "--db", str(tmp_path / "tables.sqlite3")],
        cwd=Path(__file__).resolve().parents[3], stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=30)


def wait_until(page: Page, function: str, arg: object = None, seconds: float = 30) -> None:
    """Poll ``function`` (JavaScript) until it holds. Playwright's own ``wait_for_function``
    polls through ``eval``, which the client's Content-Security-Policy rightly forbids."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(function, arg):
        if time.monotonic() > deadline:
            status = page.evaluate("() => [...document.querySelectorAll('.status, .headline')]"
                                   ".map((e) => e.textContent).join(' | ')")
            pytest.fail(f"timed out waiting for {function}; the page shows: {status}")
        page.wait_for_timeout(50)


def play_one_move(page: Page) -> None:
    """Click a move: a card (a buildable one if any) and its first action (build, stage or
    sell), or else the first move button (a decision without cards)."""
    card = page.query_selector(".hand-card.buildable") or \
        page.query_selector(".hand-card:not([disabled])")
    if card is not None:
        card.click()
        page.click("#actions button.move")
    else:
        page.click("button.move")


def test_a_game_in_the_browser(base_url: str, tmp_path: Path) -> None:
    errors: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.set_default_timeout(30_000)
            page.goto(base_url + "/")
            page.select_option("#game", "base")
            page.select_option("#seat-1", "random")
            page.select_option("#seat-2", "greedy")
            page.click("#create")
            page.wait_for_selector(".city.me")
            assert "/t/" in page.url
            clicks = 0
            reloaded = False
            for _ in range(200):  # a 3-player game takes 18 moves (and a few decisions)
                page.wait_for_selector(".status.go, #scores")
                if page.query_selector("#scores") is not None:
                    break
                if clicks == 5 and not reloaded:  # a refresh keeps the seat
                    page.reload()
                    page.wait_for_selector(".city.me")
                    reloaded = True
                    continue
                # the whole headline (Age, turn, hand sizes, discard pile) changes with every
                # step, a decision owed in the same turn (Babylon, Halikarnassos) included
                step = page.evaluate("document.querySelector('.headline').textContent")
                play_one_move(page)
                clicks += 1
                wait_until(
                    page, "(before) => !!(document.querySelector('#scores') || "
                    "!document.querySelector('.status.go') || "
                    "document.querySelector('.headline').textContent !== before)", step)
            else:
                pytest.fail("the score sheet never showed")
            page.wait_for_selector("#scores")
            shot = tmp_path / "score-sheet.png"
            page.screenshot(path=str(shot), full_page=True)
            rows = page.inner_text("#scores").lower()
            assert "total" in rows and "place" in rows
            assert clicks >= 18 and reloaded
            assert shot.stat().st_size > 10_000
            assert page.query_selector_all("#log li")
        finally:
            browser.close()
    assert errors == []


@pytest.mark.parametrize("game", ["edifice", "first", "architects", "dice"])
def test_every_table_page_draws_and_takes_a_click(base_url: str, tmp_path: Path,
                                                   game: str) -> None:
    errors: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.set_default_timeout(30_000)
            page.goto(base_url + "/")
            page.select_option("#game", game)
            page.click("#create")
            page.wait_for_selector(".city.me")
            page.wait_for_selector(".status.go")
            if game == "dice" and page.query_selector(".city.me button.box.can"):
                page.click(".city.me button.box.can")  # a box of the own sheet, then a move
                page.click("#actions button.move")
            else:
                play_one_move(page)
            wait_until(page, "() => document.querySelector('#log li') !== null || "
                       "!document.querySelector('.status.go')")
            page.screenshot(path=str(tmp_path / f"{game}.png"), full_page=True)
        finally:
            browser.close()
    assert errors == []
