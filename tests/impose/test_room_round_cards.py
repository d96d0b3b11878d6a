"""Room round the cards on a sheet (issue 42): a fold page holds as many cards as fit each
half, a gutter between cards wherever the paper's printable area allows one, and crop marks
that end well clear of the page's footer."""

from __future__ import annotations

import pdfplumber
import pytest

from playtest import components
from playtest.core.errors import InputError
from playtest.generator.impose.grid import grid_layout
from playtest.generator.impose.marks import crop_marks
from playtest.library.loader import load_library
from playtest.model.print_options import PrintOptions
from tests.impose.pdfgeom import MM, rects, sized
from tests.impose.test_card_sheets import (
    FIRST_CARD_PAGE,
    FRAME,
    back_centres,
    card_centres,
    flat,
)

PRESETS = load_library(components.ROOT).shared[0]  # the print presets every game shares
FOOTER_GAP = 2.0  # mm, the least distance between a footer and a crop mark
GUTTER = 1.5  # mm, the least gutter wherever the paper has room for it


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_fold_page_holds_three_upright_poker_cards_a_half(kits, paper: str) -> None:
    """The mini game's four poker cards: three on the first fold page (Letter printed two a
    half), upright, each back mirrored about the fold behind its front."""
    pdf = kits(paper=paper, backs="fold")
    page = FIRST_CARD_PAGE["fold"]
    with pdfplumber.open(pdf) as doc:
        ph = float(doc.pages[page - 1].height) / MM
    fronts = card_centres(pdf, page)
    assert len(fronts) == 3
    assert len(sized(rects(pdf, page), *FRAME)) == 3  # upright: 69 x 94 mm with their bleed
    assert flat([(x, ph - y) for x, y in fronts]) == pytest.approx(
        flat(back_centres(pdf, page)), abs=0.01
    )
    assert len(card_centres(pdf, page + 1)) == 1  # the fourth card, on the next page


def _options(paper: str) -> PrintOptions:
    return PrintOptions.from_presets(PRESETS, paper=paper)


def _marks_everywhere(template, opts: PrintOptions) -> bool:
    """The grid fits the printable area and gets its crop marks on all four sides."""
    item = PRESETS.sizes[template.item] if isinstance(template.item, str) else template.item
    try:
        layout = grid_layout(
            template,
            opts.paper,
            item,
            opts.bleed,
            opts.margin,
            footer=opts.footer,
            footer_gap=opts.footer_gap,
        )
    except InputError:
        return False
    marks = crop_marks(layout.slots, opts)
    top, left = min(s.y for s in layout.slots), min(s.x for s in layout.slots)
    bottom = max(s.y + s.h for s in layout.slots)
    right = max(s.x + s.w for s in layout.slots)
    sides = {
        "top": any(m.y2 <= top for m in marks if m.x1 == m.x2),
        "bottom": any(m.y1 >= bottom for m in marks if m.x1 == m.x2),
        "left": any(m.x2 <= left for m in marks if m.y1 == m.y2),
        "right": any(m.x1 >= right for m in marks if m.y1 == m.y2),
    }
    return all(sides.values())


@pytest.mark.parametrize("template", [t for t in PRESETS.templates if t.kind == "card"], ids=str)
def test_every_card_template_has_a_gutter_where_the_paper_has_room(template) -> None:
    """Across and down: a gutter of 1.5 mm or more wherever a 1.5 mm gutter would still fit
    the printable area with crop marks on every side (a small miscut then shows the card's own
    art, not the next card's header)."""
    opts = _options(template.paper)
    gaps = template.gaps
    for axis, name in ((0, "across"), (1, "down")):
        wider = list(gaps)
        wider[axis] = max(gaps[axis], GUTTER)
        room = _marks_everywhere(template.model_copy(update={"gutter": tuple(wider)}), opts)
        if room:
            assert gaps[axis] >= GUTTER, f"{template.id}: {gaps[axis]} mm {name}"
    assert _marks_everywhere(template, opts), template.id


def test_nine_poker_cards_on_a4_have_a_gutter_both_ways() -> None:
    nine = next(t for t in PRESETS.templates if t.id == "poker-9up-a4")
    assert min(nine.gaps) >= GUTTER


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("backs", ["duplex-long", "fold"])
def test_crop_marks_end_two_mm_above_the_footer(kits, paper: str, backs: str) -> None:
    """On every page of the mini game's kit: each crop mark (a short black line) ends 2 mm or
    more above the top of the footer's text (its letters' box, as the PDF gives it)."""
    pdf = kits(paper=paper, backs=backs)
    shared = PRESETS.print
    seen = 0
    with pdfplumber.open(pdf) as doc:
        for page in doc.pages:
            height = float(page.height) / MM
            footer = [c for c in page.chars if c["top"] / MM > height - 12]
            assert footer, "every page has its footer"
            footer_top = min(c["top"] for c in footer) / MM
            for line in page.lines:
                length = max(line["x1"] - line["x0"], line["bottom"] - line["top"]) / MM
                mark = shared.crop_length_min - 0.01 <= length <= shared.crop_length + 0.01
                if not mark or abs(line["linewidth"] - shared.crop_width_pt) > 0.01:
                    continue  # card art or a fold line, not a crop mark
                seen += 1
                gap = footer_top - line["bottom"] / MM
                assert gap >= FOOTER_GAP - 0.01, f"page {page.page_number}: {gap:.2f} mm"
    assert seen >= 14  # the marks of the page of four cards, at least
