"""Safe by default: the access token off loopback (with its QR code), loopback answering only
to its own names."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import httpx
import pytest
import uvicorn

from playtest.web.app import create_app
from playtest.web.server import start_message
from tests.games import a_game
from tests.web.conftest import free_port

TOKEN = "test-token-123"
GAME = a_game(lambda g: g.web)


@pytest.fixture(scope="module")
def guarded(tmp_path_factory, library):
    """The real app behind uvicorn, on loopback but with a token, as `--host 0.0.0.0` runs it."""
    db: Path = tmp_path_factory.mktemp("guarded") / "p.db"
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(library, db, token=TOKEN), host="127.0.0.1", port=port, log_level="warning"
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


def test_without_the_token_every_request_is_refused(guarded: str) -> None:
    for path in ["/", "/games", "/static/style.css", "/api/score", f"/new/{GAME}"]:
        assert httpx.get(guarded + path).status_code == 403, path
    assert httpx.get(guarded + "/?token=wrong").status_code == 403
    assert httpx.post(guarded + "/api/score", json={}).status_code == 403


def test_the_token_once_in_the_url_is_kept_in_a_cookie(guarded: str) -> None:
    with httpx.Client(base_url=guarded) as phone:
        first = phone.get("/games?token=" + TOKEN + f"&game={GAME}")
        assert first.status_code == 303
        assert first.headers["location"] == f"/games?game={GAME}"  # out of the address bar
        assert "httponly" in first.headers["set-cookie"].lower()
        assert phone.get(f"/games?game={GAME}").status_code == 200
        assert phone.get("/").status_code == 200


def test_the_start_message_prints_the_address_with_its_token_and_a_qr_code() -> None:
    text = start_message("0.0.0.0", 8000, "abc")
    first = text.splitlines()[0]
    assert first.startswith("playtest: scoring at http://") and first.endswith(":8000/?token=abc")
    assert "█" in text or "▀" in text  # the QR code, drawn in the terminal
    assert "token" not in start_message("127.0.0.1", 8000, None)


def test_loopback_answers_only_to_its_own_names(server) -> None:
    ok = httpx.get(server.url + "/", headers={"Host": "localhost"})
    assert ok.status_code == 200
    rebound = httpx.get(server.url + "/", headers={"Host": "evil.example"})
    assert rebound.status_code == 400
