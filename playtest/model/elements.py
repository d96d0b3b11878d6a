"""The layout vocabulary: what a YAML layout may draw. Units are millimetres from the top-left
corner of the component's trim box; y grows downwards.

Text fields are templates: `{name}` is replaced by the card's field `name`, `{rules.x.0}` reads
the game's rules, `{item}`/`{i}`/`{n}` are set by `repeat`. A colour is a palette name, `#rrggbb`
or `none`, and may be a template too.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Discriminator, Field, Tag

from playtest.model.base import Count, Mm, PositiveMm, Schema

Condition = dict[str, Any]  # field -> value or list of values; all must match


class Common(Schema):
    when: Condition | None = None
    unless: Condition | None = None
    # a name (a template, e.g. "garden.{row_i}.{i}") by which `playtest serve` finds what it
    # draws, to make it tappable; never printed
    tap: str | None = None


class Paintable(Common):
    fill: str | None = None
    stroke: str | None = None
    stroke_width: Annotated[float, Field(ge=0, le=50)] = 0.3
    dash: tuple[float, ...] | None = None


class Rect(Paintable):
    x: Mm = 0
    y: Mm = 0
    w: PositiveMm
    h: PositiveMm
    r: Annotated[float, Field(ge=0, le=500)] = 0
    bleed: bool = False  # grow by the bleed on every side: backgrounds that run off the cut


class Circle(Paintable):
    cx: Mm
    cy: Mm
    r: PositiveMm


class Line(Common):
    x1: Mm
    y1: Mm
    x2: Mm
    y2: Mm
    stroke: str = "ink"
    stroke_width: Annotated[float, Field(ge=0, le=50)] = 0.3
    dash: tuple[float, ...] | None = None


class Polygon(Paintable):
    points: list[tuple[Mm, Mm]] = Field(min_length=2)
    closed: bool = True


class Text(Common):
    text: str
    x: Mm = 0
    y: Mm = 0
    w: PositiveMm
    h: PositiveMm
    style: str | None = None
    font: str | None = None
    size: Annotated[float, Field(gt=0, le=500)] | None = None
    colour: str | None = None
    align: Literal["left", "center", "right"] | None = None
    valign: Literal["top", "middle", "bottom"] | None = None
    wrap: bool | None = None
    min_size: Annotated[float, Field(gt=0, le=500)] | None = None
    leading: Annotated[float, Field(gt=0, le=5)] | None = None
    rotate: Literal[0, 90, 180, 270] = 0


class Icon(Common):
    name: str
    x: Mm = 0
    y: Mm = 0
    w: PositiveMm
    h: PositiveMm
    fill: str | None = None  # paints the icon's `currentColor` parts
    rotate: float = 0


class Icons(Common):
    """A row of icons named by a list field, centred in the box (e.g. one or two trees)."""

    names: str
    x: Mm = 0
    y: Mm = 0
    w: PositiveMm
    h: PositiveMm
    size: PositiveMm | None = None
    gap: Mm = 1
    fill: str | None = None


class Pips(Common):
    """Standard die pips for a value 1..6 inside a square box."""

    value: str | int
    x: Mm = 0
    y: Mm = 0
    size: PositiveMm
    colour: str = "ink"


class Group(Common):
    x: Mm = 0
    y: Mm = 0
    rotate: float = 0
    scale: Annotated[float, Field(gt=0, le=100)] = 1
    elements: list[Element]


class Repeat(Common):
    """Draw `elements` once per item of a list (`over`) or `count` times, moving by `step`.

    Inside, `{item}`, `{i}` (from 0) and `{n}` (from 1); with `as: row` also `{row}`,
    `{row_i}` and `{row_n}`, which an inner repeat does not hide."""

    over: str | None = None
    count: Count | str | None = None  # a number or a template such as "{rules.pig.rows}"
    step: tuple[Mm, Mm] = (0, 0)
    wrap: Annotated[int, Field(ge=1)] | None = None  # items per line; then `line_step` moves on
    line_step: tuple[Mm, Mm] = (0, 0)
    name: str | None = Field(default=None, alias="as", pattern=r"^[a-z][a-z0-9_]*$")
    elements: list[Element]


class RectEl(Schema):
    rect: Rect


class CircleEl(Schema):
    circle: Circle


class LineEl(Schema):
    line: Line


class PolygonEl(Schema):
    polygon: Polygon


class TextEl(Schema):
    text: Text


class IconEl(Schema):
    icon: Icon


class IconsEl(Schema):
    icons: Icons


class PipsEl(Schema):
    pips: Pips


class GroupEl(Schema):
    group: Group


class RepeatEl(Schema):
    repeat: Repeat


ELEMENT_KINDS = ("rect", "circle", "line", "polygon", "text", "icon", "icons", "pips", "group",
                 "repeat")


def _element_kind(value: Any) -> str | None:
    if isinstance(value, dict) and len(value) == 1:
        key = next(iter(value))
        return key if key in ELEMENT_KINDS else None
    if isinstance(value, Schema):
        return next(iter(type(value).model_fields))
    return None


Element = Annotated[
    Annotated[RectEl, Tag("rect")]
    | Annotated[CircleEl, Tag("circle")]
    | Annotated[LineEl, Tag("line")]
    | Annotated[PolygonEl, Tag("polygon")]
    | Annotated[TextEl, Tag("text")]
    | Annotated[IconEl, Tag("icon")]
    | Annotated[IconsEl, Tag("icons")]
    | Annotated[PipsEl, Tag("pips")]
    | Annotated[GroupEl, Tag("group")]
    | Annotated[RepeatEl, Tag("repeat")],
    Discriminator(_element_kind),
]

Group.model_rebuild()
Repeat.model_rebuild()


def element_body(element: Any) -> Common:
    """The element's settings, whatever its kind (`{rect: {...}}` -> the Rect)."""
    return getattr(element, next(iter(type(element).model_fields)))
