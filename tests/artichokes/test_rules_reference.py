"""Abandon All Artichokes' rules reference (issue 27): its playtest defaults marked, its
readings stated, what the issue found missing printed, a changed number and the options'
lines following what is in force, and the checklist's pages. Issue 42: readings in players'
words, the options as built said as variants, and the Rhubarb promo playable from any kit."""

from __future__ import annotations

from pathlib import Path

import pdfplumber

from tests.conftest import Kit
from tests.helpers import copy_components, edit_once, kit_sections
from tests.kits.rules_reference import assert_marked, build, flat, reference_text

GAME = "abandon-all-artichokes"


def test_playtest_defaults_carry_the_mark(shipped_kit: Kit) -> None:
    assert_marked(
        reference_text(shipped_kit(GAME)),
        ["at least 2\u2020 cards", "keep the row as dealt and play on.\u2020"],
    )


def test_readings_of_the_write_up_are_stated(shipped_kit: Kit) -> None:
    text = flat(reference_text(shipped_kit(GAME)))
    for reading in [
        "Reading: Carrot: it must be the only card you play that turn",
        "Reading: Peas: the Garden Stack must hold at least 2\u2020 cards",
    ]:
        assert reading in text


def test_what_the_issue_found_missing_is_printed(shipped_kit: Kit) -> None:
    artichokes = flat(reference_text(shipped_kit(GAME)))
    for fact in (
        "Deal 10 Artichokes face down to each player",
        "Put the Artichokes left over back in the box",
        "Shuffle every other card face down as the Garden Stack",
        "Turn 5 cards of the stack face up in a line: the Garden Row",
        "Each player draws 5 cards",
        "If the Garden Stack is empty the row stays short",
        "most recently ate cooked green vegetables starts",
        "Leave the 6\u2020 Rhubarb promo cards in the box, unless you play the variant below.",
    ):
        assert fact in artichokes


def test_the_rhubarb_promo_can_be_played_from_a_kit_built_without_it(
    shipped_kit: Kit, library
) -> None:
    """Issue 42: with its option off (the build's default) the kit printed neither the
    Rhubarb cards nor their rule. Now the promo deck is printed, marked as such, and the
    reference says how to add it and what the card does, in the card's own words."""
    pdf = shipped_kit(GAME)
    rhubarb = next(d for d in library.game(GAME).decks if d.id == "rhubarb")
    card = rhubarb.cards[0]
    assert not library.game(GAME).option("rhubarb")
    sections = kit_sections(pdf)
    assert any(t.startswith(f"{rhubarb.name} ({card.count} cards") for t in sections), sections
    artichokes = flat(reference_text(pdf))
    assert "Variant: the Rhubarb promo" in artichokes
    assert (
        f"To play with the Rhubarb promo, shuffle its {card.count}\u2020 cards into the Garden "
        "Stack at set-up." in artichokes
    )
    ability, condition = (" ".join(str(card.data()[k]).split()) for k in ("ability", "condition"))
    assert f"Rhubarb: {ability} Play it only if: {condition}" in artichokes


def test_a_changed_value_prints_changed_and_options_switch_lines(tmp_path: Path) -> None:
    root = copy_components(tmp_path)
    edit_once(root / GAME / "game.yaml", "hand_size: 5", "hand_size: 6")
    out = build(
        root, tmp_path / "out", (GAME,), options={"rhubarb": True, "carrot-only-play": False}
    )
    pdf = out / GAME / f"{GAME}-kit.pdf"
    artichokes = flat(reference_text(pdf))
    assert "Each player draws 6 cards" in artichokes
    assert "The 6\u2020 Rhubarb promo cards are in this game" in artichokes
    assert "other cards that turn too.\u2020" in artichokes
    assert "only card you play that turn" not in artichokes
    assert "This game plays with the 6\u2020 Rhubarb promo cards" in artichokes
    with pdfplumber.open(pdf) as doc:
        first, checklist = (flat(doc.pages[n].extract_text()) for n in (0, 1))
    for page in (first, checklist):
        assert (
            "Variants in this kit: the Rhubarb promo cards are in the game; a Carrot may be "
            "played with other cards." in page
        )


def test_the_checklist_names_every_option_on_or_off_and_the_reference(shipped_kit: Kit) -> None:
    """Issue 42: it said "Options in force: rhubarb off, carrot-only-play on (playtest build
    --option NAME=on|off)": the variants as built, in players' words, and no command line."""
    with pdfplumber.open(shipped_kit(GAME)) as doc:
        checklist = flat(doc.pages[1].extract_text())
    assert (
        "Variants in this kit: the Rhubarb promo cards stay in the box (printed for the "
        "variant); a Carrot must be your only play that turn." in checklist
    )
    assert "playtest build" not in checklist and "rhubarb off" not in checklist
    assert "Rules reference 1 per table pages 5\u20136" in checklist
    # the Artichokes deck whose id is `reference` keeps its own pages (it had the reference's)
    assert "Player reference 4 cards pages 33\u201334" in checklist
    assert "Rhubarb promo 6 cards pages 31\u201332" in checklist  # printed for the variant
