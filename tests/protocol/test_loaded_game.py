"""One object per loaded game: a `Game` holds everything derived from its components (the
typed rules, the catalogue of cards with its card-id lookup), built once at load and shared by
every record scored against it; a new load is a new game. (Replaces the per-game cache.)"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import get_args, get_origin, get_type_hints

import pytest

from playtest.library.loader import Library, load_library
from playtest.library.registry import registrations
from playtest.model.game import Game
from playtest.scorer.api import evaluate_file
from tests.helpers import make_components

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GAMES = sorted(registrations())


@pytest.mark.parametrize("game_id", GAMES)
def test_records_share_the_game_loaded_once(game_id: str) -> None:
    library = load_library()
    game = library.game(game_id)
    catalogue = game.catalogue
    for record in sorted((EXAMPLES / game_id).glob("*.yaml")):
        if not record.name.startswith("log-"):
            evaluate_file(record, library)
    assert library.game(game_id) is game
    assert game.catalogue is catalogue
    again = load_library().game(game_id)  # another load builds its own
    assert again is not game
    assert again.catalogue == catalogue  # the same cards ...
    if catalogue is not None:
        assert again.catalogue is not catalogue  # ... built again for the new game


@pytest.mark.parametrize("game_id", [g for g, parts in registrations().items() if parts.catalogue])
def test_games_whose_records_name_cards_have_a_catalogue(library: Library, game_id: str) -> None:
    lookup = library.game(game_id).catalogue.lookup
    card = library.game(game_id).decks[0].cards[0]
    assert lookup.find(f" {card.id.lower()} ") == lookup.find(card.id) is not None
    assert lookup.find("no such card") is None
    assert lookup.unknown("zz").startswith("unknown card")


def test_a_game_without_a_cards_module_has_none(tmp_path: Path) -> None:
    assert load_library(make_components(tmp_path)).game("mini-game").catalogue is None


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_package_reads_its_game_with_its_own_types(library: Library, game_id: str) -> None:
    """`LoadedGame` is `Game[Rules, Catalogue]` of the game's own types (beside `catalogue`,
    or beside `Rules` for a game without cards), and what the loader builds is of those
    types: mypy --strict (.ci/typecheck.py) then checks every `game.rules.x` of the package."""
    parts = registrations()[game_id]
    assert parts.rules is not None
    made = parts.catalogue
    home = sys.modules[(made or parts.rules).__module__]
    catalogue_type = get_type_hints(made, vars(home))["return"] if made else type(None)
    assert get_origin(home.LoadedGame) is Game
    assert get_args(home.LoadedGame) == (parts.rules, catalogue_type)
    game = library.game(game_id)
    assert type(game.rules) is parts.rules
    assert type(game.catalogue) is catalogue_type
