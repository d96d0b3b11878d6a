"""Page 1 of every kit (contents and a 100 % print check) and the duplex alignment test."""

from __future__ import annotations

from collections.abc import Iterator

from playtest.generator.draw.model import Circle, Line, Page, Rect, Shape, Stroke, Text
from playtest.generator.impose.backs import paper_flip
from playtest.generator.impose.options import PrintOptions

INK = (0.13, 0.13, 0.13)
GREY = (0.45, 0.45, 0.45)
THIN = Stroke(INK, 0.25)
BAR = 2.5
INCH = 25.4


def _bar(x: float, y: float, length: float, ticks: list[tuple[float, str]], title: str
         ) -> list[Shape]:
    shapes: list[Shape] = [Rect(x, y, length, BAR, 0, INK),
                           Text(x, y - 2, title, "bold", 3.5, INK)]
    for at, text in ticks:
        shapes.append(Line(x + at, y + BAR, x + at, y + BAR + 2.5, THIN))
        if text:
            shapes.append(Text(x + at - 1, y + BAR + 5.5, text, "regular", 2.6, GREY))
    return shapes


def calibration_page(title: str, contents: list[tuple[str, int]], opts: PrintOptions,
                     notes: list[str]) -> Page:
    pw, ph = opts.paper
    m = opts.margin + 6
    shapes: list[Shape] = [
        Text(m, m + 8, title, "black", 8, INK),
        Text(m, m + 15, f"Print-and-play kit. Paper {opts.paper_name.upper()} "
             f"({pw:g} x {ph:g} mm), bleed {opts.bleed:g} mm, backs: {opts.backs}.",
             "regular", 3.5, GREY),
        Text(m, m + 27, "1. Check the print is at 100 %", "bold", 4.5, INK),
        Text(m, m + 33, "Print with \"Actual size\" (no \"fit to page\"), then measure:",
             "regular", 3.4, INK),
    ]
    shapes += _bar(m, m + 44, 50, [(float(i), f"{i}" if i % 10 == 0 else "")
                                   for i in range(0, 51, 5)], "50 mm")
    shapes += _bar(m + 70, m + 44, 2 * INCH, [(i * INCH / 4, f"{i / 4:g}" if i % 2 == 0 else "")
                                              for i in range(0, 9)], "2 in")
    shapes += [Rect(pw - m - 40, m + 22, 40, 40, 0, None, Stroke(INK, 0.3)),
               Text(pw - m - 40, m + 66, "40 mm square", "regular", 3, GREY)]
    fix = ["If the 50 mm bar measures L mm, build again with --scale-x 50/L",
           "(e.g. 49.5 mm: --scale-x 1.0101); measure the square's side for --scale-y."]
    shapes += [Text(m, m + 62 + 5 * i, line, "regular", 3.4, INK) for i, line in enumerate(fix)]
    y = m + 84
    shapes.append(Text(m, y, "2. Contents", "bold", 4.5, INK))
    for i, (name, page) in enumerate(contents):
        yy = y + 7 + i * 5.2
        shapes.append(Text(m, yy, name, "regular", 3.4, INK))
        shapes.append(Text(pw - m - 20, yy, f"page {page}", "regular", 3.4, GREY))
    y += 12 + len(contents) * 5.2
    for i, note in enumerate(notes):
        shapes.append(Text(m, y + i * 5, note, "regular", 3.2, GREY))
    return Page(pw, ph, tuple(shapes), label="contents and print check")


ALIGN_POINTS = ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75))


def _target(x: float, y: float) -> list[Shape]:
    return [Circle(x, y, 4, None, THIN), Line(x - 8, y, x + 8, y, THIN),
            Line(x, y - 8, x, y + 8, THIN)]


def _scale(x: float, y: float) -> list[Shape]:
    """Ticks every 0.5 mm from -5 to 5 mm both ways: read the offset against the front."""
    shapes: list[Shape] = []
    for i in range(-10, 11):
        d = i * 0.5
        long = 2.5 if i % 2 == 0 else 1.2
        shapes.append(Line(x + d, y + 10, x + d, y + 10 + long, THIN))
        shapes.append(Line(x + 10, y + d, x + 10 + long, y + d, THIN))
    return shapes


def alignment_pages(opts: PrintOptions) -> Iterator[Page]:
    """A front with targets and a back with scales at the mirrored places: print both sides,
    hold to the light and read how far the back is off; pass that as --back-offset."""
    pw, ph = opts.paper
    flip = paper_flip(opts.backs, opts.paper)
    front: list[Shape] = [Text(opts.margin + 6, opts.margin + 8, "Duplex alignment test (front)",
                               "bold", 5, INK),
                          Text(opts.margin + 6, opts.margin + 14,
                               "Print this sheet double-sided, hold it to the light and read "
                               "how far each back target sits from the front one.",
                               "regular", 3.2, INK)]
    back: list[Shape] = [Text(opts.margin + 6, ph - opts.margin - 14,
                              "Back: the scales read the offset in mm (ticks 0.5 mm). "
                              "Rebuild with --back-offset X,Y to correct it.", "regular", 3.2,
                              INK)]
    ox, oy = opts.back_offset
    for fx, fy in ALIGN_POINTS:
        x, y = fx * pw, fy * ph
        front += _target(x, y)
        bx, by = flip.apply(x, y)
        back += _target(bx + ox, by + oy) + _scale(bx + ox, by + oy)
    yield Page(pw, ph, tuple(front), label="duplex alignment test")
    yield Page(pw, ph, tuple(back), label="duplex alignment test (back)")
