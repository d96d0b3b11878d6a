"""PDF backend (reportlab): pages are written as they come (memory stays flat), each symbol
becomes one form XObject defined on first use, fonts are embedded as subsets, and the file is
byte-identical for identical input (reportlab's invariant mode fixes dates and ids)."""

from __future__ import annotations

import zlib
from functools import lru_cache
from typing import BinaryIO

from playtest.generator.draw.fonts import FontSet
from playtest.generator.draw.model import (
    Circle,
    Group,
    Line,
    Page,
    Path,
    Rect,
    Shape,
    Text,
    Use,
)
from playtest.generator.draw.symbols import SymbolTable
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen.canvas import Canvas

KAPPA = 0.5522847498  # control-point distance of a quarter circle, per unit of radius
PATH_OPERATOR = {"M": "m", "L": "l", "C": "c"}
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

    def add_page(self, page: Page, bookmark: str | None = None) -> None:
        """Draw one page; `bookmark` names a section starting here in the PDF's outline."""
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
        if bookmark is not None:
            key = f"section-{self.pages + 1}"
            c.bookmarkPage(key)
            c.addOutlineEntry(bookmark, key, level=0)
            c.showOutline()  # viewers open with the sections listed
        c.showPage()
        self._compress_last_page()
        self.pages += 1

    def _compress_last_page(self) -> None:
        """reportlab keeps every page's content as text until the file is saved; compressing
        each page as it is finished keeps memory nearly flat however long the kit is."""
        page = self.canvas._doc.Pages.pages[-1]
        if not page.stream or page.Contents:
            return
        stream = pdfdoc.PDFStream()
        stream.content = zlib.compress(page.stream.encode("utf8"))
        stream.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName("FlateDecode")])
        stream.__Comment__ = "page stream"
        page.Contents = stream
        page.stream = None

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
        # graphics state is saved and restored with q/Q directly: everything inside is written
        # as operators, so reportlab's own state tracking has nothing to follow
        c = self.canvas
        if isinstance(shape, Group):
            opening = ["q"]
            if not shape.transform.is_identity:
                opening.append(f"{fp_str(*shape.transform.tuple())} cm")
            if shape.clip is not None:
                opening.append(f"{fp_str(*shape.clip)} re W n")
            c.addLiteral(" ".join(opening))
            for child in shape.children:
                self._draw(child, isolate)
            c.addLiteral("Q")
            return
        if isinstance(shape, Use):
            opening = f"q {fp_str(*shape.transform.tuple())} cm"
            if shape.colour is not None:
                colour = fp_str(*shape.colour)
                opening += f" {colour} rg {colour} RG"
            c.addLiteral(opening)
            c.doForm(_form_name(shape.symbol))
            c.addLiteral("Q")
            return
        if isinstance(shape, Text):
            # inside a symbol, painted parts must not leak their colour into INHERIT parts
            if isolate:
                c.addLiteral("q")
            self._text(shape)
            if isolate:
                c.addLiteral("Q")
        else:
            self._paint_shape(shape, isolate)

    def _text(self, shape: Text) -> None:
        """One text run as operators, as reportlab's text object writes it for a TrueType
        font (each subset of the embedded font named, the text in its encoding), without the
        text object's bookkeeping."""
        c = self.canvas
        font = pdfmetrics.getFont(self.fonts.face(shape.font).pdf_name)
        doc = c._doc
        # the matrix turns text upright in our y-down space
        ops = [f"BT 1 0 0 -1 {fp_str(shape.x, shape.y)} Tm"]
        if isinstance(shape.fill, tuple):
            ops.append(f"{fp_str(*shape.fill)} rg")
        size = fp_str(shape.size)
        for subset, chunk in font.splitString(shape.text, doc):
            ops.append(f"{font.getSubsetInternalName(subset, doc)} {size} Tf "
                       f"({c._escape(chunk)}) Tj")
        ops.append("ET")
        c.addLiteral(" ".join(ops))

    def _paint_shape(self, shape: Rect | Circle | Line | Path, isolate: bool) -> None:
        """Shapes are written as PDF operators directly: going through reportlab's canvas
        calls for every rectangle and curve costs more than drawing them."""
        fill = getattr(shape, "fill", None)
        stroke = shape.stroke if shape.stroke is not None and shape.stroke.paint is not None \
            and shape.stroke.width > 0 else None
        if fill is None and stroke is None:
            return
        ops: list[str] = ["q"] if isolate else []
        if isinstance(fill, tuple):
            ops.append(f"{fp_str(*fill)} rg")
        if stroke is not None:
            if isinstance(stroke.paint, tuple):
                ops.append(f"{fp_str(*stroke.paint)} RG")
            dash = f"[{fp_str(*stroke.dash)}] 0 d" if stroke.dash else "[] 0 d"
            ops.append(f"{fp_str(stroke.width)} w {dash}")
        ops.append(_outline(shape))
        even_odd = isinstance(shape, Path) and shape.even_odd
        if fill is not None and stroke is not None:
            ops.append("B*" if even_odd else "B")
        elif fill is not None:
            ops.append("f*" if even_odd else "f")
        else:
            ops.append("S")
        if isolate:
            ops.append("Q")
        self.canvas.addLiteral(" ".join(ops))


def _outline(shape: Rect | Circle | Line | Path) -> str:
    if isinstance(shape, Rect):
        x, y, w, h = shape.x, shape.y, shape.w, shape.h
        r = min(shape.r, w / 2, h / 2)
        if r <= 0:
            return f"{fp_str(x, y, w, h)} re"
        k = r * KAPPA
        return (f"{fp_str(x + r, y)} m {fp_str(x + w - r, y)} l "
                f"{fp_str(x + w - r + k, y, x + w, y + r - k, x + w, y + r)} c "
                f"{fp_str(x + w, y + h - r)} l "
                f"{fp_str(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h)} c "
                f"{fp_str(x + r, y + h)} l "
                f"{fp_str(x + r - k, y + h, x, y + h - r + k, x, y + h - r)} c "
                f"{fp_str(x, y + r)} l {fp_str(x, y + r - k, x + r - k, y, x + r, y)} c h")
    if isinstance(shape, Circle):
        x, y, r = shape.cx, shape.cy, shape.r
        k = r * KAPPA
        return (f"{fp_str(x + r, y)} m {fp_str(x + r, y + k, x + k, y + r, x, y + r)} c "
                f"{fp_str(x - k, y + r, x - r, y + k, x - r, y)} c "
                f"{fp_str(x - r, y - k, x - k, y - r, x, y - r)} c "
                f"{fp_str(x + k, y - r, x + r, y - k, x + r, y)} c h")
    if isinstance(shape, Line):
        return f"{fp_str(shape.x1, shape.y1)} m {fp_str(shape.x2, shape.y2)} l"
    parts = []
    for op in shape.ops:
        kind = op[0]
        if kind == "Z":
            parts.append("h")
        else:
            parts.append(f"{fp_str(*op[1:])} {PATH_OPERATOR[kind]}")
    return " ".join(parts)


def _box_pt(box: tuple[float, float, float, float], page_h: float) -> tuple[float, ...]:
    x, y, w, h = box
    return (round(x * mm, 3), round((page_h - y - h) * mm, 3), round((x + w) * mm, 3),
            round((page_h - y) * mm, 3))


@lru_cache(maxsize=4096)
def _form_name(symbol_id: str) -> str:
    return "S_" + "".join(ch if ch.isalnum() else "_" for ch in symbol_id) + f"_{len(symbol_id)}"
