"""Paper sizes, card sizes and sheet templates: the print layouts are data, not code paths."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, ValidationInfo, model_validator

from playtest.core.limits import MAX_GRID
from playtest.core.schema import Id, PositiveMm, Schema

Gutter = Annotated[float, Field(ge=0, le=100)]
# what the component checklist gives paper advice for, by how the section is printed
Advised = Literal["cards", "tokens", "dice stickers", "dice nets", "sheets", "board"]
Kind = Literal["card", "token", "sticker", "net", "sheet", "tile"]
# the validation context's key for the settings a `print:` mapping's missing keys take
PRINT_FALLBACK = "print_fallback"


class SheetTemplate(Schema):
    """How items of one size are laid out on one paper.

    `cols` x `rows` slots of `item` size, `gutter` apart (one number, or `[across, down]`),
    centred on the paper. With `rotate` the items are turned a quarter turn to fit more of them.
    A gutter of twice the bleed gives every card its full bleed on every side.
    """

    id: Id
    """Unique."""
    kind: Kind
    """What the template lays out."""
    paper: str
    """A paper name of `papers`."""
    item: str | tuple[PositiveMm, PositiveMm] | None = None  # size preset or [w, h]; None = any
    """A size preset or `[w, h]`; none: any size."""
    cols: Annotated[int, Field(ge=1, le=MAX_GRID)]
    """Columns."""
    rows: Annotated[int, Field(ge=1, le=MAX_GRID)]
    """Rows."""
    gutter: Gutter | tuple[Gutter, Gutter] = 0
    """Space between items in mm, or `[between columns, between rows]`."""
    rotate: bool = False
    """Turn items a quarter turn to fit more."""
    fit: bool = False  # scale each item to fill its share of the page (score sheets)
    """Scale each item to fill its share of the page (score sheets)."""
    label: str = ""  # how the kit's contents name this layout ("2-up pad")
    """How the contents page names this layout ("2-up pad")."""
    priority: int = 0
    """Higher wins when several templates fit."""

    @property
    def gaps(self) -> tuple[float, float]:
        """The gutter between columns and between rows, in mm."""
        g = self.gutter
        return (float(g[0]), float(g[1])) if isinstance(g, tuple) else (float(g), float(g))


class Print(Schema):
    """Print settings, each one written in `_shared/print.yaml` and each one can be overridden
    on the command line. A key your own components folder's print.yaml leaves out (one written
    for an older version) takes the installed `components/_shared/print.yaml`'s value: the
    default below."""

    # no value here: the YAML is their one source (the loader gives the installed ones as
    # the validation context's PRINT_FALLBACK)

    paper: str
    """Default paper."""
    bleed: Annotated[float, Field(ge=0, le=10)]
    """Art beyond the trim on every side of a card, mm."""
    printable_margin: Annotated[float, Field(ge=0, le=30)]
    """Margin a home printer cannot print, mm."""
    crop_marks: bool
    """Crop marks outside the cards."""
    crop_offset: Annotated[float, Field(ge=0, le=10)]
    """Least gap between a crop mark and the cut, mm (a side with no room for a whole mark and
    this gap gets none)."""
    crop_length: Annotated[float, Field(gt=0, le=20)]
    """Length of every crop mark, mm: each one ends at the printable margin."""
    crop_length_min: Annotated[float, Field(gt=0, le=20)]
    """A side of the block with less room than `crop_length` and `crop_offset` gets marks as
    long as the room leaves, down to this many mm (none below it)."""
    crop_width_pt: Annotated[float, Field(gt=0, le=5)]
    """Crop mark width, points."""
    backs: Literal["duplex-long", "duplex-short", "fold", "none"]
    """How backs are printed."""
    back_bleed: Annotated[float, Field(ge=0, le=10)]  # extra bleed on backs against drift
    """Extra bleed on backs against duplex drift, mm."""
    sticker_size: PositiveMm
    """Die sticker size, mm."""
    net_face: PositiveMm
    """Face size of a paper cube net, mm."""
    glue_tab: PositiveMm
    """Glue tab width of a net, mm."""
    tile_overlap: Annotated[float, Field(ge=0, le=50)]
    """Glue overlap between board tiles, mm."""
    mark_inset: Annotated[float, Field(ge=0, le=20)]
    """From a card's trim (left and bottom) to its version mark, mm: the safe area, where the
    mark stays when the card is cut a little off. A layout can move it (`mark:`)."""
    footer: Annotated[float, Field(ge=0, le=20)]
    """Band above the bottom margin for the footer, mm."""
    footer_gap: Annotated[float, Field(ge=0, le=20)]
    """Least gap between the footer band and the crop marks or guides above it, mm."""
    gutter: Annotated[float, Field(ge=0, le=20)]
    """Gap between cards on a sheet no template lays out (an automatic grid, a fold page), mm,
    where the paper has room for it once it holds as many cards as without one."""
    scan_marks: bool
    """Print scan marks (`playtest build --scan-marks`): corner markers on every sheet with
    places to fill in, an id marker on every card of a deck with `scan_marker: true`."""
    scan_marker: Annotated[float, Field(ge=3, le=20)]
    """Side of a sheet's corner marker, mm (on the sheet's own scale)."""
    scan_inset: Annotated[float, Field(ge=0, le=10)]
    """From a sheet's edge to its corner markers, mm."""
    scan_card_marker: Annotated[float, Field(ge=3, le=20)]
    """Side of a card's id marker, mm (a white margin a sixth of it wide goes round it)."""
    scan_card_inset: Annotated[float, Field(ge=0, le=20)]
    """From a card's trim to its id marker (bottom right), mm: the marker and its margin inside
    the safe area. A card layout can move it (`scan_marker:`)."""

    @model_validator(mode="before")
    @classmethod
    def _missing_keys_from_fallback(cls, data: Any, info: ValidationInfo) -> Any:
        fallback = (info.context or {}).get(PRINT_FALLBACK)
        return {**fallback, **data} if fallback and isinstance(data, dict) else data


class Net(Schema):
    """A paper cube net: which grid cell (column, row) holds each die face, in the die's face
    order, and which cell edges carry a glue tab. Faces 1/6, 2/5 and 3/4 of the order must
    end up opposite each other once folded (a test folds the net to prove it)."""

    cells: list[tuple[int, int]] = Field(min_length=6, max_length=6)
    """The grid cell (column, row) of each face, in the die's face order."""
    tabs: list[tuple[int, Literal["top", "bottom", "left", "right"]]] = []  # (face, edge)
    """`(face, edge)` pairs that carry a glue tab."""


class Presets(Schema):
    papers: dict[str, tuple[PositiveMm, PositiveMm]]
    sizes: dict[str, tuple[PositiveMm, PositiveMm]]
    templates: list[SheetTemplate] = []
    print: Print
    net: Net | None = None
    advice: dict[Advised, str] = {}  # paper and cardstock advice, printed on the checklist
