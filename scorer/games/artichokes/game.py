"""The one place this game declares its parts (registered by the entry point named after its
id in pyproject.toml, group `playtest.games`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playtest.library.registry import GameRegistration, OptionShortcut, later
from playtest.scorer.games.artichokes import cards, rules

if TYPE_CHECKING:
    from playtest.scorer.interface import GameInterface


def _scorer() -> GameInterface:
    from playtest.scorer.games.artichokes import checks, record, scoring
    from playtest.scorer.interface import GameInterface

    return GameInterface(record=record, checks=checks, scoring=scoring)


# the parts a kit does not need (its scorer, engine, web page and fields) are imported when
# first used
GAME = GameRegistration(
    id=rules.GAME_ID,
    rules=rules.Rules,
    check=rules.check,
    catalogue=cards.catalogue,
    scorer=later(_scorer),
    code_prefix="AA",  # its violation codes: AA-01, ...
    engine=later("playtest.scorer.games.artichokes.engine:Engine"),
    web=later("playtest.scorer.games.artichokes.web:ARTICHOKES"),
    shortcuts=(OptionShortcut(flag="with-rhubarb", option="rhubarb"),),
    fields=later("playtest.scorer.games.artichokes.fields:FIELDS"),
)
