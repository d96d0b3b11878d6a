"""Crop marks and cutting guides around a grid of slots."""

from __future__ import annotations

from playtest.drawing.model import Line, Shape, Stroke
from playtest.generator.impose.grid import Slot
from playtest.model.print_options import PrintOptions

MARK = (0.0, 0.0, 0.0)
GUIDE = (0.75, 0.75, 0.75)


def cut_lines(slots: tuple[Slot, ...] | list[Slot]) -> tuple[list[float], list[float]]:
    xs = sorted({round(v, 4) for s in slots for v in (s.x, s.x + s.w)})
    ys = sorted({round(v, 4) for s in slots for v in (s.y, s.y + s.h)})
    return xs, ys


def _span(
    cut: float, limit: float, direction: int, opts: PrintOptions
) -> tuple[float, float] | None:
    """A mark whose outer end is at `limit` (the printable margin, or `footer_gap` above the
    footer band at the bottom), `crop_length` long or, where that would come closer than
    `crop_offset` to the cut at `cut` (it would then show on the card), as long as the room
    leaves: none shorter than `crop_length_min`."""
    room = (limit - cut) * direction - opts.crop_offset
    length = min(opts.crop_length, room)
    if length < opts.crop_length_min - 1e-9:
        return None
    return (limit - direction * length, limit)


def crop_marks(slots: tuple[Slot, ...] | list[Slot], opts: PrintOptions) -> list[Shape]:
    """Short lines on every cut line outside the block of cards, each ending
    at the printable margin (printers do not print reliably closer to the paper's edge) or
    `footer_gap` above the footer band. They may cross the block's outer bleed, which is cut off."""
    if not slots:
        return []
    stroke = Stroke(MARK, opts.crop_width)
    xs, ys = cut_lines(slots)
    pw, _ = opts.paper
    m = opts.margin
    shapes: list[Shape] = []
    for span in (_span(min(ys), m, -1, opts), _span(max(ys), opts.marks_bottom, 1, opts)):
        if span is not None:
            shapes += [Line(x, span[0], x, span[1], stroke) for x in xs]  # above and below
    for span in (_span(min(xs), m, -1, opts), _span(max(xs), pw - m, 1, opts)):
        if span is not None:
            shapes += [Line(span[0], y, span[1], y, stroke) for y in ys]  # left and right
    return shapes


def guides(slots: tuple[Slot, ...] | list[Slot], opts: PrintOptions) -> list[Shape]:
    """Long light lines across the page on every cut line, drawn under the art (guillotine)."""
    stroke = Stroke(GUIDE, opts.crop_width / 2)
    xs, ys = cut_lines(slots)
    pw, _ = opts.paper
    m = opts.margin
    lines: list[Shape] = [Line(x, m, x, opts.marks_bottom, stroke) for x in xs]
    return lines + [Line(m, y, pw - m, y, stroke) for y in ys]
