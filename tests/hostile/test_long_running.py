"""Long-running commands survive their own bugs (issue 38, item 6): `build --watch`, `serve`
and the live preview say the error of one rebuild or one request in one line, never a
traceback, and go on. The bug here is a plugin's (real code, installed as pip leaves it): its
rules model's serializer raises when the game's `bonus` is 13, and the loader, writing the
rules as plain data, fails as one of our own bugs would (a game's check, catalogue or schemas
failing is an input error of its game: tests/hostile/test_plugins_are_guests.py)."""

from __future__ import annotations

import signal
import time
from pathlib import Path

import httpx
import pytest

from tests.designer.test_build_watch import Watched
from tests.helpers import edit_once, make_components
from tests.plugin_sites import install

UNLUCKY = """\
from pydantic import BaseModel, ConfigDict, field_serializer

from playtest.library.registry import GameRegistration

class Rules(BaseModel):
    model_config = ConfigDict(extra="allow")
    bonus: int

    @field_serializer("bonus")
    def unlucky(self, bonus):
        if bonus == 13:
            raise ValueError("the bonus is\\nunlucky")
        return bonus

GAME = GameRegistration(id="mini-game", rules=Rules)
"""
BUG = (
    "PydanticSerializationError: Error calling function `unlucky`: ValueError: the bonus is unlucky"
)


@pytest.fixture
def unlucky(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A components folder whose mini game's code is the plugin's, installed for the commands
    the test starts."""
    site = tmp_path / "site"
    install(site, "unlucky-game", "mini-game", UNLUCKY)
    monkeypatch.setenv("PYTHONPATH", str(site))
    return make_components(tmp_path)


def test_watch_says_a_bug_in_one_rebuild_in_one_line_and_goes_on(
    tmp_path: Path, unlucky: Path
) -> None:
    """Before, the watch ended with a traceback at the first error that was not the input's."""
    game = unlucky / "mini-game" / "game.yaml"
    svg = tmp_path / "out" / "mini-game" / "svg" / "deck-M1.svg"
    watched = Watched("mini-game", "--components", str(unlucky), "--out", "out", cwd=tmp_path)
    try:
        watched.wait_for("watching (Ctrl-C to stop)")
        time.sleep(0.05)  # a later modification time than the first build read
        edit_once(game, "bonus: 5", "bonus: 13")
        lines = watched.wait_for("build failed")
        assert lines[-1] == (
            f"playtest: build failed: {BUG}; watching for the next save (Ctrl-C to stop)"
        )
        assert watched.process.poll() is None  # still watching
        assert svg.is_file()  # the last good kit is kept
        edit_once(game, "bonus: 13", "bonus: 6")
        watched.wait_for("watching (Ctrl-C to stop)")
    finally:
        watched.process.send_signal(signal.SIGINT)
        code = watched.process.wait(timeout=60)
    watched.wait_for("stopped watching")
    assert code == 0
    assert not [line for line in watched.seen if "Traceback" in line]


@pytest.fixture
def served(tmp_path: Path, unlucky: Path):
    """`playtest serve` of the components; yields (its address, a function that stops it and
    gives what it said on stderr)."""
    from tests.web.conftest import start_server, stop_server

    server = start_server(tmp_path / "log.sqlite", "--components", str(unlucky))
    said: list[str] = []

    def stop() -> str:
        if not said:
            server.process.send_signal(signal.SIGINT)
            said.append(server.process.communicate(timeout=30)[1])
        return said[0]

    try:
        yield server.url, stop
    finally:
        stop_server(server.process)


def test_a_request_that_fails_is_one_line_in_the_log_and_the_server_goes_on(
    served, unlucky: Path
) -> None:
    """Before, the server's log had the traceback of every request that failed."""
    url, stop = served
    edit_once(unlucky / "mini-game" / "game.yaml", "bonus: 5", "bonus: 13")
    failed = httpx.get(url + "/fonts/mini-game/Lato-Regular.woff", timeout=30)
    home = httpx.get(url + "/", timeout=30)
    said = stop()
    assert failed.status_code == 500
    assert failed.text == "Something went wrong on the server; the game was not changed."
    assert failed.headers["x-content-type-options"] == "nosniff"  # the answers' usual headers
    assert home.status_code == 200
    assert "Traceback" not in said
    assert [line for line in said.splitlines() if "/fonts/" in line] == [
        f"playtest: GET /fonts/mini-game/Lato-Regular.woff: {BUG}"
    ]


def test_the_preview_opens_on_a_yaml_mistake_and_shows_it(served, unlucky: Path) -> None:
    """Before, a YAML mistake present when `/preview/<game>` was first opened gave a 500."""
    url, _ = served
    game = unlucky / "mini-game" / "game.yaml"
    edit_once(game, "bonus: 5", "bonus: [5")
    page = httpx.get(url + "/preview/mini-game", timeout=30)
    state = httpx.get(url + "/preview/mini-game/state.json", timeout=30).json()
    assert page.status_code == 200 and "Preview: mini-game" in page.text
    (error,) = state["errors"]
    assert error.startswith("components/mini-game/game.yaml:") and "invalid YAML" in error
    edit_once(game, "bonus: [5", "bonus: 13")  # the bug: one line, as the YAML's mistakes
    time.sleep(0.05)
    state = httpx.get(url + "/preview/mini-game/state.json", timeout=30).json()
    assert state["errors"] == [f"mini-game: {BUG}"]
    edit_once(game, "bonus: 13", "bonus: 5")
    time.sleep(0.05)
    state = httpx.get(url + "/preview/mini-game/state.json", timeout=30).json()
    assert state["errors"] == [] and state["faces"]
    page = httpx.get(url + "/preview/mini-game", timeout=30)
    assert "Preview: Mini Game" in page.text
