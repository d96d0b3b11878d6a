"""Page 1 of every kit (contents and a 100 % print check) and the duplex alignment test."""

from __future__ import annotations

from playtest.drawing.model import Circle, Line, Page, PaperSheet, Rect, Shape, Stroke, Text
from playtest.faces.fonts import FontSet
from playtest.generator.impose.backs import paper_flip
from playtest.generator.impose.wrap import height, wrapped
from playtest.model.print_options import PrintOptions

INK = (0.13, 0.13, 0.13)
GREY = (0.45, 0.45, 0.45)
THIN = Stroke(INK, 0.25)
BAR = 2.5
INCH = 25.4


def _bar(
    x: float, y: float, length: float, ticks: list[tuple[float, str]], title: str
) -> list[Shape]:
    shapes: list[Shape] = [Rect(x, y, length, BAR, 0, INK), Text(x, y - 2, title, "bold", 3.5, INK)]
    for at, text in ticks:
        shapes.append(Line(x + at, y + BAR, x + at, y + BAR + 2.5, THIN))
        if text:
            shapes.append(Text(x + at - 1, y + BAR + 5.5, text, "regular", 2.6, GREY))
    return shapes


def calibration_page(
    title: str,
    contents: list[tuple[str, str, str]],
    opts: PrintOptions,
    notes: list[str],
    fonts: FontSet,
) -> Page:
    """`contents`: per section its name, its pages ("pages 5-12") and how to print them."""
    pw, ph = opts.paper
    m = opts.margin + 6
    shapes: list[Shape] = [
        Text(m, m + 8, title, "black", 8, INK),
        Text(
            m,
            m + 15,
            f"Print-and-play kit. Paper {opts.paper_name.upper()} "
            f"({pw:g} x {ph:g} mm), bleed {opts.bleed:g} mm, backs: {opts.backs}.",
            "regular",
            3.5,
            GREY,
        ),
        Text(m, m + 27, "1. Check the print is at 100 %", "bold", 4.5, INK),
        Text(
            m,
            m + 33,
            'Print with "Actual size" (no "fit to page"), then measure:',
            "regular",
            3.4,
            INK,
        ),
    ]
    shapes += _bar(
        m, m + 44, 50, [(float(i), f"{i}" if i % 10 == 0 else "") for i in range(0, 51, 5)], "50 mm"
    )
    shapes += _bar(
        m + 70,
        m + 44,
        2 * INCH,
        [(i * INCH / 4, f"{i / 4:g}" if i % 2 == 0 else "") for i in range(0, 9)],
        "2 in",
    )
    shapes += [
        Rect(pw - m - 40, m + 22, 40, 40, 0, None, Stroke(INK, 0.3)),
        Text(pw - m - 40, m + 66, "40 mm square", "regular", 3, GREY),
    ]
    fix = [
        "If the 50 mm bar measures L mm, build again with --scale-x 50/L",
        "(e.g. 49.5 mm: --scale-x 1.0101); measure the square's side for --scale-y.",
    ]
    shapes += [Text(m, m + 62 + 5 * i, line, "regular", 3.4, INK) for i, line in enumerate(fix)]
    y = m + 84
    shapes.append(
        Text(
            m,
            y,
            "2. Contents: print the whole file as the notes below say, or "
            "print one section again from its pages",
            "bold",
            4.0,
            INK,
        )
    )
    # three columns, each wrapped inside the printable area (a long title takes two lines)
    pages_x, how_x, right = pw - m - 78, pw - m - 52, pw - m
    y += 7
    for name, pages, how in contents:
        cells = (
            wrapped(name, m, y, pages_x - m - 2, "regular", 3.2, INK, fonts),
            wrapped(pages, pages_x, y, how_x - pages_x - 2, "regular", 3.2, INK, fonts),
            wrapped(how, how_x, y, right - how_x, "regular", 3.2, GREY, fonts),
        )
        for cell in cells:
            shapes += cell
        y += max(height(cell, 3.2) for cell in cells) + 1.2
    y += 5
    for note in notes:
        lines = wrapped(note, m, y, right - m, "regular", 3.2, GREY, fonts)
        shapes += lines
        y += height(lines, 3.2) + 1
    return Page(pw, ph, tuple(shapes), label="contents and print check")


