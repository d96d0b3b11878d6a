"""Village Green's tableau by keyboard, on a phone in Chromium (issue 43): the slots are one
Tab stop, the arrow keys move from slot to slot as they lie, Enter opens the picker, whose
cards the arrow keys move along too, and Enter picks one."""

from __future__ import annotations

from tests.web.entering import start, wait_scored

ANN = '[data-player="Ann"]'


def _at(page) -> str:
    return page.evaluate(
        "document.activeElement.dataset.place || document.activeElement.dataset.card || ''"
    )


def test_the_arrow_keys_move_within_the_tableau_and_the_picker(server, phone) -> None:
    start(phone, server.url, "village-green", "multiplayer", ["Ann", "Bob"])
    phone.locator(f'{ANN} .slot[data-place="Ann|top.0"]').focus()
    slots = phone.eval_on_selector_all(f"{ANN} .slot[data-place]", "l => l.map(s => s.tabIndex)")
    assert sorted(slots)[-2:] == [-1, 0]  # one Tab stop for the whole tableau
    phone.keyboard.press("ArrowRight")
    assert _at(phone) == "Ann|top.1"
    phone.keyboard.press("ArrowDown")  # the award above column 2: column 2 under it
    assert _at(phone) == "Ann|grid.0.1"
    phone.keyboard.press("ArrowLeft")
    phone.keyboard.press("ArrowLeft")
    assert _at(phone) == "Ann|left.0"
    phone.keyboard.press("ArrowDown")
    phone.keyboard.press("ArrowRight")
    assert _at(phone) == "Ann|grid.1.0"
    phone.keyboard.press("Enter")
    phone.wait_for_selector("#picker[open]")
    phone.keyboard.press("Tab")  # from Done to the cards: one Tab stop
    first = _at(phone)
    phone.keyboard.press("ArrowRight")
    second = _at(phone)
    assert first and second and first != second
    phone.keyboard.press("Enter")
    wait_scored(phone)
    assert phone.locator("#picker[open]").count() == 0  # a slot holds one card: picked
    assert phone.evaluate("Playtest.record.players[0].grid[1][0]") == second
