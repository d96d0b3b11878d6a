"""A reading of a game's fields (each player's sheet, typed on the web or read from a photo)
as the record `playtest score` reads, and a record as the fields it fills: one way for every
game.

A game scored in YAML records its fields as they are (`players: [{name, fields}]`). A game
with its own record format (the four shipped) declares how its fields make that record and
back in its registration (`fields=`, a `FieldsMapping`, by convention in its package's
`fields.py`); nothing here names a game. A sheet may say which variant it is (`data: {variant:
basic}`): the fields read from it are a record of that variant.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from playtest.core.errors import InputError, Problems
from playtest.core.yamlsource import Document
from playtest.library.fields import fields_by_id, game_fields
from playtest.library.loader import Library
from playtest.library.registry import registration
from playtest.model.game import Game
from playtest.scorer.header import read_header
from playtest.scorer.interface import Position
from playtest.scorer.yaml_game import value_problem


@dataclass(frozen=True)
class PlayerFields:
    """One player's fields: field id -> value (a field left out is empty)."""

    name: str
    fields: Mapping[str, Any]
    sheet: str | None = None  # the sheet they were read from (it may name the variant)


@dataclass(frozen=True)
class FieldsReading:
    """Every player's fields, in seat order, and the variant their sheets are."""

    game: str
    players: tuple[PlayerFields, ...]
    variant: str | None = None


class FieldsMapping(Protocol):
    """How a game's fields make its usual record, and a position fills its fields."""

    def to_record(self, reading: FieldsReading, game: Game) -> dict[str, Any]:
        """The record (as `playtest score` reads it) that these fields make."""
        ...

    def to_fields(self, position: Any, game: Game) -> FieldsReading:
        """The fields a position (read from a record by the game's own reader) fills."""
        ...


def record_of_fields(
    reading: FieldsReading, library: Library, source: str = "fields"
) -> dict[str, Any]:
    """The record these fields make; an unknown field, a value a field cannot hold or sheets
    of different variants are an InputError naming `source`."""
    game = library.game(reading.game)
    problems = Problems()
    known = fields_by_id(game)
    for seat, player in enumerate(reading.players):
        for field_id, value in player.fields.items():
            at = f"players[{seat}].fields.{field_id}"
            field = known.get(field_id)
            wrong = f"{game.id} has no field {field_id!r}" if field is None else None
            wrong = wrong or (value_problem(field, value) if field is not None else None)
            if wrong:
                problems.add(source, None, at, wrong)
    variant = reading.variant or _variant_of_sheets(game, reading, source, problems)
    problems.raise_if_any()
    reading = FieldsReading(
        reading.game,
        tuple(
            PlayerFields(p.name, {k: v for k, v in p.fields.items() if v is not None}, p.sheet)
            for p in reading.players
        ),
        variant,
    )
    mapping = _mapping(game)
    if mapping is not None:
        return mapping.to_record(reading, game)
    if game.scoring is None:
        raise InputError.one(
            source, None, "game", f"{game.id} has no record its fields make (no scorer)"
        )
    return {
        "game": game.id,
        "players": [{"name": p.name, "fields": dict(p.fields)} for p in reading.players],
    }


def fields_of_record(
    data: Mapping[str, Any], library: Library, name: str = "record"
) -> FieldsReading:
    """The fields a record fills (read and checked as `playtest score` reads it)."""
    from playtest.scorer.api import scorers

    doc = Document(path=Path(name), display=name, data=dict(data))
    known = scorers(library, data.get("game"))
    header = read_header(doc, list(known))
    game = library.game(header.game)
    position: Position = known[header.game].read(header, game)
    mapping = _mapping(game)
    if mapping is not None:
        return mapping.to_fields(position, game)
    names = getattr(position, "names", None)
    values = getattr(position, "values", None)
    if names is None or values is None:
        raise InputError.one(name, None, "game", f"{game.id}'s records name no fields")
    return FieldsReading(
        game.id, tuple(PlayerFields(n, dict(v)) for n, v in zip(names, values, strict=True))
    )


def sheets_of_variant(game: Game, variant: str | None) -> list[str]:
    """The ids of the sheets (or boards) with fields that a record of this variant is written
    on (every one with fields when none names this variant)."""
    data = _surface_data(game)
    with_fields = [s.id for s in game_fields(game) if s.fields]
    named = [i for i in with_fields if data[i].get("variant") == variant]
    return named or with_fields


def _surface_data(game: Game) -> dict[str, dict[str, Any]]:
    return {**{s.id: s.data for s in game.sheets}, **{b.id: b.data for b in game.boards}}


def _variant_of_sheets(
    game: Game, reading: FieldsReading, source: str, problems: Problems
) -> str | None:
    data = _surface_data(game)
    said = {
        str(data[p.sheet]["variant"])
        for p in reading.players
        if p.sheet in data and "variant" in data[p.sheet]
    }
    if len(said) > 1:
        different = ", ".join(sorted(said))
        problems.add(source, None, "players", f"the sheets are of different variants: {different}")
    return next(iter(said)) if len(said) == 1 else None


def _mapping(game: Game) -> FieldsMapping | None:
    found = registration(game.id)
    return found.part("fields") if found is not None else None


__all__ = [
    "FieldsMapping",
    "FieldsReading",
    "PlayerFields",
    "fields_of_record",
    "record_of_fields",
    "sheets_of_variant",
]
