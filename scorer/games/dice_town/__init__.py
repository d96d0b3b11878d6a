"""Dice Town: final scores (`kind: final`, the default) and a round resolver (`kind: round`).

The game interface (`scorer/interface.py`): record.py reads a record (record_schema.py, its
shapes) into a position (position.py), checks.py the rules it must keep (DT- codes), scoring.py
final scores (final_score.py) or a round resolved (round_resolver.py, poker.py, and the answer
in round_scores.py and round_text.py). engine.py plays the game (state.py, engine_flow.py,
engine_moves.py, engine_chance.py; notation.py: its log notation). Records and answers are
documented in examples/dice-town/README.md.
"""
