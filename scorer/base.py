"""The contract every game's scorer fulfils; `scorer/games/<game>.py` modules are found
automatically (each defines `GAME_ID` and `Scorer`)."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any, Protocol

from playtest.scorer.result import Result

from playtest.model.game import Game
from playtest.yamlsource import Document


class GameScorer(Protocol):
    def parse(self, doc: Document, game: Game) -> Any:
        """Validate the record's shape; raise InputError (exit 2) for what cannot be read."""

    def evaluate(self, record: Any, game: Game) -> Result:
        """Every violation, every player's score and the winners."""


@cache
def scorers() -> dict[str, type]:
    from playtest.scorer import games

    found: dict[str, type] = {}
    for info in pkgutil.iter_modules(games.__path__):
        module = importlib.import_module(f"playtest.scorer.games.{info.name}")
        if getattr(module, "GAME_ID", None):
            found[module.GAME_ID] = module.Scorer
    return found
