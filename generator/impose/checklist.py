"""The component checklist (the back of page 1): every component with its count and a box to
tick, what the kit does not print, and which paper or card to print each section on."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from playtest.drawing.model import Page, Rect, Shape, Stroke, Text
from playtest.faces.fonts import FontSet
from playtest.generator.impose.wrap import height, wrapped
from playtest.model.print_options import PrintOptions

INK = (0.13, 0.13, 0.13)
GREY = (0.45, 0.45, 0.45)
BOX = Stroke(INK, 0.3)
LINE = 5.2


@dataclass(frozen=True)
class Item:
    what: str  # "Green cards"
    count: str  # "60 cards"
    where: str  # "pages 5-18"


def checklist_page(
    title: str,
    items: list[Item],
    not_printed: list[str],
    advice: Sequence[tuple[str, str]],
    opts: PrintOptions,
    fonts: FontSet,
    options: Sequence[str] = (),
) -> Page:
    """Three columns inside the printable area: what (wrapped), how many, and where (its
    pages, right-aligned on the right edge of the text column and wrapped when long)."""
    pw, ph = opts.paper
    m = opts.margin + 6
    right = pw - m
    shapes: list[Shape] = [
        Text(m, m + 8, f"{title}: component checklist", "black", 6.5, INK),
        Text(m, m + 15, "Tick each component once it is printed and cut.", "regular", 3.4, GREY),
    ]
    y = m + 21
    for line in options:
        texts = wrapped(line, m, y, right - m, "regular", 3.4, INK, fonts)
        shapes += texts
        y += height(texts, 3.4)
    y += 4
    count_x, where_x = m + 90, m + 122
    for item in items:
        what = wrapped(item.what, m + 6, y, count_x - m - 9, "regular", 3.4, INK, fonts)
        count = wrapped(item.count, count_x, y, where_x - count_x - 3, "regular", 3.4, INK, fonts)
        where = wrapped(
            item.where, where_x, y, right - where_x, "regular", 3.4, GREY, fonts, align="right"
        )
        shapes += [Rect(m, y - 3.2, 3.6, 3.6, 0.4, None, BOX), *what, *count, *where]
        y += max(height(what, 3.4), height(count, 3.4), height(where, 3.4)) + LINE - 4.25
    y += 4
    shapes.append(Text(m, y, "Not printed: you also need", "bold", 4.2, INK))
    y += 6
    for need in not_printed or ["nothing else"]:
        texts = wrapped(need, m + 6, y, right - m - 6, "regular", 3.4, INK, fonts)
        shapes += [Rect(m, y - 3.2, 3.6, 3.6, 0.4, None, BOX), *texts]
        y += height(texts, 3.4) + LINE - 4.25
    y += 4
    shapes.append(Text(m, y, "Paper and card", "bold", 4.2, INK))
    y += 6
    for kind, text in advice:
        texts = wrapped(text, m + 30, y, right - m - 30, "regular", 3.2, INK, fonts)
        shapes += [Text(m, y, kind, "bold", 3.2, INK), *texts]
        y += height(texts, 3.2) + LINE - 4.0
    return Page(pw, ph, tuple(shapes), label="component checklist")
