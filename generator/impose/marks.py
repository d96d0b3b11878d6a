"""Crop marks and cutting guides around a grid of slots."""

from __future__ import annotations

from playtest.generator.draw.model import Line, Shape, Stroke
from playtest.generator.impose.grid import Slot
from playtest.generator.impose.options import PrintOptions

MARK = (0.0, 0.0, 0.0)
GUIDE = (0.75, 0.75, 0.75)
MIN_MARK = 1.0  # shorter than this a mark is useless (A4 9-up poker leaves 1.5 mm)


def cut_lines(slots: tuple[Slot, ...] | list[Slot]) -> tuple[list[float], list[float]]:
    xs = sorted({round(v, 4) for s in slots for v in (s.x, s.x + s.w)})
    ys = sorted({round(v, 4) for s in slots for v in (s.y, s.y + s.h)})
    return xs, ys


def _span(
    start: float, limit: float, direction: int, opts: PrintOptions
) -> tuple[float, float] | None:
    """From `start` towards `limit` (the printable margin, or the footer band at the bottom):
    as long as the options ask but never past the limit; none when too short to use."""
    length = min(opts.crop_length, (limit - start) * direction)
    if length < MIN_MARK:
        return None
    return (start, start + direction * length)


def crop_marks(slots: tuple[Slot, ...] | list[Slot], opts: PrintOptions) -> list[Shape]:
    """Short lines on every cut line, outside the whole block of cards and its bleed (so never
    on any card's art), ending at the printable margin (printers do not print reliably
    closer to the paper's edge) and above the footer."""
    if not slots:
        return []
    stroke = Stroke(MARK, opts.crop_width)
    xs, ys = cut_lines(slots)
    rects = [s.bleed_rect() for s in slots]
    left = min(min(r[0] for r in rects), min(xs) - opts.crop_offset)
    top = min(min(r[1] for r in rects), min(ys) - opts.crop_offset)
    right = max(max(r[0] + r[2] for r in rects), max(xs) + opts.crop_offset)
    bottom = max(max(r[1] + r[3] for r in rects), max(ys) + opts.crop_offset)
    pw, _ = opts.paper
    m = opts.margin
    shapes: list[Shape] = []
    for span in (_span(top, m, -1, opts), _span(bottom, opts.content_bottom, 1, opts)):
        if span is not None:
            shapes += [Line(x, span[0], x, span[1], stroke) for x in xs]  # above and below
    for span in (_span(left, m, -1, opts), _span(right, pw - m, 1, opts)):
        if span is not None:
            shapes += [Line(span[0], y, span[1], y, stroke) for y in ys]  # left and right
    return shapes


def guides(slots: tuple[Slot, ...] | list[Slot], opts: PrintOptions) -> list[Shape]:
    """Long light lines across the page on every cut line, drawn under the art (guillotine)."""
    stroke = Stroke(GUIDE, opts.crop_width / 2)
    xs, ys = cut_lines(slots)
    pw, _ = opts.paper
    m = opts.margin
    lines: list[Shape] = [Line(x, m, x, opts.content_bottom, stroke) for x in xs]
    return lines + [Line(m, y, pw - m, y, stroke) for y in ys]
