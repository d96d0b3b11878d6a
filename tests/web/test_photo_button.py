"""The editor's photo button, for every game (each game's own photo test is in its folder): it
is on the editor of exactly the games whose sheet or tableau a photo is read into, decided from
their registration and fields; a bad upload (not a picture, an empty or oversized body, a
picture too large to decode, a photo without a sheet, random bytes) is a 4xx answer with one
clear message, never a traceback, and nothing is written to the log."""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator

import cv2
import httpx
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playtest.core.limits import MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS
from playtest.library.loader import load_library
from playtest.library.registry import registrations
from playtest.log import PlaytestLog
from playtest.web.scan import photographed
from tests.games import games_with
from tests.scan.corpus import wall_photo
from tests.web.conftest import Server, start_server, stop_server
from tests.web.photo_entry import open_editor, photograph

LIBRARY = load_library(None)
WEB_GAMES = games_with(lambda g: g.web)
PHOTOGRAPHED = [g for g in WEB_GAMES if photographed(LIBRARY, g)]


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[Server]:
    running = start_server(tmp_path_factory.mktemp("photo-button") / "playtest.db")
    yield running
    stop_server(running.process)


def editor_of(game_id: str) -> tuple[str, list[str]]:
    """A variant the game offers and as many players as it takes (two when it can)."""
    game = LIBRARY.game(game_id)
    variant = registrations()[game_id].part("web").variants(game)[0].id  # type: ignore[union-attr]
    low, high = game.info.players
    return variant, ["Ann", "Bob", "Cat", "Dan"][: max(low, min(2, high))]


def noise_jpeg() -> bytes:
    table = np.random.default_rng(0).integers(60, 200, (600, 800, 3)).astype(np.uint8)
    encoded, jpeg = cv2.imencode(".jpg", table)
    assert encoded
    return jpeg.tobytes()


