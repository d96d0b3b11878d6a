"""The one place this game declares its parts (registered by the entry point named after its
id in pyproject.toml, group `playtest.games`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playtest.library.registry import GameRegistration, later
from playtest.scorer.games.village_green import cards, rules

if TYPE_CHECKING:
    from playtest.scorer.interface import GameInterface


def _scorer() -> GameInterface:
    from playtest.scorer.games.village_green import checks, record, scoring
    from playtest.scorer.interface import GameInterface

    return GameInterface(record=record, checks=checks, scoring=scoring, seats=record.seats)


# the parts a kit does not need (its scorer, engine, web page and fields) are imported when
# first used
GAME = GameRegistration(
    id=rules.GAME_ID,
    rules=rules.Rules,
    field_schemas=rules.FIELD_SCHEMAS,
    check=rules.check,
    catalogue=cards.catalogue,
    scorer=later(_scorer),
    code_prefix="VG",  # its violation codes: VG-01, ...
    engine=later("playtest.scorer.games.village_green.engine:Engine"),
    web=later("playtest.scorer.games.village_green.web:VILLAGE_GREEN"),
    fields=later("playtest.scorer.games.village_green.fields:FIELDS"),
)
