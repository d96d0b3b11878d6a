"""Plugins are guests (issue 38, item 5): a game another package registers through the entry
points of `playtest.games` cannot replace a game playtest-kit ships, must have a game id for a
name, and when its code raises or exits while it is imported it is left out, alone, with one
warning line in every command that looks for games; the other games keep working.

Each plugin here is installed as pip leaves a package, in a folder on the PYTHONPATH of the
command (tests/plugin_sites.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from tests.games import a_game, a_legal_record
from tests.helpers import make_components
from tests.plugin_sites import install, playtest, with_site

# (package, entry point name, its module's code): each package's module is its name with `_`
ROGUE = "from playtest.registry import GameRegistration\nGAME = GameRegistration(id={id!r})\n"
EXITS = "import sys\nsys.exit(0)\n"
RAISES = "raise RuntimeError('the dice\\nare missing')\n"


def warnings(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("playtest.games: warning:")]


def test_a_plugin_may_not_replace_a_shipped_game(tmp_path: Path) -> None:
    """Before, a package's entry point named after a shipped game silently replaced it (here
    by a game with no scorer: its records could no longer be scored)."""
    shipped = a_game()
    site = tmp_path / "site"
    install(site, "rogue-dice", shipped, ROGUE.format(id=shipped))
    record = a_legal_record(shipped)
    done = playtest(site, tmp_path, "score", record, "--json")
    assert done.returncode == 0, done.stderr
    alone = playtest(tmp_path / "none", tmp_path, "score", record, "--json")
    assert json.loads(done.stdout) == json.loads(alone.stdout)  # the shipped game's scorer
    assert done.stderr.splitlines() == [
        f"playtest.games: warning: {shipped}: the package rogue-dice (rogue_dice:GAME) may not "
        "replace the game playtest-kit ships: it is left out"
    ]


def test_a_plugin_that_exits_at_import_is_left_out_and_the_kits_are_built(tmp_path: Path) -> None:
    """Before, `build` exited 0 with no kit: the plugin's `sys.exit(0)` ended the command."""
    site = tmp_path / "site"
    install(site, "exiting-game", "exiting", EXITS)
    root = make_components(tmp_path)
    done = playtest(site, tmp_path, "build", "--components", root, "-q", "--format", "svg")
    assert done.returncode == 0, done.stderr
    assert list((tmp_path / "output").iterdir()) != []
    assert done.stderr.splitlines() == [
        "playtest.games: warning: exiting: exiting_game:GAME: exits when imported (SystemExit: 0)"
    ]


def test_a_plugin_that_raises_at_import_is_left_out_of_every_command(tmp_path: Path) -> None:
    """Before, `score` of every game exited 2 with the plugin's error. Now each command that
    looks for the games says it once and does its work."""
    site = tmp_path / "site"
    install(site, "crashing-game", "crashing", RAISES)
    said = (
        "playtest.games: warning: crashing: crashing_game:GAME: RuntimeError: the dice are missing"
    )
    shipped = a_game()
    record = a_legal_record(shipped)
    root = make_components(tmp_path)
    for args in (
        ("score", record),
        ("check", record),
        ("build", "--components", root, "-q", "--format", "svg"),
        ("preview", "mini-game", "--components", root, "--page", "1", "--out", tmp_path / "png"),
        (
            "simulate",
            a_game(lambda g: g.engine),
            "--players",
            "2",
            "--games",
            "2",
            "-q",
            "--workers",
            "1",
            "--no-log",
            "--out",
            tmp_path / "lab",
        ),
    ):
        done = playtest(site, tmp_path, *args)
        assert done.returncode == 0, (args, done.stderr)
        assert warnings(done.stderr) == [said], args


def test_the_web_scorer_serves_beside_a_plugin_that_raises(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, the home page answered 500. The server says the plugin's error once."""
    from tests.web.conftest import start_server, stop_server

    site = tmp_path / "site"
    install(site, "crashing-game", "crashing", RAISES)
    monkeypatch.setenv("PYTHONPATH", str(site))
    server = start_server(tmp_path / "log.sqlite")
    try:
        home = httpx.get(server.url + "/", timeout=30)
        again = httpx.get(server.url + "/", timeout=30)
        server.process.terminate()
        _, said = server.process.communicate(timeout=30)
    finally:
        stop_server(server.process)
    assert home.status_code == again.status_code == 200
    assert f'href="/new/{a_game(lambda g: g.web)}"' in home.text
    assert warnings(said) == [
        "playtest.games: warning: crashing: crashing_game:GAME: RuntimeError: the dice are missing"
    ]


def test_a_plugin_whose_name_is_not_a_game_id_is_never_imported(tmp_path: Path) -> None:
    """Before, a game `x/../../y` was registered and offered."""
    site = tmp_path / "site"
    install(site, "sly-game", "x/../../y", ROGUE.format(id="x/../../y") + "print('imported')\n")
    code = "from playtest.registry import registrations; print(sorted(registrations()))"
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=with_site(site),
        check=True,
    )
    assert done.stdout.splitlines() == [str(sorted(_shipped()))]  # not imported: no 'imported'
    said = playtest(site, tmp_path, "score", a_legal_record(a_game())).stderr
    assert warnings(said) == [
        "playtest.games: warning: 'x/../../y': sly_game:GAME of the package sly-game: not a game "
        "id (lower-case letters, digits and '-', a letter or digit first, at most 64 "
        "characters): the plugin is left out"
    ]


def _shipped() -> list[str]:
    from importlib.metadata import entry_points

    return [p.name for p in entry_points(group="playtest.games")]
