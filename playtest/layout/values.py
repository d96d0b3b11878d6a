"""The values every layout's templates and conditions may read, whatever it draws, and those a
`repeat` adds: the YAML reference documents them and the loader checks `when:`/`unless:` keys
against them (each kind's own values: playtest/model/face_values.py)."""

from __future__ import annotations

EVERYWHERE = {
    "rules": "the game's `rules:` block: `{rules.garden.ribbon_points}`, `{rules.x.0}`",
    "game": "the game's `game:` block: `{game.name}`, `{game.players.1}`",
}

# inside a `repeat`; `as: NAME` adds NAME, NAME_i, NAME_n, visible in inner repeats too
REPEAT_VALUES = {
    "item": "the current item of `over` (or its number with `count`)",
    "i": "its place from 0",
    "n": "its place from 1",
    "first": "true for the first item",
    "last": "true for the last item",
}
