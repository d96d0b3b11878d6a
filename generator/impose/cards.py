"""Card (and token) sheets: fronts on a grid with crop marks, backs that line up (duplex long
or short edge), or fronts and backs on one page about a fold line."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from itertools import islice

from playtest.drawing.face import DrawnFace
from playtest.drawing.model import (
    Circle,
    Group,
    Line,
    Page,
    PaperSheet,
    Rect,
    Shape,
    Stroke,
    Text,
)
from playtest.generator.impose.backs import back_placement, map_rect, paper_flip
from playtest.generator.impose.grid import (
    SheetLayout,
    Slot,
    auto_template,
    grid_layout,
    roomy_template,
)
from playtest.generator.impose.marks import crop_marks, guides
from playtest.model.print_options import PrintOptions

FOLD_STROKE = Stroke((0.6, 0.6, 0.6), 0.25, (2.0, 1.5))
CUT_STROKE = Stroke((0.55, 0.55, 0.55), 0.2)
LABEL_COLOUR = (0.45, 0.45, 0.45)


def expand(faces: Iterable[DrawnFace]) -> Iterator[DrawnFace]:
    """Every copy of every face, in order."""
    for face in faces:
        for _ in range(face.copies):
            yield face


def _chunks(items: Iterator[DrawnFace], size: int) -> Iterator[list[DrawnFace]]:
    while chunk := list(islice(items, size)):
        yield chunk


def place_front(face: DrawnFace, slot: Slot) -> Shape:
    inner = Group(face.shapes, slot.placement(face.width, face.height))
    return Group((inner,), clip=slot.bleed_rect())


def place_back(
    back: DrawnFace, slot: Slot, opts: PrintOptions, fold_y: float | None = None
) -> Shape:
    flip = paper_flip(opts.backs, opts.paper, fold_y)
    offset = (0.0, 0.0) if opts.backs == "fold" else opts.back_offset
    front = slot.placement(back.width, back.height)
    t = back_placement(front, back.width, flip, offset)
    # backs get extra bleed against drift, but never more than half the gutter towards a
    # neighbour
    clip = map_rect(flip, slot.bleed_rect(extra=opts.back_bleed))
    clip = _printable((clip[0] + offset[0], clip[1] + offset[1], clip[2], clip[3]), opts)
    return Group((Group(back.shapes, t),), clip=clip)


def _printable(
    rect: tuple[float, float, float, float], opts: PrintOptions
) -> tuple[float, float, float, float]:
    """`rect` cut to the printable area: a back's extra bleed stops at the printable margin
    (a block of cards with a gutter reaches it with its plain bleed)."""
    pw, ph = opts.paper
    m = opts.margin
    x0, y0 = max(rect[0], m), max(rect[1], m)
    x1, y1 = min(rect[0] + rect[2], pw - m), min(rect[1] + rect[3], ph - m)
    return (x0, y0, x1 - x0, y1 - y0)


def boxes(
    slots: list[Slot],
) -> tuple[tuple[float, float, float, float], tuple[float, float, float, float]]:
    """The page's trim box and bleed box round the cards printed on it."""
    x0 = min(s.x for s in slots)
    y0 = min(s.y for s in slots)
    x1 = max(s.x + s.w for s in slots)
    y1 = max(s.y + s.h for s in slots)
    art = [s.bleed_rect() for s in slots]
    bx0, by0 = min(r[0] for r in art), min(r[1] for r in art)
    bx1, by1 = max(r[0] + r[2] for r in art), max(r[1] + r[3] for r in art)
    return (x0, y0, x1 - x0, y1 - y0), (bx0, by0, bx1 - bx0, by1 - by0)


def outline(slot: Slot, shape: str) -> Shape:
    """A thin cut line for stickers and tokens that are cut by hand without bleed."""
    if shape == "circle":
        return Circle(
            slot.x + slot.w / 2, slot.y + slot.h / 2, min(slot.w, slot.h) / 2, None, CUT_STROKE
        )
    radius = 1.5 if shape == "rounded" else 0
    return Rect(slot.x, slot.y, slot.w, slot.h, radius, None, CUT_STROKE)


