"""A game written only in YAML, in a components folder of its own (`--components`), entered on
the phone page in Chromium: its fields laid over the printed sheet, scored live by the same
YAML through the web API, saved in the log, and shown in the history and stats pages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from playtest.faces.fields import fields_by_id
from playtest.library.loader import load_library
from playtest.log import PlaytestLog
from playtest.scorer.api import evaluate_data
from tests.helpers import edit_once, make_components
from tests.web.conftest import Server, screenshot, start_server, stop_server
from tests.web.entering import fields as enter_fields
from tests.web.entering import wait_scored
from tests.web.test_accessibility import wcag_findings

GAME = "orchard"
RECORD = {
    "game": GAME,
    "players": [
        {
            "name": "Ann",
            "fields": {
                "row1.apples": 5,
                "row1.basket": True,
                "row1.fruit": "plum",
                "row2.apples": 3,
                "row3.fruit": "pear",
                "pears": 12,
                "tree": "T1",
            },
        },
        {
            "name": "Bob",
            "fields": {
                "row1.apples": 2,
                "row2.basket": True,  # a basket with 2 apples or fewer: ORCH-01
                "row2.fruit": "plum",
                "pears": 12,
                "tree": "T2",
            },
        },
    ],
}


@pytest.fixture(scope="module")
def components(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A designer's own folder: the shared presets and one game of YAML only (Orchard), given
    a board with a field of its own (a market stall's crates, scored): a board's fields are
    entered on the phone page as a sheet's are."""
    root = make_components(tmp_path_factory.mktemp("designer"), "orchard", mini=False)
    assert not list((root / GAME).rglob("*.py"))  # no code at all
    game = root / GAME / "game.yaml"
    sheets = "sheets:\n  - {id: sheet, name: Orchard sheet, size: [148, 210], layout: sheet}\n"
    edit_once(game, sheets, sheets + STALL_BOARD)
    edit_once(game, "layouts:\n", "layouts:\n" + STALL_LAYOUT)
    apples = "    - {id: apples, points: 'sum(\"row*.apples\")'}\n"
    edit_once(game, apples, apples + "    - {id: stall, points: 'stall.crates * 2'}\n")
    return root


STALL_BOARD = "boards:\n  - {id: stall, name: Market stall, size: [120, 60], layout: stall}\n"
STALL_LAYOUT = """\
  stall:
    elements:
      - text: {text: "Crates", x: 5, y: 5, w: 50, h: 8, style: title, colour: ink}
      - repeat:
          count: 4
          step: [12, 0]
          field: {id: stall.crates, kind: track}
          elements:
            - circle: {cx: 12, cy: 30, r: 4, stroke: ink}
"""


