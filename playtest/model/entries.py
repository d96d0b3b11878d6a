"""The components as written in YAML (the schemas the loader validates with): sizes may name a
preset, counts a number of the rules, and layouts, colours, icons and sheets are names not yet
checked. Only the loader sees these; a loaded game holds the resolved forms of
`playtest.model.components` (Deck, Die, Sheet, Token, Board)."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import Field

from playtest.core.schema import PATTERN_WORDS, Count, Id, PositiveMm, Schema
from playtest.model.components import Card, DieFace, FieldType, FieldValue

Size = str | tuple[PositiveMm, PositiveMm]  # a preset name (`poker`) or [width, height] in mm
# a count may name a number of the game's rules, so it is written once: "{rules.supply.nuggets}"
RULES_REF = re.compile(r"^\{rules(\.[A-Za-z0-9_-]+)+\}$")
RulesRef = Annotated[str, Field(pattern=RULES_REF.pattern)]
PATTERN_WORDS[RULES_REF.pattern] = 'a number of the rules, "{rules.x.y}"'


class DeckEntry(Schema):
    """A deck as written in YAML: its size may name a preset."""

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
    printed_when_off: bool = False
    """With `optional`: the kit prints the deck even when its option is off (a promo or a
    variant a table may add: its rules say how), though the game is played without it."""
    scan_marker: bool = False
    """Print a small marker carrying each card's id (`playtest build --scan-marks`), so a
    photo of the cards laid out is read back by `playtest scan`."""
    scan_back: bool = False
    """With `scan_marker` and a `back`: the back carries a marker too, naming the deck, so a
    photo tells which side of the card is up (a card that lies either way, a village card)."""
    fields: dict[str, FieldType | list[FieldValue]] = {}
    """Every further card field and its type: `text`, `integer`, `number`, `list`, `boolean`, a
    list of allowed values, or a schema named by the game's rules module."""
    cards: list[Card] = Field(min_length=1)
    """The cards, each with `id`, `name`, `count` and the declared fields."""


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


class SheetEntry(Schema):
    """A score sheet or player aid printed as one page (or several per page), as written in
    YAML."""

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


class BoardEntry(Schema):
    """A board as written in YAML."""

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
    printed: bool = True
    """`false`: a place on the table, not a printed board (a player's tableau of cards, the
    zones of a card game), declared for the input fields its layout draws (`playtest
    fields`); the kit leaves it out."""
