"""A game's fields, painted on first ask: every sheet and board with its input fields, each at
its box on the paper (playtest/faces/fields.py paints them). The loader compiles a YAML-scored
game's `scoring:` against them, and the scorer reads records of fields with them.

The face painter (reportlab, fonts, icons) is imported here only when a game's fields are
asked, so `playtest score` of a game scored in Python never imports it (listed in
tests/foundation/test_imports_in_functions.py, STARTUP)."""

from __future__ import annotations

from playtest.expr.fields import InputField, SurfaceFields
from playtest.model.game import Game


def game_fields(game: Game) -> tuple[SurfaceFields, ...]:
    """Every sheet and board of the game with its fields."""
    from playtest.faces import fields

    return fields.game_fields(game)


def fields_by_id(game: Game) -> dict[str, InputField]:
    """Every field of the game once by id (the same id on two sheets is the same field)."""
    from playtest.faces import fields

    return fields.fields_by_id(game)
