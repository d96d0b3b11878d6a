"""What a PDF page paints under a box, read back with pdfplumber (form XObjects included), in
millimetres, y downwards: a stroke that passes through the box, a fill whose edge crosses it,
a character inside it. A fill that holds the whole box (a card's background) is what the box
sits on, not something it covers."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

from tests.impose.pdfgeom import MM, Box, _box


def box_of(obj: dict) -> Box:
    """A pdfplumber object's box, in mm."""
    return _box(obj)


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


def mark_words(page, mark: str) -> list[dict]:
    """The marks on `page`: its 6 pt grey words (read apart from the card's own text, which a
    mark may share a line with)."""
    alone = page.filter(
        lambda o: (
            o["object_type"] != "char"
            or (abs(o["size"] - 6) < 0.01 and o["non_stroking_color"] == (0.4, 0.4, 0.4))
        )
    )
    return [w for w in alone.extract_words() if w["text"] == mark]
