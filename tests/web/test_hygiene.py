"""A real `playtest serve` answering hostile requests: bad input is 400/404/413/422 with a
message, never 500; every answer carries the security headers; a Save sent twice stores one
game; names that are not one line of text are refused at every door; names are escaped in
the page's embedded JSON."""

from __future__ import annotations

import json
import re

import pytest
import yaml

from playtest import __version__
from playtest.library.loader import load_library
from playtest.library.registry import registrations
from playtest.log import PlaytestLog
from tests.games import a_legal_record, games_with

# a game with an editor, and dice (a die picture's strange numbers are asked for)
GAME = next(g for g in games_with(lambda g: g.web) if load_library().game(g).dice)
EXAMPLE = a_legal_record(GAME)
FINAL = yaml.safe_load(EXAMPLE.read_text())
HUGE = "99999999999999999999999"


def _record(first_name: str) -> dict:
    record = json.loads(json.dumps(FINAL))
    record["players"][0]["name"] = first_name
    return record


@pytest.fixture(scope="module")
def saved(server) -> int:
    with server.client() as http:
        answer = http.post("/api/games", json={"record": _record("Ann")})
        assert answer.status_code == 200
        return answer.json()["id"]


PAGES = ["/", f"/new/{GAME}", "/games", "/import", f"/stats/{GAME}", "/nowhere"]


@pytest.mark.parametrize("path", PAGES)
def test_every_answer_carries_the_security_headers(server, saved, path: str) -> None:
    with server.client() as http:
        answer = http.get(path)
    csp = answer.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
    assert answer.headers["referrer-policy"] == "no-referrer"
    assert answer.headers["x-content-type-options"] == "nosniff"
    if answer.headers["content-type"].startswith("text/html"):
        assert not re.search(r"<script(?![^>]*\b(src|type=\"application/json\"))", answer.text)
        assert not re.search(r"\son[a-z]+=", answer.text)  # no inline handler: CSP refuses it


def test_an_api_error_carries_the_headers_too(server) -> None:
    with server.client() as http:
        answer = http.post("/api/score", content=b"{")
    assert (
        answer.status_code == 400
        and "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    )


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", f"/games/{HUGE}"),
        ("GET", f"/games/{HUGE}/record.yaml"),
        ("GET", f"/games/{HUGE}/edit"),
        ("GET", f"/games/{HUGE}/delete"),
        ("POST", f"/games/{HUGE}/delete"),
        ("GET", "/games/0"),
        ("GET", f"/pictures/{GAME}/die/x-99999999999999999999.svg"),
        ("GET", f"/pictures/{GAME}/die/x-\u00b2.svg"),
    ],
)
def test_an_id_beyond_sqlite_or_a_strange_number_is_404(server, method: str, path: str) -> None:
    with server.client() as http:
        answer = http.request(method, path)
    assert answer.status_code == 404, answer.text


def test_an_update_of_a_huge_id_is_404(server) -> None:
    with server.client() as http:
        answer = http.post(f"/api/games/{HUGE}", json={"record": _record("Ann")})
    assert answer.status_code == 404 and answer.json()["ok"] is False


@pytest.mark.parametrize("depth", [50, 3000, 100_000])
def test_deep_json_is_a_message_not_a_server_error(server, depth: int) -> None:
    body = '{"record": ' + "[" * depth + "]" * depth + "}"
    with server.client() as http:
        for url in ("/api/score", "/api/games"):
            answer = http.post(url, content=body.encode())
            assert answer.status_code in (400, 413, 422), (url, answer.status_code)
            assert answer.json()["ok"] is False


def test_a_record_nested_deep_inside_is_a_message(server) -> None:
    record = _record("Ann")
    record["extra"] = json.loads("[" * 900 + "]" * 900)
    with server.client() as http:
        answer = http.post("/api/score", json={"record": record})
    assert answer.status_code in (400, 422) and answer.json()["ok"] is False


@pytest.mark.parametrize(
    "body",
    [
        {"record": {}, "key": "../x"},
        {"record": {}, "key": 5},
        {"record": {}, "key": "A" * 32},
    ],
)
def test_a_bad_idempotency_key_is_422_naming_it(server, body: dict) -> None:
    """A value that cannot be used is 422 naming its field, as every other (README)."""
    with server.client() as http:
        answer = http.post("/api/games", json=body)
    assert answer.status_code == 422 and answer.json()["errors"][0]["field"] == "key"


