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


def _outline(obj: dict) -> list[tuple[float, float]]:
    """The stroked outline of a rect or a path as points in mm (pdfplumber's y from the top),
    curves followed through their control points."""
    if obj["object_type"] == "rect":
        b = box_of(obj)
        return [(b.x0, b.top), (b.x1, b.top), (b.x1, b.bottom), (b.x0, b.bottom), (b.x0, b.top)]
    points: list[tuple[float, float]] = []
    start = None
    for command, *args in obj.get("path") or [
        ("m", obj["pts"][0]),
        *(("l", p) for p in obj["pts"][1:]),
    ]:
        if command == "m":
            start = args[0]
            points.append(args[0])
        elif command == "l":
            points.append(args[0])
        elif command == "c":
            (x0, y0), (x1, y1), (x2, y2), (x3, y3) = points[-1], *args
            for i in range(1, 9):
                t = i / 8
                a, b, c, d = (1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t * t * (1 - t), t**3
                points.append(
                    (a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3)
                )
        elif command == "h" and start is not None:
            points.append(start)
    return [(x / MM, y / MM) for x, y in points]


def _segments(obj: dict) -> Iterable[Box]:
    """The outline as small boxes (at most 0.2 mm long), so a diagonal is not its bounding box."""
    for (ax, ay), (bx, by) in pairwise(_outline(obj)):
        steps = max(1, int(max(abs(bx - ax), abs(by - ay)) / 0.2) + 1)
        for i in range(steps):
            px, py = ax + (bx - ax) * i / steps, ay + (by - ay) * i / steps
            qx, qy = ax + (bx - ax) * (i + 1) / steps, ay + (by - ay) * (i + 1) / steps
            yield Box(min(px, qx), min(py, qy), max(px, qx), max(py, qy))


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
            # the outline lies in the object's box (a curve in its control points' hull), so
            # a box it does not reach has no segment to look at
            if box.overlaps(b, half) and any(box.overlaps(s, half) for s in _segments(obj)):
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
