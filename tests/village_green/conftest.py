"""Village Green test helpers: the real game data, and records evaluated from YAML text."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from playtest.core.yamlsource import parse_document
from playtest.library.loader import Library
from playtest.model.game import Game
from playtest.scorer.api import evaluate_document
from playtest.scorer.games.village_green.cards import Catalogue
from playtest.scorer.result import Result
from tests.web.conftest import server  # noqa: F401 (its web tests)


@pytest.fixture(scope="session")
def game(library: Library) -> Game:
    return library.game("village-green")


@pytest.fixture(scope="session")
def catalogue(game: Game) -> Catalogue:
    return game.catalogue  # built once, when the game was loaded


@pytest.fixture
def evaluate(library: Library) -> Callable[[str], Result]:
    def run(text: str) -> Result:
        doc = parse_document(text.encode(), Path("record.yaml"), "record.yaml")
        return evaluate_document(doc, library)

    return run