ALIGN_POINTS = ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75))
ARM = 14.0  # the front's cross reaches across the back's scales (which sit 10-12.5 mm out)
SCALE_AT = 10.0
LABEL = 6.2 * 25.4 / 72  # scale numbers: readable, above the 6 pt floor


def _cross(x: float, y: float, arm: float) -> list[Shape]:
    return [
        Circle(x, y, 4, None, THIN),
        Line(x - arm, y, x + arm, y, THIN),
        Line(x, y - arm, x, y + arm, THIN),
    ]


def _scale(x: float, y: float) -> list[Shape]:
    """Two scales from -5 to +5 mm (ticks every 0.5 mm, numbered every 2 mm, 0 marked):
    one under the target read along x, one right of it read along y."""
    shapes: list[Shape] = []
    for i in range(-10, 11):
        d = i * 0.5
        long = 3.0 if i == 0 else 2.5 if i % 2 == 0 else 1.2
        shapes.append(Line(x + d, y + SCALE_AT, x + d, y + SCALE_AT + long, THIN))
        shapes.append(Line(x + SCALE_AT, y + d, x + SCALE_AT + long, y + d, THIN))
        if i % 4 == 0:  # 0, +-2, +-4: staggered so the numbers never touch
            text = f"{d:+g}" if d else "0"
            w = 0.55 * LABEL * len(text)
            below = i % 8 == 0
            shapes.append(
                Text(
                    x + d - w / 2,
                    y + SCALE_AT + (6.0 if below else -0.8),
                    text,
                    "regular",
                    LABEL,
                    INK,
                )
            )
            shapes.append(
                Text(
                    x + SCALE_AT + (4.0 if below else -w - 1.0),
                    y + d + LABEL / 3,
                    text,
                    "regular",
                    LABEL,
                    INK,
                )
            )
    return shapes


def alignment_sheet(opts: PrintOptions) -> PaperSheet:
    """One sheet: crosses on the front, scales on the back at the mirrored places. Printed
    double-sided and held to the light, the front's lines cross the back's scales at the
    printer's misregistration, which is the correction to build with (--back-offset X,Y)."""
    pw, ph = opts.paper
    m = opts.margin + 6
    flip = paper_flip(opts.backs, opts.paper)
    front: list[Shape] = [
        Text(m, m + 8, "Duplex alignment test (front)", "bold", 5, INK),
        Text(
            m,
            m + 14,
            "Print this sheet double-sided, hold it to the light and look at the other side.",
            "regular",
            3.2,
            INK,
        ),
    ]
    ox, oy = opts.back_offset
    back: list[Shape] = [
        Text(m, m + 8, "Duplex alignment test (back)", "bold", 5, INK),
        Text(
            m,
            m + 14,
            "Hold to the light. Where the front's lines cross the scales (mm), read "
            "X on the lower scales and Y on the right-hand ones.",
            "regular",
            3.2,
            INK,
        ),
        Text(
            m,
            m + 19,
            "Signs as seen on this side: +X = the front's line is right of 0 (backs "
            "move right), +Y = below 0 (backs move down).",
            "regular",
            3.2,
            INK,
        ),
        Text(
            m,
            m + 24,
            f"Then build with --back-offset {ox:g}+X,{oy:g}+Y (this kit was built "
            f"with {ox:g},{oy:g}); all lines on 0 means no correction.",
            "regular",
            3.2,
            INK,
        ),
    ]
    for fx, fy in ALIGN_POINTS:
        x, y = fx * pw, fy * ph
        front += _cross(x, y, ARM)
        bx, by = flip.apply(x, y)
        back += _cross(bx + ox, by + oy, 6.0) + _scale(bx + ox, by + oy)
    return PaperSheet(
        Page(pw, ph, tuple(front), label="duplex alignment test"),
        Page(pw, ph, tuple(back), label="duplex alignment test (back)"),
    )
