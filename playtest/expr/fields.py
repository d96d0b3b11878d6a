"""What the scoring language receives of a game's fields: each field's id, kind, values and
box (`InputField`, by sheet and board in `SurfaceFields`), found where the game's sheets draw
them (playtest/faces/fields.py paints them; the language never draws), and the little an
expression needs of one (`FieldInfo`). `playtest fields GAME --json` prints them; records of
a YAML-scored game, the phone entry page and a photo of a filled sheet read the same ids."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

Box = tuple[float, float, float, float]  # x, y, width, height in mm
Choice = str | int  # a value a choice field offers, as its layout element writes it


@dataclass(frozen=True)
class FieldInfo:
    """What an expression needs to know of a field."""

    id: str
    kind: str  # box, track, number, choice, card
    max: int | None = None  # track: its circles
    values: tuple[Choice, ...] | None = None  # choice: its values; card: the card ids

    def holds(self, value: Any) -> Any:
        """A constant compared with this field, as the field would hold it (a card id in any
        case is the card's id), or NOT_HELD when a choice or card slot can never hold it
        (empty, `""`, it can always be)."""
        if self.kind not in ("choice", "card") or self.values is None or value == "":
            return value
        if not isinstance(value, bool) and value in self.values:
            return value
        if self.kind == "card" and isinstance(value, str):
            for card in self.values:
                if str(card).casefold() == value.strip().casefold():
                    return card
        return NOT_HELD


NOT_HELD = object()  # FieldInfo.holds: a value the field can never hold


@dataclass(frozen=True)
class InputField:
    """One field of a sheet: what may be written in it and where it is."""

    id: str
    kind: str  # box, track, number, choice, card
    values: tuple[Choice, ...] | None  # choice: its values; card: the card ids
    min: int | None  # number and track: the smallest value
    max: int | None  # number: the largest; track: how many circles
    box: Box  # around everything the element draws
    # track: one box per circle, in order; choice drawn as one item per value (a scan-ready
    # sheet's icons to cross): each value's box, in the order of `values`; else empty
    cells: tuple[Box, ...]
    where: str  # the layout element that declares it
    deck: str | None = None  # card: the deck its cards come from; choice: the card's deck

    def as_held(self, typed: Any) -> Any:
        """A value as the field holds it: a card id typed in any case or with spaces around it
        is the card's id as printed (records read ids so in every game); anything else is
        returned as typed."""
        if self.kind != "card" or not isinstance(typed, str) or typed in (self.values or ()):
            return typed
        return self._card_ids.get(typed.strip().casefold(), typed)

    @cached_property
    def _card_ids(self) -> dict[str, Choice]:
        # ids that differ only in case are refused at load, so no two spellings collide
        return {str(value).casefold(): value for value in self.values or ()}

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "kind": self.kind}
        if self.values is not None:
            out["values"] = list(self.values)
        if self.min is not None:
            out["min"] = self.min
            out["max"] = self.max
        out["box"] = list(self.box)
        if self.cells:
            out["cells"] = [list(c) for c in self.cells]
        return out


@dataclass(frozen=True)
class SurfaceFields:
    """The fields of one sheet (or board): its size in mm and its fields in drawing order."""

    kind: str  # sheet or board
    id: str
    name: str
    size: tuple[float, float]
    fields: tuple[InputField, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "id": self.id,
            "name": self.name,
            "size": list(self.size),
            "fields": [f.to_json() for f in self.fields],
        }


__all__ = ["NOT_HELD", "Box", "Choice", "FieldInfo", "InputField", "SurfaceFields"]
