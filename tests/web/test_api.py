"""Every route of the real server, and bad input: inline messages, never a 500 or a trace."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playtest.log import PlaytestLog
from playtest.scorer.api import evaluate_file
from tests.conftest import REPO
from tests.games import a_game, a_legal_record, games_with
from tests.web.cases import web_cases
from tests.web.conftest import Server

# the example records (the `log-*` files beside them are game logs, for `playtest replay`)
EXAMPLES = sorted(p for p in (REPO / "examples").glob("*/*.yaml") if not p.name.startswith("log-"))
WEB_GAMES = games_with(lambda g: g.web)  # the games with an editor of their own
GAME = a_game(lambda g: g.web)  # one of them, for what every game does alike


def _record(path: Path) -> dict:
    return yaml.safe_load(path.read_text())


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_score_api_answers_exactly_what_playtest_score_does(
    server: Server, library, path: Path
) -> None:
    with server.client() as client:
        answer = client.post("/api/score", json={"record": _record(path)})
    assert answer.status_code == 200
    assert answer.json()["result"] == evaluate_file(path, library).to_json()


def test_pages_answer(server: Server) -> None:
    """The shared pages, every game's own and the pictures each game's tests name (a game's
    editor, sheets and fonts: tests/<package>/test_web.py)."""
    cases = web_cases()
    with server.client() as client:
        for path in [
            "/",
            "/games",
            "/import",
            *(f"/new/{game}" for game in WEB_GAMES),
            *(f"/stats/{game}" for game in WEB_GAMES),
            *(f"/pictures/{g}/{picture}" for g, case in cases.items() for picture in case.pictures),
            "/static/style.css",
        ]:
            response = client.get(path)
            assert response.status_code == 200, path
        for path in [
            "/nope",
            "/new/chess",
            "/stats/chess",
            "/games/999",
            "/games/999/edit",
            "/games/999/record.yaml",
            *(f"/pictures/{g}/{p}" for g, case in cases.items() for p in case.missing_pictures),
            "/pictures/chess/card/G01.svg",
            "/play/chess?variant=x",
        ]:
            response = client.get(path)
            assert response.status_code == 404, path
            assert "Traceback" not in response.text


def test_bad_records_get_the_validators_messages(server: Server) -> None:
    """(A record a game's own reader refuses, at its field: tests/<package>/test_web.py.)"""
    with server.client() as client:
        unknown = client.post("/api/score", json={"record": {"game": "chess"}}).json()
        assert "unknown game 'chess'" in unknown["errors"][0]["message"]
        assert client.post("/api/score", content=b"{not json").status_code == 400
        assert client.post("/api/score", json=[1, 2]).status_code == 400
        legal = _record(a_legal_record(GAME))
        assert client.post("/api/score", json={"record": legal}).status_code == 200
        assert (
            client.post("/api/score", json={"record": legal, "played_on": "soon"}).status_code
            == 422
        )


@pytest.mark.parametrize("seat", [10**30, 7, -3, "1", True, 1.5, None])
def test_a_start_seat_out_of_range_is_refused_naming_it(server: Server, seat: object) -> None:
    """It was saved as 0 (issue 43): every value beside the record is checked like the
    record's own, 422 naming its field, and nothing is saved."""
    record = _record(a_legal_record(GAME))
    seats = len(record["players"])
    before = PlaytestLog(server.db).count()
    with server.client() as client:
        for url in ("/api/score", "/api/games"):
            refused = client.post(url, json={"record": record, "start_seat": seat})
            assert refused.status_code == 422, refused.text
            [error] = refused.json()["errors"]
            assert error["field"] == "start_seat"
            assert error["message"] == (
                f"expected a seat from 0 to {seats - 1} (the first player is 0), "
                f"got {str(seat)[:40]}"
            )
        assert client.post(
            "/api/score", json={"record": record, "start_seat": seats - 1}
        ).is_success
    assert PlaytestLog(server.db).count() == before


def test_the_same_board_saved_again_is_the_same_game(server: Server) -> None:
    """A board's key is its identity: a Save sent again (a double tap, the page come back to
    after its Save) stores no second game; the game holds the board as last sent."""
    record = _record(a_legal_record(GAME))
    key = "ab" * 16
    with server.client() as client:
        sent = {"record": record, "key": key, "played_on": "2026-01-02"}
        first = client.post("/api/games", json=sent).json()
        again = client.post("/api/games", json={**sent, "played_on": "2026-01-03"}).json()
    assert again["id"] == first["id"] and again["edit_url"] == f"/games/{first['id']}/edit"
    log = PlaytestLog(server.db)
    assert log.with_uid(key) == first["id"]
    assert log.get(first["id"]).played_on == "2026-01-03"
    assert [e.id for e in log.games() if e.uid == key] == [first["id"]]


def test_writes_need_the_csrf_token(server: Server) -> None:
    record = _record(a_legal_record(GAME))
    with httpx.Client(base_url=server.url) as stranger:
        assert stranger.post("/api/score", json={"record": record}).status_code == 403
        assert stranger.post("/api/games", json={"record": record}).status_code == 403
    with server.client() as client:
        wrong = client.post(
            "/api/games", json={"record": record}, headers={"X-CSRF-Token": "guess"}
        )
        assert wrong.status_code == 403
        saved = client.post("/api/games", json={"record": record}).json()
        forged = client.post(f"/games/{saved['id']}/delete", data={"csrf": "guess"})
        assert forged.status_code == 403
        assert client.get(f"/games/{saved['id']}").status_code == 200


def test_request_bodies_are_size_limited(server: Server) -> None:
    with server.client() as client:
        huge = client.post(
            "/api/score",
            content=b"x" * (5 * 1024 * 1024),
            headers={"Content-Type": "application/json"},
        )
        assert huge.status_code == 413


def test_save_edit_export_import_delete(server: Server, library, tmp_path: Path) -> None:
    path = a_legal_record(GAME)
    record = _record(path)
    seats = len(record["players"])
    with server.client() as client:
        saved = client.post(
            "/api/games",
            json={"record": record, "start_seat": seats - 1, "played_on": "2026-02-03"},
        ).json()
        game_id = saved["id"]
        assert saved["url"] == f"/games/{game_id}"
        listed = client.get("/games", params={"game": GAME}).text
        assert f"#{game_id} {library.game(GAME).info.name}" in listed
        view = client.get(f"/games/{game_id}").text
        first = record["players"][0]["name"]
        assert first in view and f"start player: seat {seats}" in view
        exported = client.get(f"/games/{game_id}/record.yaml")
        assert "attachment" in exported.headers["content-disposition"]
        file = tmp_path / "exported.yaml"
        file.write_bytes(exported.content)
        assert evaluate_file(file, library).to_json() == saved["result"]

        edited = _record(path)
        edited["players"][0]["name"] = "Edited"  # the answer is worked out again
        update = client.post(f"/api/games/{game_id}", json={"record": edited}).json()
        assert update["ok"] and update["result"] != saved["result"]
        assert "Edited" in json.dumps(update["result"])
        assert PlaytestLog(server.db).get(game_id).record == edited
        assert client.post("/api/games/99999", json={"record": edited}).status_code == 404

        ask = client.get(f"/games/{game_id}/delete")
        assert ask.status_code == 200 and "cannot be undone" in ask.text
        assert PlaytestLog(server.db).get(game_id) is not None  # asking deletes nothing
        gone = client.post(
            f"/games/{game_id}/delete",
            data={"csrf": client.headers["X-CSRF-Token"]},
            follow_redirects=False,
        )
        assert gone.status_code == 303 and PlaytestLog(server.db).get(game_id) is None

        files = [("records", (p.name, p.read_bytes(), "application/yaml")) for p in EXAMPLES[:3]]
        before = PlaytestLog(server.db).count()
        imported = client.post(
            "/import", data={"csrf": client.headers["X-CSRF-Token"]}, files=files
        )
        assert imported.status_code == 200 and "Imported 3 games" in imported.text
        assert PlaytestLog(server.db).count() == before + 3
        bad = [*files, ("records", ("bad.yaml", b"game: chess\n", "application/yaml"))]
        refused = client.post("/import", data={"csrf": client.headers["X-CSRF-Token"]}, files=bad)
        assert refused.status_code == 422 and "bad.yaml:1: game: unknown game" in refused.text
        assert PlaytestLog(server.db).count() == before + 3  # one bad file imports nothing

        archive = client.get("/games/export.zip")
        assert archive.headers["content-type"] == "application/zip"
        import io
        import zipfile

        names = zipfile.ZipFile(io.BytesIO(archive.content)).namelist()
        assert len(names) == PlaytestLog(server.db).count()


def test_stats_page_counts_and_plots(server: Server) -> None:
    with server.client() as client:
        for path in EXAMPLES:
            if path.parent.name == GAME:
                client.post("/api/games", json={"record": _record(path)})
        page = client.get(f"/stats/{GAME}")
    assert page.status_code == 200
    games = sum(1 for e in PlaytestLog(server.db).games(GAME))
    assert games and f'<strong id="games-played">{games}</strong>' in page.text
    assert page.text.count("<svg") >= 4  # seat, turn order, scores, breakdown: matplotlib SVG
    assert "Wins by seat" in page.text and "start player" in page.text


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
GAMES = st.sampled_from(WEB_GAMES)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    game=GAMES,
    junk=st.dictionaries(
        st.sampled_from(
            [
                "variant",
                "players",
                "markets",
                "kind",
                "turn",
                "phase",
                "garden_row",
                "compost",
                "sheriff",
                "bank",
                "final",
                "rhubarb",
                "garden_stack",
            ]
        ),
        JSONISH,
        max_size=6,
    ),
)
def test_any_junk_record_is_an_answer_never_a_server_error(
    server: Server, game: str, junk: dict
) -> None:
    with server.client() as client:
        answer = client.post("/api/score", json={"record": {"game": game, **junk}})
    assert answer.status_code in (200, 422), answer.text
    body = answer.json()
    assert body["ok"] == (answer.status_code == 200)
    if not body["ok"]:
        assert body["errors"] and all(e["message"] for e in body["errors"])
    assert "Traceback" not in json.dumps(body)
