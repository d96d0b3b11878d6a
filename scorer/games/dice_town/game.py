"""The one place this game declares its parts (registered by the entry point named after its
id in pyproject.toml, group `playtest.games`)."""

from __future__ import annotations

from playtest.scorer.games.dice_town import checks, record, scoring
from playtest.scorer.games.dice_town.engine import Engine
from playtest.scorer.interface import GameInterface

from playtest.model.cards import dice_town as cards
from playtest.model.rules import dice_town as rules
from playtest.registry import GameRegistration
from playtest.web.games.dice_town import DICE_TOWN

GAME = GameRegistration(
    id=rules.GAME_ID,
    rules=rules.Rules,
    catalogue=cards.catalogue,
    scorer=GameInterface(record=record, checks=checks, scoring=scoring),
    engine=Engine,
    web=DICE_TOWN,
)
