"""Playwright driving Debian's Chromium, for every test folder (a plugin of the root conftest):
one Chromium per test process (per xdist worker), launched when a test first asks for it, and
a fresh browser context for each test (`phone`, or a test's own `browser.new_context()`,
closed by that test), so no test sees another's cookies, cache or storage.

While the browser is open, Playwright's event loop counts as running in the test process's
thread: a test that calls `asyncio.run()` in that thread would be refused. No test does."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.setup_browser import CHROMIUM

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip(
            "Debian's Chromium is not installed at /usr/bin/chromium and "
            "tests/setup_browser.py (the README's second command) could not install it"
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def phone(browser) -> Iterator[Any]:
    """A page in a new context the size of a phone; no JavaScript error may happen on it."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    yield page
    context.close()
    assert errors == [], errors  # no JavaScript error on any page
