"""Dice Town's cards on a phone in Chromium (issue 43): every chip captioned, its remove
control beside the picture (never over the card's name); the picker takes card after card
until Done and opens without the keyboard; no empty panel under the piles; a typed count out
of the game's range is refused with it."""

from __future__ import annotations

from tests.web.conftest import screenshot
from tests.web.entering import start, wait_scored

ANN = '[data-player="Ann"]'


def _overlaps(a: dict, b: dict) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def test_twenty_deeds_in_one_visit_to_the_picker(server, phone, library) -> None:
    """The picker stays open card after card (20 deeds took 40 taps and more), shows what is
    picked with captions, and never opens the keyboard by itself."""
    deeds = [c.id for d in library.game("dice-town").decks if d.id == "deeds" for c in d.cards]
    start(phone, server.url, "dice-town", "final", ["Ann", "Bob"])
    taps = 0
    phone.click(f"{ANN} >> text=Add Property deeds")
    taps += 1
    assert phone.evaluate("document.activeElement.id") == "picker-done"  # not the search box
    for card in deeds[:20]:
        phone.click(f'#picker-cards button[data-card="{card}"]')
        taps += 1
    assert phone.locator("#picker[open]").count() == 1
    assert phone.text_content("#picker-done") == "Done (20)"
    picked = phone.eval_on_selector_all(
        "#picker-stack .card-chip", "l => l.map(c => c.dataset.card)"
    )
    assert picked == deeds[:20]
    screenshot(phone, "picker-twenty-deeds")
    phone.click("#picker-done")
    taps += 1
    wait_scored(phone)
    assert taps == 22
    assert phone.evaluate("Playtest.record.players[0].deeds") == deeds[:20]


def test_every_chip_is_captioned_and_its_remove_control_is_beside_it(
    server, phone, library
) -> None:
    names = {c.id: c.name for d in library.game("dice-town").decks for c in d.cards}
    start(phone, server.url, "dice-town", "final", ["Ann", "Bob"])
    for opener in ("Add General Store cards", "Add Property deeds"):
        phone.click(f"{ANN} >> text={opener}")
        phone.locator("#picker-cards button").first.click()
        phone.locator("#picker-cards button").nth(1).click()
        # in the picker too: a chip per card picked, captioned, its × beside the picture
        for chip in phone.locator("#picker-stack .card-chip").all():
            picture, remove = chip.locator("img").bounding_box(), chip.locator(".remove")
            assert not _overlaps(picture, remove.bounding_box())
        phone.click("#picker-done")
    wait_scored(phone)
    chips = phone.locator(f"{ANN} .card-chip")
    assert chips.count() == 4
    for chip in chips.all():
        card = chip.get_attribute("data-card")
        caption = chip.locator("figcaption")
        assert caption.text_content() == f"{card} {names[card]}"
        picture = chip.locator("img").bounding_box()
        remove = chip.locator(".remove").bounding_box()
        words = caption.bounding_box()
        assert not _overlaps(picture, remove) and not _overlaps(words, remove)
        assert remove["x"] >= picture["x"] + picture["width"]  # beside the picture
        assert words["y"] >= picture["y"] + picture["height"]  # the caption under it
        assert chip.locator(".remove").get_attribute("aria-label") == f"Remove {card} {names[card]}"
    screenshot(phone, "chips")
    chips.first.locator(".remove").click()
    wait_scored(phone)
    assert phone.locator(f"{ANN} .card-chip").count() == 3


def test_no_empty_panel_under_the_piles(server, phone) -> None:
    """Dice Town showed an empty white panel under "Add Property deeds": a place kept for a
    rule of the whole table shows only when that rule is broken."""
    start(phone, server.url, "dice-town", "final", ["Ann", "Bob"])
    empty = phone.eval_on_selector_all(
        "#board > *",
        """nodes => nodes.filter(n => n.offsetParent !== null && !n.textContent.trim()
            && n.getBoundingClientRect().height > 0).map(n => n.outerHTML.slice(0, 80))""",
    )
    assert empty == []


def test_a_nugget_count_out_of_range_is_refused_with_the_supply(server, phone, library) -> None:
    """999 nuggets became 999 (the stepper's own limit); the game holds `supply.nuggets`."""
    supply = library.game("dice-town").rules.supply.nuggets
    start(phone, server.url, "dice-town", "final", ["Ann", "Bob"])
    step = phone.locator(f'{ANN} .stepper[data-place="Ann|nuggets"]')
    step.locator("input").fill("999")
    step.locator("input").press("Tab")
    note = step.locator(".refused")
    note.wait_for(state="visible")
    assert note.text_content() == f"Nuggets: 0 to {supply} (not 999)"
    assert phone.evaluate("Playtest.record.players[0].nuggets") == 0
    step.locator("input").fill(str(supply))
    step.locator("input").press("Tab")
    wait_scored(phone)
    assert note.is_hidden() and phone.evaluate("Playtest.record.players[0].nuggets") == supply
