"""The one place this game declares its parts (registered by the entry point named after its
id in pyproject.toml, group `playtest.games`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playtest.library.registry import GameRegistration, later
from playtest.scorer.games.harvest_dice import rules

if TYPE_CHECKING:
    from playtest.scorer.interface import GameInterface


def _scorer() -> GameInterface:
    from playtest.scorer.games.harvest_dice import checks, record, scoring
    from playtest.scorer.interface import GameInterface

    return GameInterface(record=record, checks=checks, scoring=scoring)


# the parts a kit does not need (its scorer, engine, web page and fields) are imported when
# first used
GAME = GameRegistration(
    id=rules.GAME_ID,
    rules=rules.Rules,
    check=rules.check,
    scorer=later(_scorer),
    code_prefix="HD",  # its violation codes: HD-01, ...
    engine=later("playtest.scorer.games.harvest_dice.engine:Engine"),
    web=later("playtest.scorer.games.harvest_dice.web:HARVEST_DICE"),
    fields=later("playtest.scorer.games.harvest_dice.fields:FIELDS"),
)
