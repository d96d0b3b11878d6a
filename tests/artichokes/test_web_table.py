"""Abandon All Artichokes' editor on a phone in Chromium (issue 43): the page says the lowest
total leads, every breakdown line is named by the YAML, and the garden stack shows no count
while "count them for me" is ticked."""

from __future__ import annotations

from tests.web.conftest import screenshot
from tests.web.entering import start, wait_scored

STACK = '.panel[data-place="|garden stack"]'


def test_the_page_says_the_fewest_artichokes_lead(server, phone) -> None:
    start(phone, server.url, "abandon-all-artichokes", "base", ["Ann", "Bob"])
    said = phone.text_content("#total-is")
    assert said == "Total: Artichokes left in deck, hand and discard (fewest leads)"
    assert phone.locator("#total-is").is_visible()


def test_every_breakdown_line_is_named_by_the_yaml(server, phone, library) -> None:
    """`artichokes_in_deck` and its kind were shown as they are keyed."""
    labels = library.game("abandon-all-artichokes").info.labels
    start(phone, server.url, "abandon-all-artichokes", "base", ["Ann", "Bob"])
    rows = phone.eval_on_selector_all(
        "#breakdown tr[data-key]", "rows => rows.map(r => [r.dataset.key, r.cells[0].textContent])"
    )
    assert {key for key, _ in rows} >= {"deck", "artichokes_in_deck"}
    assert rows == [[key, labels[key]] for key, _ in rows]


def test_no_stack_count_while_it_is_counted_for_me(server, phone) -> None:
    """It showed "Garden stack cards 0" with "count them for me" ticked, and its + made it 1
    and raised AA-01."""
    start(phone, server.url, "abandon-all-artichokes", "base", ["Ann", "Bob"])
    box = phone.locator(f"{STACK} input[type=checkbox]")
    count = phone.locator(f"{STACK} .stepper")
    assert box.is_checked() and count.is_hidden()
    box.uncheck()
    wait_scored(phone)
    assert count.is_visible() and count.locator("input").input_value() == "0"
    box.check()
    wait_scored(phone)
    assert count.is_hidden() and phone.evaluate("Playtest.record.garden_stack") == "rest"
    screenshot(phone, "artichokes-stack")
