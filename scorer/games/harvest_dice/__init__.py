"""Harvest Dice scorer: reads a recorded position, checks HD-02..HD-07, scores the score box.

Files: record.py (the record's schema), garden.py (reading a garden), checks.py and
accounting.py (the rules), scoring.py (the score box and the winners).
"""

from __future__ import annotations

from playtest.scorer.games.harvest_dice.checks import find_violations
from playtest.scorer.games.harvest_dice.record import Record, parse_record
from playtest.scorer.games.harvest_dice.scoring import score_players, winner_names
from playtest.scorer.result import Result

from playtest.model.game import Game
from playtest.model.rules.harvest_dice import GAME_ID
from playtest.yamlsource import Document

__all__ = ["GAME_ID", "Scorer"]


class Scorer:
    def parse(self, doc: Document, game: Game) -> Record:
        return parse_record(doc, game)

    def evaluate(self, record: Record, game: Game) -> Result:
        rules = game.rules
        scored = score_players(record, rules)
        return Result(game=GAME_ID, variant=record.variant,
                      violations=tuple(find_violations(record, rules)),
                      players=tuple(s.score for s in scored),
                      winners=tuple(winner_names(scored, rules)))
