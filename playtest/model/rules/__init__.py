"""Typed schemas of each game's data: its `rules:` block (the numbers both the kit and the
scorer use) and, optionally, schemas for structured card fields.

A module here defines its game's `GAME_ID` and `Rules` schema; it may also map field type names
to schemas in `FIELD_SCHEMAS` (e.g. `{"award-rule": AwardRule}`), which a deck can then use in
its `fields:`, and define `check(game) -> list[Problem]` for rules that span files (a card
count that must match a number in `rules:`), run once everything else is valid. The game's
registration (`playtest/registry.py`) declares them; a game without one keeps its `rules:` as
free data.
"""
