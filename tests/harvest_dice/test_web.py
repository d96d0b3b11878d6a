"""Harvest Dice on a real `playtest serve` (its own cases of the shared tests/web/ ones): the
places its violations are shown at, its editor page with its sheet and fonts, its new-game form
and a record its reader refuses."""

from __future__ import annotations

from pathlib import Path

import yaml

from tests.conftest import REPO
from tests.web.conftest import Server

EXAMPLES = REPO / "examples" / "harvest-dice"
RECORDS = REPO / "tests" / "harvest_dice" / "records"


def _record(path: Path) -> dict:
    return yaml.safe_load(path.read_text())


def test_violations_name_the_places_the_editor_shows(server: Server) -> None:
    with server.client() as client:
        hd = client.post(
            "/api/score", json={"record": _record(EXAMPLES / "illegal-3-players.yaml")}
        ).json()
    by_code = dict(zip((v["code"] for v in hd["result"]["violations"]), hd["places"], strict=True))
    assert by_code["HD-02"] == ["garden.0.5"]  # row 1, column 6
    assert by_code["HD-04"] == ["market.carrot"]
    with server.client() as client:
        hd07 = client.post(
            "/api/score", json={"record": _record(RECORDS / "hd07_dice_accounting.yaml")}
        ).json()
    placed = zip(hd07["result"]["violations"], hd07["places"], strict=True)
    # the garden as a whole (Ann planted more dice than she had): every cell of it, which the
    # editor matches as a pattern; no place names the whole board
    assert [p for v, p in placed if v["where"] == "garden"] == [["garden.*.*"]]


def test_its_editor_sheet_and_fonts_answer(server: Server) -> None:
    with server.client() as client:
        for path in [
            "/play/harvest-dice?variant=advanced&player=A&player=B&played_on=2026-01-01",
            "/pictures/harvest-dice/sheet/basic.svg",
            "/fonts/harvest-dice/regular.woff",
        ]:
            response = client.get(path, follow_redirects=True)  # a new board: to its key
            assert response.status_code == 200, path
        sheet = client.get("/pictures/harvest-dice/sheet/basic.svg").text
        assert sheet.count('data-tap="garden.') == 18  # the kit's sheet, its cells named
        for path in ["/fonts/harvest-dice/comic.woff", "/fonts/harvest-dice/regular.ttf"]:
            response = client.get(path)
            assert response.status_code == 404, path
            assert "Traceback" not in response.text
        page = client.get(
            "/play/harvest-dice?variant=basic&player=A&player=B&played_on=2026-01-01",
            follow_redirects=True,
        ).text
        assert "/fonts/harvest-dice/regular.woff?v=" in page  # the page ships the font itself


def test_new_game_form_is_checked_with_inline_messages(server: Server) -> None:
    with server.client() as client:
        twins = client.get(
            "/play/harvest-dice",
            params={"variant": "basic", "player": ["Ann", "Ann"], "played_on": "2026-01-01"},
        )
        assert twins.status_code == 422 and "same name" in twins.text
        wrong = client.get(
            "/play/harvest-dice",
            params={"variant": "expert", "player": ["Ann", "Bob"], "played_on": "2026-01-01"},
        )
        assert wrong.status_code == 422 and "choose one of advanced, basic" in wrong.text


def test_a_record_its_reader_refuses_gets_the_validators_message(server: Server) -> None:
    with server.client() as client:
        short = _record(EXAMPLES / "basic-2-players.yaml")
        short["players"][0]["garden"] = "L L\n"
        answer = client.post("/api/score", json={"record": short})
        assert answer.status_code == 422
        [error] = answer.json()["errors"]
        assert error["field"].startswith("players[0].garden")
        assert (
            client.post("/api/score", json={"record": short, "played_on": "soon"}).status_code
            == 422
        )
