"""The component checklist (the back of page 1): every component with its count and a box to
tick, what the kit does not print, and which paper or card to print each section on."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from playtest.generator.draw.model import Page, Rect, Shape, Stroke, Text
from playtest.generator.impose.options import PrintOptions

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
) -> Page:
    pw, ph = opts.paper
    m = opts.margin + 6
    shapes: list[Shape] = [
        Text(m, m + 8, f"{title}: component checklist", "black", 6.5, INK),
        Text(m, m + 15, "Tick each component once it is printed and cut.", "regular", 3.4, GREY),
    ]
    y = m + 25
    for item in items:
        shapes += [
            Rect(m, y - 3.2, 3.6, 3.6, 0.4, None, BOX),
            Text(m + 6, y, item.what, "regular", 3.4, INK),
            Text(m + 100, y, item.count, "regular", 3.4, INK),
            Text(pw - m - 32, y, item.where, "regular", 3.4, GREY),
        ]
        y += LINE
    y += 4
    shapes.append(Text(m, y, "Not printed: you also need", "bold", 4.2, INK))
    y += 6
    for need in not_printed or ["nothing else"]:
        shapes += [
            Rect(m, y - 3.2, 3.6, 3.6, 0.4, None, BOX),
            Text(m + 6, y, need, "regular", 3.4, INK),
        ]
        y += LINE
    y += 4
    shapes.append(Text(m, y, "Paper and card", "bold", 4.2, INK))
    y += 6
    for kind, text in advice:
        shapes += [Text(m, y, kind, "bold", 3.2, INK), Text(m + 30, y, text, "regular", 3.2, INK)]
        y += LINE
    return Page(pw, ph, tuple(shapes), label="component checklist")
