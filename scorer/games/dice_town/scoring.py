"""Scoring a Dice Town position: final scores (`kind: final`), or a round resolved location by
location (`kind: round`: what each player surely takes, the hands, who visits Doc Badluck)."""

from __future__ import annotations

from playtest.scorer.games.dice_town.cards import LoadedGame
from playtest.scorer.games.dice_town.final_score import final_scores
from playtest.scorer.games.dice_town.position import FinalPosition, RoundPosition
from playtest.scorer.games.dice_town.round_resolver import resolve_round
from playtest.scorer.games.dice_town.round_scores import round_scores
from playtest.scorer.interface import Scores


def score(position: FinalPosition | RoundPosition, game: LoadedGame) -> Scores:
    if isinstance(position, RoundPosition):
        return round_scores(position, resolve_round(position, game.rules), game.rules)
    players, first = final_scores(position, game.rules)
    return Scores(players=tuple(players), winners=tuple(first))
