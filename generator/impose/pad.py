"""A pad of several sheets on one page (the 2-up score pad): a cut line between its halves."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import pairwise

from playtest.drawing.model import Line, PaperSheet, Shape, Stroke, Text
from playtest.generator.impose.grid import SheetLayout
from playtest.model.print_options import PrintOptions

CUT = Stroke((0.45, 0.45, 0.45), 0.25, (2.0, 1.2))
LABEL = (0.45, 0.45, 0.45)
LABEL_SIZE = 2.5  # mm, about 7 pt


def pad_cut_lines(layout: SheetLayout, opts: PrintOptions) -> list[Shape]:
    """A dashed line across the printable area in the middle of every gutter between sheets,
    with "cut" written at its start, so the halves are cut apart straight."""
    pw = layout.paper[0]
    m = opts.margin
    xs = sorted({round(s.x, 4) for s in layout.slots})
    ys = sorted({round(s.y, 4) for s in layout.slots})
    shapes: list[Shape] = []
    for upper, lower in pairwise(ys):
        bottom = max(s.y + s.h for s in layout.slots if round(s.y, 4) == upper)
        y = (bottom + lower) / 2
        shapes += [
            Line(m, y, pw - m, y, CUT),
            Text(m, y - 0.8, "cut", "regular", LABEL_SIZE, LABEL),
        ]
    for left, right in pairwise(xs):
        edge = max(s.x + s.w for s in layout.slots if round(s.x, 4) == left)
        x = (edge + right) / 2
        shapes += [
            Line(x, m, x, opts.content_bottom, CUT),
            Text(x + 0.8, m + LABEL_SIZE, "cut", "regular", LABEL_SIZE, LABEL),
        ]
    return shapes


def with_cut_lines(
    sheets: Iterator[PaperSheet], layout: SheetLayout, opts: PrintOptions
) -> Iterator[PaperSheet]:
    """The cut lines go on the front of each sheet (they show through enough to cut by)."""
    lines = tuple(pad_cut_lines(layout, opts))
    for sheet in sheets:
        front = sheet.front
        yield (
            replace(sheet, front=replace(front, children=front.children + lines))
            if lines
            else sheet
        )
