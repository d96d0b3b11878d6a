"""Where a kit page places each card, read back from the PDF's own operators: every card is a
clipped group (its art's extent: trim plus bleed) holding one transformed group (the card's own
coordinates mapped onto the page), so the trim box and the bleed on each side of every card
come from the file itself, in millimetres, y downwards."""

from __future__ import annotations

from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 72 / 25.4
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)


@dataclass(frozen=True)
class Rect:
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def centre(self) -> tuple[float, float]:
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)


@dataclass(frozen=True)
class Placed:
    clip: Rect  # how far the art may reach
    transform: Matrix  # the card's coordinates to PDF points

    def trim(self, w: float, h: float, page_h: float) -> Rect:
        return _bounds(
            [
                _to_mm(_apply(self.transform, x, y), page_h)
                for x, y in ((0, 0), (w, 0), (0, h), (w, h))
            ]
        )


def _mul(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF's row-vector convention: cm sets CTM = m x CTM)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (
        a * A + b * C,
        a * B + b * D,
        c * A + d * C,
        c * B + d * D,
        e * A + f * C + E,
        e * B + f * D + F,
    )


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def _to_mm(point: tuple[float, float], page_h: float) -> tuple[float, float]:
    return (point[0] / MM, page_h - point[1] / MM)


def _bounds(points: list[tuple[float, float]]) -> Rect:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return Rect(min(xs), min(ys), max(xs), max(ys))


def placements(reader: PdfReader, page: int) -> list[Placed]:
    """Every clipped group whose first child is a transformed group, on page `page` (1-based)."""
    pdf_page = reader.pages[page - 1]
    page_h = float(pdf_page.mediabox.height) / MM
    ctm, stack = IDENTITY, []
    pending: tuple[list, Matrix] | None = None
    waiting: tuple[Rect, int] | None = None
    found: list[Placed] = []
    for operands, op in ContentStream(pdf_page.get_contents(), reader).operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
            if waiting is not None and len(stack) < waiting[1]:
                waiting = None
        elif op == b"cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
            if waiting is not None and len(stack) == waiting[1] + 1:
                found.append(Placed(waiting[0], ctm))
                waiting = None
        elif op == b"re":
            pending = (operands, ctm)
        elif op == b"n" and pending is not None:
            (x, y, w, h), at = [float(v) for v in pending[0]], pending[1]
            waiting = (
                _bounds(
                    [_to_mm(_apply(at, px, py), page_h) for px, py in ((x, y), (x + w, y + h))]
                ),
                len(stack),
            )
            pending = None
        elif op in (b"f", b"S", b"B", b"f*", b"B*"):
            pending = None
    return found
