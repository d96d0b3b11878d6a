"""The command line: help for people, a version, the list of games."""

from __future__ import annotations

from pathlib import Path

from playtest import __version__
from playtest.library.loader import Library
from tests.helpers import make_components


def test_help_lists_every_command(run_cli) -> None:
    result = run_cli("--help")
    assert result.exit_code == 0
    for command in ("build", "score", "check", "list", "preview", "replay", "serve", "log"):
        assert f"  {command} " in result.output


def test_build_help_explains_print_options(run_cli) -> None:
    text = run_cli("build", "--help").output
    for option in (
        "--paper [a4|letter]",
        "--bleed",
        "--crop-marks / --no-crop-marks",
        "--backs",
        "--back-offset X,Y",
        "--scale-x",
        "--tts",
        "--with-rhubarb",
    ):
        assert option in text


def test_version(run_cli) -> None:
    result = run_cli("--version")
    assert result.exit_code == 0
    assert result.output.strip() == f"playtest, version {__version__}"


def test_list_names_games_components_and_counts(tmp_path: Path, run_cli) -> None:
    root = make_components(tmp_path)
    result = run_cli("list", "--components", root)
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "mini-game: Mini Game (2-4 players)",
        "  deck deck: 4 Mini cards, 63x88 mm",
        "  deck extra: 1 Extra cards, 44x63 mm (option extra)",
        "  die pips: 2 x Pip die",
        "  sheet front-sheet: Score sheet, 148x210 mm",
        "  sheet back-sheet: Score sheet (back), 148x210 mm",
        "  token coin: 12 x Coin, 20x20 mm",
        "  board board: Big board, 400x300 mm",
    ]


def test_list_says_a_fixed_number_of_players_once(tmp_path: Path, run_cli) -> None:
    root = make_components(tmp_path)
    game = root / "mini-game" / "game.yaml"
    game.write_text(game.read_text().replace("players: [2, 4]", "players: [2, 2]", 1))
    result = run_cli("list", "--components", root)
    assert result.output.splitlines()[0] == "mini-game: Mini Game (2 players)"  # not "2-2"


def test_list_of_the_installed_games(run_cli, library: Library) -> None:
    result = run_cli("list")
    assert result.exit_code == 0
    for game in library.game_ids:
        assert f"{game}: {library.game(game).info.name} (" in result.output


def test_bad_option_values_are_one_line_errors(tmp_path: Path, run_cli, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    root = make_components(tmp_path)
    result = run_cli("build", "--components", root, "--back-offset", "1;2")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "playtest: --back-offset: expected X,Y in mm (e.g. 0.5,-1), got '1;2'"
    )
    result = run_cli("build", "--components", root, "--format", "pdf,png")
    assert result.stderr.strip() == (
        "playtest: --format: unknown format 'png' (expected a comma-separated list of: pdf, svg)"
    )
    result = run_cli("build", "mini-game", "--components", root, "--option", "turbo=on")
    assert (
        result.stderr.strip() == "playtest: --option: mini-game has no option 'turbo' "
        "(options: extra)"
    )


def test_an_option_no_game_has_is_refused_even_when_building_several(
    tmp_path: Path, run_cli, monkeypatch, library: Library
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", "--option", "turbo=on", "-q")
    assert result.exit_code == 2
    games = library.game_ids  # every game is built: none has the option
    options = sorted({o for game in games for o in library.game(game).info.options})
    assert len(games) > 1 and options
    assert result.stderr.strip() == (
        f"playtest: --option: {', '.join(games)} have "
        f"no option 'turbo' (options: {', '.join(options)})"
    )
    assert not (tmp_path / "output").exists()
