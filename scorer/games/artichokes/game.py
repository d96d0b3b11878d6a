"""The one place this game declares its parts (registered by the entry point named after its
id in pyproject.toml, group `playtest.games`)."""

from __future__ import annotations

from playtest.scorer.games.artichokes import cards, checks, record, rules, scoring
from playtest.scorer.games.artichokes.engine import Engine
from playtest.scorer.games.artichokes.fields import FIELDS
from playtest.scorer.games.artichokes.web import ARTICHOKES
from playtest.scorer.interface import GameInterface

from playtest.registry import GameRegistration, OptionShortcut

GAME = GameRegistration(
    id=rules.GAME_ID,
    rules=rules.Rules,
    check=rules.check,
    catalogue=cards.catalogue,
    scorer=GameInterface(record=record, checks=checks, scoring=scoring),
    code_prefix="AA",  # its violation codes: AA-01, ...
    engine=Engine,
    web=ARTICHOKES,
    shortcuts=(OptionShortcut(flag="with-rhubarb", option="rhubarb"),),
    fields=FIELDS,
)
