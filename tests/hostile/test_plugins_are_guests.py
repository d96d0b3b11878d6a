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
ROGUE = (
    "from playtest.library.registry import GameRegistration\nGAME = GameRegistration(id={id!r})\n"
)
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
    code = "from playtest.library.registry import registrations; print(sorted(registrations()))"
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


# a plugin game's code that runs while its game is loaded, each raising: (package, its code, the
# code named in the line). The game is the mini test game's folder, which the plugin claims.
AT_LOAD = {
    "check": (
        "failing-check",
        "def check(game):\n    raise RuntimeError('the dice\\nare missing')\n"
        "GAME = GameRegistration(id='mini-game', check=check)\n",
        "its check (failing_check.check, of the package failing-check) failed",
    ),
    "catalogue": (
        "failing-catalogue",
        "def catalogue(game):\n    return {}['the dice']\n"
        "GAME = GameRegistration(id='mini-game', catalogue=catalogue)\n",
        "its catalogue (failing_catalogue.catalogue, of the package failing-catalogue) failed",
    ),
    "rules schema": (
        "failing-rules",
        "from pydantic import BaseModel, field_validator\n"
        "class Rules(BaseModel):\n    bonus: int\n"
        "    @field_validator('bonus')\n    @classmethod\n"
        "    def odd(cls, value):\n        raise RuntimeError('the dice are missing')\n"
        "GAME = GameRegistration(id='mini-game', rules=Rules)\n",
        "its rules schema (failing_rules.Rules, of the package failing-rules) failed",
    ),
    "field schema": (
        "failing-field",
        "from pydantic import RootModel, model_validator\n"
        "class Tally(RootModel[int]):\n"
        "    @model_validator(mode='before')\n    @classmethod\n"
        "    def odd(cls, value):\n        raise SystemExit(3)\n"
        "GAME = GameRegistration(id='mini-game', field_schemas={'tally': Tally})\n",
        "its field schema 'tally' (failing_field.Tally, of the package failing-field) failed",
    ),
}
AT_LOAD_SAID = {
    "check": "RuntimeError: the dice are missing",
    "catalogue": "KeyError: 'the dice'",
    "rules schema": "RuntimeError: the dice are missing",
    "field schema": "SystemExit: 3",
}


@pytest.mark.parametrize("part", AT_LOAD)
def test_a_plugin_games_code_that_fails_at_load_is_one_line_and_the_kit_is_kept(
    tmp_path: Path, part: str
) -> None:
    """Before, `build` of a plugin's game whose check, catalogue or schemas raised (or exited)
    ended in a traceback. Now it is one line naming the game, the code and its package, exit
    2, and the previous kit (built before the plugin was installed) is left as it was."""
    package, code, named = AT_LOAD[part]
    root = make_components(tmp_path)
    build = ("build", "mini-game", "--components", root, "-q", "--format", "svg")
    first = playtest(tmp_path / "no-plugin", tmp_path, *build)
    assert first.returncode == 0, first.stderr
    kit = tmp_path / "output" / "mini-game"
    before = {p: p.read_bytes() for p in sorted(kit.rglob("*")) if p.is_file()}
    assert before
    if part == "field schema":
        cards = root / "mini-game" / "cards.yaml"  # both decks' points
        cards.write_text(cards.read_text().replace("points: integer", "points: tally"))
    site = tmp_path / "site"
    install(
        site,
        package,
        "mini-game",
        f"from playtest.library.registry import GameRegistration\n{code}",
    )
    done = playtest(site, tmp_path, *build)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [f"playtest.games: mini-game: {named}: {AT_LOAD_SAID[part]}"]
    assert {p: p.read_bytes() for p in sorted(kit.rglob("*")) if p.is_file()} == before


def test_list_says_a_plugin_left_out_and_why(tmp_path: Path) -> None:
    """Before, `playtest list` never looked for the plugins: one that failed at import was not
    said. Now it is, once, as in every other command, and the games are listed."""
    site = tmp_path / "site"
    install(site, "crashing-game", "crashing", RAISES)
    done = playtest(site, tmp_path, "list", "--components", make_components(tmp_path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("mini-game: Mini Game")
    assert warnings(done.stderr) == [
        "playtest.games: warning: crashing: crashing_game:GAME: RuntimeError: the dice are missing"
    ]
