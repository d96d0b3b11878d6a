"""Scoring an Abandon All Artichokes position: Artichokes left per player (fewest leads), and
the winner, if the position is the moment the race is won (race.py)."""

from __future__ import annotations

from playtest.scorer.games.artichokes.cards import LoadedGame
from playtest.scorer.games.artichokes.position import Position
from playtest.scorer.games.artichokes.race import TOTAL_MEANS, standings, winners
from playtest.scorer.interface import Scores


def score(position: Position, game: LoadedGame) -> Scores:
    return Scores(
        players=standings(position),
        winners=winners(position, game.rules),
        extra={"turn": position.turn, "phase": position.phase, "total_is": TOTAL_MEANS},
    )
