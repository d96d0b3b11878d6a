"""The reference card's step labels stand clear of the next step's circle (issue 27), measured
on the kit as printed (pdfplumber's boxes of the PDF's text and paths, in mm)."""

from __future__ import annotations

import pdfplumber

from tests.helpers import kit_sections
from tests.impose.painted import box_of

CLEAR = 1.0  # mm between a step's label and the next step's circle


def _pages(pdf, title: str) -> list[int]:
    return next(pages for t, pages in kit_sections(pdf).items() if t.startswith(title))


def test_reference_step_labels_clear_the_next_circle(shipped_kit) -> None:
    pdf = shipped_kit("abandon-all-artichokes")  # the kit PDF
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
