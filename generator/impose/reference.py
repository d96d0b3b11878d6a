"""The rules reference flowed into panels (the two columns of a folded sheet, or cards): each
paragraph wrapped with the real font metrics, a heading never left alone at the foot of a
panel, and the playtest-default footnote at the foot of every panel that shows the mark."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from playtest.generator.draw.fonts import FontSet
from playtest.generator.draw.geometry import PT
from playtest.generator.draw.model import Line, Page, PaperSheet, Rect, Shape, Stroke, Text
from playtest.generator.draw.text import TextBox, layout_text
from playtest.generator.impose.options import PrintOptions
from playtest.generator.render.reference_text import Paragraph

INK = (0.13, 0.13, 0.13)
SOFT = (0.3, 0.3, 0.3)  # readings and the footnote: 12.6:1 on white
FOLD = Stroke((0.6, 0.6, 0.6), 0.25, (2.0, 1.5))
CARD_EDGE = Stroke((0.7, 0.7, 0.7), 0.25)
LEADING = 1.22
# font and size (pt above the body size) of each kind of paragraph, and the space before it
KINDS = {
    "title": ("black", 3.5, 0.0),
    "heading": ("bold", 1.5, 0.9),
    "text": ("regular", 0.0, 0.35),
    "reading": ("italic", 0.0, 0.35),
}
FOLD_GAP = 14.0  # mm between the two columns of a folded sheet (the fold runs down its middle)
PAD = 4.0  # mm inside the printable margin, and inside a card's trim
CARD_FOOT = 4.5  # mm at a card's foot kept for the version mark


@dataclass(frozen=True)
class Panel:
    shapes: tuple[Shape, ...]
    marked: bool


def _lines(para: Paragraph, width: float, size_pt: float, font: str, fonts: FontSet) -> list[str]:
    box = TextBox(0, 0, width, 1e5, font, size_pt, None, min_size_pt=size_pt, leading=LEADING)
    laid = layout_text(para.text, box, fonts, lambda _name: None)
    return [shape.text for shape in laid.shapes if isinstance(shape, Text)]


def flow(
    paras: list[Paragraph],
    panel: tuple[float, float],
    fonts: FontSet,
    text_pt: float,
    mark: str,
    footnote: str,
) -> list[Panel]:
    """The paragraphs laid out in as many panels of `panel` (w, h in mm) as they need."""
    w, h = panel
    foot_pt = max(6.0, text_pt - 1)
    usable = h - foot_pt * PT * 2.2  # the footnote's line, and a gap above it
    panels: list[Panel] = []
    shapes: list[Shape] = []
    marked = False
    y = 0.0

    def close() -> None:
        nonlocal shapes, marked, y
        if marked:
            note = f"{mark} {footnote}"
            shapes.append(Text(0, h - foot_pt * PT * 0.3, note, "italic", foot_pt * PT, SOFT))
        panels.append(Panel(tuple(shapes), marked))
        shapes, marked, y = [], False, 0.0

    for index, para in enumerate(paras):
        font, plus, before = KINDS[para.kind]
        size_pt = text_pt + plus
        size = size_pt * PT
        step = size * LEADING
        lines = _lines(para, w, size_pt, font, fonts)
        need = len(lines) if para.kind not in ("title", "heading") else len(lines) + 2
        space = before * size if y else 0.0
        if y and y + space + min(need, 2) * step > usable:
            close()
            space = 0.0
        y += space
        for text in lines:
            if y + step > usable:
                close()
            colour = SOFT if para.kind == "reading" else INK
            shapes.append(Text(0, y + size * 0.8, text, font, size, colour))
            y += step
            marked = marked or mark in text
        if index == len(paras) - 1:
            close()
    return panels


def column_size(opts: PrintOptions) -> tuple[float, float]:
    """One column of the folded sheet: half the printable width less the fold gap."""
    pw, _ = opts.paper
    m = opts.margin + PAD
    return ((pw - 2 * m - FOLD_GAP) / 2, opts.content_bottom - PAD / 2 - m)


def folded_pages(panels: list[Panel], opts: PrintOptions) -> list[Page]:
    """Two columns a page, the fold line between them."""
    pw, ph = opts.paper
    m = opts.margin + PAD
    w, h = column_size(opts)
    pages = []
    for first in range(0, len(panels), 2):
        shapes: list[Shape] = [Line(pw / 2, m, pw / 2, m + h, FOLD)]
        for column, panel in enumerate(panels[first : first + 2]):
            x = m + column * (w + FOLD_GAP)
            shapes += [_moved(shape, x, m) for shape in panel.shapes]
        pages.append(Page(pw, ph, tuple(shapes), label=f"rules reference {first // 2 + 1}"))
    return pages


def folded_sheets(panels: list[Panel], opts: PrintOptions) -> Iterator[PaperSheet]:
    """Printed on both sides when duplex (one sheet per two pages), else one page a sheet."""
    pages = folded_pages(panels, opts)
    if not opts.duplex:
        yield from (PaperSheet(page) for page in pages)
        return
    for first in range(0, len(pages), 2):
        pair = pages[first : first + 2]
        yield PaperSheet(pair[0], pair[1] if len(pair) > 1 else None)


def card_panel_size(card: tuple[float, float]) -> tuple[float, float]:
    return (card[0] - 2 * PAD, card[1] - PAD - CARD_FOOT)


def card_shapes(panel: Panel, card: tuple[float, float]) -> tuple[Shape, ...]:
    """A reference card: a light edge (the cut) and its panel inside the safe zone."""
    edge = Rect(0, 0, card[0], card[1], 2.5, None, CARD_EDGE)
    return (edge, *(_moved(shape, PAD, PAD) for shape in panel.shapes))


def _moved(shape: Shape, dx: float, dy: float) -> Shape:
    assert isinstance(shape, Text)
    return Text(shape.x + dx, shape.y + dy, shape.text, shape.font, shape.size, shape.fill)
