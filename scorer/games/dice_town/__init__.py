"""Dice Town: final scores (`kind: final`, the default) and a round resolver (`kind: round`).

Records and answers are documented in examples/dice-town/README.md.
"""

from __future__ import annotations

from playtest.scorer.games.dice_town.checks import check_final, check_round
from playtest.scorer.games.dice_town.final_score import final_scores
from playtest.scorer.games.dice_town.parse import parse_record
from playtest.scorer.games.dice_town.position import FinalPosition, RoundPosition
from playtest.scorer.games.dice_town.round_resolver import resolve_round
from playtest.scorer.games.dice_town.round_result import round_result
from playtest.scorer.result import Result

from playtest.model.game import Game
from playtest.yamlsource import Document

GAME_ID = "dice-town"


class Scorer:
    def parse(self, doc: Document, game: Game) -> FinalPosition | RoundPosition:
        return parse_record(doc, game)

    def evaluate(self, record: FinalPosition | RoundPosition, game: Game) -> Result:
        if isinstance(record, RoundPosition):
            violations = tuple(check_round(record, game))
            return round_result(GAME_ID, record, resolve_round(record, game.rules), game.rules,
                                violations)
        scores, winners = final_scores(record, game.rules)
        return Result(game=GAME_ID, variant=None, violations=tuple(check_final(record, game)),
                      players=tuple(scores), winners=tuple(winners))
