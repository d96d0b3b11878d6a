"""The values each kind of component hands to its layout's templates and conditions: the
YAML reference documents them and the loader checks `when:`/`unless:` keys against them.
(generator/render/faces.py builds these values; a test keeps the two in step.)"""

from __future__ import annotations

EVERYWHERE = {
    "rules": "the game's `rules:` block: `{rules.garden.ribbon_points}`, `{rules.x.0}`",
    "game": "the game's `game:` block: `{game.name}`, `{game.players.1}`",
}

FACE_VALUES: dict[str, dict[str, str]] = {
    "card": {
        "id": "the card's id",
        "name": "its name (the id when it has none)",
        "count": "its copies",
        "deck": "its deck: `{deck.id}`, `{deck.name}`",
        "scan": "true on a card of a deck with `scan_marker: true` in a kit built with"
        " `--scan-marks` (a scan-ready card: `when: {scan: true}`)",
        "*": "every field the deck declares in `fields`",
    },
    "back": {"id": "the deck's or token's id", "name": "its name"},
    "die face": {
        "pips": "the face's pips, 1..6",
        "label": "the face's label",
        "icon": "the face's icon (else the die's)",
        "colour": "the face's colour (else the die's)",
        "ink": "the die's ink colour",
        "id": "the die's id",
        "name": "the die's name",
        "index": "the face's place, 0..5",
        "n": "the face's place, 1..6",
        "die": "the die: `{die.id}`, `{die.name}`, `{die.colour}`, `{die.ink}`, `{die.icon}`",
    },
    "sheet": {
        "id": "the sheet's id",
        "name": "its name",
        "scan": "true on a kit built with `--scan-marks` (a scan-ready sheet: `when: {scan:"
        " true}`)",
        "*": "every key of its `data`",
    },
    "token": {"id": "the token's id", "name": "its name", "*": "every key of its `data`"},
    "board": {"id": "the board's id", "name": "its name", "*": "every key of its `data`"},
}

# inside a `repeat`; `as: NAME` adds NAME, NAME_i, NAME_n, visible in inner repeats too
REPEAT_VALUES = {
    "item": "the current item of `over` (or its number with `count`)",
    "i": "its place from 0",
    "n": "its place from 1",
    "first": "true for the first item",
    "last": "true for the last item",
}
