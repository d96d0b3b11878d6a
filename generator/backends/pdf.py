"""PDF backend (reportlab): pages are written as they come (memory stays flat), each symbol
becomes one form XObject defined on first use, fonts are embedded as subsets, and the file is
byte-identical for identical input (reportlab's invariant mode fixes dates and ids)."""

from __future__ import annotations

from functools import lru_cache
from typing import BinaryIO

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, Canvas

from generator.draw.fonts import FontSet
from generator.draw.model import (
    INHERIT,
    Circle,
    Group,
    Line,
    Page,
    Paint,
    Path,
    Rect,
    Shape,
    Stroke,
    Text,
    Use,
)
from generator.draw.symbols import SymbolTable

KAPPA = 0.5522847498  # control-point distance of a quarter circle, per unit of radius
DUPLEX = {"duplex-long": "DuplexFlipLongEdge", "duplex-short": "DuplexFlipShortEdge"}


class PdfWriter:
    def __init__(self, out: BinaryIO, fonts: FontSet, symbols: SymbolTable, *, title: str = "",
                 duplex: str | None = None, scale_x: float = 1.0, scale_y: float = 1.0) -> None:
        self.fonts = fonts
        self.symbols = symbols
        self.scale = (scale_x, scale_y)
        first_font = next(iter(fonts.faces.values())).pdf_name
        self.canvas = Canvas(out, invariant=1, pageCompression=1, initialFontName=first_font,
                             initialFontSize=10)
        self.canvas.setTitle(title)
        self.canvas.setCreator("playtest-kit")
        self.canvas.setProducer("playtest-kit (reportlab)")
        # home printers must print at 100 %: ask viewers not to "fit to page"
        self.canvas.setViewerPreference("PrintScaling", "None")
        if duplex in DUPLEX:
            self.canvas.setViewerPreference("Duplex", DUPLEX[duplex])
        self._defined: set[str] = set()
        self.pages = 0

    def add_page(self, page: Page) -> None:
        c = self.canvas
        c.setPageSize((page.width * mm, page.height * mm))
        to_pt = lambda box: None if box is None else _box_pt(box, page.height)  # noqa: E731
        c.setTrimBox(to_pt(page.trim_box))
        c.setBleedBox(to_pt(page.bleed_box))
        for symbol in self.symbols.used_by(page.children):
            self._define(symbol.id)
        c.saveState()
        c.translate(0, page.height * mm)
        c.scale(mm, -mm)
        sx, sy = self.scale
        if (sx, sy) != (1.0, 1.0):  # printer correction, about the page centre
            c.translate(page.width / 2, page.height / 2)
            c.scale(sx, sy)
            c.translate(-page.width / 2, -page.height / 2)
        for shape in page.children:
            self._draw(shape, isolate=False)
        c.restoreState()
        c.showPage()
        self.pages += 1

    def close(self) -> None:
        self.canvas.save()

    def _define(self, symbol_id: str) -> None:
        if symbol_id in self._defined:
            return
        symbol = self.symbols[symbol_id]
        x, y, w, h = symbol.bounds
        c = self.canvas
        c.beginForm(_form_name(symbol_id), x, y, x + w, y + h)
        for shape in symbol.children:
            self._draw(shape, isolate=True)
        c.endForm()
        self._defined.add(symbol_id)

    def _draw(self, shape: Shape, isolate: bool) -> None:
        c = self.canvas
        if isinstance(shape, Group):
            c.saveState()
            if not shape.transform.is_identity:
                c.transform(*shape.transform.tuple())
            if shape.clip is not None:
                path = c.beginPath()
                path.rect(*shape.clip)
                c.clipPath(path, stroke=0, fill=0)
            for child in shape.children:
                self._draw(child, isolate)
            c.restoreState()
            return
        if isinstance(shape, Use):
            c.saveState()
            c.transform(*shape.transform.tuple())
            if shape.colour is not None:
                c.setFillColorRGB(*shape.colour)
                c.setStrokeColorRGB(*shape.colour)
            c.doForm(_form_name(shape.symbol))
            c.restoreState()
            return
        # inside a symbol, painted parts must not leak their colour into INHERIT parts
        if isolate:
            c.saveState()
        if isinstance(shape, Text):
            self._text(shape)
        else:
            self._paint_shape(shape)
        if isolate:
            c.restoreState()

    def _text(self, shape: Text) -> None:
        c = self.canvas
        t = c.beginText()
        t.setTextTransform(1, 0, 0, -1, shape.x, shape.y)  # upright text in our y-down space
        t.setFont(self.fonts.face(shape.font).pdf_name, shape.size)
        if isinstance(shape.fill, tuple):
            t.setFillColorRGB(*shape.fill)
        t.textOut(shape.text)
        c.drawText(t)

    def _paint_shape(self, shape: Rect | Circle | Line | Path) -> None:
        c = self.canvas
        fill = _set_fill(c, getattr(shape, "fill", None))
        stroke = _set_stroke(c, shape.stroke)
        if not (fill or stroke):
            return
        if isinstance(shape, Rect):
            if shape.r > 0:
                c.roundRect(shape.x, shape.y, shape.w, shape.h, shape.r, stroke=stroke, fill=fill)
            else:
                c.rect(shape.x, shape.y, shape.w, shape.h, stroke=stroke, fill=fill)
        elif isinstance(shape, Circle):
            # four quarter-circle Béziers, as reportlab draws them, without its general arc code
            x, y, r = shape.cx, shape.cy, shape.r
            k = r * KAPPA
            path = c.beginPath()
            path.moveTo(x + r, y)
            path.curveTo(x + r, y + k, x + k, y + r, x, y + r)
            path.curveTo(x - k, y + r, x - r, y + k, x - r, y)
            path.curveTo(x - r, y - k, x - k, y - r, x, y - r)
            path.curveTo(x + k, y - r, x + r, y - k, x + r, y)
            path.close()
            c.drawPath(path, stroke=stroke, fill=fill)
        elif isinstance(shape, Line):
            c.line(shape.x1, shape.y1, shape.x2, shape.y2)
        else:
            path = c.beginPath()
            for op in shape.ops:
                if op[0] == "M":
                    path.moveTo(op[1], op[2])
                elif op[0] == "L":
                    path.lineTo(op[1], op[2])
                elif op[0] == "C":
                    path.curveTo(*op[1:])
                else:
                    path.close()
            mode = FILL_EVEN_ODD if shape.even_odd else FILL_NON_ZERO
            c.drawPath(path, stroke=stroke, fill=fill, fillMode=mode)


def _set_fill(c: Canvas, paint: Paint) -> int:
    if paint is None:
        return 0
    if paint is not INHERIT:
        c.setFillColorRGB(*paint)  # type: ignore[misc]
    return 1


def _set_stroke(c: Canvas, stroke: Stroke | None) -> int:
    if stroke is None or stroke.paint is None or stroke.width <= 0:
        return 0
    if stroke.paint is not INHERIT:
        c.setStrokeColorRGB(*stroke.paint)  # type: ignore[misc]
    c.setLineWidth(stroke.width)
    c.setDash(list(stroke.dash) if stroke.dash else [])
    return 1


def _box_pt(box: tuple[float, float, float, float], page_h: float) -> tuple[float, ...]:
    x, y, w, h = box
    return (round(x * mm, 3), round((page_h - y - h) * mm, 3), round((x + w) * mm, 3),
            round((page_h - y) * mm, 3))


@lru_cache(maxsize=4096)
def _form_name(symbol_id: str) -> str:
    return "S_" + "".join(ch if ch.isalnum() else "_" for ch in symbol_id) + f"_{len(symbol_id)}"