def impose_cards(
    faces: Iterable[DrawnFace],
    back: DrawnFace | None,
    layout: SheetLayout,
    opts: PrintOptions,
    label: str,
    *,
    cut_shape: str | None = None,
) -> Iterator[PaperSheet]:
    """One sheet (front page, and back page when duplex) per page-full of `faces` copies."""
    if back is not None and opts.backs == "fold":
        yield from _impose_fold(faces, back, layout, opts, label, cut_shape)
        return
    pw, ph = opts.paper
    full = layout.filled(len(layout.slots), opts.bleed)  # every full page's, worked out once
    for number, chunk in enumerate(_chunks(expand(faces), len(layout.slots)), start=1):
        slots = full if len(chunk) == len(full) else layout.filled(len(chunk), opts.bleed)
        shapes: list[Shape] = guides(slots, opts) if opts.guides else []
        shapes += [place_front(face, slot) for face, slot in zip(chunk, slots, strict=True)]
        if cut_shape is not None:
            shapes += [outline(slot, cut_shape) for slot in slots]
        if opts.crop_marks and cut_shape is None:
            shapes += crop_marks(slots, opts)
        trim, bleed_box = boxes(slots)
        front = Page(pw, ph, tuple(shapes), trim, bleed_box, f"{label} {number}")
        backs = None
        if back is not None and opts.duplex:
            backs = Page(
                pw,
                ph,
                tuple(place_back(back, slot, opts) for slot in slots),
                None,
                None,
                f"{label} {number} (backs)",
            )
        yield PaperSheet(front, backs)


def fold_layout(layout: SheetLayout, opts: PrintOptions) -> SheetLayout:
    """The grid of the top half of a fold page (the backs mirror it in the bottom half, so it
    keeps the footer band's height clear at the fold and at the top): as many items as fit the
    half, `--gutter` apart when given, else print.yaml's `gutter` as far as room allows (a
    sheet template's gutter is for its own grid, not this one)."""
    pw, ph = opts.paper
    fold_y = ph / 2
    half = (0.0, opts.footer, pw, fold_y - 2 * opts.footer)
    paper = (pw, fold_y - opts.footer)
    if opts.gutter is None:
        template = roomy_template(
            "card",
            opts.paper_name,
            paper,
            layout.item,
            opts.bleed,
            opts.margin,
            opts.auto_gutter,
            footer=opts.footer,
        )
    else:
        template = auto_template(
            "card",
            opts.paper_name,
            paper,
            layout.item,
            opts.bleed,
            opts.margin,
            opts.gutter,
            footer=opts.footer,
        )
    template = template.model_copy(update={"id": f"{layout.template}-fold"})
    return grid_layout(template, opts.paper, layout.item, opts.bleed, opts.margin, region=half)


def _impose_fold(
    faces: Iterable[DrawnFace],
    back: DrawnFace,
    layout: SheetLayout,
    opts: PrintOptions,
    label: str,
    cut_shape: str | None = None,
) -> Iterator[PaperSheet]:
    """Fronts in the top half, backs mirrored in the bottom half: fold on the line, glue.
    Tokens (`cut_shape`) get their cut outline on the front instead of crop marks."""
    pw, ph = opts.paper
    fold_y = ph / 2
    top = fold_layout(layout, opts)
    full = top.filled(len(top.slots), opts.bleed)  # every full page's, worked out once
    for number, chunk in enumerate(_chunks(expand(faces), len(top.slots)), start=1):
        slots = full if len(chunk) == len(full) else top.filled(len(chunk), opts.bleed)
        shapes: list[Shape] = [
            place_front(face, slot) for face, slot in zip(chunk, slots, strict=True)
        ]
        shapes += [place_back(back, slot, opts, fold_y) for slot in slots]
        shapes.append(Line(opts.margin, fold_y, pw - opts.margin, fold_y, FOLD_STROKE))
        shapes.append(
            Text(opts.margin, fold_y - 1, "fold here, glue, then cut", "regular", 2.5, LABEL_COLOUR)
        )
        if cut_shape is not None:
            shapes += [outline(slot, cut_shape) for slot in slots]
        elif opts.crop_marks:
            shapes += crop_marks(slots, replace(opts, paper=(pw, fold_y)))
        trim, bleed_box = boxes(slots)
        yield PaperSheet(Page(pw, ph, tuple(shapes), trim, bleed_box, f"{label} {number} (fold)"))
