"""Where the version mark sits on every card of every registered game, in the PDF and the SVG
files alike (issue 27): inside the safe area, on nothing of the card's own, and on each SVG
card where the PDF prints it; tokens' SVG files have the cards' bleed."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from lxml import etree
from pypdf import PdfReader

from playtest import components
from playtest.library.loader import load_library
from tests.helpers import kit_sections
from tests.impose.painted import MM, Box, box_of, covered, mark_words
from tests.impose.pdfplace import placements
from tests.kits.rules_reference import build
from tests.pdf_text import text_page

SAFE = 3.0  # mm inside the trim: the safe zone of spec/print.md, where text belongs
LIBRARY = load_library()


def card_pages(pdf: Path, game) -> list[tuple[int, tuple[float, float]]]:
    """(page, card size) of every page of every deck's section."""
    found = []
    for title, pages in kit_sections(pdf).items():
        deck = next((d for d in game.decks if title.startswith(f"{d.name} (")), None)
        if deck is not None:
            found += [(page, deck.size) for page in pages]
    return found


@pytest.mark.parametrize("game_id", LIBRARY.game_ids)
def test_the_mark_sits_in_the_safe_area_on_nothing_but_the_card(game_id: str, shipped_kit) -> None:
    """Every card's mark label lies 3 mm or more inside the trim of its card and covers no
    stroke, no edge of a fill and no letter of the card (a deed's frame, a shop's panel)."""
    game = LIBRARY.game(game_id)
    seen, wrong = mark_problems(shipped_kit(game_id), game)
    assert seen >= sum(c.count for d in game.decks for c in d.cards if d.optional is None)
    assert not wrong, "\n".join(wrong[:40])


@pytest.mark.parametrize("game_id", [g for g in LIBRARY.game_ids if LIBRARY.game(g).info.options])
def test_the_mark_covers_nothing_with_every_option_on(game_id: str, tmp_path: Path) -> None:
    """An option may add lines to a card (a promo's ability on a reference card): with every
    option of the game on, the mark still covers nothing of the card."""
    game = LIBRARY.game(game_id)
    options = dict.fromkeys(game.info.options, True)
    out = build(components.ROOT, tmp_path / "out", (game_id,), options=options)
    seen, wrong = mark_problems(out / game_id / f"{game_id}-kit.pdf", game.with_options(options))
    assert seen >= sum(c.count for d in game.decks for c in d.cards)
    assert not wrong, "\n".join(wrong[:40])


def mark_problems(pdf: Path, game) -> tuple[int, list[str]]:
    """How many marks the kit's cards carry, and one line per mark outside the safe area or
    on something of its card."""
    mark = f"v{game.info.version}" if game.info.version else None
    reader = PdfReader(pdf)
    seen, wrong = 0, []
    # each page's marks found in its text (a back has none), and only a page with marks read
    # whole for what they may cover: reading the shapes of every page cost a third more
    with pdfplumber.open(pdf) as texts, pdfplumber.open(pdf) as doc:
        for number, (w, h) in card_pages(pdf, game):
            words = mark_words(text_page(texts.pages[number - 1]), mark)
            if not words:
                continue
            page = doc.pages[number - 1]
            page_h = float(page.height) / MM
            trims = [Box(*_corners(p.trim(w, h, page_h))) for p in placements(reader, number)]
            for word in words:
                text = box_of(word)
                trim = next(t for t in trims if t.holds(text))
                label = next(
                    o
                    for o in [*page.rects, *page.curves]
                    if o.get("fill")
                    and box_of(o).holds(text)
                    and trim.holds(box_of(o))
                    and box_of(o).x1 - box_of(o).x0 < 15
                )
                own = [label, *(c for c in page.chars if text.holds(box_of(c)))]
                where = f"page {number}, card at {trim.x0:.1f},{trim.top:.1f} mm"
                box = box_of(label)
                seen += 1
                if not trim.inset(SAFE).holds(box):
                    gap = min(box.x0 - trim.x0, trim.bottom - box.bottom)
                    wrong.append(f"{where}: the mark is {gap:.2f} mm from the cut")
                wrong += [f"{where}: the mark covers {c}" for c in covered(page, box, own)]
    return seen, wrong


