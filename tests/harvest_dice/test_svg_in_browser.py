"""The Harvest Dice score sheet's SVG, shown by Chromium on a machine without Lato, looks like
its PDF page; with the embedded fonts taken out it does not (moved from
tests/kits/test_svg_fonts.py, whose helpers it uses)."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest

from tests.kits.test_svg_fonts import DPI, browser_picture, chromium, sheet_case
from tests.pictures import colour_blur, pdf_picture, picture_difference


@pytest.mark.skipif(
    chromium() is None,
    reason="needs Chromium: tests/setup_browser.py (README, second command) could not install it",
)
def test_the_svg_looks_like_the_pdf_in_a_browser_without_lato(tmp_path: Path) -> None:
    """The Harvest Dice score sheet: the header line whose fallback font ran past its box."""
    case = sheet_case("harvest-dice")
    pdf = pdf_picture(case.pdf(), dpi=DPI)
    svg = case.svg()
    with (
        tempfile.TemporaryDirectory(dir=tmp_path) as a,
        tempfile.TemporaryDirectory(dir=tmp_path) as b,
    ):
        shown = browser_picture(svg, pdf.size, Path(a))
        without = re.sub(r"<style[^>]*>.*?</style>", "", svg, flags=re.S)
        fallback = browser_picture(without, pdf.size, Path(b))
    # two renderers: glyph edges and hinting blurred away, where the ink lies must agree
    same = picture_difference(colour_blur(pdf), colour_blur(shown), threshold=60)
    other = picture_difference(colour_blur(pdf), colour_blur(fallback), threshold=60)
    assert same.share <= 0.001, f"the SVG in a browser differs from the PDF: {same}"
    # a fallback font puts the ink elsewhere: the embedded fonts are what makes them agree
    assert other.share > 5 * same.share, (same, other)
