"""Orchard (scored only by YAML, on the generic fields editor) entered from a photo in Chromium:
the photo button reads a generated photo of a filled sheet with `playtest scan`'s code, the
page fills the player's fields with what was read, marks every field read with doubt (and every
field a photo cannot read yet) until the player touches it, and Save logs what is shown."""

from __future__ import annotations

from playtest.library.loader import load_library
from playtest.log import PlaytestLog
from playtest.scan.command import read_picture
from playtest.scan.sheets import scan_sheets
from playtest.scorer.api import evaluate_data
from tests.scan.corpus import sheet_photo
from tests.web import photo_entry as photos
from tests.web.conftest import screenshot
from tests.web.photo_entry import server  # noqa: F401 (a fixture)
from tests.web.test_accessibility import wcag_findings

GAME = "orchard"
SEED = 12  # a pencil photo (issue 41): a track read with doubt; any seed reads
# its confident fields right (tests/orchard/test_scan_hard_photos.py)
LIBRARY = load_library(None)


def test_a_photo_fills_the_fields_marks_the_doubtful_ones_and_saves(server, phone) -> None:  # noqa: F811 (fixtures)
    (spec,) = scan_sheets(LIBRARY, (GAME,))
    photo = sheet_photo(spec, SEED, photos.PHONE_PHOTO, pen="pencil")
    _, fields = read_picture(photo.jpeg, [spec], [])  # what `playtest scan` reads of it
    unsure = {f.id for f in fields if f.uncertain}
    kinds = dict(spec.fields)
    assert {"pears", "tree"} <= unsure  # a number and a card: not read from a photo yet
    assert {f for f in unsure if kinds[f] in ("box", "track")}, "pick a seed with a doubt"

    photos.open_editor(phone, server.url, GAME, "", ["Ann", "Bob"])
    button = phone.locator("#photo-button")
    file_input = phone.locator("#photo-input")
    assert (file_input.get_attribute("accept"), file_input.get_attribute("capture")) == (
        "image/*",
        "environment",
    )
    phone.locator('#player-tabs button[data-name="Bob"]').click()
    assert button.inner_text() == "Photograph Bob's sheet"
    assert photos.photograph(phone, photo.jpeg, "Bob") == "to-check"
    screenshot(phone, "photo-fields-to-check")

    # every box and track read with confidence holds what the pen marked on paper
    bob = photos.player_of(phone, "Bob")["fields"]
    checked = 0
    for field_id, kind in spec.fields:
        truth = [v for k, v in photo.truth.items() if k.split("#")[0] == field_id]
        if kind not in ("box", "track") or field_id in unsure:
            continue
        expected = truth[0] if kind == "box" else sum(truth)
        assert bob.get(field_id, False if kind == "box" else 0) == expected, field_id
        checked += 1
    assert checked >= 5
    assert photos.player_of(phone, "Ann")["fields"] == {}  # the other player's board is untouched

    # each doubtful field is marked, for sight and for a screen reader, and nothing else
    assert photos.marked(phone, "Bob") == unsure
    assert photos.described(phone) == {"read from the photo with doubt: check it"}
    status = phone.locator("#photo-status").inner_text()
    assert status == f"Read from the photo: {len(unsure)} places to check (marked)"
    assert wcag_findings(phone) == []

    # touching a field checks it: its mark goes, the others stay
    doubtful_track = next(f for f in sorted(unsure) if kinds[f] == "track")
    phone.locator(f'[data-player="Bob"] [data-field="{doubtful_track}"] .track-cell').first.click()
    assert photos.marked(phone, "Bob") == unsure - {doubtful_track}
    phone.locator('[data-player="Bob"] [data-field="pears"]').fill("7")
    phone.locator('[data-player="Bob"] [data-field="pears"]').press("Tab")
    assert photos.marked(phone, "Bob") == unsure - {doubtful_track, "pears"}

    # what is left, once looked at, is confirmed as a whole (a box touched would change)
    assert phone.locator("#photo-checked").is_visible()
    phone.click("#photo-checked")
    assert photos.marked(phone, "Bob") == set()
    assert phone.locator("#photo-status").inner_text() == (
        "Read from the photo: nothing left to check"
    )
    assert phone.locator("#photo-checked").is_hidden()

    # Save is the usual save: the log keeps the record the page shows, scored as `score` does
    shown = phone.evaluate("Playtest.record")
    assert shown["players"][1]["fields"]["pears"] == 7
    game_id = photos.save(phone)
    entry = PlaytestLog(server.db).get(game_id)
    assert entry is not None and entry.record == shown
    assert entry.result == evaluate_data(shown, LIBRARY).to_json()
