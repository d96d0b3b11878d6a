"""Abandon All Artichokes: a recorded position checked card by card, and the race scored.

Files: `record.py` (the record format), `position.py` and `piles.py` (the position it reads
into), `cards.py` (the cards in play, from the decks), `checks.py` (every rule and its AA-
code), `race.py` (Artichokes left and the win).
"""

from __future__ import annotations

from playtest.scorer.games.artichokes.cards import card_set
from playtest.scorer.games.artichokes.checks import violations
from playtest.scorer.games.artichokes.position import Position
from playtest.scorer.games.artichokes.race import TOTAL_MEANS, standings, winners
from playtest.scorer.games.artichokes.record import parse_position
from playtest.scorer.result import Result

from playtest.model.game import Game
from playtest.model.rules.artichokes import GAME_ID
from playtest.yamlsource import Document

__all__ = ["GAME_ID", "Scorer"]


class Scorer:
    def parse(self, doc: Document, game: Game) -> Position:
        return parse_position(doc, game, card_set(game))

    def evaluate(self, record: Position, game: Game) -> Result:
        return Result(
            game=GAME_ID,
            variant="rhubarb" if record.rhubarb else "base",
            violations=violations(record, card_set(game), game.rules),
            players=standings(record),
            winners=winners(record, game.rules),
            extra={"turn": record.turn, "phase": record.phase, "total_is": TOTAL_MEANS},
        )
