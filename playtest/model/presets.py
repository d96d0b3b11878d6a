"""Paper sizes, card sizes and sheet templates: the print layouts are data, not code paths."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from playtest.model.base import Id, PositiveMm, Schema

Kind = Literal["card", "token", "sticker", "net", "sheet", "tile"]


class SheetTemplate(Schema):
    """How items of one size are laid out on one paper.

    `cols` x `rows` slots of `item` size, `gutter` apart, centred on the paper. With `rotate`
    the items are turned a quarter turn to fit more of them.
    """

    id: Id
    kind: Kind
    paper: str
    item: str | tuple[PositiveMm, PositiveMm] | None = None  # size preset or [w, h]; None = any
    cols: Annotated[int, Field(ge=1, le=50)]
    rows: Annotated[int, Field(ge=1, le=50)]
    gutter: Annotated[float, Field(ge=0, le=100)] = 0
    rotate: bool = False
    priority: int = 0


class Print(Schema):
    """Print defaults (every one can be overridden on the command line)."""

    paper: str = "a4"
    bleed: Annotated[float, Field(ge=0, le=10)] = 3
    safe: Annotated[float, Field(ge=0, le=10)] = 3
    printable_margin: Annotated[float, Field(ge=0, le=30)] = 6
    crop_marks: bool = True
    crop_offset: Annotated[float, Field(ge=0, le=10)] = 3
    crop_length: Annotated[float, Field(ge=0, le=20)] = 5
    crop_width_pt: Annotated[float, Field(gt=0, le=5)] = 0.4
    backs: Literal["duplex-long", "duplex-short", "fold", "none"] = "duplex-long"
    back_bleed: Annotated[float, Field(ge=0, le=10)] = 1.5  # extra bleed on backs against drift
    sticker_size: PositiveMm = 12
    net_face: PositiveMm = 20
    glue_tab: PositiveMm = 6
    tile_overlap: Annotated[float, Field(ge=0, le=50)] = 15


class Presets(Schema):
    papers: dict[str, tuple[PositiveMm, PositiveMm]]
    sizes: dict[str, tuple[PositiveMm, PositiveMm]]
    templates: list[SheetTemplate] = []
    print: Print = Print()