def test_a_save_sent_twice_with_its_key_stores_one_game(server) -> None:
    key = "0123456789abcdef" * 2
    record = _record("Twice")
    with server.client() as http:
        first = http.post("/api/games", json={"record": record, "key": key}).json()
        second = http.post("/api/games", json={"record": record, "key": key}).json()
    assert first["ok"] and second["ok"] and first["id"] == second["id"]
    assert [g.uid for g in PlaytestLog(server.db).games()].count(key) == 1


def test_an_unknown_source_is_refused_not_read_as_all(server) -> None:
    with server.client() as http:
        assert http.get("/games?source=simulated").status_code == 200
        answer = http.get("/games?source=everything")
        assert answer.status_code == 400 and "source" in answer.text
        assert http.get("/games/export.zip?source=x").status_code == 400


def test_the_footer_names_the_version_on_every_page(server, saved) -> None:
    with server.client() as http:
        for path in ("/", "/games", "/games?version=x", f"/games/{saved}", f"/stats/{GAME}"):
            assert f"playtest-kit {__version__}:" in http.get(path).text, path


WEB = registrations()[GAME].part("web")
assert WEB is not None
VARIANT = WEB.variants(load_library().game(GAME))[0].id  # a variant the form accepts
BAD_NAMES = ["Ann\nwinner: Mallory", "Ann\u0085B", "Ann\u2028B", "Ann\tB", "A" * 41]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_a_name_that_is_not_one_line_is_refused_by_the_api(server, name: str) -> None:
    with server.client() as http:
        for url in ("/api/score", "/api/games"):
            answer = http.post(url, json={"record": _record(name)})
            assert answer.status_code == 422, url
            [error] = answer.json()["errors"]
            assert error["field"] == "players[0].name"


@pytest.mark.parametrize("name", BAD_NAMES)
def test_a_name_that_is_not_one_line_is_refused_by_the_form(server, name: str) -> None:
    with server.client() as http:
        answer = http.get(
            f"/play/{GAME}",
            params={"variant": VARIANT, "player": [name, "Bob"], "played_on": "2026-01-01"},
        )
    assert answer.status_code == 422 and "players:" in answer.text


@pytest.mark.parametrize("name", BAD_NAMES[:3])
def test_a_name_that_is_not_one_line_is_refused_by_the_import_page(server, name: str) -> None:
    # as escapes in a double-quoted string: raw, YAML itself reads NEL or U+2028 as a break
    text = EXAMPLE.read_text()
    assert "name: Ann" in text
    text = text.replace("name: Ann", f"name: {json.dumps(name)}", 1)
    with server.client() as http:
        token = http.cookies["playtest_csrf"]
        before = http.get("/games?source=all").text.count('<li data-id="')
        answer = http.post(
            "/import",
            data={"csrf": token},
            files={"records": ("bad.yaml", text.encode(), "application/yaml")},
        )
        assert answer.status_code == 422 and "players[0].name" in answer.text
        assert http.get("/games?source=all").text.count('<li data-id="') == before


def test_a_name_that_opens_a_comment_stays_data_in_the_editor_page(server) -> None:
    name = "<!--<script>"
    with server.client() as http:
        saved = http.post("/api/games", json={"record": _record(name)}).json()
        page = http.get(f"/games/{saved['id']}/edit").text
    [state] = re.findall(r'<script type="application/json" id="state">(.*?)</script>', page, re.S)
    assert "<" not in state and ">" not in state
    assert json.loads(state)["record"]["players"][0]["name"] == name


def test_stats_of_a_seat_that_always_wins_and_kept_until_the_log_changes(server) -> None:
    """Four games won by the same seat once made the plot's error bar negative (a 500); the
    page worked out once is served again until a save changes the log."""
    record = json.loads(json.dumps(FINAL))
    with server.client() as http:
        for i in range(4):
            record["players"][0]["name"] = f"Always {i}"
            assert http.post("/api/games", json={"record": record}).status_code == 200
        first = http.get(f"/stats/{GAME}")
        assert first.status_code == 200
        played = int(re.search(r'id="games-played">(\d+)<', first.text).group(1))
        assert http.get(f"/stats/{GAME}").text == first.text  # unchanged log
        record["players"][0]["name"] = "Always 4"
        http.post("/api/games", json={"record": record})
        again = http.get(f"/stats/{GAME}").text
        assert int(re.search(r'id="games-played">(\d+)<', again).group(1)) == played + 1
