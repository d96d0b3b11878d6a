"""Cards, decks, dice, sheets, tokens and boards, and the layouts that draw them."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, model_validator

from playtest.core.schema import Id, Schema
from playtest.layout import Element
from playtest.model.ids import ColourName, IconId, LayoutId, OptionName, SheetId

# a point on a face, mm from its trim's top-left
Point = tuple[Annotated[float, Field(ge=0, le=1000)], Annotated[float, Field(ge=0, le=1000)]]


class Layout(Schema):
    """How one face is drawn. `frame` is static art drawn once and reused on every face."""

    frame: list[Element] = []
    """Static art drawn once and reused on every face (a card frame); no per-card templates."""
    elements: list[Element] = []
    """Drawn for each face, in order; text, colours and names are templates."""
    mark: Point | None = None
    """Cards drawn with this layout: the top-left corner of the version mark's label ('v0.3',
    about 6 x 2.5 mm), mm from the trim's top-left, where the bottom-left corner of the safe
    area (print.yaml `mark_inset`) holds art or text. Keep it 3 mm inside the trim."""
    scan_marker: Point | None = None
    """Cards of a deck with `scan_marker: true` drawn with this layout (and its back, with
    `scan_back`), built with `--scan-marks`: the top-left corner of the card's id marker
    (print.yaml `scan_card_marker` mm square, on a white margin a sixth of that wide), mm from
    the trim's top-left, where the bottom-right corner (print.yaml `scan_card_inset`) holds art
    or text; with its margin, inside the safe area (print.yaml `mark_inset`). A scan-ready card
    makes room for it with `when: {scan: true}`."""
    scan_mark: Point | None = None
    """Where `mark` goes on a scan-ready card (`--scan-marks`), when the marker covers it."""


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
    """Copies printed (a deck's counts add up to at most 5,000 cards)."""

    def data(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name or self.id,
            "count": self.count,
            **(self.model_extra or {}),
        }


class DieFace(Schema):
    label: str | None = None
    """Text for the face's layout (`{label}`)."""
    pips: Annotated[int, Field(ge=1, le=6)] | None = None
    """Pips 1..6 (`{pips}`; a `pips` element draws them)."""
    icon: str | None = None
    """An icon name (`{icon}`), e.g. a vegetable."""
    colour: str | None = None
    """This face's colour (`{colour}`), instead of the die's."""


# The components of a loaded game (built by the loader from the entries of
# `playtest.model.entries` once every reference is checked): sizes in mm, counts as numbers,
# and layouts, colours, icons, sheets and options as checked names.
Mm2 = tuple[float, float]  # width, height in mm


class Deck(Schema):
    """A deck of a loaded game."""

    id: str
    name: str
    size: Mm2
    layout: LayoutId
    back: LayoutId | None = None
    optional: OptionName | None = None
    printed_when_off: bool = False
    scan_marker: bool = False
    scan_back: bool = False
    fields: dict[str, FieldType | list[FieldValue]] = {}
    cards: list[Card]


class Die(Schema):
    """A die of a loaded game: its count is a number."""

    id: str
    name: str
    colour: ColourName
    ink: ColourName
    icon: IconId | None = None
    size: float
    layout: LayoutId
    faces: list[DieFace]
    count: int


class Sheet(Schema):
    """A sheet of a loaded game."""

    id: str
    name: str
    size: Mm2
    layout: LayoutId
    back: SheetId | None = None
    copies: int = 1
    data: dict[str, Any] = {}


class Token(Schema):
    """A token of a loaded game: its count is a number."""

    id: str
    name: str
    size: Mm2
    shape: Literal["rect", "rounded", "circle"] = "rect"
    layout: LayoutId
    back: LayoutId | None = None
    data: dict[str, Any] = {}
    count: int


class Board(Schema):
    """A board of a loaded game."""

    id: str
    name: str
    size: Mm2
    layout: LayoutId
    data: dict[str, Any] = {}
    printed: bool = True  # false: a place on the table declared for its fields, not in the kit


def _as_text(value: object) -> object:
    """`version: 0.3` reads as a number in YAML; keep it as the text it was written as."""
    return str(value) if isinstance(value, int | float) and not isinstance(value, bool) else value


class OptionWords(Schema):
    """An option as players read it on the contents page: what it means on, and off."""

    if_on: str
    """What the option means when it is on, as a clause ("the Carrot is your only play")."""
    if_off: str
    """What it means when it is off."""


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
    option_words: dict[str, OptionWords] = {}
    """How the kit's contents page names each option as built, in players' words:
    `{rhubarb: {if_on: "the Rhubarb promo cards are in the game", if_off: "..."}}`. An option
    without them is shown by its name."""
    version: Annotated[str, BeforeValidator(_as_text)] = ""
    """The kit's version ("0.3"), printed in every footer and on every card."""
    not_printed: list[str] = []
    """What players also need that the kit does not print (the checklist lists it)."""
    labels: dict[str, str] = {}
    """The words people read for the scorer's lines where no name is written for their id
    elsewhere in the game's YAML (`ribbons: Ribbons`): the web scorer's breakdown and stats."""
    correction: Literal["erase", "fill"] | None = None
    """How a player takes back a mark on a sheet: a rule the rules reference prints (a
    paragraph `when: {game.correction: ...}`; a playtest default when the reference names
    `game.correction` in its `defaults`) and a photo of the sheet is read by. `erase`: rub
    it out (a place filled in whole is a mark, like a cross); `fill`: fill the wrong place in
    whole (a place filled in whole does not count). Unset: a place filled in whole is a mark."""

    @model_validator(mode="after")
    def _players_in_order(self) -> GameInfo:
        if not 1 <= self.players[0] <= self.players[1] <= 20:
            raise ValueError("players must be [min, max] with 1 <= min <= max <= 20")
        return self

    @model_validator(mode="after")
    def _words_for_options(self) -> GameInfo:
        unknown = sorted(set(self.option_words) - set(self.options))
        if unknown:
            known = ", ".join(sorted(self.options)) or "none"
            named = ", ".join(unknown)
            raise ValueError(f"option_words names no option: {named} (options: {known})")
        return self
