"""Village Green on a real `playtest serve` (its own cases of the shared tests/web/ ones): the
places its violations are shown at, and its new-game form."""

from __future__ import annotations

import yaml

from tests.conftest import REPO
from tests.web.conftest import Server

EXAMPLES = REPO / "examples" / "village-green"


def test_violations_name_the_places_the_editor_shows(server: Server) -> None:
    record = yaml.safe_load((EXAMPLES / "illegal-solo.yaml").read_text())
    with server.client() as client:
        vg = client.post("/api/score", json={"record": record}).json()
    vg_places = dict(
        zip((v["code"] for v in vg["result"]["violations"]), vg["places"], strict=True)
    )
    assert vg_places["VG-04"] == ["grid.0.0", "grid.0.1"]
    assert vg_places["VG-03"] == ["top.1"]


def test_new_game_form_is_checked_with_inline_messages(server: Server) -> None:
    with server.client() as client:
        bad = client.get(
            "/play/village-green",
            params={"variant": "solo", "player": ["Ann", "Bob"], "played_on": "yesterday"},
        )
        assert bad.status_code == 422
        assert "this game is for 1" in bad.text and "expected a date" in bad.text
