"""Crop marks and cutting guides around a grid of slots."""

from __future__ import annotations

from playtest.generator.draw.model import Line, Shape, Stroke
from playtest.generator.impose.grid import Slot
from playtest.generator.impose.options import PrintOptions

MARK = (0.0, 0.0, 0.0)
GUIDE = (0.75, 0.75, 0.75)
MIN_MARK = 2.0  # shorter than this a mark is useless
EDGE_CLEARANCE = 2.0  # marks never run to the paper's edge (viewers would then scale it)


def cut_lines(slots: tuple[Slot, ...] | list[Slot]) -> tuple[list[float], list[float]]:
    xs = sorted({round(v, 4) for s in slots for v in (s.x, s.x + s.w)})
    ys = sorted({round(v, 4) for s in slots for v in (s.y, s.y + s.h)})
    return xs, ys


def _span(start: float, direction: int, edge: float, opts: PrintOptions) -> tuple[float, float]:
    """From `start` towards the paper edge at `edge`: prefer stopping at the printable margin,
    else stop just short of the edge."""
    room_printable = abs(edge - start) - opts.margin
    room_edge = abs(edge - start) - EDGE_CLEARANCE
    length = min(opts.crop_length, room_printable)
    if length < MIN_MARK:
        length = min(opts.crop_length, room_edge)
    if length < MIN_MARK / 2:
        return (start, start)
    return (start, start + direction * length)


def crop_marks(slots: tuple[Slot, ...] | list[Slot], opts: PrintOptions) -> list[Shape]:
    """Short lines on every cut line, outside the whole grid (so never on any card's art)."""
    if not slots:
        return []
    stroke = Stroke(MARK, opts.crop_width)
    xs, ys = cut_lines(slots)
    left = min(s.x - s.bleed[0] for s in slots)
    top = min(s.y - s.bleed[1] for s in slots)
    right = max(s.x + s.w + s.bleed[2] for s in slots)
    bottom = max(s.y + s.h + s.bleed[3] for s in slots)
    grid_left, grid_top = min(xs), min(ys)
    grid_right, grid_bottom = max(xs), max(ys)
    pw, ph = opts.paper
    shapes: list[Shape] = []
    spans_y = (_span(min(top, grid_top - opts.crop_offset), -1, 0, opts),
               _span(max(bottom, grid_bottom + opts.crop_offset), 1, ph, opts))
    spans_x = (_span(min(left, grid_left - opts.crop_offset), -1, 0, opts),
               _span(max(right, grid_right + opts.crop_offset), 1, pw, opts))
    for at, (a, b) in ((x, span) for x in xs for span in spans_y if span[0] != span[1]):
        shapes.append(Line(at, a, at, b, stroke))  # above and below the grid
    for at, (a, b) in ((y, span) for y in ys for span in spans_x if span[0] != span[1]):
        shapes.append(Line(a, at, b, at, stroke))  # left and right of the grid
    return shapes


def guides(slots: tuple[Slot, ...] | list[Slot], opts: PrintOptions) -> list[Shape]:
    """Long light lines across the page on every cut line, drawn under the art (guillotine)."""
    stroke = Stroke(GUIDE, opts.crop_width / 2)
    xs, ys = cut_lines(slots)
    pw, ph = opts.paper
    return ([Line(x, EDGE_CLEARANCE, x, ph - EDGE_CLEARANCE, stroke) for x in xs]
            + [Line(EDGE_CLEARANCE, y, pw - EDGE_CLEARANCE, y, stroke) for y in ys])
