"""Card (and token) sheets: fronts on a grid with crop marks, backs that line up (duplex long
or short edge), or fronts and backs on one page about a fold line."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from itertools import islice

from playtest.generator.draw.model import Circle, Group, Line, Page, Rect, Shape, Stroke, Text
from playtest.generator.impose.backs import back_placement, map_rect, paper_flip
from playtest.generator.impose.grid import SheetLayout, Slot, grid_layout
from playtest.generator.impose.marks import crop_marks, guides
from playtest.generator.impose.options import PrintOptions
from playtest.generator.render.faces import Face

FOLD_STROKE = Stroke((0.6, 0.6, 0.6), 0.25, (2.0, 1.5))
CUT_STROKE = Stroke((0.55, 0.55, 0.55), 0.2)
LABEL_COLOUR = (0.45, 0.45, 0.45)


def expand(faces: Iterable[Face]) -> Iterator[Face]:
    """Every copy of every face, in order."""
    for face in faces:
        for _ in range(face.copies):
            yield face


def _chunks(items: Iterator[Face], size: int) -> Iterator[list[Face]]:
    while chunk := list(islice(items, size)):
        yield chunk


def place_front(face: Face, slot: Slot, bleed_cap: float | None = None) -> Shape:
    inner = Group(face.shapes, slot.placement(face.width, face.height))
    return Group((inner,), clip=slot.bleed_rect(cap=bleed_cap))


def place_back(back: Face, slot: Slot, opts: PrintOptions, fold_y: float | None = None) -> Shape:
    flip = paper_flip(opts.backs, opts.paper, fold_y)
    offset = (0.0, 0.0) if opts.backs == "fold" else opts.back_offset
    front = slot.placement(back.width, back.height)
    t = back_placement(front, back.width, flip, offset)
    # back bleed: the extra bleed on the outer sides, never more than half the gutter inside
    clip = map_rect(flip, slot.bleed_rect(extra=opts.back_bleed))
    clip = (clip[0] + offset[0], clip[1] + offset[1], clip[2], clip[3])
    return Group((Group(back.shapes, t),), clip=clip)


def boxes(slots: list[Slot], bleed: float) -> tuple[tuple[float, ...], tuple[float, ...]]:
    x0 = min(s.x for s in slots)
    y0 = min(s.y for s in slots)
    x1 = max(s.x + s.w for s in slots)
    y1 = max(s.y + s.h for s in slots)
    trim = (x0, y0, x1 - x0, y1 - y0)
    return trim, (x0 - bleed, y0 - bleed, x1 - x0 + 2 * bleed, y1 - y0 + 2 * bleed)


def outline(slot: Slot, shape: str) -> Shape:
    """A thin cut line for stickers and tokens that are cut by hand without bleed."""
    if shape == "circle":
        return Circle(slot.x + slot.w / 2, slot.y + slot.h / 2, min(slot.w, slot.h) / 2,
                      None, CUT_STROKE)
    radius = 1.5 if shape == "rounded" else 0
    return Rect(slot.x, slot.y, slot.w, slot.h, radius, None, CUT_STROKE)


def impose_cards(faces: Iterable[Face], back: Face | None, layout: SheetLayout,
                 opts: PrintOptions, label: str, *, cut_shape: str | None = None) -> Iterator[Page]:
    """Front pages (and back pages or fold pages) for every copy of `faces`."""
    if back is not None and opts.backs == "fold":
        yield from _impose_fold(faces, back, layout, opts, label)
        return
    pw, ph = opts.paper
    for number, chunk in enumerate(_chunks(expand(faces), len(layout.slots)), start=1):
        slots = list(layout.slots[: len(chunk)])
        shapes: list[Shape] = guides(slots, opts) if opts.guides else []
        shapes += [place_front(face, slot) for face, slot in zip(chunk, slots, strict=True)]
        if cut_shape is not None:
            shapes += [outline(slot, cut_shape) for slot in slots]
        if opts.crop_marks and cut_shape is None:
            shapes += crop_marks(slots, opts)
        trim, bleed_box = boxes(slots, opts.bleed)
        yield Page(pw, ph, tuple(shapes), trim, bleed_box, f"{label} {number}")
        if back is not None and opts.duplex:
            backs = tuple(place_back(back, slot, opts) for slot in slots)
            yield Page(pw, ph, backs, None, None, f"{label} {number} (backs)")


def _impose_fold(faces: Iterable[Face], back: Face, layout: SheetLayout, opts: PrintOptions,
                 label: str) -> Iterator[Page]:
    """Fronts in the top half, backs mirrored in the bottom half: fold on the line, glue."""
    from playtest.generator.impose.grid import auto_template

    pw, ph = opts.paper
    fold_y = ph / 2
    half = (0.0, 0.0, pw, fold_y)
    template = auto_template("card", opts.paper_name, (pw, fold_y), layout.item, opts.bleed,
                             opts.margin, layout.gutter)
    template = template.model_copy(update={"id": f"{layout.template}-fold"})
    top = grid_layout(template, opts.paper, layout.item, opts.bleed, opts.margin, region=half)
    for number, chunk in enumerate(_chunks(expand(faces), len(top.slots)), start=1):
        slots = list(top.slots[: len(chunk)])
        shapes: list[Shape] = [place_front(face, slot) for face, slot in zip(chunk, slots,
                                                                               strict=True)]
        shapes += [place_back(back, slot, opts, fold_y) for slot in slots]
        shapes.append(Line(opts.margin, fold_y, pw - opts.margin, fold_y, FOLD_STROKE))
        shapes.append(Text(opts.margin, fold_y - 1, "fold here, glue, then cut", "regular", 2.5,
                           LABEL_COLOUR))
        if opts.crop_marks:
            shapes += crop_marks(slots, replace(opts, paper=(pw, fold_y)))
        trim, bleed_box = boxes(slots, opts.bleed)
        yield Page(pw, ph, tuple(shapes), trim, bleed_box, f"{label} {number} (fold)")
