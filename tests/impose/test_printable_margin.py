"""No ink in the unprintable margin, ever (issue 27): every page of every shipped kit, on A4 and
Letter, in every backs mode, rendered as the printer gets it (clips, bleed and all), is paper
white within `printable_margin` of the paper's edge."""

from __future__ import annotations

import math
import os
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest

from playtest import components
from playtest.generator.kit.build import BuildRequest, build_kits
from playtest.library.loader import load_library

GAMES = load_library().game_ids  # every game of the components shipped: each has a kit
BACKS = ("duplex-long", "duplex-short", "fold", "none")
DPI = 72
MM = DPI / 25.4
TOLERANCE = 0.3  # mm: anti-aliasing of an edge that stops right at the margin
WHITE = 250


def build_all(out: Path, **overrides) -> Path:
    cwd = os.getcwd()
    os.chdir(out.parent)
    try:
        request = BuildRequest(
            formats=frozenset({"pdf"}), out_dir=Path(out.name), overrides=overrides
        )
        list(build_kits(load_library(components.ROOT), request))
    finally:
        os.chdir(cwd)
    return out


def inked_margin(pdf: Path, margin: float) -> list[str]:
    """One line per page that has ink outside the printable area: where the ink is nearest
    the paper's edge, in mm."""
    found = []
    doc = pdfium.PdfDocument(pdf)
    try:
        for number in range(1, len(doc) + 1):
            page = doc[number - 1]
            grey = np.asarray(page.render(scale=DPI / 72, grayscale=True).to_pil().convert("L"))
            h, w = grey.shape
            band = math.floor((margin - TOLERANCE) * MM)
            ink = grey < WHITE
            ink[band : h - band, band : w - band] = False
            if ink.any():
                ys, xs = np.nonzero(ink)
                nearest = min(xs.min(), ys.min(), w - 1 - xs.max(), h - 1 - ys.max()) / MM
                found.append(f"page {number}: ink {nearest:.1f} mm from the edge")
    finally:
        doc.close()
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("backs", BACKS)
def test_no_page_of_any_kit_inks_the_unprintable_margin(tmp_path: Path, paper, backs) -> None:
    out = build_all(tmp_path / "out", paper=paper, backs=backs)
    margin = load_library(components.ROOT).game(GAMES[0]).presets.print.printable_margin
    found = {game: inked_margin(out / game / f"{game}-kit.pdf", margin) for game in GAMES}
    assert {game: pages for game, pages in found.items() if pages} == {}, f"{paper}, {backs}"
