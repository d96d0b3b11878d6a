"""The values each kind of component hands to its layout's templates and conditions: the
YAML reference documents them and the loader checks `when:`/`unless:` keys against them.
(playtest/faces/component_faces.py builds these values; a test keeps the two in step. The
values every layout sees, and a repeat's: playtest/layout/values.py.)"""

from __future__ import annotations

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
