"""Dice Town's rules reference (issue 27): its playtest defaults marked, its readings stated,
and a checklist that says no option is in force. Issue 42: what a table needed and guessed
(a card's life once played, what is hidden, the blind Saloon draw, Dynamite past the cap,
the spec's ranking of poker hands) is printed; then what a reviewer still found: when kept
dice are revealed, Doc Badluck's gifts, the aid's free last roll, supplies running short."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
from lxml import etree

from tests.conftest import Kit
from tests.kits.rules_reference import assert_marked, flat, reference_text

GAME = "dice-town"
SVG_TEXT = "{http://www.w3.org/2000/svg}text"


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


def test_the_checklist_names_no_variant_for_a_game_without_options(shipped_kit: Kit) -> None:
    """Issue 42: "Options in force: none (this game has no options)" told a table nothing."""
    with pdfplumber.open(shipped_kit(GAME)) as doc:
        for page in doc.pages[:2]:
            text = page.extract_text()
            assert "Variants" not in text and "Options" not in text


def _svg(pdf: Path, name: str) -> str:
    """The words of one of the kit's SVG files, beside its PDF, in one line."""
    root = etree.parse(str(pdf.parent / "svg" / f"{name}.svg")).getroot()
    return " ".join(" ".join("".join(t.itertext()) for t in root.iter(SVG_TEXT)).split())


def _aid(pdf: Path) -> str:
    """The set-up and rolling aid's words (the player aid's back)."""
    return _svg(pdf, "sheet-setup-aid")


def test_kept_dice_are_revealed_at_one_moment_everywhere(shipped_kit: Kit, library) -> None:
    """Issue 42 (the reviewer's gap 1): the reference showed kept dice at every roll, the aid
    only after the last one, and no step named when the cups are revealed. One rule now, in
    both: each roll's kept dice are shown together (Scoundrel's moment) before the next roll;
    the cups are revealed once every die is out (Cardsharp's), before the locations."""
    cards = {c.id: c for d in library.game(GAME).decks for c in d.cards}
    scoundrel, cardsharp = cards["GS09"], cards["GS10"]
    assert scoundrel.data()["timing"] == "You reveal your kept dice"
    assert cardsharp.data()["timing"] == "After revealing your cup"
    text = flat(reference_text(shipped_kit(GAME)))
    kept = (
        "then all open their hands together: this is when you reveal your kept dice "
        f"({scoundrel.name})."
    )
    cups = f"this is when the cups are revealed ({cardsharp.name}). Then the locations"
    assert kept in text and cups in text
    assert text.index(kept) < text.index("Roll the rest again") < text.index(cups)
    aid = _aid(shipped_kit(GAME))
    steps = [
        "In secret, each player takes 1 die out of the cup",
        f"All open their hands together: you reveal your kept dice ({scoundrel.name}).",
        "Roll the dice left in the cup again",
        "The last roll:",
        f"all lift their cups together, the cups are revealed ({cardsharp.name}).",
        "Then resolve the locations",
    ]
    at = [aid.find(step) for step in steps]
    assert -1 not in at and at == sorted(at), list(zip(steps, at, strict=True))
    assert "Reveal all the dice together" not in aid


def test_the_aid_says_the_last_roll_is_free_with_the_mark(shipped_kit: Kit) -> None:
    """Issue 42 (gap 4): the aid's last roll gave no cost, and an aid-only table charged for
    its extra dice; the playtest default is marked and the mark explained on the aid."""
    aid = _aid(shipped_kit(GAME))
    assert "everyone else rolls once more and keeps every die, for free\u2020." in aid
    assert "\u2020 playtest default: a value the rules do not give" in aid


def test_doc_badluck_gifts_and_empty_supplies_are_stated(shipped_kit: Kit) -> None:
    """Issue 42 (gaps 3 and 5): who picks Friendship's card and what if there is none,
    Protection against Donation, a Gold Mine short of nuggets, a General Store pile run out;
    stated as the engine plays them (the giver chooses, only unprotected deeds, as far as
    the supply goes)."""
    text = flat(reference_text(shipped_kit(GAME)))
    for reading in [
        "Reading: Donation and Friendship: choose an opponent who holds such a card; they "
        "choose which one to give you. Deeds laid face up by Protection cannot be given. If "
        "no opponent holds one, the card does nothing.",
        "Reading: A Gold Mine holding fewer nuggets than its winner earns gives what it holds.",
        "Reading: A General Store draw from a pile with too few cards takes what is left of "
        "it, or nothing once it is empty.",
    ]:
        assert reading in text, reading
    friendship, protection = (_svg(shipped_kit(GAME), f"doc-badluck-{i}") for i in ("DB6", "DB4"))
    assert "A chosen opponent gives you a General Store card of their choice." in friendship
    assert "they cannot be stolen or given away." in protection
