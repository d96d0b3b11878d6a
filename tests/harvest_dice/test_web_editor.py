"""Harvest Dice's editor in a real browser: a violation shows on the cells that break it."""

from __future__ import annotations

from tests.web.conftest import screenshot
from tests.web.entering import start, tap, wait_scored


def test_a_violation_shows_on_its_cell(server, phone) -> None:
    start(phone, server.url, "harvest-dice", "basic", ["Ann", "Bob"])
    ann = '[data-player="Ann"]'
    tap(phone, f'{ann} [data-tap="garden.0.0"]', 2)  # a tomato in the first column...
    tap(phone, f'{ann} [data-tap="garden.2.5"]', 2)  # ...and one far from it
    wait_scored(phone)
    bad = phone.eval_on_selector_all(f"{ann} g.bad[data-tap]", "g => g.map(e => e.dataset.tap)")
    assert bad and set(bad) <= {"garden.0.0", "garden.2.5"}
    assert "HD-02" in phone.locator(f"{ann} .place-msg").first.text_content()
    assert phone.locator("#player-tabs button[data-name=Ann]").get_attribute("class") == "bad"
    screenshot(phone, "violation-on-its-cell")
