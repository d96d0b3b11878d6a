"""Harvest Dice: a recorded position read, checked (HD-02..HD-07) and its score box scored.

The game interface (`scorer/interface.py`): record.py reads a record into a `Position`
(garden.py reads a garden), checks.py and accounting.py are the rules it must keep, scoring.py
the score box and the winners. engine.py plays the game (notation.py: its log notation).
"""
