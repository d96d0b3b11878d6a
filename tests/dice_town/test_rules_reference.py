"""Dice Town's rules reference (issue 27): its playtest defaults marked, its readings stated,
and a checklist that says no option is in force. Issue 42: what a table needed and guessed
(a card's life once played, what is hidden, the blind Saloon draw, Dynamite past the cap,
the spec's ranking of poker hands) is printed."""

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
            "Tied for first: the victory is shared.\u2020",
            "the dice outside the combination decide, highest first, then the sheriff.\u2020",
        ],
    )


def test_readings_of_the_write_up_are_stated(shipped_kit: Kit) -> None:
    text = flat(reference_text(shipped_kit(GAME)))
    for reading in [
        "Reading: A sheriff who keeps the badge",
        "Dice rank 9 < 10 < J < Q < K < A",  # the order of the faces
        "Reading: The winner chooses the extra deeds",  # an Ace's deeds at the Town Hall
        "Reading: Still equal: the dice outside the combination decide",
    ]:
        assert reading in text
    assert "as the write-up lists them" not in text  # the write-up lists no ranking


def test_what_a_table_had_to_guess_is_printed(shipped_kit: Kit, library) -> None:
    """Issue 42's Dice Town list, each point in words taken from the YAML (card names, the
    cap, Dynamite's factor) and the spec's ranking of hands in its order."""
    text = flat(reference_text(shipped_kit(GAME)))
    game = library.game(GAME)
    cap = game.rules_data["locations"][0]["amount"]["cap"]
    for fact in [
        # the card life-cycle: played once, then out of the game; goods kept; Hold-up at once
        "Play an effect card at the moment printed on it (Play when), once; then discard it "
        "out of the game.",
        "Goods cards are never played: keep them for their points at the end.",
        "Reading: Hold-up is played as soon as you get it, so nobody keeps it.",
        # hidden information and the Saloon draw
        "Reading: Keep your General Store cards and your deeds together in one face-down hand",
        "Reading: The Saloon draw is blind: its winner draws from the target's face-down hand "
        "without looking.",
        # Dynamite and the cap
        f"Reading: Dynamite multiplies what the Gold Mine gives by 2 after that cap: it may "
        f"give more than {cap} nuggets, as far as the mine goes.",
        # the display, so that "bottom" means one place
        "turn 3 face up in a column, one below the other (the display)",
        "The deeds left slide down and new ones are turned face up on top.",
    ]:
        assert fact in text, fact
    names = [hand["name"] for hand in game.rules_data["poker_hands"]]
    assert names[:4] == ["Five of a kind", "Four of a kind", "Full house", "Straight"]
    ranking = "Best first: " + ", ".join(names[:3]) + ", " + names[3]
    assert ranking in text


def test_the_checklist_says_no_option_is_in_force(shipped_kit: Kit) -> None:
    with pdfplumber.open(shipped_kit(GAME)) as doc:
        assert "Options in force: none" in doc.pages[1].extract_text()
