"""Village Green: a recorded position read, checked (VG-01..VG-06) and scored.

The game interface (`scorer/interface.py`): record.py reads a record into a `Position` (who may
play in solo and multiplayer: `record.seats`), checks.py the rules it must keep, scoring.py the
final scores; tableau.py is what is visible on a board, award_points.py the award vocabulary
evaluated. engine.py plays the game (turn_rules.py: what a move may do; notation.py: its
log notation; state.py: the state). The cards come from the loaded game
(`scorer/games/village_green/cards.py`).
"""
