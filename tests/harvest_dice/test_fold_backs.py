"""`--backs fold` prints every back (issue 27): card decks, tokens (the Harvest Dice start pig's
back was dropped) and sheets, each back mirrored about the fold line of its front's page,
as duplex prints it behind its front."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from playtest.library.loader import load_library
from tests.helpers import kit_sections, make_components
from tests.impose.pdfgeom import MM
from tests.kits.mini_kit import build
from tests.pdf_text import text_page

GAME = "harvest-dice"


@pytest.fixture(scope="module")
def folded(tmp_path_factory) -> tuple[Path, Path]:
    tmp = tmp_path_factory.mktemp("fold")
    root = make_components(tmp, GAME, mini=False)
    return root, build(tmp, backs="fold").parent / GAME / f"{GAME}-kit.pdf"


def squares(page, side: float) -> list[tuple[float, float]]:
    """Top-left corners (mm) of the painted squares `side` mm wide."""
    return sorted(
        (round(r["x0"] / MM, 2), round(r["top"] / MM, 2))
        for r in page.rects
        if abs(r["width"] / MM - side) < 0.01 and abs(r["height"] / MM - side) < 0.01
    )


def test_every_token_with_a_back_has_it_mirrored_about_the_fold(folded) -> None:
    root, pdf = folded
    game = load_library(root).game(GAME)
    sections = kit_sections(pdf)
    with_back = [t for t in game.tokens if t.back is not None]
    assert with_back  # the start pig
    bleed = game.presets.print.bleed
    with pdfplumber.open(pdf) as doc:
        for token in with_back:
            (pages,) = [p for title, p in sections.items() if title.startswith(token.name)]
            side = token.size[0] + 2 * bleed
            page = doc.pages[pages[0] - 1]
            ph = page.height / MM
            found = squares(page, side)
            fronts = [(x, y) for x, y in found if y + side < ph / 2]
            backs = [(x, y) for x, y in found if y > ph / 2]
            assert len(fronts) == len(backs) == token.count
            mirrored = sorted((x, ph - y - side) for x, y in fronts)
            for (mx, my), (bx, by) in zip(mirrored, backs, strict=True):
                assert (bx, by) == pytest.approx((mx, my), abs=0.02)
            assert "fold here" in (page.extract_text() or "")
        first = doc.pages[0].extract_text() or ""
    assert "Start player pig (1 token)" in first  # one token, not "1 tokens" (issue 26)
    assert "single-sided; fold each sheet" in first  # how to print it (wrapped)


def test_every_sheet_back_is_printed_single_sided(folded) -> None:
    """A sheet's back (the advanced score sheet behind the basic one) prints as a sheet of its
    own when nothing is printed double-sided."""
    _, pdf = folded
    with pdfplumber.open(pdf) as doc:
        text = " ".join(text_page(page).extract_text() or "" for page in doc.pages)
    assert "ADVANCED" in text and "BASIC" in text
