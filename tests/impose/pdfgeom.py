"""Geometry read back from the PDF itself (pdfplumber), in millimetres, y downwards."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pdfplumber
from pypdf import PdfReader

from tests.pdf_text import text_page

MM = 72 / 25.4
EPS = 0.05  # mm: touching is not overlapping


@dataclass(frozen=True)
class Box:
    x0: float
    top: float
    x1: float
    bottom: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.bottom - self.top

    @property
    def centre(self) -> tuple[float, float]:
        return ((self.x0 + self.x1) / 2, (self.top + self.bottom) / 2)

    def overlaps(self, other: Box, grow: float = 0.0) -> bool:
        """More than touching (EPS), with this box grown by `grow` on every side."""
        return (
            self.x0 - grow < other.x1 - EPS
            and other.x0 + EPS < self.x1 + grow
            and self.top - grow < other.bottom - EPS
            and other.top + EPS < self.bottom + grow
        )

    def holds(self, other: Box) -> bool:
        return (
            self.x0 <= other.x0 + EPS
            and self.top <= other.top + EPS
            and other.x1 <= self.x1 + EPS
            and other.bottom <= self.bottom + EPS
        )

    def inset(self, d: float) -> Box:
        return Box(self.x0 + d, self.top + d, self.x1 - d, self.bottom - d)


def _box(obj: dict) -> Box:
    return Box(obj["x0"] / MM, obj["top"] / MM, obj["x1"] / MM, obj["bottom"] / MM)


def rects(pdf: Path, page: int) -> list[Box]:
    """Rectangles painted on page `page` (1-based), form XObjects included."""
    with pdfplumber.open(pdf) as doc:
        return [_box(r) for r in doc.pages[page - 1].rects]


def lines(pdf: Path, page: int) -> list[Box]:
    with pdfplumber.open(pdf) as doc:
        return [_box(ln) for ln in doc.pages[page - 1].lines]


def page_size(pdf: Path, page: int) -> tuple[float, float]:
    """The page's width and height in mm as shown (its media box, turned by its /Rotate), as
    pdfplumber gives them, read without pdfplumber's parse of the whole document."""
    p = PdfReader(pdf).pages[page - 1]
    w, h = abs(float(p.mediabox.width)), abs(float(p.mediabox.height))
    return (h / MM, w / MM) if p.rotation % 180 else (w / MM, h / MM)


def page_text(pdf: Path, page: int) -> str:
    with pdfplumber.open(pdf) as doc:
        return text_page(doc.pages[page - 1]).extract_text() or ""


def sized(boxes: list[Box], w: float, h: float, tol: float = 0.01) -> list[Box]:
    return [b for b in boxes if abs(b.width - w) < tol and abs(b.height - h) < tol]
