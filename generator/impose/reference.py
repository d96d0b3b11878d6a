"""The rules reference flowed into panels (the two columns of a folded sheet, or cards): each
paragraph wrapped with the real font metrics, a heading never left alone at the foot of a
panel, and the playtest-default footnote at the foot of every card, or page, that shows the
mark. A folded sheet keeps every section in one column (none split across the fold) and
grows its text until it fills the columns of its last page."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from playtest.drawing.geometry import PT
from playtest.drawing.model import Line, Page, PaperSheet, Rect, Shape, Stroke, Text
from playtest.drawing.text import TextBox, layout_text
from playtest.faces.fonts import FontSet
from playtest.generator.impose.reference_text import Paragraph
from playtest.model.print_options import PrintOptions

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
SIZE_STEP = 0.25  # pt: the body sizes a folded sheet tries, from `text_size` up


@dataclass(frozen=True)
class Panel:
    shapes: tuple[Shape, ...]
    marked: bool


@dataclass(frozen=True)
class Folded:
    """A folded sheet's columns (two a page) at the body size that fills them, and the
    playtest-default footnote, printed once at the foot of every page that shows the mark."""

    panels: list[Panel]
    text_pt: float
    footnote: Text | None


@dataclass(frozen=True)
class _Laid:
    """A paragraph wrapped at one size."""

    para: Paragraph
    lines: list[str]
    font: str
    size: float  # mm
    before: float  # mm of space before it, except at the top of a panel

    @property
    def step(self) -> float:
        return self.size * LEADING


def _laid(para: Paragraph, width: float, text_pt: float, fonts: FontSet) -> _Laid:
    font, plus, before = KINDS[para.kind]
    size_pt = text_pt + plus
    box = TextBox(0, 0, width, 1e5, font, size_pt, None, min_size_pt=size_pt, leading=LEADING)
    laid = layout_text(para.text, box, fonts, lambda _name: None)
    lines = [shape.text for shape in laid.shapes if isinstance(shape, Text)]
    return _Laid(para, lines, font, size_pt * PT, before * size_pt * PT)


def _foot(text_pt: float) -> float:
    """The footnote's size in pt (a point under the body, never below 6)."""
    return max(6.0, text_pt - 1)


class _Flow:
    """Paragraphs poured into panels of one height, line by line; a heading never left alone
    at the foot of a panel."""

    def __init__(self, usable: float, mark: str) -> None:
        self.usable, self.mark = usable, mark
        self.panels: list[tuple[list[Shape], bool]] = [([], False)]
        self.y = 0.0

    def new_panel(self) -> None:
        self.panels.append(([], False))
        self.y = 0.0

    def fits(self, height: float) -> bool:
        return self.y + height <= self.usable + 1e-9

    def pour(self, laid: _Laid) -> None:
        need = len(laid.lines) + (2 if laid.para.kind in ("title", "heading") else 0)
        space = laid.before if self.y else 0.0
        if self.y and not self.fits(space + min(need, 2) * laid.step):
            self.new_panel()
            space = 0.0
        self.y += space
        colour = SOFT if laid.para.kind == "reading" else INK
        for text in laid.lines:
            if not self.fits(laid.step):
                self.new_panel()
            shapes, marked = self.panels[-1]
            shapes.append(Text(0, self.y + laid.size * 0.8, text, laid.font, laid.size, colour))
            self.panels[-1] = (shapes, marked or self.mark in text)
            self.y += laid.step


def _note(mark: str, footnote: str, text_pt: float, h: float) -> Text:
    size = _foot(text_pt) * PT
    return Text(0, h - size * 0.3, f"{mark} {footnote}", "italic", size, SOFT)


def flow(
    paras: list[Paragraph],
    panel: tuple[float, float],
    fonts: FontSet,
    text_pt: float,
    mark: str,
    footnote: str,
) -> list[Panel]:
    """The paragraphs laid out in as many panels of `panel` (w, h in mm) as they need (the
    cards of a reference), each panel that shows the mark with the footnote at its foot."""
    w, h = panel
    pour = _Flow(h - _foot(text_pt) * PT * 2.2, mark)  # the footnote's line, a gap above it
    for para in paras:
        pour.pour(_laid(para, w, text_pt, fonts))
    note = _note(mark, footnote, text_pt, h)
    return [
        Panel((*shapes, note) if marked else tuple(shapes), marked)
        for shapes, marked in pour.panels
    ]


def _sections(paras: list[Paragraph]) -> list[list[Paragraph]]:
    """The paragraphs in sections: a heading and what follows it (the title with the first)."""
    out: list[list[Paragraph]] = []
    for para in paras:
        if para.kind == "heading" and out and any(p.kind == "heading" for p in out[-1]):
            out.append([])
        if not out:
            out.append([])
        out[-1].append(para)
    return out


def _height(laid: list[_Laid], at_top: bool) -> float:
    """A section's height in a column (without the space before it at a column's top)."""
    total = sum(len(x.lines) * x.step + x.before for x in laid)
    return total - laid[0].before if at_top else total


