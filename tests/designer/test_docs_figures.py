"""Issue 23: the figures the README states that the code can know come from the code: the
lines a build prints (pages and SVG files of a kit), the starter game's deck (the cards the
README counts for a game are tested in that game's folder)."""

from __future__ import annotations

import re
from pathlib import Path

from playtest.library.loader import load_library
from tests.conftest import REPO

README = (REPO / "README.md").read_text()


def test_the_build_prints_what_the_readme_shows(tmp_path: Path, run_cli, monkeypatch) -> None:
    shown = re.search(r"\n```\n(output/([\w-]+)/\2-kit\.pdf: .*?)```", README, re.S)
    assert shown, "the README shows what `playtest build` prints"
    monkeypatch.chdir(tmp_path)
    built = run_cli("build", shown.group(2), "-q")
    assert built.exit_code == 0, built.output
    assert built.stdout == shown.group(1)


def test_the_starter_game_is_what_the_readme_says(tmp_path: Path, run_cli) -> None:
    said = re.search(r"`new` writes a small working starter game \(a deck of (\d+) cards", README)
    assert said
    assert run_cli("new", "fruit-salad", "--components", tmp_path / "mine").exit_code == 0
    game = load_library(tmp_path / "mine").game("fruit-salad")
    assert [sum(card.count for card in deck.cards) for deck in game.decks] == [int(said.group(1))]


def test_a_mistyped_option_prints_what_the_readme_shows(run_cli) -> None:
    """The README's example of a mistake on the command line, as `playtest` prints it."""
    shown = re.search(r"\n```\n(playtest: no such option '--(\w+)'.*?\n)```", README)
    assert shown, "the README shows a mistyped option"
    result = run_cli("build", f"--{shown.group(2)}", "a4")
    assert result.exit_code == 2
    assert result.output == shown.group(1)