def _corners(rect) -> tuple[float, float, float, float]:
    return (rect.x0, rect.y0, rect.x1, rect.y1)


def pdf_labels(pdf: Path, game, deck) -> set[tuple[float, float]]:
    """Where the PDF puts the mark's label on the cards of `deck`'s first page: its top-left,
    mm from each card's trim."""
    w, h = deck.size
    number = kit_sections(pdf)[
        next(t for t in kit_sections(pdf) if t.startswith(f"{deck.name} ("))
    ][0]
    mark = f"v{game.info.version}"
    found = set()
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[number - 1]
        page_h = float(page.height) / MM
        trims = [Box(*_corners(p.trim(w, h, page_h))) for p in placements(PdfReader(pdf), number)]
        for word in mark_words(page, mark):
            text = box_of(word)
            trim = next(t for t in trims if t.holds(text))
            label = next(
                box_of(o)
                for o in [*page.rects, *page.curves]
                if o.get("fill") and box_of(o).holds(text) and box_of(o).x1 - box_of(o).x0 < 15
            )
            found.add((round(label.x0 - trim.x0, 2), round(label.top - trim.top, 2)))
    return found


@pytest.mark.parametrize("game_id", LIBRARY.game_ids)
def test_svg_cards_carry_the_pdf_mark_and_tokens_their_bleed(game_id: str, shipped_kit) -> None:
    """Every card's SVG file carries one version mark, on its label where the PDF prints it on
    that deck's cards (mm from the trim); every token's SVG has the cards' bleed round it."""
    game = LIBRARY.game(game_id)
    mark = f"v{game.info.version}"
    pdf = shipped_kit(game_id)
    kit = pdf.parent
    bleed = game.presets.print.bleed
    for deck in game.decks:
        if deck.optional is not None and not game.option(deck.optional):
            continue
        in_pdf = pdf_labels(pdf, game, deck)
        assert len(in_pdf) == 1, (deck.id, in_pdf)  # one place on every card of the page
        for card in deck.cards:
            root = etree.parse(str(kit / "svg" / f"{deck.id}-{card.id}.svg")).getroot()
            assert root.get("viewBox").split()[:2] == [f"{-bleed:g}"] * 2  # with its bleed
            marks = [t for t in root.iter(f"{SVG}text") if t.text == mark]
            assert len(marks) == 1, f"{deck.id}-{card.id}.svg: {len(marks)} version marks"
            x, baseline = float(marks[0].get("x")), float(marks[0].get("y"))
            labels = [
                (round(float(r.get("x")), 2), round(float(r.get("y")), 2))
                for r in root.iter(f"{SVG}rect")
                if r.get("fill") == "#ffffff"
                and float(r.get("width")) < 15
                and float(r.get("x")) < x < float(r.get("x")) + float(r.get("width"))
                and float(r.get("y")) < baseline < float(r.get("y")) + float(r.get("height"))
            ]
            assert len(labels) == 1 and _close(labels[0], next(iter(in_pdf))), (
                f"{deck.id}-{card.id}.svg: the mark's label at {labels}, the PDF's at {in_pdf}"
            )
    for token in game.tokens:
        root = etree.parse(str(kit / "svg" / f"token-{token.id}.svg")).getroot()
        box = tuple(float(v) for v in root.get("viewBox").split())
        w, h = token.size
        assert box == (-bleed, -bleed, w + 2 * bleed, h + 2 * bleed), token.id


def _close(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) < 0.02 and abs(a[1] - b[1]) < 0.02


SVG = "{http://www.w3.org/2000/svg}"
