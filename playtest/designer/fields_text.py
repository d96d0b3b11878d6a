"""`playtest fields GAME [--json]`: a game's sheets and boards with their input fields, as text
or as JSON (each field's id, kind, values and box in mm; playtest/faces/fields.py finds them)."""

from __future__ import annotations

from typing import Any

from playtest.faces.fields import describe_field, game_fields
from playtest.model.game import Game


def fields_json(game: Game) -> dict[str, Any]:
    """`playtest fields GAME --json`: the game and each sheet with its size and fields."""
    return {"game": game.id, "sheets": [s.to_json() for s in game_fields(game)]}


def fields_text(game: Game) -> list[str]:
    lines: list[str] = []
    for surface in game_fields(game):
        w, h = surface.size
        count = len(surface.fields)
        lines.append(
            f"{surface.kind} {surface.id}: {surface.name} ({w:g} x {h:g} mm), "
            f"{count} field{'s' * (count != 1)}"
        )
        for field in surface.fields:
            x, y, fw, fh = field.box
            lines.append(
                f"  {field.id}  {describe_field(field)}  at {x:g}, {y:g} mm ({fw:g} x {fh:g})"
            )
    return lines
