"""A page read for its text only (tests/pdf_text.py) answers what the page read whole answers
of its text: every character with every attribute, its words and its text; it has no shapes
to give (asking is an error), where the page read whole has many."""

from __future__ import annotations

import pdfplumber
import pytest

from playtest.library.loader import load_library
from tests.conftest import Kit
from tests.helpers import kit_sections
from tests.pdf_text import text_page

LIBRARY = load_library()


@pytest.mark.parametrize("game_id", [g for g in LIBRARY.game_ids if LIBRARY.game(g).decks][:1])
def test_a_page_read_for_its_text_has_the_same_text(game_id: str, shipped_kit: Kit) -> None:
    pdf = shipped_kit(game_id)
    number = next(p[0] for title, p in kit_sections(pdf).items() if " cards, " in title)
    with pdfplumber.open(pdf) as whole, pdfplumber.open(pdf) as text:
        page, read = whole.pages[number - 1], text_page(text.pages[number - 1])
        assert len(page.chars) > 200 and len(page.rects) + len(page.curves) > 200
        assert read.chars == page.chars
        colour = ["non_stroking_color"]
        assert read.extract_words(extra_attrs=colour) == page.extract_words(extra_attrs=colour)
        assert read.extract_text() == page.extract_text()
        half = (0, 0, page.width / 2, page.height)
        assert read.crop(half).extract_text() == page.crop(half).extract_text()
        with pytest.raises(AttributeError, match="read it whole"):
            read.rects  # noqa: B018
