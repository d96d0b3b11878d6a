"""The live preview (`playtest serve`, /preview/<game>?face=...) in Chromium: a real server on
a copy of the test components, a card's name saved 20 times, and the time from each save to
the new face on screen (the page's version changed and its picture holds the saved text).
The target of issue 28 is a p95 under 1 s. tests/web/test_preview.py checks that every save
is shown; the time is measured here, where nothing passes or fails."""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.helpers import make_components
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, start_server, stop_server

SAVES = 20


def _saves(url: str, cards: Path) -> list[float]:
    original = cards.read_text()
    delays = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(url + "/preview/mini-game?face=deck-M1")
        page.wait_for_function("() => document.getElementById('preview').dataset.version")
        for n in range(SAVES):
            version = page.evaluate("() => document.getElementById('preview').dataset.version")
            started = time.monotonic()
            cards.write_text(original.replace("name: Red One,", f"name: Red One {n},"))
            page.wait_for_function(
                f"() => document.getElementById('preview').dataset.version !== '{version}'",
                timeout=30_000,
            )
            delays.append(time.monotonic() - started)
            time.sleep(0.05)  # the next save gets a later modification time
        browser.close()
    return delays


def run() -> list[tuple[str, ...]]:
    with tempfile.TemporaryDirectory() as tmp:
        root = make_components(Path(tmp))
        server = start_server(Path(tmp) / "playtest.db", "--components", str(root))
        try:
            delays = _saves(server.url, root / "mini-game" / "cards.yaml")
        finally:
            stop_server(server.process)
    p95 = statistics.quantiles(delays, n=20)[-1]
    return [
        (
            f"a card saved {SAVES} times, shown in Chromium",
            f"median {statistics.median(delays):.2f} s",
            f"p95 {p95:.2f} s",
            "target p95 < 1 s",
        )
    ]
