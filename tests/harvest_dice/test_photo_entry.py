"""A Harvest Dice score sheet entered from a photo in Chromium (the phone page of `playtest
serve`): the photo button reads a generated photo of a filled basic sheet with `playtest scan`'s
code (the scan-ready sheet: each garden cell's vegetable crossed among three icons); the page
fills that player's garden, pig, powers and the markets, marks every field read with doubt
until it is touched, and Save logs the record shown. A photo of the other variant's sheet is
refused."""

from __future__ import annotations

from playtest.library.loader import load_library
from playtest.log import PlaytestLog
from playtest.scan.command import read_picture
from playtest.scan.sheets import scan_sheets
from playtest.scorer.api import evaluate_data
from tests.scan.corpus import sheet_photo, true_fields
from tests.web import photo_entry as photos
from tests.web.conftest import screenshot
from tests.web.photo_entry import server  # noqa: F401 (a fixture)
from tests.web.test_accessibility import wcag_findings

GAME = "harvest-dice"
SEED = 1  # vegetables crossed in the garden, and fields read with doubt (the garden and the pen)
LIBRARY = load_library(None)
SHEETS = {spec.sheet: spec for spec in scan_sheets(LIBRARY, (GAME,))}


def crossed(truth: dict[str, bool], prefix: str) -> int:
    return sum(v for k, v in truth.items() if k.startswith(prefix))


def editor_place(field_id: str) -> str:
    """Where the editor enters a field: a garden cell counts from 0, the pen is one place."""
    kind, *rest = field_id.split(".")
    if kind == "garden":
        row, column = (int(part[3:]) - 1 for part in rest)
        return f"garden.{row}.{column}"
    return kind if kind in ("pig", "power") else field_id


def test_a_photo_fills_the_sheet_marks_what_to_check_and_saves(server, phone) -> None:  # noqa: F811 (fixtures)
    photo = sheet_photo(SHEETS["basic"], SEED, photos.PHONE_PHOTO)
    _, fields = read_picture(photo.jpeg, [SHEETS["basic"]], [])
    unsure = {f.id for f in fields if f.uncertain}
    truth = true_fields(SHEETS["basic"], photo.truth)
    assert any(truth[f] for f in truth if f.startswith("garden."))  # vegetables crossed
    assert unsure, "pick a seed with a doubt"

    photos.open_editor(phone, server.url, GAME, "basic", ["Ann", "Bob"])
    assert photos.photograph(phone, photo.jpeg, "Bob") == "to-check"
    screenshot(phone, "photo-harvest-dice-to-check")

    # what was read with confidence is what the pen marked (the printed cross counts)
    bob = photos.player_of(phone, "Bob")
    record = phone.evaluate("Playtest.record")
    if not {f for f in unsure if f.startswith("pig.")}:
        assert bob["pig"] == crossed(photo.truth, "pig.")
    if not {f for f in unsure if f.startswith("power.")}:
        assert bob["powers_used"] == len({k for k, v in photo.truth.items() if v and "power." in k})
    sure_markets = [v for v in record["markets"] if f"market.{v}" not in unsure]
    assert sure_markets
    for vegetable in sure_markets:
        assert record["markets"][vegetable] == 1 + crossed(photo.truth, f"market.{vegetable}#")
    # each garden cell read with confidence holds the vegetable crossed on paper
    letters = {v.id: v.letter for v in LIBRARY.game(GAME).rules.vegetables}
    rows = [row.split() for row in bob["garden"].split("\n")]
    for field_id, value in truth.items():
        if field_id.startswith("garden.") and field_id not in unsure:
            row, column = map(int, editor_place(field_id).split(".")[1:])
            assert rows[row][column] == letters.get(value, "."), field_id
    ann = photos.player_of(phone, "Ann")
    assert (set(ann["garden"].split()), ann["pig"], ann["powers_used"]) == ({"."}, 0, 0)

    # every doubtful field is marked where the editor enters it, and nothing else is
    assert photos.marked(phone, "Bob") == {editor_place(f) for f in unsure}
    assert wcag_findings(phone) == []

    # a doubtful garden cell tapped is checked; the pen's − / + checks the pen
    for cell in sorted(editor_place(f) for f in unsure if f.startswith("garden."))[:1]:
        assert phone.locator(f'[data-place="Bob|{cell}"].unsure').count() == 1
        phone.locator(f'[data-place="Bob|{cell}"]').click()
        assert cell not in photos.marked(phone, "Bob")
    if "pig" in photos.marked(phone, "Bob"):
        pig = photos.player_of(phone, "Bob")["pig"]
        phone.locator('[data-player="Bob"] [aria-label="Pig circles plus one"]').click()
        assert "pig" not in photos.marked(phone, "Bob")
        assert photos.player_of(phone, "Bob")["pig"] == pig + 1

    shown = phone.evaluate("Playtest.record")
    game_id = photos.save(phone)
    entry = PlaytestLog(server.db).get(game_id)
    assert entry is not None and entry.record == shown
    assert entry.result == evaluate_data(shown, LIBRARY).to_json()


def test_a_photo_of_the_other_variants_sheet_is_refused_and_changes_nothing(server, phone) -> None:  # noqa: F811 (fixtures)
    photo = sheet_photo(SHEETS["advanced"], SEED, photos.PHONE_PHOTO)
    photos.open_editor(phone, server.url, GAME, "basic", ["Ann", "Bob"])
    before = phone.evaluate("Playtest.record")
    assert photos.photograph(phone, photo.jpeg, "Ann") == "refused"
    assert phone.locator("#photo-status").inner_text() == (
        "Not read: the photo cannot be read: it shows the advanced sheet; "
        "this game is entered on: basic"
    )
    assert phone.evaluate("Playtest.record") == before
    assert phone.locator(".unsure").count() == 0
