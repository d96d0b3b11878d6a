"""Cards, decks, dice, sheets, tokens and boards, and the layouts that draw them."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, model_validator

from playtest.layout import Element
from playtest.model.base import Count, Id, PositiveMm, Schema

Size = str | tuple[PositiveMm, PositiveMm]  # a preset name (`poker`) or [width, height] in mm
# a count may name a number of the game's rules, so it is written once: "{rules.supply.nuggets}"
RulesRef = Annotated[str, Field(pattern=r"^\{rules(\.[A-Za-z0-9_-]+)+\}$")]


class Layout(Schema):
    """How one face is drawn. `frame` is static art drawn once and reused on every face."""

    frame: list[Element] = []
    elements: list[Element] = []


# a field's type: text, integer, number, list, boolean, a schema named by the game's rules
# module (FIELD_SCHEMAS), or a list of allowed values
FieldType = str


class Card(Schema):
    """One card. Any further fields must be declared in the deck's `fields`."""

    model_config = Schema.model_config | {"extra": "allow"}
    id: Id
    name: str | None = None
    count: Annotated[int, Field(ge=1, le=100_000)] = 1

    def data(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name or self.id, "count": self.count,
                **(self.model_extra or {})}


class Deck(Schema):
    id: Id
    name: str
    size: Size = "poker"
    layout: str
    back: str | None = None
    optional: str | None = None  # a switch name in the game's `options`; off = deck left out
    fields: dict[str, FieldType | list[Any]] = {}
    cards: list[Card] = Field(min_length=1)


class Face(Schema):
    label: str | None = None
    pips: Annotated[int, Field(ge=1, le=6)] | None = None
    icon: str | None = None
    colour: str | None = None


class _DieOptions(Schema):
    """A six-sided die. Faces opposite each other: 1st/6th, 2nd/5th, 3rd/4th."""

    id: Id
    name: str
    colour: str = "paper"
    ink: str = "ink"
    icon: str | None = None
    size: PositiveMm = 16  # the real die's edge; layouts draw a face of this size
    layout: str
    faces: list[Face] = Field(min_length=6, max_length=6)


class DieEntry(_DieOptions):
    """A die as written in YAML: its count may name a number of the rules."""

    count: Count | RulesRef = 1


class Die(_DieOptions):
    """A die of a loaded game: its count is a number."""

    count: Count


class Sheet(Schema):
    """A score sheet or player aid printed as one page (or several per page)."""

    id: Id
    name: str
    size: Size
    layout: str
    back: str | None = None  # another sheet printed on the back when duplex
    copies: Annotated[int, Field(ge=1, le=1000)] = 1
    data: dict[str, Any] = {}  # extra fields for the layout, e.g. {variant: basic}


class _TokenOptions(Schema):
    id: Id
    name: str
    size: Size
    shape: Literal["rect", "rounded", "circle"] = "rect"
    layout: str
    back: str | None = None
    data: dict[str, Any] = {}  # extra fields for the layout


class TokenEntry(_TokenOptions):
    """A token as written in YAML: its count may name a number of the rules."""

    count: Count | RulesRef = 1


class Token(_TokenOptions):
    """A token of a loaded game: its count is a number."""

    count: Count


class Board(Schema):
    id: Id
    name: str
    size: tuple[PositiveMm, PositiveMm]
    layout: str
    data: dict[str, Any] = {}  # extra fields for the layout


def _as_text(value: object) -> object:
    """`version: 0.3` reads as a number in YAML; keep it as the text it was written as."""
    return str(value) if isinstance(value, int | float) and not isinstance(value, bool) \
        else value


class GameInfo(Schema):
    id: Id
    name: str
    players: tuple[int, int]
    designer: str | None = None
    description: str = ""
    options: dict[str, bool] = {}  # switches such as `rhubarb: false`, overridable on the CLI
    # the kit's version ("0.3"), printed in every footer and on every card
    version: Annotated[str, BeforeValidator(_as_text)] = ""
    not_printed: list[str] = []  # what players also need (the checklist lists it)

    @model_validator(mode="after")
    def _players_in_order(self) -> GameInfo:
        if not 1 <= self.players[0] <= self.players[1] <= 20:
            raise ValueError("players must be [min, max] with 1 <= min <= max <= 20")
        return self
