"""Dice Town: final scores (`kind: final`, the default) and a round resolver (`kind: round`).

The game interface (`scorer/interface.py`): record.py reads a record (record_schema.py, its
shapes) into a position (position.py), checks.py the rules it must keep (DT- codes), scoring.py
final scores (final_score.py) or a round resolved (round_resolver.py, poker.py, and the answer
in round_result.py and round_text.py). Records and answers are documented in
examples/dice-town/README.md.
"""

from __future__ import annotations

from playtest.scorer.games.dice_town import checks, record, scoring
from playtest.scorer.interface import GameInterface

from playtest.model.rules.dice_town import GAME_ID

GAME = GameInterface(id=GAME_ID, record=record, checks=checks, scoring=scoring)