def _columns(
    sections: list[list[_Laid]], usable: float, mark: str, breaks: frozenset[int] = frozenset()
) -> tuple[list[Panel], list[int]]:
    """The laid-out sections poured into columns `usable` mm high: a section that does not fit
    what is left of a column (or is one of `breaks`) starts the next one, so none is split
    across the fold (one taller than a whole column is split where the column ends). Also the
    column each section starts in."""
    pour = _Flow(usable, mark)
    starts = []
    for index, laid in enumerate(sections):
        if pour.y and (index in breaks or not pour.fits(_height(laid, at_top=False))):
            pour.new_panel()
        starts.append(len(pour.panels) - 1)
        for one in laid:
            pour.pour(one)
    return [Panel(tuple(shapes), marked) for shapes, marked in pour.panels], starts


def _balanced(sections: list[list[_Laid]], usable: float, starts: list[int]) -> int | None:
    """Where the last page's sections break into its second column when they all fit its
    first: the section that makes the two columns most even (None: one section, or already
    two columns)."""
    last = starts[-1]
    if last % 2 == 1:
        return None  # the page's second column is in use
    first = starts.index(last)
    if len(sections) - first < 2:
        return None
    best, best_height = None, math.inf
    for k in range(first + 1, len(sections)):
        left = _height(sections[first], True) + sum(
            _height(x, False) for x in sections[first + 1 : k]
        )
        right = _height(sections[k], True) + sum(_height(x, False) for x in sections[k + 1 :])
        if right <= usable and max(left, right) < best_height:
            best, best_height = k, max(left, right)
    return best


def _laid_out(
    sections: list[list[Paragraph]],
    column: tuple[float, float],
    fonts: FontSet,
    text_pt: float,
    mark: str,
) -> list[Panel]:
    """The sections at `text_pt`, the last page's two columns made even."""
    w, h = column
    usable = h - _foot(text_pt) * PT * 2.2  # the footnote's line, and a gap above it
    laid = [[_laid(p, w, text_pt, fonts) for p in section] for section in sections]
    panels, starts = _columns(laid, usable, mark)
    split = _balanced(laid, usable, starts)
    if split is not None:
        panels, _ = _columns(laid, usable, mark, frozenset({split}))
    return panels


def fold_columns(
    paras: list[Paragraph],
    column: tuple[float, float],
    fonts: FontSet,
    text_pt: float,
    max_pt: float,
    mark: str,
    footnote: str,
) -> Folded:
    """The reference in columns of `column` (w, h in mm), two a page, at the largest body size
    from `text_pt` up to `max_pt` (in steps of SIZE_STEP) that needs no more pages than
    `text_pt` does: the text grows until it fills the columns of its last page, and what does
    not fill them is shared between the two."""
    sections = _sections(paras)
    smallest = _laid_out(sections, column, fonts, text_pt, mark)
    pages = math.ceil(len(smallest) / 2)
    best, size = smallest, text_pt
    steps = math.floor((max_pt - text_pt) / SIZE_STEP + 1e-9)
    for k in range(steps, 0, -1):
        tried = text_pt + k * SIZE_STEP
        panels = _laid_out(sections, column, fonts, tried, mark)
        if math.ceil(len(panels) / 2) <= pages:
            best, size = panels, tried
            break
    marked = any(p.marked for p in best)
    note = _note(mark, footnote, text_pt, column[1]) if marked else None
    return Folded(best, size, note)


def column_size(opts: PrintOptions) -> tuple[float, float]:
    """One column of the folded sheet: half the printable width less the fold gap."""
    pw, _ = opts.paper
    m = opts.margin + PAD
    return ((pw - 2 * m - FOLD_GAP) / 2, opts.content_bottom - PAD / 2 - m)


def folded_pages(folded: Folded, opts: PrintOptions) -> list[Page]:
    """Two columns a page, the fold line between them, the footnote once at the foot of a
    page that shows the mark (under its first column)."""
    pw, ph = opts.paper
    m = opts.margin + PAD
    w, h = column_size(opts)
    panels = folded.panels
    pages = []
    for first in range(0, len(panels), 2):
        shapes: list[Shape] = [Line(pw / 2, m, pw / 2, m + h, FOLD)]
        pair = panels[first : first + 2]
        for column, panel in enumerate(pair):
            x = m + column * (w + FOLD_GAP)
            shapes += [_moved(shape, x, m) for shape in panel.shapes]
        if folded.footnote is not None and any(p.marked for p in pair):
            shapes.append(_moved(folded.footnote, m, m))
        pages.append(Page(pw, ph, tuple(shapes), label=f"rules reference {first // 2 + 1}"))
    return pages


def folded_sheets(folded: Folded, opts: PrintOptions) -> Iterator[PaperSheet]:
    """Printed on both sides when duplex (one sheet per two pages), else one page a sheet."""
    pages = folded_pages(folded, opts)
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
