"""Orchard's rules reference (the example game scored only by YAML): its playtest defaults
marked, its reading stated, its scoring printed from the same `rules:` the YAML scores with."""

from __future__ import annotations

import pdfplumber

from tests.conftest import Kit
from tests.kits.rules_reference import assert_marked, flat, reference_text

GAME = "orchard"


def test_playtest_defaults_carry_the_mark(shipped_kit: Kit) -> None:
    assert_marked(
        reference_text(shipped_kit(GAME)),
        ["Every 5\u2020 pears fill a crate worth 1\u2020", "1.5 x 2\u2020, rounded down"],
    )


def test_the_reading_and_the_scoring_are_printed(shipped_kit: Kit) -> None:
    text = flat(reference_text(shipped_kit(GAME)))
    assert "Reading: A player scoring 30\u2020 or more must have planted a tree card" in text
    for fact in (
        "each full row 4; baskets 0, 1, 3, 6 for 0 to 3",
        "The most pears share 6 points",
        "(at least 10, at least 20): 2, 5",
        "players still tied share the win",
        # what the scorer counts and the reference left out (issue 27: from the kit alone the
        # example game's totals came out 34 and 37, not the scorer's 46 and 43)
        "Best row: your fullest row's apples score 0, 0, 1, 1, 2, 3 for 0 to 5, plus 1 per "
        "apple in your emptiest row",
        "A planted tree card scores 3 if it is T1, 1 if it is another",
        "Apples harvested: the most 2 (tied players all), the fewest 0, anyone else 1",
        "Every player loses 1 except those with the most apples and a player alone with the "
        "fewest pears",
    ):
        assert fact in text, fact


def test_the_checklist_names_what_the_reference_needs_and_the_kit_lacks(
    shipped_kit: Kit,
) -> None:
    """The reference says to roll a die and take a pencil; the kit prints neither, so the
    checklist's 'you also need' names both (it said 'nothing else')."""
    pdf = shipped_kit(GAME)
    assert "Roll a die" in flat(reference_text(pdf))
    with pdfplumber.open(pdf) as doc:
        checklist = flat(doc.pages[1].extract_text())
    assert "Not printed: you also need a pencil per player a six-sided die" in checklist
