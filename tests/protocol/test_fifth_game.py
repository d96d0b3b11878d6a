"""A fifth game is its components folder and its own package, nothing else: Pebble Race
(tests/fixtures/fifth-game), copied to a temporary folder, registered there and run through the
engine conformance suite, `score`, `check`, `replay` and the web scorer's entry page.

In this process the game is registered with `register`; in the processes started here (the
CLI, `playtest serve`) it is found as a plugin installed with pip is: by the entry point its
distribution's metadata declares in the group `playtest.games`."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from playtest import components
from playtest.library.loader import Library, load_library
from playtest.library.registry import register, registration, unregister
from playtest.scorer.engine import engine_for
from playtest.scorer.replay import random_log

from ..games import own_codes
from ..helpers import FIXTURES
from ..hostile.answers import answer
from ..web.conftest import start_server, stop_server
from .conformance import NAMES, check_playouts

GAME = "pebble-race"


@dataclass(frozen=True)
class Fifth:
    root: Path  # the components folder: _shared and pebble-race
    code: Path  # the folder on the path: the package and its distribution's metadata
    library: Library

    def run(self, *args: str | Path) -> subprocess.CompletedProcess[str]:
        """`playtest ARGS` in a new process that finds the game by its entry point."""
        path = os.pathsep.join([str(self.code), os.environ.get("PYTHONPATH", "")])
        return subprocess.run(
            [sys.executable, "-m", "playtest.cli", *map(str, args), "--components", str(self.root)],
            capture_output=True,
            text=True,
            cwd=self.code.parent,
            env={**os.environ, "PYTHONPATH": path},
            timeout=120,
            check=False,
        )


@pytest.fixture
def fifth(tmp_path: Path) -> Iterator[Fifth]:
    shutil.copytree(FIXTURES / "fifth-game", tmp_path, dirs_exist_ok=True)
    root, code = tmp_path / "components", tmp_path / "code"
    shutil.copytree(components.ROOT / "_shared", root / "_shared")
    info = code / "pebble_race-1.0.dist-info"  # what `pip install` leaves for a plugin
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: pebble-race\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[playtest.games]\npebble-race = pebble_race.game:GAME\n"
    )
    sys.path.insert(0, str(code))
    try:
        from pebble_race.game import GAME as PEBBLE_RACE  # type: ignore[import-not-found]

        register(PEBBLE_RACE)
        yield Fifth(root, code, load_library(root))
    finally:
        unregister(GAME)
        sys.path.remove(str(code))
        for name in [m for m in sys.modules if m.split(".")[0] == "pebble_race"]:
            del sys.modules[name]


def test_the_fifth_game_keeps_every_engine_promise(fifth: Fifth) -> None:
    game = fifth.library.game(GAME)
    assert game.rules.limit == 6  # its `rules:` read by its own schema
    engine = engine_for(game)
    fewest, most = game.info.players
    for count in range(fewest, most + 1):
        check_playouts(engine, fifth.library, NAMES[:count], None, range(3))
    assert registration(GAME) is not None


def test_the_fifth_game_is_scored_checked_and_replayed(fifth: Fifth, tmp_path: Path) -> None:
    record = tmp_path / "game.yaml"
    record.write_text(
        "game: pebble-race\nplayers:\n"
        "  - {name: Ann, kept: [3, 2]}\n"
        "  - {name: Bob, kept: [3, 3, 3]}\n"
        "  - {name: Cy, kept: [1]}\n"
    )
    scored = fifth.run("score", record, "--json")
    assert scored.returncode == 0, scored.stderr
    answer = json.loads(scored.stdout)
    assert [(p["name"], p["total"]) for p in answer["players"]] == [
        ("Ann", 5),
        ("Bob", 0),
        ("Cy", 1),
    ]
    assert answer["winners"] == ["Ann"] and answer["legal"] is True
    record.write_text("game: pebble-race\nplayers:\n  - {name: Ann, kept: [4]}\n  - {name: Bob}\n")
    checked = fifth.run("check", record)
    assert checked.returncode == 1, checked.stderr
    assert "PR-01" in checked.stdout and "the die has no 4" in checked.stdout
    record.write_text("game: pebble-race\nplayers:\n  - {name: Ann, kept: four}\n  - {name: Bob}\n")
    wrong = fifth.run("score", record)
    assert wrong.returncode == 2 and "Traceback" not in wrong.stderr
    assert wrong.stderr.strip().endswith("players[0].kept: expected a list of whole numbers")

    engine = engine_for(fifth.library.game(GAME))
    log = tmp_path / "log.yaml"
    log.write_text(random_log(engine, ("Ann", "Bob"), None, 7))
    replayed = fifth.run("replay", log, "--json")
    assert replayed.returncode == 0, replayed.stderr
    end = json.loads(replayed.stdout)
    assert end["game_over"] is True
    state = engine.new_game(("Ann", "Bob"))
    final = json.loads(fifth.run("replay", log, "--json", "--record", tmp_path / "end.yaml").stdout)
    assert final == end
    rescored = json.loads(fifth.run("score", tmp_path / "end.yaml", "--json").stdout)
    assert {k: end[k] for k in rescored} == rescored
    assert engine.players(state) == ("Ann", "Bob")


def test_the_web_scorers_entry_page_offers_the_fifth_game(
    fifth: Fifth, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join([str(fifth.code), os.environ.get("PYTHONPATH", "")])
    )
    server = start_server(tmp_path / "playtest.db", "--components", str(fifth.root))
    try:
        page = httpx.get(server.url + "/", timeout=30)
        assert page.status_code == 200
        assert "Pebble Race" in page.text and 'href="/new/pebble-race"' in page.text
        new = httpx.get(server.url + "/new/pebble-race", timeout=30)
        assert new.status_code == 200 and "Pebble Race" in new.text
    finally:
        stop_server(server.process)


def test_the_fifth_game_answers_with_its_own_codes_as_the_fuzzers_ask(fifth: Fifth) -> None:
    """The record fuzzers' answer (tests/hostile/answers.py) knows a fifth game's codes from
    its registration's `code_prefix`, with no line naming it."""
    broken = {"game": GAME, "players": [{"name": "Ann", "kept": [4]}, {"name": "Bob"}]}
    answer(broken, fifth.library)  # PR-01: the die has no 4
    owns = own_codes(fifth.library.game(GAME))
    assert owns("PR-01") and owns("PR-12")
    assert not any(map(owns, ["HD-07", "PR", "PR-", "PR-1a", "XPR-01"]))
