"""Harvest Dice's score pad printed double-sided: the advanced sheet on the back of the basic
one (moved from tests/impose/test_print_order.py)."""

from __future__ import annotations

import pytest

from tests.impose import printed_kit
from tests.impose.printed_kit import LIBRARY, PAPERS

kits = printed_kit.kits  # the fixture, one cache for every module that prints kits


@pytest.mark.parametrize("paper", list(PAPERS))
def test_a_sheet_with_a_back_has_it_on_the_next_page(kits, paper) -> None:
    """Harvest Dice: the advanced score sheet is printed on the back of the basic one."""
    game = LIBRARY.game("harvest-dice")
    basic = next(s for s in game.sheets if s.back)
    for backs in ("duplex-long", "duplex-short"):
        kit = kits("harvest-dice", paper, backs)
        for title, pages in kit.sections.items():
            if not title.startswith("score sheets"):
                continue
            for front, back in zip(pages[::2], pages[1::2], strict=True):
                assert "BASIC" in kit.texts[front - 1] and "ADVANCED" in kit.texts[back - 1]
        assert basic.back == "advanced"
