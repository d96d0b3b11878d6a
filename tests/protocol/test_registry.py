"""The one registry of games (playtest/library/registry.py): every game is found through the
entry points of the group `playtest.games`, a test registers a game object directly, and a game
whose code fails while it is found is one line and exit 2, never a traceback."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from playtest.core.errors import InputError
from playtest.library import registry
from playtest.library.loader import Library
from playtest.library.registry import (
    GameRegistration,
    later,
    record_games,
    register,
    registration,
    registrations,
    unregister,
)

from ..games import a_game
from ..helpers import edit_once, fresh_python, make_components
from ..plugin_sites import install, playtest


def test_every_game_of_the_components_is_registered_by_its_entry_point(library: Library) -> None:
    from importlib.metadata import entry_points

    points = {p.name: p for p in entry_points(group=registry.ENTRY_POINTS)}
    assert sorted(registrations()) == sorted(points)
    # every game shipped has code, registered, except those scored by their YAML alone
    unregistered = set(library.game_ids) - set(registrations())
    assert set(registrations()) <= set(library.game_ids)
    assert unregistered == {g for g in library.game_ids if library.game(g).scoring is not None}
    assert unregistered  # the components ship a game scored by its YAML alone
    for game_id, game in registrations().items():
        assert game.id == game_id and points[game_id].load() is game
        assert registration(game_id) is game


def test_the_games_a_record_may_name_are_those_with_a_scorer_then_those_scored_in_yaml(
    tmp_path: Path, library: Library
) -> None:
    from playtest.library.loader import load_library

    coded = [g for g, parts in registrations().items() if parts.declares("scorer")]
    in_yaml = [g for g in library.game_ids if g not in coded and library.game(g).scoring]
    assert coded and in_yaml and record_games(library) == [*coded, *in_yaml]
    # a folder of the designer's own: a game scored in YAML is listed even while its YAML is
    # wrong (`score` then shows its mistakes); a game with no scoring (the mini game) is not
    root = make_components(tmp_path, *in_yaml)
    edit_once(root / in_yaml[0] / "game.yaml", "scoring:", "scoring: 3\nnot_scoring:")
    mine = load_library(root)
    assert record_games(mine) == [*coded, *in_yaml] and "mini-game" in mine.game_ids
    with pytest.raises(InputError):
        mine.game(in_yaml[0])
    # a components folder that cannot be read lists the games with a scorer only
    assert record_games(load_library(tmp_path / "nowhere")) == coded


def test_a_game_registered_directly_is_found_and_can_be_taken_back(tmp_path: Path) -> None:
    from playtest.library.loader import load_library

    root = make_components(tmp_path)
    game = GameRegistration(id="mini-game")
    register(game)
    try:
        assert registration("mini-game") is game and "mini-game" in registrations()
        register(game)  # the same object again changes nothing
        with pytest.raises(InputError, match="a second game registered with this id"):
            register(GameRegistration(id="mini-game"))
        assert load_library(root).game("mini-game").id == "mini-game"
    finally:
        unregister("mini-game")
    assert registration("mini-game") is None


@pytest.mark.parametrize("prefix", [None, "", "hd", "HD-", "7HD", "H D"])
def test_a_game_with_a_scorer_declares_its_codes_prefix(prefix: str | None) -> None:
    scorer = registration(a_game()).part("scorer")  # any game's parts: only the prefix is wrong
    with pytest.raises(InputError) as refused:
        register(GameRegistration(id="mini-game", scorer=scorer, code_prefix=prefix))
    (problem,) = refused.value.problems
    assert str(problem).startswith("playtest.games: mini-game: code_prefix: expected capitals")
    assert registration("mini-game") is None
    try:
        register(GameRegistration(id="mini-game", scorer=scorer, code_prefix="MG2"))
    finally:
        unregister("mini-game")


def test_only_a_registration_can_be_registered() -> None:
    with pytest.raises(InputError, match="expected a GameRegistration, got dict"):
        register({"id": "mini-game"})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("entry", "module", "said"),
    [
        (
            "mini-game = broken_game:GAME",
            "raise RuntimeError('the dice are\\nmissing')\n",
            "playtest.games: mini-game: broken_game:GAME: RuntimeError: the dice are missing",
        ),
        (
            "mini-game = broken_game:GAME",
            "GAME = 42\n",
            "playtest.games: mini-game: broken_game:GAME: TypeError: "
            "expected a GameRegistration, got int",
        ),
        (
            "mini-game = broken_game:NOTHING",
            "GAME = 42\n",
            "playtest.games: mini-game: broken_game:NOTHING: AttributeError: ",
        ),
        (
            "mini-game = broken_game:GAME",
            "from playtest.library.registry import GameRegistration\n"
            "GAME = GameRegistration(id='other')\n",
            "playtest.games: mini-game: broken_game:GAME: ValueError: "
            "its GameRegistration's id is 'other'",
        ),
    ],
    ids=["raises", "not-a-registration", "no-such-name", "wrong-id"],
)
def test_a_game_whose_code_fails_is_one_line_and_exit_2(
    tmp_path: Path, entry: str, module: str, said: str
) -> None:
    name, value = (part.strip() for part in entry.split("="))
    site = tmp_path / "site"
    install(site, "broken-game", name, module, value.split(":")[1])
    root = make_components(tmp_path)
    done = playtest(site, tmp_path, "build", "mini-game", "--components", root)
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [done.stderr.strip()]
    assert done.stderr.startswith(said)
    assert not (tmp_path / "output").exists()  # nothing half-written


def test_a_part_declared_later_is_imported_when_first_used() -> None:
    """Finding the games imports what a kit needs (rules, cards); each game's engine, web page,
    fields and scorer wait until they are used, and are then the parts themselves."""
    code = (
        "import sys\n"
        "from playtest.library.registry import registrations\n"
        "games = registrations()\n"
        "parts = ('engine', 'web', 'fields', 'record', 'checks', 'scoring')\n"
        "def loaded():\n"
        "    games = [m for m in sys.modules if m.startswith('playtest.scorer.games.')]\n"
        "    return sorted(m for m in games if m.rsplit('.')[-1] in parts)\n"
        "print(loaded())\n"
        "assert all(g.declares('engine') and g.declares('scorer') for g in games.values())\n"
        "print(loaded())\n"
        "for g in games.values():\n"
        "    assert g.part('engine').__name__ == 'Engine' and g.part('scorer').record\n"
        "    assert g.part('fields') and g.part('web')\n"
        "print(len(loaded()))\n"
    )
    said = fresh_python(code)
    before, declared, after = said.splitlines()
    assert before == declared == "[]", said
    assert int(after) >= 4 * len(("engine", "web", "fields", "record", "checks", "scoring"))


def test_a_part_that_fails_to_import_is_one_line() -> None:
    game = GameRegistration(id="mini-game", engine=later("playtest.no_such_module:Engine"))
    assert game.declares("engine")
    with pytest.raises(InputError) as failed:
        game.part("engine")
    (problem,) = failed.value.problems
    assert str(problem) == (
        "playtest.games: mini-game: playtest.no_such_module:Engine: "
        "ModuleNotFoundError: No module named 'playtest.no_such_module'"
    )


def test_a_copy_of_a_registration_imports_nothing_and_gives_the_same_parts() -> None:
    """A registration's fields hold what the game declared: copying one (dataclasses.replace,
    copy.copy, asdict), comparing or printing it imports no part declared `later`, and the
    copy's `part(name)` is the part itself. (Before, reading any field imported its part in
    place, so a copy imported every part and a copy of its `vars()` kept the placeholder.)"""
    code = (
        "import copy, dataclasses, sys\n"
        "from playtest.library.registry import LATER_PARTS, registrations\n"
        "games = list(registrations().values())\n"
        "parts = ('engine', 'web', 'fields', 'record', 'checks', 'scoring')\n"
        "def loaded():\n"
        "    games = [m for m in sys.modules if m.startswith('playtest.scorer.games.')]\n"
        "    return sorted(m for m in games if m.rsplit('.')[-1] in parts)\n"
        "copies = [dataclasses.replace(g, shortcuts=()) for g in games]\n"
        "copies += [copy.copy(g) for g in games]\n"
        "assert copies[len(games):] == games and repr(copies[-1]) == repr(games[-1])\n"
        "print([sorted(dataclasses.asdict(c)) for c in copies][0] and loaded())\n"
        "for c, g in zip(copies, games * 2, strict=True):\n"
        "    assert all(c.part(p) is g.part(p) is not None for p in LATER_PARTS), c.id\n"
        "print(len(loaded()))\n"
    )
    before, after = fresh_python(code).splitlines()
    assert before == "[]"
    assert int(after) >= 4 * 6


def test_only_the_parts_a_kit_does_not_need_may_be_declared_later() -> None:
    with pytest.raises(InputError) as refused:
        register(GameRegistration(id="mini-game", rules=later("playtest.core.schema:Schema")))
    (problem,) = refused.value.problems
    assert str(problem) == (
        "playtest.games: mini-game: only scorer, engine, web, fields may be declared "
        "later(...): a kit needs every other part when the game is loaded"
    )
    assert registration("mini-game") is None
    with pytest.raises(ValueError, match="'rules' is not one of"):
        GameRegistration(id="mini-game").part("rules")  # type: ignore[call-overload]


def test_a_part_that_exits_when_imported_is_one_line() -> None:
    """A plugin's module that calls sys.exit as it is imported: its error, not the end of the
    command (or of a server's request)."""

    def exits() -> None:
        sys.exit(3)

    game = GameRegistration(id="mini-game", engine=later(exits))
    with pytest.raises(InputError) as failed:
        game.part("engine")
    (problem,) = failed.value.problems
    assert str(problem).endswith(": SystemExit: 3")


def test_a_game_whose_part_fails_is_left_out_of_the_games_with_that_part() -> None:
    """Every scorer at once (what `score` and the web scorer ask for) leaves out the one that
    fails to import, with a warning; asked for by itself, it is its error."""
    from playtest.scorer.interface import games

    scorer = later("playtest.no_such_module:SCORER")
    register(GameRegistration(id="mini-game", scorer=scorer, code_prefix="MG"))
    try:
        found = games()
        said = registry.take_warnings()
        with pytest.raises(InputError, match=r"No module named 'playtest\.no_such_module'"):
            registration("mini-game").part("scorer")
    finally:
        unregister("mini-game")
    assert "mini-game" not in found and set(found) == set(games())
    assert said == [
        "playtest.games: warning: mini-game: playtest.no_such_module:SCORER: "
        "ModuleNotFoundError: No module named 'playtest.no_such_module'"
    ]
