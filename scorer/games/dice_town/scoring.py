"""Scoring a Dice Town position: final scores (`kind: final`), or a round resolved location by
location (`kind: round`: what each player surely takes, the hands, who visits Doc Badluck)."""

from __future__ import annotations

from playtest.scorer.games.dice_town.final_score import final_scores
from playtest.scorer.games.dice_town.position import FinalPosition, RoundPosition
from playtest.scorer.games.dice_town.round_resolver import resolve_round
from playtest.scorer.games.dice_town.round_result import round_result
from playtest.scorer.interface import Scores

from playtest.model.game import Game
from playtest.model.rules.dice_town import GAME_ID


def score(position: FinalPosition | RoundPosition, game: Game) -> Scores:
    if isinstance(position, RoundPosition):
        done = round_result(GAME_ID, position, resolve_round(position, game.rules), game.rules,
                            ())
        return Scores(players=done.players, winners=done.winners, extra=done.extra,
                      notes=done.notes)
    players, first = final_scores(position, game.rules)
    return Scores(players=tuple(players), winners=tuple(first))
