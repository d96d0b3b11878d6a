"""Card sheets read back from the PDF: exact trim sizes, crop marks outside every card, and
backs that land behind their fronts for each way of printing them."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from pypdf import PdfReader

from playtest import components
from playtest.library.loader import load_library
from tests.helpers import edit_once, make_components
from tests.impose.pdfgeom import lines, page_size, page_text, rects, sized
from tests.kits.mini_kit import build

CARD = (63, 88)
FRAME = (69, 94)  # the mini card's background: the trim and 3 mm of bleed all round
BACK_BLEED = 3 + 1.5  # bleed plus the extra bleed of backs
# page 1 contents, page 2 its back (the checklist), pages 3-4 the duplex alignment test sheet
FIRST_CARD_PAGE = {"duplex-long": 5, "duplex-short": 5, "fold": 3, "none": 3}


def centres(pdf, page: int, w: float, h: float) -> list[tuple[float, float]]:
    """Centres of the rectangles of that size, upright or turned a quarter."""
    found = rects(pdf, page)
    return sorted(b.centre for b in sized(found, w, h) + sized(found, h, w))


def card_centres(pdf, page: int) -> list[tuple[float, float]]:
    return centres(pdf, page, *FRAME)


def back_centres(pdf, page: int) -> list[tuple[float, float]]:
    return centres(pdf, page, CARD[0] + 2 * BACK_BLEED, CARD[1] + 2 * BACK_BLEED)


def flat(points: list[tuple[float, float]]) -> list[float]:
    return [v for point in sorted(points) for v in point]


def crop_marks(pdf, page: int, card: tuple[float, float] = FRAME):
    """Lines outside every card's trim: the crop marks (lines inside are card art; a mark may
    cross the outer bleed of the block, which is cut off)."""
    bleed = (card[0] - CARD[0]) / 2 if card[0] > CARD[0] else (card[0] - CARD[1]) / 2
    cards = sized(rects(pdf, page), *card)
    return [
        m
        for m in lines(pdf, page)
        if not any(
            c.x0 + bleed < m.x1
            and m.x0 < c.x1 - bleed
            and c.top + bleed < m.bottom
            and m.top < c.bottom - bleed
            for c in cards
        )
    ]


def cut_positions(
    pdf, page: int, card: tuple[float, float] = FRAME
) -> tuple[list[float], list[float]]:
    marks = crop_marks(pdf, page, card)
    xs = sorted({round(m.x0, 3) for m in marks if abs(m.width) < 1e-6})
    ys = sorted({round(m.top, 3) for m in marks if abs(m.height) < 1e-6})
    return xs, ys


@pytest.mark.parametrize(
    ("paper", "size", "gutters", "turned"),
    [("a4", (210, 297), (True, True), False), ("letter", (215.9, 279.4), (True, False), True)],
)
def test_trim_sizes_exact(kits, paper, size, gutters, turned) -> None:
    pdf = kits(paper=paper)
    page = FIRST_CARD_PAGE["duplex-long"]
    assert page_size(pdf, page) == pytest.approx(size, abs=0.01)
    art = (FRAME[1], FRAME[0]) if turned else FRAME
    xs, ys = cut_positions(pdf, page, art)
    w, h = (CARD[1], CARD[0]) if turned else CARD
    widths = [b - a for a, b in itertools.pairwise(xs)]
    heights = [b - a for a, b in itertools.pairwise(ys)]
    # cut lines: card, gutter, card, ... (Letter's rows of turned cards share their cuts)
    across, down = (2 if gutter else 1 for gutter in gutters)
    assert widths[::across] == pytest.approx([w] * len(widths[::across]), abs=0.01)
    assert heights[::down] == pytest.approx([h] * len(heights[::down]), abs=0.01)
    assert len(sized(rects(pdf, page), *art)) == 4  # four cards: the mini deck has one twice


@pytest.mark.parametrize(("paper", "count"), [("a4", 20), ("letter", 14)])
def test_crop_marks_end_at_the_printable_margin_and_are_full_length_where_there_is_room(
    kits, paper, count
) -> None:
    """Issue 27: every mark's outer end is on the printable margin (6 mm; at the bottom,
    `footer_gap` above the 3 mm footer band), `crop_length` (3 mm) long and at least
    `crop_offset` (1 mm) from the cut (before, A4 side marks were 1.5 mm and the top ones
    stopped 7 mm from the edge). Issue 42: a side whose cut is nearer the margin than that
    (A4's sides, now that its cards have a gutter) gets marks as long as the room leaves, down
    to `crop_length_min` (2 mm), their inner end `crop_offset` from the cut."""
    pdf = kits(paper=paper)
    page = FIRST_CARD_PAGE["duplex-long"]
    pw, ph = page_size(pdf, page)
    turned = paper == "letter"
    marks = crop_marks(pdf, page, (FRAME[1], FRAME[0]) if turned else FRAME)
    # the mini deck's 4 cards: A4 3 columns and 2 rows a gutter apart (6 column cuts x 2 ends
    # + 4 row cuts x 2 ends); Letter 2 turned columns a gutter apart, 2 rows sharing a cut
    assert len(marks) == count
    shared = load_library(components.ROOT).shared[0].print  # the kits' _shared/print.yaml
    length, offset, margin = shared.crop_length, shared.crop_offset, shared.printable_margin
    band = shared.footer + shared.footer_gap
    xs, ys = cut_positions(pdf, page, (FRAME[1], FRAME[0]) if turned else FRAME)
    full = 0
    for m in marks:
        outer = {"top": m.top, "left": m.x0, "right": pw - m.x1, "bottom": ph - band - m.bottom}
        assert min(outer.values()) == pytest.approx(margin, abs=0.01), outer
        if m.width < 1e-6:  # above or below the block: clear of the first and last row cut
            to_cut = min(abs(m.top - ys[0]), abs(m.bottom - ys[-1]))
        else:
            to_cut = min(abs(m.x1 - xs[0]), abs(m.x0 - xs[-1]))
        assert to_cut >= offset - 0.01
        got = max(m.width, m.height)
        if got == pytest.approx(length, abs=0.01):
            full += 1
        else:  # shorter only where the cut left no more room
            assert shared.crop_length_min - 0.01 <= got < length
            assert to_cut == pytest.approx(offset, abs=0.01)
    assert full >= count // 2


@pytest.mark.parametrize("offset", [(0.0, 0.0), (0.5, -1.0)])
def test_duplex_long_backs_mirror_columns(kits, offset) -> None:
    pdf = kits(backs="duplex-long", back_offset=offset)
    page = FIRST_CARD_PAGE["duplex-long"]
    pw, _ = page_size(pdf, page)
    fronts = card_centres(pdf, page)
    expected = sorted((pw - x + offset[0], y + offset[1]) for x, y in fronts)
    backs = back_centres(pdf, page + 1)
    assert len(backs) == len(fronts) == 4
    for (bx, by), (ex, ey) in zip(backs, expected, strict=True):
        assert bx == pytest.approx(ex, abs=0.01) and by == pytest.approx(ey, abs=0.01)


def test_duplex_short_backs_mirror_rows(kits) -> None:
    pdf = kits(backs="duplex-short")
    page = FIRST_CARD_PAGE["duplex-short"]
    _, ph = page_size(pdf, page)
    fronts = card_centres(pdf, page)
    expected = sorted((x, ph - y) for x, y in fronts)
    backs = back_centres(pdf, page + 1)
    assert len(backs) == 4
    assert flat(backs) == pytest.approx(flat(expected), abs=0.01)
    prefs = PdfReader(pdf).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == "/DuplexFlipShortEdge"


def test_fold_pairs_each_front_with_its_back_about_the_fold(kits) -> None:
    pdf = kits(backs="fold")
    page = FIRST_CARD_PAGE["fold"]
    _, ph = page_size(pdf, page)
    fronts = card_centres(pdf, page)
    backs = back_centres(pdf, page)
    assert fronts and all(y < ph / 2 for _, y in fronts)
    assert len(backs) == len(fronts)
    assert flat([(x, ph - y) for x, y in fronts]) == pytest.approx(flat(backs), abs=0.01)
    assert "fold here" in page_text(pdf, page)


def test_no_backs(kits) -> None:
    pdf = kits(backs="none")
    assert back_centres(pdf, FIRST_CARD_PAGE["none"] + 1) == []
    assert "Duplex alignment" not in page_text(pdf, 1)


def test_card_pages_carry_trim_and_bleed_boxes_and_ask_for_no_scaling(kits) -> None:
    pdf = kits()
    reader = PdfReader(pdf)
    card_page = reader.pages[FIRST_CARD_PAGE["duplex-long"] - 1]
    trim = [float(v) * 25.4 / 72 for v in card_page.trimbox]
    bleed = [float(v) * 25.4 / 72 for v in card_page.bleedbox]
    # three columns of poker cards centred on A4, 1.5 mm apart: 192 mm wide from x = 9 mm
    assert trim[0] == pytest.approx(9, abs=0.01) and trim[2] == pytest.approx(201, abs=0.01)
    assert bleed[0] == pytest.approx(6, abs=0.01)
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
    assert prefs["/Duplex"] == "/DuplexFlipLongEdge"


def test_bleed_option_changes_the_art_extent(kits) -> None:
    pdf = kits(bleed=1.0)
    page = FIRST_CARD_PAGE["duplex-long"]
    assert len(sized(rects(pdf, page), 65, 90)) == 4  # card background: 63 + 2 x 1 mm


def test_crop_length_is_the_value_in_print_yaml(tmp_path: Path) -> None:
    """The marks' length is print.yaml's `crop_length`, not a number of the code: at 4 mm every
    mark above and below the block is 4 mm long and still ends on the printable margin; at the
    sides, 3 mm from the cut, they are as long as the room leaves 1 mm clear of the cut (2 mm,
    `crop_length_min`: a side with less room has none)."""
    root = make_components(tmp_path)
    edit_once(root / "_shared" / "print.yaml", "crop_length: 3", "crop_length: 4")
    pdf = build(tmp_path) / "mini-game-kit.pdf"
    marks = crop_marks(pdf, FIRST_CARD_PAGE["duplex-long"])
    assert len(marks) == 20  # 3 columns and 2 rows a gutter apart: 6 x 2 above and below, 4 x 2
    lengths = {round(max(m.width, m.height), 2) for m in marks}
    assert {round(m.height, 2) for m in marks if m.width < 1e-6} == {4.0}
    assert lengths == {4.0, 2.0}
    edit_once(root / "_shared" / "print.yaml", "crop_length_min: 2", "crop_length_min: 2.5")
    marks = crop_marks(build(tmp_path) / "mini-game-kit.pdf", FIRST_CARD_PAGE["duplex-long"])
    assert {round(m.height, 2) for m in marks} == {4.0}  # no room for a side mark now
    pw, _ = page_size(pdf, FIRST_CARD_PAGE["duplex-long"])
    assert min(min(m.top, m.x0, pw - m.x1) for m in marks) == pytest.approx(6, abs=0.01)


def test_no_crop_marks_and_long_guides(kits) -> None:
    page = FIRST_CARD_PAGE["duplex-long"]
    assert crop_marks(kits(crop_marks=False), page) == []
    pdf = kits(guides=True)
    pw, ph = page_size(pdf, page)
    long_lines = [m for m in lines(pdf, page) if m.height > ph - 20 or m.width > pw - 20]
    # every cut line: 6 vertical and 4 horizontal guides across the page, under the cards
    assert len(long_lines) == 10
    assert len(crop_marks(pdf, page)) == 20  # and the crop marks are still there


def test_duplex_alignment_sheet_mirrors_its_targets(kits) -> None:
    pdf = kits(backs="duplex-long", back_offset=(1.0, 0.0))
    pw, _ = page_size(pdf, 3)  # one sheet: front on page 3, back on page 4
    assert "Duplex alignment test (front)" in page_text(pdf, 3)
    assert "Duplex alignment test (back)" in page_text(pdf, 4)
    fronts = sorted(round(m.centre[0], 2) for m in lines(pdf, 3) if abs(m.width - 28) < 0.01)
    backs = sorted(round(m.centre[0], 2) for m in lines(pdf, 4) if abs(m.width - 12) < 0.01)
    assert len(fronts) == 5
    assert backs == sorted(round(pw - x + 1.0, 2) for x in fronts)
