"""Abandon All Artichokes: a recorded position checked card by card, and the race scored.

The game interface (`scorer/interface.py`): record.py reads a record into a position
(position.py, piles.py), checks.py every rule and its AA- code, scoring.py the Artichokes left
and the win (race.py). engine.py plays the game (abilities.py, moves.py, notation.py: its log
notation). The cards in play come from the loaded game (`scorer/games/artichokes/cards.py`).
"""
