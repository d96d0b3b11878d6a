"""A Village Green tableau entered from a photo in Chromium (the phone page of `playtest serve`):
a solo player's finished tableau, legal (tests/scan/tableau_corpus.py lays only tableaux
the game's own check passes), is read by `playtest scan`'s code into the player's award slots,
grid and village card's side (read by the marker of the side up, `scan_back`); the page then
shows no broken rule; a field read with doubt is marked for the player to check until they
touch it, and Save logs the record shown."""

from __future__ import annotations

from playtest.library.loader import load_library
from playtest.log import PlaytestLog
from playtest.scan.command import read_picture
from playtest.scan.tableau import tableau_specs
from playtest.scorer.api import evaluate_data
from tests.scan.tableau_corpus import TableauMaker
from tests.web import photo_entry as photos
from tests.web.conftest import screenshot
from tests.web.photo_entry import server  # noqa: F401 (a fixture)
from tests.web.test_accessibility import wcag_findings

GAME = "village-green"
SEED = 0  # a tableau whose every card marker the reader finds (tests/scan/test_tableau_photos.py)
LIBRARY = load_library(None)


def editor_place(field_id: str) -> str:
    """Where the editor enters a field: its slots count from 0 (`grid.row1.col2` is
    `grid.0.1`); the village card's side is `village`."""
    kind, *rest = field_id.split(".")
    return ".".join([kind, *(str(int(part[3:]) - 1) for part in rest)])


def test_a_tableau_photo_fills_the_players_slots_and_saves(server, phone) -> None:  # noqa: F811 (fixtures)
    (spec,) = tableau_specs(LIBRARY, (GAME,))
    photo = TableauMaker(LIBRARY, spec).photo(SEED)
    _, fields = read_picture(photo.jpeg, [], [spec])
    unsure = {f.id for f in fields if f.uncertain}
    read = {f.id: f.value for f in fields}
    assert read["village"] == photo.truth["village"] and "village" not in unsure

    photos.open_editor(phone, server.url, GAME, "solo", ["Ann"])
    assert phone.locator("#photo-button").inner_text() == "Photograph Ann's tableau"
    # every card and the village side read surely: nothing to check
    assert photos.photograph(phone, photo.jpeg, "Ann") == ("to-check" if unsure else "checked")
    screenshot(phone, "photo-tableau-to-check")

    # every card lies in the slot it was photographed in; the other slots stay empty
    slots = phone.eval_on_selector_all(
        '[data-player="Ann"] button.slot',
        "nodes => Object.fromEntries(nodes.map(n => [n.dataset.place, n.dataset.cards]))",
    )
    shown = {place.split("|", 1)[1]: cards for place, cards in slots.items() if cards}
    assert shown == {editor_place(f): card for f, card in photo.truth.items() if f != "village"}
    assert photos.player_of(phone, "Ann")["village"] == photo.truth["village"]
    # a legal tableau read right: the page names no broken rule
    assert phone.locator("#violations li").count() == 0
    assert phone.locator("#violations").is_hidden()

    # what was read with doubt is marked where the editor enters it; touching it checks it
    assert photos.marked(phone, "Ann") == {editor_place(f) for f in unsure}
    assert wcag_findings(phone) == []
    other = "flipped" if photo.truth["village"] == "face-up" else "face-up"
    phone.select_option('[data-player="Ann"] select[aria-label="Village card"]', other)
    assert "village" not in photos.marked(phone, "Ann")
    assert photos.player_of(phone, "Ann")["village"] == other

    record = phone.evaluate("Playtest.record")
    game_id = photos.save(phone)
    entry = PlaytestLog(server.db).get(game_id)
    assert entry is not None and entry.record == record
    assert entry.result == evaluate_data(record, LIBRARY).to_json()
    assert entry.result["legal"] and entry.result["violations"] == []