@pytest.fixture(scope="module")
def own_server(components: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("serve-own") / "playtest.db"
    running = start_server(db, "--components", str(components))
    yield running
    stop_server(running.process)


def _shown_totals(page) -> dict[str, int]:
    return {
        node.get_attribute("data-player-score"): int(node.locator(".total").inner_text())
        for node in page.locator("#scores [data-player-score]").all()
    }


def test_a_yaml_game_is_entered_on_its_sheet_scored_saved_and_logged(
    own_server: Server, components: Path, phone
) -> None:
    expected = evaluate_data(RECORD, load_library(components)).to_json()
    assert not expected["legal"]  # Bob's basket breaks ORCH-01: shown in place

    phone.goto(own_server.url + "/")
    assert phone.locator(f'a[href="/new/{GAME}"]').count() == 1  # listed with the four's peers

    enter_fields(phone, own_server.url, RECORD)
    # the page wrote exactly the record (a card id typed in lower case as the game spells it)
    assert phone.evaluate("Playtest.record") == RECORD
    # every number on the page is the scorer's, the same as the library's
    assert _shown_totals(phone) == {p["name"]: p["total"] for p in expected["players"]}
    stars = phone.locator("#scores .winner").all_inner_texts()
    assert [s.split("\n")[0].rstrip(" ★") for s in stars] == expected["winners"]
    assert phone.locator('#violations [data-code="ORCH-01"]').count() == 1
    assert phone.locator('#player-tabs button.bad[data-name="Bob"]').count() == 1
    # ORCH-01's place, "row 2", is shown on the fields of Bob's row 2, not on his whole board
    bad = phone.eval_on_selector_all(".bad[data-place]", "n => n.map(e => e.dataset.place)")
    assert sorted(bad) == ["Bob|row2.apples", "Bob|row2.basket", "Bob|row2.fruit"]
    screenshot(phone, "yaml-game-editor")

    # every field's control sits on its box of the printed sheet (mm scaled to the picture,
    # the part of the sheet that holds the fields), a box to tick at least 24 px (WCAG 2.2)
    fields = fields_by_id(load_library(components).game(GAME))
    phone.locator('#player-tabs button[data-name="Ann"]').click()
    sheet = phone.locator('[data-player="Ann"] .field-sheet[data-sheet="sheet"]')
    crop = [float(v) for v in sheet.locator("svg").get_attribute("viewBox").split()]
    drawn = sheet.bounding_box()
    scale = drawn["width"] / crop[2]
    for field_id in ("row1.basket", "pears", "tree", "row3.fruit"):
        box = phone.locator(f'[data-player="Ann"] [data-field="{field_id}"]').bounding_box()
        x, y, w, h = fields[field_id].box
        least = 24 if fields[field_id].kind == "box" else 0
        middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        assert middle[0] - drawn["x"] == pytest.approx((x + w / 2 - crop[0]) * scale, abs=1)
        assert middle[1] - drawn["y"] == pytest.approx((y + h / 2 - crop[1]) * scale, abs=1)
        assert box["width"] == pytest.approx(max(w * scale, least), abs=1)
        assert box["height"] == pytest.approx(max(h * scale, least), abs=1)

    # the keyboard reaches every control: a box ticked with Space changes the score
    basket = phone.locator('[data-player="Ann"] [data-field="row3.basket"]')
    basket.focus()
    phone.keyboard.press("Space")
    wait_scored(phone)
    ticked = {**RECORD["players"][0]["fields"], "row3.basket": True}
    record = {"game": GAME, "players": [{"name": "Ann", "fields": ticked}, RECORD["players"][1]]}
    again = evaluate_data(record, load_library(components)).to_json()
    assert _shown_totals(phone) == {p["name"]: p["total"] for p in again["players"]}
    assert phone.evaluate("Playtest.record") == record
    assert wcag_findings(phone) == []

    phone.click("#save")
    phone.wait_for_url("**/games/*")
    assert "Orchard" in phone.locator("h1").inner_text()
    rows = phone.locator("table.totals tbody tr").all_inner_texts()
    assert [r.split("\t")[-1] for r in rows] == [str(p["total"]) for p in again["players"]]
    game_url = phone.url
    assert wcag_findings(phone) == []

    # kept in the log (a real SQLite file), exactly as entered
    (entry,) = PlaytestLog(own_server.db).games(GAME)
    assert entry.record == record
    assert entry.result == again

    # the history lists it; opening it for an edit shows the fields as saved
    phone.goto(f"{own_server.url}/games?game={GAME}")
    assert phone.locator(f'a[href="{game_url.removeprefix(own_server.url)}"]').count() >= 1
    phone.goto(game_url + "/edit")
    wait_scored(phone)
    assert phone.locator('[data-player="Ann"] [data-field="row3.basket"]').is_checked()
    assert phone.locator('[data-player="Ann"] [data-field="pears"]').input_value() == "12"
    assert phone.locator('[data-player="Ann"] [data-field="row1.apples"] .crossed').count() == 5
    assert phone.evaluate("Playtest.record") == record

    # its stats page works for it: the categories of its own YAML, in its words (`labels:`)
    phone.goto(f"{own_server.url}/stats/{GAME}")
    text = phone.locator("main").inner_text()
    labels = load_library(components).game(GAME).info.labels
    assert "Orchard" in text and labels["full_rows"] in text and "full_rows" not in text
    assert wcag_findings(phone) == []


def test_a_check_made_per_row_is_placed_on_the_rows_fields(own_server: Server) -> None:
    """A check made once per group of fields (ORCH-01, `each: "row#.*"`) says where in words,
    `row 2`, which names no field: the editor is sent the pattern of the group's fields, the
    check's `each` with the group filled in; a place that is a field's id is sent as it is."""
    tree_less = {"name": "Cid", "fields": {"row1.apples": 5, "row2.apples": 5, "row3.apples": 5}}
    record = {**RECORD, "players": [*RECORD["players"], tree_less]}
    with own_server.client() as client:
        answer = client.post("/api/score", json={"record": record}).json()
    placed = [
        (v["code"], v["player"], v["where"], places)
        for v, places in zip(answer["result"]["violations"], answer["places"], strict=True)
    ]
    assert ("ORCH-01", "Bob", "row 2", ["row2.*"]) in placed
    assert ("ORCH-03", "Cid", "tree", ["tree"]) in placed


def test_a_track_that_breaks_a_rule_keeps_its_circles_whole(own_server: Server, phone) -> None:
    """A field a check's `where:` names is marked `bad` by the editor: a track is outlined as a
    whole and its circles turn red; no circle carries its own 3 px outline, which covered its
    neighbours (the track showed as a red bar)."""
    enter_fields(phone, own_server.url, {"game": GAME, "players": [{"name": "Ann", "fields": {}}]})
    track = phone.locator('[data-player="Ann"] [data-field="row1.apples"]')
    track.locator('[data-cell="1"]').click()
    wait_scored(phone)
    track.evaluate("node => node.classList.add('bad')")  # as mark() does
    look = track.evaluate(
        """node => ({
          track: getComputedStyle(node).outlineStyle,
          cells: Array.from(node.querySelectorAll('.track-cell'), (c) => [
            getComputedStyle(c).outlineStyle, getComputedStyle(c).borderTopColor]),
        })"""
    )
    assert look["track"] == "solid"
    assert look["cells"] == [["none", "rgb(192, 57, 43)"]] * 5
    screenshot(phone, "yaml-game-track-violation")


def test_a_boards_fields_are_entered_on_its_picture(
    own_server: Server, components: Path, phone
) -> None:
    """A board with fields (the stall the folder's Orchard is given) is drawn on the phone page
    as printed, under the sheet, with a control on each of its fields: the board's track is
    tapped, written in the record and scored (the page drew sheets only, so a board's fields
    could not be entered)."""
    record = {"game": GAME, "players": [{"name": "Ann", "fields": {"stall.crates": 3}}]}
    expected = evaluate_data(record, load_library(components)).to_json()
    assert expected["players"][0]["breakdown"]["stall"] == 6
    enter_fields(phone, own_server.url, record)
    assert phone.evaluate("Playtest.record") == record
    assert _shown_totals(phone) == {"Ann": expected["players"][0]["total"]}
    board = phone.locator('[data-player="Ann"] .field-sheet[data-sheet="stall"]')
    assert "Crates" in board.locator("svg").inner_html()  # the board's own picture
    drawn = board.bounding_box()
    crop = [float(v) for v in board.locator("svg").get_attribute("viewBox").split()]
    scale = drawn["width"] / crop[2]  # the part of the board that holds its fields
    field = fields_by_id(load_library(components).game(GAME))["stall.crates"]
    box = board.locator('[data-field="stall.crates"]').bounding_box()
    assert box["x"] - drawn["x"] == pytest.approx((field.box[0] - crop[0]) * scale, abs=1)
    assert box["y"] - drawn["y"] == pytest.approx((field.box[1] - crop[1]) * scale, abs=1)
    assert board.locator(".track-cell.crossed").count() == 3
    screenshot(phone, "yaml-game-board")
