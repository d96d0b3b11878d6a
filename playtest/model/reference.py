"""The rules reference printed in every kit (a `reference:` block in a game's YAML): set-up, a
turn, the end, scoring and tie-breakers, in the designer's words, with the numbers read from
the rules so the reference can never disagree with the cards, the sheets or the scorer."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from playtest.core.schema import Schema


class ReferenceLine(Schema):
    """One paragraph: a rule (`text`) or how the kit reads an ambiguous write-up (`reading`)."""

    text: str | None = None
    """A rule in your words. `{rules.x.y}` prints a value of the rules (a list prints as
    `1, 2, 3`), `{cards.ID.FIELD}` a card's field, `{game.players.1}` the game's own; a value
    named in `defaults` is printed with the playtest-default mark."""
    reading: str | None = None
    """How the kit reads a point the write-up leaves open, printed in italics after the
    reference's `reading_label`, where the rule it reads is printed."""
    default: bool = False
    """The paragraph itself states a playtest default (the mark is printed at its end): for
    values the text cannot name, such as the points printed on each card."""
    when: dict[str, Any] | None = None
    """Printed only when these conditions hold (as in layouts: `{game.options.rhubarb: true}`).
    A paragraph chosen by the value of a path named in `defaults` states that default in words:
    the mark is printed at its end. `{scan: true}` holds in a kit built with `--scan-marks`."""
    unless: dict[str, Any] | None = None
    """Not printed when these conditions hold."""

    @model_validator(mode="after")
    def _one_kind(self) -> ReferenceLine:
        if (self.text is None) == (self.reading is None):
            raise ValueError("give either `text` or `reading` (exactly one)")
        return self


class ReferenceSection(Schema):
    """A heading (Set-up, A turn, The end, Scoring, ...) and its paragraphs, in order."""

    title: str
    """The heading, printed in bold."""
    lines: list[str | ReferenceLine] = Field(min_length=1)
    """The paragraphs: a string is a rule (`text`), a mapping may be a reading or conditional."""


class Reference(Schema):
    """The kit's rules reference: what a table needs to set up, play and score the game without
    the write-up."""

    layout: Literal["folded-sheet", "cards"] = "folded-sheet"
    """`folded-sheet`: one sheet of paper printed on both sides in two columns, folded down the
    middle; `cards`: a deck of reference cards of `size`, imposed like any card."""
    size: str | tuple[float, float] = "poker"
    """The card size for `layout: cards` (a size preset or `[width, height]` in mm)."""
    title: str = "{game.name}: rules reference"
    """Printed at the top of the first column or card."""
    text_size: float = Field(8.5, ge=6, le=14)
    """Body text in pt (headings print 1.5 pt larger); never below 6 pt. A folded sheet's text
    grows from this size, up to `max_text_size`, until it fills the columns of its last page."""
    max_text_size: float = Field(11, ge=6, le=14)
    """The largest body size a folded sheet grows to, pt (reference cards keep `text_size`)."""
    defaults: list[str] = []
    """Template paths whose values are playtest defaults (`rules.pig.row_points`): every value
    printed from one of them (or from inside it) carries the mark `mark`."""
    mark: str = "\u2020"
    """The playtest-default mark."""
    footnote: str = "playtest default \u2014 change it in game.yaml"
    """Printed after the mark at the foot of every page or card that shows it: the one place
    the reference tells the designer where its defaults live (name every file that holds one)."""
    reading_label: str = "Reading:"
    """Printed before every reading."""
    sections: list[ReferenceSection] = Field(min_length=1)
    """The reference's parts, in order. A folded sheet keeps each one in a single column."""

    @model_validator(mode="after")
    def _sizes_in_order(self) -> Reference:
        if self.max_text_size < self.text_size:
            raise ValueError(
                f"max_text_size {self.max_text_size:g} is below text_size {self.text_size:g}"
            )
        return self
