"""Dice Town's rules reference (issue 27): its playtest defaults marked, its readings stated,
and a checklist that says no option is in force."""

from __future__ import annotations

import pdfplumber

from tests.conftest import Kit
from tests.kits.rules_reference import assert_marked, flat, reference_text

GAME = "dice-town"


def test_playtest_defaults_carry_the_mark(shipped_kit: Kit) -> None:
    assert_marked(
        reference_text(shipped_kit(GAME)),
        [
            "Sack of Flour 1\u2020",
            "Horse 8\u2020",
            "printed on it.\u2020",
            "victory is shared (shared\u2020)",
            "(hand ties: remaining-dice\u2020)",
        ],
    )


def test_readings_of_the_write_up_are_stated(shipped_kit: Kit) -> None:
    text = flat(reference_text(shipped_kit(GAME)))
    for reading in [
        "Reading: A sheriff who keeps the badge",
        "straight below a full house",
        "Dice rank 9 < 10 < J < Q < K < A",  # the order of the faces
        "Reading: The winner chooses the extra deeds",  # an Ace's deeds at the Town Hall
        "Reading: Still equal: the dice outside the combination decide",
    ]:
        assert reading in text


def test_the_checklist_says_no_option_is_in_force(shipped_kit: Kit) -> None:
    with pdfplumber.open(shipped_kit(GAME)) as doc:
        assert "Options in force: none" in doc.pages[1].extract_text()
