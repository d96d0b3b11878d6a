"""A newcomer naming a game at the terminal (issue 43, point 7): another case is the same game,
a misspelt one gets "did you mean", a game that is not installed the way to one's own folder,
and every command that takes a game refuses one it does not know. Each line is the one the
README shows (its "When the command line does not understand you")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import REPO

README = (REPO / "README.md").read_text()
GAMES = "abandon-all-artichokes, dice-town, harvest-dice, orchard, village-green"
MISSPELT = (
    "playtest: game: unknown game 'vilage-green'; did you mean 'village-green'? "
    f"(expected one of: {GAMES})"
)
NOT_INSTALLED = (
    f"playtest: game: unknown game 'my-game' (expected one of: {GAMES}); "
    "a game of your own is read from its components folder: add --components DIR"
)


def shown_in_readme(line: str) -> str:
    assert line in README, f"the README does not show: {line}"
    return line


def test_a_game_named_in_another_case_is_that_game(run_cli) -> None:
    assert run_cli("fields", "Village-Green").output == run_cli("fields", "village-green").output
    assert run_cli("fields", "VILLAGE-GREEN").exit_code == 0


@pytest.mark.parametrize(
    "command",
    [
        ("build", "vilage-green"),
        ("preview", "vilage-green"),
        ("fields", "vilage-green"),
        ("simulate", "vilage-green", "--players", "2", "--no-log"),
    ],
)
def test_a_misspelt_game_gets_did_you_mean(run_cli, command: tuple[str, ...]) -> None:
    refused = run_cli(*command)
    assert refused.exit_code == 2
    assert refused.stderr == shown_in_readme(MISSPELT) + "\n"


def test_a_game_not_installed_gets_the_components_hint(
    run_cli, tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    refused = run_cli("build", "my-game")
    assert refused.exit_code == 2 and refused.stderr == shown_in_readme(NOT_INSTALLED) + "\n"
    # a folder here that holds it: the hint names it
    (tmp_path / "components" / "my-game").mkdir(parents=True)
    (tmp_path / "components" / "my-game" / "game.yaml").write_text("game: {}\n")
    named = run_cli("build", "my-game")
    here = NOT_INSTALLED.replace(
        "a game of your own is read from its components folder: add --components DIR",
        "components/my-game/ here is one: add --components components",
    )
    assert named.exit_code == 2 and named.stderr == shown_in_readme(here) + "\n"
    assert not (tmp_path / "output").exists()  # nothing was built


@pytest.mark.parametrize("command", ["list", "export"])
def test_log_commands_refuse_an_unknown_game(run_cli, tmp_path: Path, command: str) -> None:
    """`log list --game village` said "no logged games": a misspelt name is refused, named."""
    db = tmp_path / "p.db"
    out = ("--out", tmp_path / "x") if command == "export" else ()
    refused = run_cli("log", command, "--game", "village", "--db", db, *out)
    line = (
        "playtest: --game: unknown game 'village'; did you mean 'village-green'? "
        f"(expected one of: {GAMES})"
    )
    assert refused.exit_code == 2 and refused.stderr == shown_in_readme(line) + "\n"
    assert not (tmp_path / "x").exists()
    if command == "export":  # beside the ids of the games to export, it is not ignored
        beside = run_cli("log", command, "1", "--game", "village", "--db", db, *out)
        assert beside.exit_code == 2 and beside.stderr == line + "\n"
    # a known game in another case is that game, even with none logged yet
    listed = run_cli("log", "list", "--game", "Village-Green", "--db", db)
    assert (
        listed.exit_code == 0
        and listed.stderr == f"{db}: no logged games of game 'village-green'\n"
    )
