"""Typed schemas of each game's data: its `rules:` block (the numbers both the kit and the
scorer use) and, optionally, schemas for structured card fields.

Each module here names its game in `GAME_ID` and its rules schema in `Rules`; it may also map
field type names to schemas in `FIELD_SCHEMAS` (e.g. `{"award-rule": AwardRule}`), which a
deck can then use in its `fields:`. A module may also define `check(game) -> list[Problem]`
for rules that span files (a card count that must match a number in `rules:`); the loader runs
it once everything else is valid. Modules are found automatically, so a new game adds a
module and touches nothing else. A game without a module keeps its `rules:` as free data.
"""

from __future__ import annotations

from types import ModuleType

from playtest.model.game_modules import by_game_id


def rules_modules() -> dict[str, ModuleType]:
    return by_game_id(__name__, __path__)
