"""Issue 13, "nothing fails in silence": a folder that is not a components folder is one clear
error saying what it must hold, and one broken game does not hide the others from `list`."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from playtest.library.loader import Library
from tests.games import a_game
from tests.helpers import edit_once, make_components
from tests.web.conftest import PLAYTEST, free_port

NEEDS = "a components folder holds `_shared/`"


@pytest.mark.parametrize("command", ["list", "build"])
def test_a_game_folder_is_not_a_components_folder(
    tmp_path: Path, run_cli, monkeypatch, command: str
) -> None:
    monkeypatch.chdir(tmp_path)
    root = make_components(tmp_path)
    result = run_cli(command, "--components", root / "mini-game")
    assert result.exit_code == 2
    [line] = result.stderr.splitlines()
    assert line.startswith(
        f"{root / 'mini-game'}: --components: this is a game folder; "
        f"pass the folder that holds it, {root.resolve()}"
    )
    assert NEEDS in line
    assert not (tmp_path / "output").exists()


@pytest.mark.parametrize("command", ["list", "build"])
def test_an_empty_folder_says_shared_is_missing(
    tmp_path: Path, run_cli, monkeypatch, command: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "empty").mkdir()
    result = run_cli(command, "--components", "empty")
    assert result.exit_code == 2
    [line] = result.stderr.splitlines()
    assert line.startswith("empty: --components: no `_shared/` folder here")
    assert not (tmp_path / "output").exists()


def test_games_without_shared_is_one_error_naming_shared(tmp_path: Path, run_cli) -> None:
    root = make_components(tmp_path, a_game())
    shutil.rmtree(root / "_shared")
    result = run_cli("build", "--components", root)
    assert result.exit_code == 2
    [line] = result.stderr.splitlines()  # one line, not one per missing preset
    assert "no `_shared/` folder here" in line


def test_shared_without_games_says_so(tmp_path: Path, run_cli) -> None:
    root = make_components(tmp_path, mini=False)
    result = run_cli("list", "--components", root)
    assert result.exit_code == 2
    assert f"{root}: --components: no game here" in result.stderr
    assert "`playtest new GAME` writes one" in result.stderr


def test_list_shows_the_good_games_and_the_broken_one_with_its_first_error(
    tmp_path: Path, run_cli, library: Library
) -> None:
    game = a_game()
    root = make_components(tmp_path, game)
    edit_once(root / "mini-game" / "cards.yaml", "count: 2}", "count: many}")
    result = run_cli("list", "--components", root)
    assert result.exit_code == 2
    lines = result.stdout.splitlines()
    info = library.game(game).info
    fewest, most = info.players
    players = f"{fewest}" if fewest == most else f"{fewest}-{most}"
    assert lines[0] == f"{game}: {info.name} ({players} players)"
    broken = [line for line in lines if line.startswith("mini-game")]
    assert len(broken) == 1
    assert broken[0].startswith("mini-game: cannot be loaded (1 error): ")
    assert "cards.yaml:" in broken[0] and "count: expected a whole number, got 'many'" in broken[0]
    assert result.stderr.count("count: expected a whole number") == 1


def test_serve_refuses_a_folder_that_is_not_a_components_folder(tmp_path: Path) -> None:
    """At once, one line, exit 2: it served, then its warm-up thread printed a traceback."""
    (tmp_path / "empty").mkdir()
    done = subprocess.run(
        [*PLAYTEST, "serve", "--components", "empty", "--port", str(free_port())],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    [line] = done.stderr.splitlines()
    assert line.startswith("empty: --components: no `_shared/` folder here")
