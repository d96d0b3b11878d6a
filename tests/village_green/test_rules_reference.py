"""Village Green's rules reference (issue 27): its playtest defaults marked, its readings
stated, and the reference printed as cards when its layout says so. Issue 42: the award
cards mark their points as playtest defaults where they print them."""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from tests.conftest import Kit
from tests.helpers import copy_components, edit_once, kit_sections
from tests.kits.rules_reference import assert_marked, build, flat, reference_text

GAME = "village-green"


def test_playtest_defaults_carry_the_mark(shipped_kit: Kit) -> None:
    assert_marked(
        reference_text(shipped_kit(GAME)),
        [
            "A lawn may be placed on a lawn.\u2020",
            "The points on the award cards are playtest defaults.\u2020",
        ],
    )


def test_how_awards_count_is_printed(shipped_kit: Kit) -> None:
    """Issue 42: whether a two-tree card counts 2 (A17, A26, A30), whether lawns are cards
    (A13, A14), that a count not listed scores 0; the awards named as their cards print them."""
    text = flat(reference_text(shipped_kit(GAME)))
    assert "How awards count" in text
    for fact in (
        "Cards: every visible green card, lawns too (Best Use of Space, Award for Scope and "
        "Ambition of Display).",
        "so a card with two trees counts 2 (Excellence in Trees, Award for Forestry, Best "
        "Integration of the Natural and Man-Made).",
        "A species counts each of its trees: birch + birch is 2 birches.",
        "scores 0 for a count it does not list.",
        "a lawn has neither, so it counts for no flower and no colour.",
    ):
        assert fact in text, fact


def test_readings_of_the_write_up_are_stated(shipped_kit: Kit) -> None:
    text = flat(reference_text(shipped_kit(GAME)))
    for reading in ["must match every visible neighbour", "A score of exactly 15 is Last place"]:
        assert reading in text


def test_the_reference_as_cards(tmp_path: Path) -> None:
    root = copy_components(tmp_path)
    edit_once(
        root / GAME / "reference.yaml",
        "  layout: folded-sheet\n",
        "  layout: cards\n  size: tarot\n  text_size: 7\n",
    )
    out = build(root, tmp_path / "out", (GAME,))
    pdf = out / GAME / f"{GAME}-kit.pdf"
    title = next(t for t in kit_sections(pdf) if t.startswith("Rules reference"))
    assert title.endswith("cards, 4 a sheet)")  # in words: no preset's name
    text = flat(reference_text(pdf))
    assert "Village Green: rules reference" in text and "v0.3" in text


def test_every_award_value_is_marked_on_its_card(shipped_kit: Kit, library) -> None:
    """Issue 42: the award values are playtest defaults (spec), but only the reference and
    the aid said so; every medal on every award card now carries the mark beside its points."""
    svg = shipped_kit(GAME).parent / "svg"
    awards = next(d for d in library.game(GAME).decks if d.id == "awards")
    for card in awards.cards:
        root = etree.parse(str(svg / f"awards-{card.id}.svg")).getroot()
        texts = ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]
        points = [str(p) for p in card.data()["points"]]
        assert texts.count("\u2020") == len(points), (card.id, texts)  # one beside each medal
        for value in points:
            assert value in texts, (card.id, value, texts)
