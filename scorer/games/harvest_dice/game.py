"""The one place this game declares its parts (registered by the entry point named after its
id in pyproject.toml, group `playtest.games`)."""

from __future__ import annotations

from playtest.scorer.games.harvest_dice import checks, record, rules, scoring
from playtest.scorer.games.harvest_dice.engine import Engine
from playtest.scorer.games.harvest_dice.fields import FIELDS
from playtest.scorer.games.harvest_dice.web import HARVEST_DICE
from playtest.scorer.interface import GameInterface

from playtest.registry import GameRegistration

GAME = GameRegistration(
    id=rules.GAME_ID,
    rules=rules.Rules,
    check=rules.check,
    scorer=GameInterface(record=record, checks=checks, scoring=scoring),
    code_prefix="HD",  # its violation codes: HD-01, ...
    engine=Engine,
    web=HARVEST_DICE,
    fields=FIELDS,
)
