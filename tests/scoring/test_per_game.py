"""Derived data is computed once per loaded game, and never served for another game."""

from __future__ import annotations

from pathlib import Path

from playtest.scorer.mechanics.per_game import per_game

from playtest.loader import load_library
from tests.helpers import make_components


def test_computed_once_per_game_and_again_for_another(tmp_path: Path) -> None:
    calls: list[str] = []

    @per_game
    def names(game) -> list[str]:
        calls.append(game.id)
        return [d.id for d in game.decks]

    root = make_components(tmp_path)
    first = load_library(root).game("mini-game")
    assert names(first) == ["deck", "extra"]
    assert names(first) is names(first)
    second = load_library(root).game("mini-game")  # a new load is a new game
    assert names(second) == ["deck", "extra"]
    assert calls == ["mini-game", "mini-game"]
