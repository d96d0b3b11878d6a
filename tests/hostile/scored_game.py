"""A small game scored in YAML, written by a test with the expressions it attacks: a sheet of
fields (by default three rows of three boxes and a number, `row1.box1` ... `pears`), its
`rules:` and its `scoring:` and `checks:` as the test gives them, in a components folder of
the test's own (tests/helpers.make_components)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers import make_components

GAME = "tally"
ROWS = """\
      - repeat:
          count: 3
          as: row
          step: [0, 12]
          elements:
            - repeat:
                count: 3
                step: [12, 0]
                elements:
                  - rect: {x: 10, y: 20, w: 8, h: 8, stroke: ink,
                           field: {id: "row{row_n}.box{n}", kind: box}}
      - rect: {x: 10, y: 70, w: 20, h: 10, stroke: ink, field: {id: pears, kind: number, max: 50}}
"""


def scored_game(
    tmp: Path,
    scoring: str,
    *,
    rules: dict[str, Any] | str | None = None,
    checks: str = "",
    elements: str = ROWS,
) -> Path:
    """The components folder holding the game; `scoring` and `checks` are the YAML under
    `scoring:` and `checks:`, indented by two spaces; `rules` a mapping or its YAML text."""
    root = make_components(tmp)
    folder = root / GAME
    folder.mkdir()
    text = (
        f"game: {{id: {GAME}, name: Tally, players: [1, 4], version: '0.1'}}\n"
        f"rules: {rules if isinstance(rules, str) else json.dumps(rules or {'bonus': 4})}\n"
        "sheets:\n"
        "  - {id: sheet, name: Tally sheet, size: [148, 210], layout: sheet}\n"
        "layouts:\n"
        "  sheet:\n"
        "    elements:\n"
        f"{elements}"
        f"scoring:\n{scoring}"
    )
    if checks:
        text += f"checks:\n{checks}"
    (folder / "game.yaml").write_text(text)
    return root


def record(tmp: Path, *players: dict[str, Any]) -> Path:
    """A record of the game, one player per mapping of field values."""
    path = tmp / "record.yaml"
    seats = [{"name": f"P{n}", "fields": fields} for n, fields in enumerate(players, 1)]
    path.write_text(json.dumps({"game": GAME, "players": seats}))
    return path
