"""Shared pieces of the browser tests: ``sevenwonders serve`` on a free loopback port, Debian's
headless Chromium driven by Playwright, a player that clicks through a whole game, and axe-core
(the npm package, installed by CI into ``node_modules``; never committed) injected into a page.
Skipped only where chromium, Playwright or axe-core is missing, never in CI (``CI=true``)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
IN_CI = os.environ.get("CI", "").lower() == "true"
ROOT = Path(__file__).resolve().parents[3]

if not IN_CI and not os.path.exists(CHROMIUM):
    pytest.skip("chromium is not installed here (CI installs it)", allow_module_level=True)
if not IN_CI:
    pytest.importorskip("playwright")
    pytest.importorskip("uvicorn")

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
def base_url(tmp_path: Path) -> Iterator[str]:
    """A fresh server over a fresh database, for one test."""
    yield from serve(tmp_path / "tables.sqlite3")


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    """One headless Chromium for a module's tests (each test opens its own contexts)."""
    yield from browser()


def serve(db: Path, *flags: str) -> Iterator[str]:
    """``sevenwonders serve`` on a free loopback port over ``db``; yields its base URL."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "sevenwonders", "serve", "--port", str(port), "--db", str(db),
         *flags], cwd=ROOT, stdout=subprocess.DEVNULL)
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


def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


def new_page(chromium: Browser, errors: list[str], width: int = 1400, **context: Any) -> Page:
    page = chromium.new_context(viewport={"width": width, "height": 1000}, **context).new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(30_000)
    return page


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


def step_of(page: Page) -> int:
    return int(page.evaluate("() => Number(document.getElementById('app').dataset.step || -1)"))


def create_table(page: Page, base_url: str, game: str, seats: dict[int, str],
                 players: int | None = None) -> None:
    """Create a table in the lobby: ``seats`` maps a seat to ``me``, ``person`` or a bot."""
    page.goto(base_url + "/")
    page.select_option("#game", game)
    if players is not None:
        page.fill("#players", str(players))
        page.dispatch_event("#players", "change")
    for seat, kind in seats.items():
        page.select_option(f"#seat-{seat}", kind)
    page.click("#create")
    page.wait_for_selector(".city.me")


def play_one_move(page: Page) -> None:
    """Click a move as a person would: a card of the hand (a buildable one if any) and its first
    action, or a box of the own Dice sheet and its first move, or else the first move button."""
    # locators, not element handles: a push may draw the page again between finding and
    # clicking, and a locator finds its element again
    for choose in (".hand-card.buildable", ".hand-card:not([disabled])",
                   ".city.me button.box.can"):
        if page.query_selector(choose) is not None:
            page.locator(choose).first.click()
            page.locator("#actions button.move").first.click()
            return
    page.locator("#hand button.move").first.click()


def play_to_the_end(page: Page, most: int = 600, reload_at: int | None = None) -> int:
    """Click moves until the score sheet shows; returns the number of moves clicked."""
    clicks = 0
    for _ in range(most):
        page.wait_for_selector(".status.go, #scores", timeout=60_000)
        if page.query_selector("#scores") is not None:
            return clicks
        if clicks == reload_at:
            page.reload()
            page.wait_for_selector(".city.me")
            reload_at = None
            continue
        step = step_of(page)
        play_one_move(page)
        clicks += 1
        wait_until(page, "(before) => !!(document.querySelector('#scores') || "
                   "!document.querySelector('.status.go') || "
                   "Number(document.getElementById('app').dataset.step) !== before)", step)
    pytest.fail("the score sheet never showed")


def axe_source() -> str:
    """axe-core's browser build: ``AXE_CORE_JS`` or ``node_modules/axe-core/axe.min.js`` (CI
    installs the npm package there)."""
    path = Path(os.environ.get("AXE_CORE_JS", ROOT / "node_modules" / "axe-core" / "axe.min.js"))
    if not path.exists():
        if IN_CI:
            pytest.fail("axe-core is missing: npm install --no-save axe-core")
        pytest.skip("axe-core is not installed here (npm install --no-save axe-core)")
    return path.read_text(encoding="utf-8")


def axe_violations(page: Page, source: str) -> list[dict[str, Any]]:
    """Serious and critical axe-core violations of the page as it is now (WCAG 2 A and AA
    rules, best practices included). The page's context must bypass the CSP to take the
    script."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(source)
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map((v) => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' '))}))")
    return [v for v in found if v["impact"] in ("serious", "critical")]
