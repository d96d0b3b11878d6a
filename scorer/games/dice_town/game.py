"""The one place this game declares its parts (registered by the entry point named after its
id in pyproject.toml, group `playtest.games`)."""

from __future__ import annotations

from playtest.scorer.games.dice_town import cards, checks, record, rules, scoring
from playtest.scorer.games.dice_town.engine import Engine
from playtest.scorer.games.dice_town.fields import FIELDS
from playtest.scorer.games.dice_town.web import DICE_TOWN
from playtest.scorer.interface import GameInterface

from playtest.registry import GameRegistration

GAME = GameRegistration(
    id=rules.GAME_ID,
    rules=rules.Rules,
    catalogue=cards.catalogue,
    scorer=GameInterface(record=record, checks=checks, scoring=scoring),
    code_prefix="DT",  # its violation codes: DT-01, ...
    engine=Engine,
    web=DICE_TOWN,
    fields=FIELDS,
)
