"""Abandon All Artichokes: a recorded position checked card by card, and the race scored.

The game interface (`scorer/interface.py`): record.py reads a record into a position
(position.py, piles.py), checks.py every rule and its AA- code, scoring.py the Artichokes left
and the win (race.py). engine.py plays the game (abilities.py, moves.py, notation.py: its log
notation). The cards in play come from the loaded game (`playtest/model/cards/artichokes.py`).
"""

from __future__ import annotations

from playtest.scorer.games.artichokes import checks, record, scoring
from playtest.scorer.interface import GameInterface

from playtest.model.rules.artichokes import GAME_ID

GAME = GameInterface(id=GAME_ID, record=record, checks=checks, scoring=scoring, engine="engine")
