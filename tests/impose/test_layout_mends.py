"""Small layout mends of issue 27, measured on the kits as printed (pdfplumber's boxes of the
PDF's own text and paths, in mm): the Artichokes reference card's step labels stand clear of
the next step's circle, and every award medal's number stays inside its medal's ring."""

from __future__ import annotations

import math

import pdfplumber

from tests.helpers import kit_sections
from tests.impose.painted import MM, Box, box_of

CLEAR = 1.0  # mm between a step's label and the next step's circle


def _pages(pdf, title: str) -> list[int]:
    return next(pages for t, pages in kit_sections(pdf).items() if t.startswith(title))


def test_reference_step_labels_clear_the_next_circle(shipped_kit) -> None:
    pdf = shipped_kit("abandon-all-artichokes") / "abandon-all-artichokes-kit.pdf"
    gaps = []
    with pdfplumber.open(pdf) as doc:
        for number in _pages(pdf, "Player reference (")[0::2]:
            page = doc.pages[number - 1]
            circles = [
                box_of(c)
                for c in page.curves
                if c["fill"]
                and abs(box_of(c).x1 - box_of(c).x0 - (box_of(c).bottom - box_of(c).top)) < 0.01
                and 4 < box_of(c).x1 - box_of(c).x0 < 7
            ]
            words = [box_of(w) for w in page.extract_words() if w["text"].isalpha()]
            for circle in circles:
                below = [
                    c
                    for c in circles
                    if abs(c.x0 - circle.x0) < 0.01 and 5 < c.top - circle.top < 12
                ]
                if not below:
                    continue
                label = [
                    w
                    for w in words
                    if w.x0 < (circle.x0 + circle.x1) / 2 < w.x1
                    and circle.bottom - 0.5 < w.top < below[0].top
                ]
                assert label, f"page {number}: no label under the circle at {circle}"
                gaps.append((below[0].top - label[0].bottom, number, label[0]))
    assert len(gaps) >= 4 * 4  # four steps followed by another on each reference card
    worst = min(gaps, key=lambda g: g[0])
    assert worst[0] >= CLEAR, (
        f"page {worst[1]}: a step label {worst[0]:.2f} mm from the next circle"
    )


def test_medal_numbers_stay_inside_their_ring(shipped_kit) -> None:
    """Every number printed on a medal of an award card, A30's -2 included, lies inside the
    medal's inner ring (its box's corners within the ring's radius)."""
    pdf = shipped_kit("village-green") / "village-green-kit.pdf"
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
