"""What a PDF page paints under a box, read back with pdfplumber (form XObjects included), in
millimetres, y downwards: a stroke that passes through the box, a fill whose edge crosses it,
a character inside it. A fill that holds the whole box (a card's background) is what the box
sits on, not something it covers."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise

MM = 72 / 25.4
EPS = 0.05  # mm: touching is not overlapping


@dataclass(frozen=True)
class Box:
    x0: float
    top: float
    x1: float
    bottom: float

    def overlaps(self, other: Box, grow: float = 0.0) -> bool:
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


def box_of(obj: dict) -> Box:
    return Box(obj["x0"] / MM, obj["top"] / MM, obj["x1"] / MM, obj["bottom"] / MM)


def _segments(obj: dict) -> Iterable[Box]:
    """The stroked outline of a rect or a curve as thin boxes, one per segment (a curve's
    corners are approximated by its points)."""
    if obj["object_type"] == "rect":
        b = box_of(obj)
        corners = [(b.x0, b.top), (b.x1, b.top), (b.x1, b.bottom), (b.x0, b.bottom)]
        points = [*corners, corners[0]]
    else:
        points = [(x / MM, y / MM) for x, y in obj["pts"]]  # pdfplumber: y from the top
        if obj["object_type"] == "curve":
            points.append(points[0])
    for (ax, ay), (bx, by) in pairwise(points):
        yield Box(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))


def covered(page, box: Box, own: Iterable[dict] = ()) -> list[str]:
    """What `page` paints under `box`, other than the objects in `own`."""
    mine = {id(o) for o in own}
    found = []
    for obj in [*page.rects, *page.curves, *page.lines, *page.chars]:
        if id(obj) in mine:
            continue
        b = box_of(obj)
        kind = obj["object_type"]
        if kind == "char":
            if box.overlaps(b) and obj["text"].strip():
                found.append(f"the letter {obj['text']!r} at {b.x0:.2f},{b.top:.2f} mm")
            continue
        if obj.get("stroke") or kind == "line":
            half = obj.get("linewidth", 0) / MM / 2
            if any(box.overlaps(s, half) for s in _segments(obj)):
                found.append(
                    f"a stroked {kind} {b.x0:.2f},{b.top:.2f}-{b.x1:.2f},{b.bottom:.2f} mm"
                )
                continue
        if obj.get("fill") and box.overlaps(b) and not b.holds(box):
            found.append(
                f"the edge of a filled {kind} {b.x0:.2f},{b.top:.2f}-{b.x1:.2f},{b.bottom:.2f} mm"
            )
    return found
