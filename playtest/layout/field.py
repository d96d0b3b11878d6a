"""`field:` on a layout element: what a player writes there (a box ticked, circles crossed, a
number, a choice, a card), named by an id. `playtest fields GAME` lists them with their boxes
in mm; a YAML-scored game's records, the phone entry page and a photo reading all name them.

Fields are never printed: a kit is drawn the same with or without them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field, model_validator

from playtest.core.schema import Schema
from playtest.expr.fields import Choice
from playtest.generator.render.env import RenderError
from playtest.generator.render.templates import Context, TemplateError, resolve

if TYPE_CHECKING:
    from playtest.core.yamlsource import Loc
    from playtest.layout.verb import LayoutCheck

FieldKind = Literal["box", "track", "number", "choice", "card"]
FIELD_KINDS: tuple[str, ...] = ("box", "track", "number", "choice", "card")
# a field's id once its template is filled in: dotted words (`row2.box5`, `apples`); `*` and
# `#` are left to the patterns of scoring expressions
FIELD_ID = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$")
MAX_FIELD_ID = 80
NUMBER_MAX = 999  # a number written in, when its field says no `max`


class FieldSpec(Schema):
    """An input field drawn by this element."""

    id: Annotated[str, Field(min_length=1, max_length=200)]
    """The field's id, a template filled in per item of a repeat: `row{row_n}.box{n}`. Once
    filled in: lower-case words of letters, digits and `_` joined by dots, a letter first."""
    kind: FieldKind
    """`box` (ticked or not), `track` (how many circles are crossed, in order), `number` (a
    whole number written in), `choice` (one of `values`; an element that draws one item per
    value, a repeat over them in order, is read from a photo by the item crossed), `card` (a
    card id)."""
    values: list[Choice] | str | None = None
    """choice: the values it may take (a list, or a template naming one: `{rules.colours}`)."""
    min: int | None = None
    """number: the smallest value (default 0)."""
    max: int | str | None = None
    """track: how many circles (default: the items the element draws); number: the largest
    value (default 999). A number or a template (`{rules.pig.circles_per_row}`)."""
    deck: str | None = None
    """card: the deck whose cards go here (default: any card of the game). choice: a deck whose
    card lies here either side up, its `values` the face's then the back's (a photo reads the
    side by the marker printed on each, `scan_marker` and `scan_back`)."""

    @model_validator(mode="after")
    def _options_of_its_kind(self) -> FieldSpec:
        if self.kind == "choice" and self.values is None:
            raise ValueError("a choice field needs `values`")
        wrong = [
            name
            for name, kinds in (
                ("values", ("choice",)),
                ("min", ("number",)),
                ("max", ("number", "track")),
                ("deck", ("card", "choice")),
            )
            if getattr(self, name) is not None and self.kind not in kinds
        ]
        if wrong:
            raise ValueError(f"a {self.kind} field has no `{wrong[0]}`")
        sides = self.kind == "choice" and self.deck is not None
        if sides and isinstance(self.values, list) and len(self.values) != 2:
            raise ValueError("a choice of a card's side has two `values`: face, then back")
        return self

    def check(self, refs: LayoutCheck, at: Loc) -> None:
        if self.deck is not None and self.deck not in {d.id for d in refs.game.decks}:
            known = ", ".join(sorted(d.id for d in refs.game.decks)) or "none"
            refs.report((*at, "deck"), f"unknown deck {self.deck!r} (expected one of: {known})")

    def mark(self, ctx: Context, where: str) -> FieldMark:
        """The field as drawn for one item: its id and limits filled in."""
        try:
            field_id = resolve(self.id, ctx)
            values = resolve(self.values, ctx)
            most = resolve(self.max, ctx)
        except TemplateError as exc:
            raise RenderError(where, str(exc)) from None
        if not isinstance(field_id, str) or not FIELD_ID.match(field_id):
            raise RenderError(
                f"{where}.id",
                f"field id {field_id!r} is not dotted lower-case words "
                "(a letter first, then letters, digits and `_`), e.g. `row2.box5`",
            )
        if len(field_id) > MAX_FIELD_ID:
            raise RenderError(f"{where}.id", f"field id is longer than {MAX_FIELD_ID} characters")
        if values is not None and (
            not isinstance(values, list)
            or not values
            or not all(isinstance(v, str | int) and not isinstance(v, bool) for v in values)
            or len(set(values)) != len(values)
        ):
            raise RenderError(
                f"{where}.values", f"expected a list of different texts or numbers, got {values!r}"
            )
        if most is not None and (not isinstance(most, int) or isinstance(most, bool) or most < 0):
            raise RenderError(f"{where}.max", f"expected a whole number, got {most!r}")
        return FieldMark(
            id=field_id,
            kind=self.kind,
            values=tuple(values) if values is not None else None,
            min=self.min,
            max=most,
            deck=self.deck,
            where=where,
        )


@dataclass(frozen=True)
class FieldMark:
    """A field as drawn: kept on the group of the shapes its element drew (only when fields
    are asked for: a kit never carries them)."""

    id: str
    kind: str
    values: tuple[Choice, ...] | None
    min: int | None
    max: int | None
    deck: str | None
    where: str  # the element's place in the layout, for errors