def huge_png() -> bytes:
    """A small PNG whose header says 20,000 x 20,000 pixels (gigabytes once decoded)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", 20_000, 20_000, 8, 2, 0, 0, 0)
    rows = zlib.compress(b"\0" * 1000)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", rows) + chunk(b"IEND", b"")
    )


def test_the_button_is_on_the_editor_of_the_games_a_photo_is_read_into(server, phone) -> None:
    assert PHOTOGRAPHED, "no registered game has a sheet or a tableau a photo is read into"
    for game_id in WEB_GAMES:
        variant, names = editor_of(game_id)
        open_editor(phone, server.url, game_id, variant, names)
        parts = registrations()[game_id]
        if game_id in PHOTOGRAPHED:
            assert parts.declares("fields") or LIBRARY.game(game_id).scoring is not None
            what = photographed(LIBRARY, game_id)
            button = phone.locator("#photo-button")
            assert button.inner_text() == f"Photograph {names[0]}'s {what}", game_id
            file_input = phone.locator("#photo-input")
            assert file_input.get_attribute("type") == "file"
            assert file_input.get_attribute("accept") == "image/*"
            assert file_input.get_attribute("capture") == "environment"
        else:
            assert phone.locator("#photo-button, #photo-input").count() == 0, game_id


@pytest.mark.parametrize("game_id", PHOTOGRAPHED)
def test_a_bad_upload_in_the_page_says_why_and_changes_nothing(server, phone, game_id) -> None:
    variant, names = editor_of(game_id)
    open_editor(phone, server.url, game_id, variant, names)
    before = phone.evaluate("Playtest.record")
    status = phone.locator("#photo-status")
    for jpeg, said in (
        (
            b"not a photo at all",
            "Not read: the photo cannot be read: not a picture playtest can read",
        ),
        (noise_jpeg(), "Not read: the photo cannot be read: no sheet"),
        # nothing sharp and no marker (a wall): no sheet, not "too blurred"
        (wall_photo(), "Not read: the photo cannot be read: no sheet"),
    ):
        assert photograph(phone, jpeg) == "refused"
        assert status.inner_text().startswith(said), status.inner_text()
    with phone.expect_file_chooser() as chooser:
        phone.click("#photo-button")
    chooser.value.set_files(
        files=[{"name": "notes.txt", "mimeType": "text/plain", "buffer": b"pears: 12"}]
    )
    phone.wait_for_function(
        "() => document.getElementById('photo-status').textContent.includes('text/plain')"
    )
    assert status.inner_text() == (
        "Not read: not a photo (sent as text/plain): take one, or choose a JPEG or PNG"
    )
    assert phone.evaluate("Playtest.record") == before
    assert phone.locator(".unsure").count() == 0
    assert phone.locator("#photo-checked").is_hidden()
    assert PlaytestLog(server.db).games(game_id) == []


def test_bad_uploads_are_one_clear_4xx_message_and_write_nothing(server) -> None:
    game_id = PHOTOGRAPHED[0]
    url = f"/api/scan/{game_id}"
    jpeg = {"Content-Type": "image/jpeg"}
    with server.client() as client:
        cases = [
            (
                client.post(url, content=b"%PDF-1.7", headers={"Content-Type": "application/pdf"}),
                415,
                "not a photo (sent as application/pdf)",
            ),
            (client.post(url, content=b"\xff\xd8\xff"), 415, "not a photo (sent as no type)"),
            (client.post(url, content=b"", headers=jpeg), 400, "no photo was sent"),
            (
                client.post(url, content=b"\xff\xd8\xff\xe0 truncated", headers=jpeg),
                422,
                "not a picture playtest can read",
            ),
            (
                client.post(url, content=huge_png(), headers={"Content-Type": "image/png"}),
                422,
                f"larger than {MAX_PHOTO_PIXELS // 10**6} megapixels",
            ),
            (client.post(url, content=noise_jpeg(), headers=jpeg), 422, "no sheet"),
            (
                client.post("/api/scan/no-such-game", content=noise_jpeg(), headers=jpeg),
                404,
                "no photo of 'no-such-game' can be read",
            ),
            (httpx.post(server.url + url, content=noise_jpeg(), headers=jpeg), 403, "CSRF"),
            (  # a variant is checked like any value (it was read as any sheet)
                client.post(url + "?variant=zzz", content=noise_jpeg(), headers=jpeg),
                422,
                "unknown variant 'zzz' (expected one of: ",
            ),
        ]
        for game_without in (g for g in WEB_GAMES if g not in PHOTOGRAPHED):
            answer = client.post(f"/api/scan/{game_without}", content=noise_jpeg(), headers=jpeg)
            cases.append((answer, 404, "it has no sheet with fields"))
        for answer, status, said in cases:
            assert answer.status_code == status, (said, answer.text)
            (error,) = answer.json()["errors"]
            assert said in error["message"] and "Traceback" not in answer.text, error
            assert error["field"] == ("variant" if "variant" in said else "photo")
        # more than a photo may weigh: refused by its length, before it is read
        oversized = client.post(url, content=b"\0" * (MAX_PHOTO_BYTES + 1), headers=jpeg)
        assert oversized.status_code == 413
        assert f"over {MAX_PHOTO_BYTES:,} bytes" in oversized.text
        assert client.get("/").status_code == 200  # the server is still there
    assert PlaytestLog(server.db).games() == []


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    body=st.binary(min_size=1, max_size=4096),
    kind=st.sampled_from(["image/png", "image/jpeg", "image/webp"]),
)
def test_random_bytes_sent_as_a_picture_are_refused_with_a_message(server, body, kind) -> None:
    with server.client() as client:
        answer = client.post(
            f"/api/scan/{PHOTOGRAPHED[0]}", content=body, headers={"Content-Type": kind}
        )
    assert answer.status_code == 422, answer.text
    (error,) = answer.json()["errors"]
    assert error["message"].startswith("the photo cannot be read: ")


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    height=st.integers(1, 600),
    width=st.integers(1, 600),
    seed=st.integers(0, 2**16),
    channels=st.sampled_from([1, 3, 4]),
)
def test_any_picture_without_a_sheet_is_refused_with_a_message(
    server, height, width, seed, channels
) -> None:
    """Thin, tiny, grey or transparent pictures: each one line (a thin one crashed the reader)."""
    pixels = np.random.default_rng(seed).integers(0, 256, (height, width, channels), np.uint8)
    encoded, png = cv2.imencode(".png", pixels)
    assert encoded
    with server.client() as client:
        answer = client.post(
            f"/api/scan/{PHOTOGRAPHED[0]}",
            content=png.tobytes(),
            headers={"Content-Type": "image/png"},
        )
    assert answer.status_code == 422, answer.text
    (error,) = answer.json()["errors"]
    assert error["message"].startswith("the photo cannot be read: "), error
