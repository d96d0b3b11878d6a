"""Every number on an award card's medal, A30's -2 included, stays inside the medal's ring
(issue 27), measured on the kit as printed (pdfplumber's boxes, in mm)."""

from __future__ import annotations

import math

import pdfplumber

from tests.helpers import kit_sections
from tests.impose.painted import MM, Box, box_of


def _pages(pdf, title: str) -> list[int]:
    return next(pages for t, pages in kit_sections(pdf).items() if t.startswith(title))


def test_medal_numbers_stay_inside_their_ring(shipped_kit) -> None:
    """Every number printed on a medal of an award card, A30's -2 included, lies inside the
    medal's inner ring (its box's corners within the ring's radius)."""
    pdf = shipped_kit("village-green")  # the kit PDF
    seen, outside = 0, []
    with pdfplumber.open(pdf) as doc:
        for number in _pages(pdf, "Award cards (")[0::2]:
            page = doc.pages[number - 1]
            # the medals' inner rings (icons/medal.svg): circles stroked, not filled; inside
            # the ring's line
            rings = [
                box_of(c).inset(c["linewidth"] / MM / 2)
                for c in page.curves
                if c["stroke"]
                and not c["fill"]
                and abs((box_of(c).x1 - box_of(c).x0) - (box_of(c).bottom - box_of(c).top)) < 0.05
            ]
            for word in page.extract_words(extra_attrs=["size"]):
                text = word["text"]
                if not text.lstrip("-\u2212").isdigit():
                    continue
                box = box_of(word)
                ring = next(
                    (
                        r
                        for r in rings
                        if r.holds(Box(box.x0, box.top, box.x0, box.top)) or _centred(r, box)
                    ),
                    None,
                )
                if ring is None:
                    continue
                seen += 1
                cx, cy = (ring.x0 + ring.x1) / 2, (ring.top + ring.bottom) / 2
                radius = (ring.x1 - ring.x0) / 2
                far = max(
                    math.hypot(x - cx, y - cy)
                    for x in (box.x0, box.x1)
                    for y in (box.top, box.bottom)
                )
                if far > radius:
                    outside.append(
                        f"page {number}: {text!r} reaches {far:.2f} mm from its ring's "
                        f"centre (ring {radius:.2f} mm)"
                    )
    assert seen >= 30
    assert not outside, "\n".join(outside)


def _centred(ring: Box, box: Box) -> bool:
    return (
        ring.x0 < (box.x0 + box.x1) / 2 < ring.x1
        and ring.top < (box.top + box.bottom) / 2 < ring.bottom
    )
