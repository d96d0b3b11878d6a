"""The one place this game declares its parts (registered by the entry point named after its
id in pyproject.toml, group `playtest.games`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playtest.library.registry import GameRegistration, later
from playtest.scorer.games.dice_town import cards, rules

if TYPE_CHECKING:
    from playtest.scorer.interface import GameInterface


def _scorer() -> GameInterface:
    from playtest.scorer.games.dice_town import checks, record, scoring
    from playtest.scorer.interface import GameInterface

    return GameInterface(record=record, checks=checks, scoring=scoring)


# the parts a kit does not need (its scorer, engine, web page and fields) are imported when
# first used
GAME = GameRegistration(
    id=rules.GAME_ID,
    rules=rules.Rules,
    catalogue=cards.catalogue,
    scorer=later(_scorer),
    code_prefix="DT",  # its violation codes: DT-01, ...
    engine=later("playtest.scorer.games.dice_town.engine:Engine"),
    web=later("playtest.scorer.games.dice_town.web:DICE_TOWN"),
    fields=later("playtest.scorer.games.dice_town.fields:FIELDS"),
)
