"""The one place this game declares its parts (registered by the entry point named after its
id in pyproject.toml, group `playtest.games`)."""

from __future__ import annotations

from playtest.scorer.games.village_green import cards, checks, record, rules, scoring
from playtest.scorer.games.village_green.engine import Engine
from playtest.scorer.games.village_green.fields import FIELDS
from playtest.scorer.games.village_green.web import VILLAGE_GREEN
from playtest.scorer.interface import GameInterface

from playtest.registry import GameRegistration

GAME = GameRegistration(
    id=rules.GAME_ID,
    rules=rules.Rules,
    field_schemas=rules.FIELD_SCHEMAS,
    check=rules.check,
    catalogue=cards.catalogue,
    scorer=GameInterface(record=record, checks=checks, scoring=scoring, seats=record.seats),
    code_prefix="VG",  # its violation codes: VG-01, ...
    engine=Engine,
    web=VILLAGE_GREEN,
    fields=FIELDS,
)
