"""Cards, decks, dice, sheets, tokens and boards, and the layouts that draw them."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, model_validator

from playtest.layout import Element
from playtest.model.base import PATTERN_WORDS, Count, Id, PositiveMm, Schema

Size = str | tuple[PositiveMm, PositiveMm]  # a preset name (`poker`) or [width, height] in mm
# a count may name a number of the game's rules, so it is written once: "{rules.supply.nuggets}"
RULES_REF = re.compile(r"^\{rules(\.[A-Za-z0-9_-]+)+\}$")
RulesRef = Annotated[str, Field(pattern=RULES_REF.pattern)]
PATTERN_WORDS[RULES_REF.pattern] = 'a number of the rules, "{rules.x.y}"'


class Layout(Schema):
    """How one face is drawn. `frame` is static art drawn once and reused on every face."""

    frame: list[Element] = []
    """Static art drawn once and reused on every face (a card frame); no per-card templates."""
    elements: list[Element] = []
    """Drawn for each face, in order; text, colours and names are templates."""


# a field's type: text, integer, number, list, boolean, a schema named by the game's rules
# module (FIELD_SCHEMAS), or a list of allowed values
FieldType = str
# a value a field may be limited to: one scalar (a list or mapping cannot be compared with a card's)
FieldValue = str | int | float | bool


class Card(Schema):
    """One card. Any further fields must be declared in the deck's `fields`."""

    model_config = Schema.model_config | {"extra": "allow"}
    id: Id
    """Printed on the card and typed into records; unique within the game."""
    name: str | None = None
    """The card's name (`{name}` in layouts); defaults to the id."""
    count: Annotated[int, Field(ge=1, le=100_000)] = 1
    """Copies printed."""

    def data(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name or self.id, "count": self.count,
                **(self.model_extra or {})}


class Deck(Schema):
    id: Id
    """Unique within the game; names the SVG files (`<deck>-<card>.svg`)."""
    name: str
    """Shown on the kit's contents page and in `playtest list`."""
    size: Size = "poker"
    """A size preset of `_shared/print.yaml` (poker, poker-in, bridge, mini, tarot, square) or
    `[width, height]` in mm."""
    layout: str
    """The layout that draws each card's front."""
    back: str | None = None
    """The layout of the card back (printed behind the fronts when duplex)."""
    optional: str | None = None  # a switch name in the game's `options`; off = deck left out
    """A game option (`game.options`) that switches the deck on; off leaves it out."""
    fields: dict[str, FieldType | list[FieldValue]] = {}
    """Every further card field and its type: `text`, `integer`, `number`, `list`, `boolean`, a
    list of allowed values, or a schema named by the game's rules module."""
    cards: list[Card] = Field(min_length=1)
    """The cards, each with `id`, `name`, `count` and the declared fields."""


class DieFace(Schema):
    label: str | None = None
    """Text for the face's layout (`{label}`)."""
    pips: Annotated[int, Field(ge=1, le=6)] | None = None
    """Pips 1..6 (`{pips}`; a `pips` element draws them)."""
    icon: str | None = None
    """An icon name (`{icon}`), e.g. a vegetable."""
    colour: str | None = None
    """This face's colour (`{colour}`), instead of the die's."""


class _DieOptions(Schema):
    """A six-sided die. Faces opposite each other: 1st/6th, 2nd/5th, 3rd/4th."""

    id: Id
    """Unique within the game."""
    name: str
    """Shown on the sticker sheet and in `playtest list`."""
    colour: str = "paper"
    """The die's body colour (a palette name), `{colour}` in the face layout."""
    ink: str = "ink"
    """The colour of pips and text on it, `{ink}` in the face layout."""
    icon: str | None = None
    """An icon for every face (`{icon}`), unless a face names its own."""
    size: PositiveMm = 16  # the real die's edge; layouts draw a face of this size
    """The real die's edge in mm; the face layout draws a face of this size."""
    layout: str
    """The layout that draws one face."""
    faces: list[DieFace] = Field(min_length=6, max_length=6)
    """Exactly six faces; 1st/6th, 2nd/5th and 3rd/4th are opposite."""


class DieEntry(_DieOptions):
    """A die as written in YAML: its count may name a number of the rules."""

    count: Count | RulesRef = 1
    """Dice to make, or a number of the rules: `"{rules.supply.dice}"`."""


class Die(_DieOptions):
    """A die of a loaded game: its count is a number."""

    count: Count


class Sheet(Schema):
    """A score sheet or player aid printed as one page (or several per page)."""

    id: Id
    """Unique within the game."""
    name: str
    """Shown on the contents page."""
    size: Size
    """A size preset (a4, a5, letter, ...) or `[width, height]` in mm; printed full page and as a
    2-up pad."""
    layout: str
    """The layout that draws the sheet."""
    back: str | None = None  # another sheet printed on the back when duplex
    """Another sheet's id, printed on the back when duplex."""
    copies: Annotated[int, Field(ge=1, le=1000)] = 1
    """Copies printed."""
    data: dict[str, Any] = {}  # extra fields for the layout, e.g. {variant: basic}
    """Extra fields for the layout, e.g. `{variant: basic}` for `{variant}`."""


class _TokenOptions(Schema):
    id: Id
    """Unique within the game."""
    name: str
    """Shown on the contents page."""
    size: Size
    """A size preset or `[width, height]` in mm."""
    shape: Literal["rect", "rounded", "circle"] = "rect"
    """The cut line drawn around it."""
    layout: str
    """The layout that draws the front."""
    back: str | None = None
    """The layout of the back."""
    data: dict[str, Any] = {}  # extra fields for the layout
    """Extra fields for the layout."""


class TokenEntry(_TokenOptions):
    """A token as written in YAML: its count may name a number of the rules."""

    count: Count | RulesRef = 1
    """Tokens to make, or a number of the rules: `"{rules.supply.nuggets}"`."""


class Token(_TokenOptions):
    """A token of a loaded game: its count is a number."""

    count: Count


class Board(Schema):
    id: Id
    """Unique within the game."""
    name: str
    """Shown on the contents page and on every tile."""
    size: tuple[PositiveMm, PositiveMm]
    """`[width, height]` in mm; tiled across pages with a glue overlap."""
    layout: str
    """The layout that draws the board."""
    data: dict[str, Any] = {}  # extra fields for the layout
    """Extra fields for the layout."""


def _as_text(value: object) -> object:
    """`version: 0.3` reads as a number in YAML; keep it as the text it was written as."""
    return str(value) if isinstance(value, int | float) and not isinstance(value, bool) \
        else value


class GameInfo(Schema):
    id: Id
    """The game's id: the same as its folder's name; records say `game: <id>`."""
    name: str
    """The game's name, printed on the kit."""
    players: tuple[int, int]
    """`[min, max]` players."""
    designer: str | None = None
    """Printed on the kit's first page."""
    description: str = ""
    """One line about the game."""
    options: dict[str, bool] = {}  # switches such as `rhubarb: false`, overridable on the CLI
    """Switches such as `rhubarb: false` (the default), turned on with `--option NAME=on`."""
    version: Annotated[str, BeforeValidator(_as_text)] = ""
    """The kit's version ("0.3"), printed in every footer and on every card."""
    not_printed: list[str] = []
    """What players also need that the kit does not print (the checklist lists it)."""

    @model_validator(mode="after")
    def _players_in_order(self) -> GameInfo:
        if not 1 <= self.players[0] <= self.players[1] <= 20:
            raise ValueError("players must be [min, max] with 1 <= min <= max <= 20")
        return self
