"""The one place this game declares its parts (registered by the entry point named after its
id in pyproject.toml, group `playtest.games`)."""

from __future__ import annotations

from playtest.scorer.games.harvest_dice import checks, record, scoring
from playtest.scorer.games.harvest_dice.engine import Engine
from playtest.scorer.interface import GameInterface

from playtest.model.rules import harvest_dice as rules
from playtest.registry import GameRegistration
from playtest.web.games.harvest_dice import HARVEST_DICE

GAME = GameRegistration(
    id=rules.GAME_ID,
    rules=rules.Rules,
    check=rules.check,
    scorer=GameInterface(record=record, checks=checks, scoring=scoring),
    engine=Engine,
    web=HARVEST_DICE,
)
