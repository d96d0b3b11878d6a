"""The one place this game declares its parts (registered by the entry point named after its
id in pyproject.toml, group `playtest.games`)."""

from __future__ import annotations

from playtest.scorer.games.artichokes import checks, record, scoring
from playtest.scorer.games.artichokes.engine import Engine
from playtest.scorer.interface import GameInterface

from playtest.model.cards import artichokes as cards
from playtest.model.rules import artichokes as rules
from playtest.registry import GameRegistration, OptionShortcut
from playtest.web.games.artichokes import ARTICHOKES

GAME = GameRegistration(
    id=rules.GAME_ID,
    rules=rules.Rules,
    check=rules.check,
    catalogue=cards.catalogue,
    scorer=GameInterface(record=record, checks=checks, scoring=scoring),
    engine=Engine,
    web=ARTICHOKES,
    shortcuts=(OptionShortcut(flag="with-rhubarb", option="rhubarb"),),
)
