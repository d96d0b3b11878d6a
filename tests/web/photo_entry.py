"""The editor's photo button driven in Chromium, for any game: open a game's editor, photograph
a player's sheet (the file chooser the button opens gets a generated photo), wait for the
page to fill the board, and read back which places it marked for the player to check.
A game's photo test imports its fixtures from here: `server` (a `playtest serve` of the
shipped games, one per test module); `browser` and `phone` are tests/browser.py's, for all."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.conftest import Server, start_server, stop_server
from tests.web.entering import wait_scored

PHONE_PHOTO = (1.0, 2.5)  # megapixels of the generated photos: a phone's, small enough to be quick


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[Server]:
    running = start_server(tmp_path_factory.mktemp("photo") / "playtest.db")
    yield running
    stop_server(running.process)


def open_editor(page, url: str, game: str, variant: str, names: list[str]) -> None:
    """The editor on a blank board, as "new game" opens it."""
    players = "&".join(f"player={name}" for name in names)
    page.goto(f"{url}/play/{game}?variant={variant}&{players}&played_on=2026-11-30&start_seat=0")
    page.wait_for_selector("#board")
    wait_scored(page)


def photograph(page, jpeg: bytes, player: str | None = None) -> str:
    """Choose `jpeg` through the photo button (for `player`'s board: their tab first); the
    page's answer: `to-check`, `checked` (read, nothing to check) or `refused`."""
    if player is not None:
        tab = page.locator(f'#player-tabs button[data-name="{player}"]')
        if tab.is_visible():
            tab.click()
    with page.expect_file_chooser() as chooser:
        page.click("#photo-button")
    chooser.value.set_files(files=[{"name": "sheet.jpg", "mimeType": "image/jpeg", "buffer": jpeg}])
    page.wait_for_function(
        "() => ['to-check', 'checked', 'refused'].includes(document.body.dataset.photo)"
    )
    wait_scored(page)
    return page.evaluate("document.body.dataset.photo")


def marked(page, player: str) -> set[str]:
    """The places of `player` (and the game's own, `|place`) shown marked to check (on the
    player's board, which is shown)."""
    places = page.eval_on_selector_all(
        ".unsure", "nodes => nodes.filter(n => n.checkVisibility()).map(n => n.dataset.place)"
    )
    return {p.split("|", 1)[1] for p in places if p.split("|", 1)[0] in ("", player)}


def described(page) -> set[str]:
    """Every marked place says so to a screen reader (aria-describedby the page's note)."""
    return set(
        page.eval_on_selector_all(
            ".unsure",
            "nodes => nodes.map(n => document.getElementById("
            "n.getAttribute('aria-describedby')).textContent)",
        )
    )


def player_of(page, name: str) -> dict[str, Any]:
    return next(p for p in page.evaluate("Playtest.record")["players"] if p["name"] == name)


def save(page) -> int:
    """Save as usual; the id of the game in the log."""
    page.click("#save")
    page.wait_for_url("**/games/*")
    return int(page.url.rstrip("/").rsplit("/", 1)[1])


__all__ = ["server"]
