"""Ink saver keeps every text readable (issue 27): in every shipped kit built with --ink-saver,
every word has a contrast of at least 4.5:1 (WCAG) against what lies beneath it on the
rendered page. The colour of a word is the one the PDF paints it with; what lies beneath it is
the commonest colour round and under its glyphs that is not the text's own."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pdfplumber
import pypdfium2 as pdfium
import pytest

from playtest import components
from playtest.generator.kit.build import BuildRequest, build_kits
from playtest.library.loader import load_library
from tests.pdf_text import text_page

GAMES = load_library().game_ids  # every game of the components shipped: each has a kit
DPI = 100
PX = DPI / 72  # pixels per PDF point
MINIMUM = 4.5


def luminance(rgb: tuple[float, float, float]) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def text_colour(word: dict) -> tuple[float, float, float] | None:
    colour = word.get("non_stroking_color")
    if colour is None or isinstance(colour, str):
        return None
    values = tuple(float(v) for v in (colour if isinstance(colour, list | tuple) else [colour]))
    if len(values) == 1:
        return (values[0],) * 3
    if len(values) == 3:
        return values  # type: ignore[return-value]
    if len(values) == 4:  # CMYK
        c, m, y, k = values
        return ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
    return None


def beneath(image: np.ndarray, word: dict, colour: tuple[float, float, float]) -> tuple | None:
    """The commonest pixel colour round and under the word that is not near its own colour."""
    h, w, _ = image.shape
    pad = 2
    x0, x1 = max(0, int(word["x0"] * PX) - pad), min(w, int(word["x1"] * PX) + pad + 1)
    y0, y1 = max(0, int(word["top"] * PX) - pad), min(h, int(word["bottom"] * PX) + pad + 1)
    if x1 <= x0 or y1 <= y0:
        return None
    region = image[y0:y1, x0:x1].reshape(-1, 3).astype(int)
    own = np.array([round(c * 255) for c in colour])
    far = region[np.abs(region - own).sum(axis=1) > 90]
    if len(far) < 0.2 * len(region):
        return None  # nothing but the text (or a colour too close to tell apart): no ground
    # the commonest colour, of equals the one met first (as Counter.most_common counts):
    # counted by numpy on one integer a pixel, not in a Counter of tuples (a third of the test)
    packed = far[:, 0] << 16 | far[:, 1] << 8 | far[:, 2]
    colours, first, counts = np.unique(packed, return_index=True, return_counts=True)
    commonest = np.flatnonzero(counts == counts.max())
    best = int(colours[commonest[np.argmin(first[commonest])]])
    return (best >> 16) / 255, (best >> 8 & 255) / 255, (best & 255) / 255


def low_contrast(pdf: Path) -> list[str]:
    found: list[str] = []
    doc = pdfium.PdfDocument(pdf)
    try:
        with pdfplumber.open(pdf) as plumbed:
            for number, page in enumerate(plumbed.pages, 1):
                image = np.asarray(doc[number - 1].render(scale=PX).to_pil().convert("RGB"))
                words = text_page(page).extract_words(extra_attrs=["non_stroking_color"])
                for word in words:
                    colour = text_colour(word)
                    if colour is None:
                        continue
                    ground = beneath(image, word, colour)
                    if ground is None:
                        continue
                    ratio = contrast(colour, ground)
                    if ratio < MINIMUM:
                        found.append(f"page {number}: {word['text']!r} {ratio:.2f}:1")
    finally:
        doc.close()
    return found


@pytest.fixture
def saved_kit(tmp_path: Path) -> Callable[[str], Path]:
    """A game's kit PDF built with the ink saver (only the game a test reads: the games'
    tests may run in different xdist workers)."""

    def kit(game: str) -> Path:
        cwd = os.getcwd()
        os.chdir(tmp_path)
        try:
            request = BuildRequest(
                games=(game,),
                formats=frozenset({"pdf"}),
                out_dir=Path("out"),
                overrides={"ink_saver": True},
            )
            list(build_kits(load_library(components.ROOT), request))
        finally:
            os.chdir(cwd)
        return tmp_path / "out" / game / f"{game}-kit.pdf"

    return kit


@pytest.mark.parametrize("game", GAMES)
def test_every_word_keeps_4_5_to_1_against_its_ground_with_the_ink_saver(
    saved_kit: Callable[[str], Path], game: str
) -> None:
    wrong = low_contrast(saved_kit(game))
    assert wrong == [], f"{len(wrong)} words: {wrong[:12]}"
