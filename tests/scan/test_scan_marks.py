"""`playtest build --scan-marks`: corner markers on sheets with places to fill in, an id
marker on every card of a deck that opts in; found again by OpenCV in the printed pages."""

from __future__ import annotations

from xml.etree import ElementTree

import cv2
import numpy as np
import pypdfium2 as pdfium
import pytest

from playtest.scan.marks import (
    CARD_BASE,
    CARD_DICTIONARY,
    CORNER_DICTIONARY,
    MarkSizes,
    card_origin,
    corner_ids,
    sheet_code,
)


def _pages(pdf) -> list[tuple[str, np.ndarray]]:
    doc = pdfium.PdfDocument(pdf)
    pages = []
    for page in doc:
        text = page.get_textpage().get_text_range()
        pages.append((text, page.render(scale=150 / 72).to_numpy()[:, :, :3]))
    doc.close()
    return pages


def _is_sheet(text: str) -> bool:
    return "GARDEN" in text and "PIG PEN" in text


def _ids(image: np.ndarray, dictionary: str) -> list[int]:
    d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary))
    _, ids, _ = cv2.aruco.ArucoDetector(d, cv2.aruco.DetectorParameters()).detectMarkers(
        cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    )
    return sorted(int(i) for i in ([] if ids is None else ids.ravel()))


def test_every_score_sheet_page_carries_its_four_corner_markers(scan_kits):
    pages = _pages(scan_kits / "harvest-dice" / "harvest-dice-kit.pdf")
    sheet_pages = [image for text, image in pages if _is_sheet(text)]
    assert len(sheet_pages) == 4  # basic and advanced, full page and 2-up pad
    basic = sorted(corner_ids(sheet_code("harvest-dice", "basic", "0.3")))
    advanced = sorted(corner_ids(sheet_code("harvest-dice", "advanced", "0.3")))
    found = [_ids(image, CORNER_DICTIONARY) for image in sheet_pages]
    assert found[0] == basic and found[1] == advanced
    assert found[2] == sorted(basic + basic)  # two sheets on the pad page
    assert found[3] == sorted(advanced + advanced)
    # nothing else in the kit carries a corner marker (no places to fill in)
    others = [image for text, image in pages if not _is_sheet(text)]
    assert all(_ids(image, CORNER_DICTIONARY) == [] for image in others)


def test_green_cards_carry_their_ids_in_pdf_and_svg(scan_kits, library):
    pages = _pages(scan_kits / "village-green" / "village-green-kit.pdf")
    seen = {i for _, image in pages for i in _ids(image, CARD_DICTIONARY) if i >= CARD_BASE}
    game = library.game("village-green")
    opted = [c for d in game.decks if d.scan_marker for c in d.cards]
    assert len(opted) > 60
    assert seen == {CARD_BASE + n for n in range(len(opted))}
    # the SVG of the first green card: the same marker, where the PDF has it
    deck = next(d for d in game.decks if d.id == "green")
    path = scan_kits / "village-green" / "svg" / f"green-{deck.cards[0].id}.svg"
    x, y = card_origin(deck.size, MarkSizes())
    blacks = []  # in the card's own mm (its viewBox starts at minus the bleed)
    for e in ElementTree.parse(path).iter("{http://www.w3.org/2000/svg}rect"):
        if e.get("fill") == "#000000":
            left, top = float(e.get("x", 0)), float(e.get("y", 0))
            blacks.append(
                (left, top, left + float(e.get("width", 0)), top + float(e.get("height", 0)))
            )
    side = MarkSizes().card_marker
    cells = [b for b in blacks if b[0] >= x - 0.01 and b[1] >= y - 0.01]
    cells = [b for b in cells if b[2] <= x + side + 0.01 and b[3] <= y + side + 0.01]
    assert len(cells) >= 6, "no marker in the card's SVG"
    # its black border makes the cells' union exactly the marker's square
    union = (min(b[0] for b in cells), min(b[1] for b in cells))
    union += (max(b[2] for b in cells), max(b[3] for b in cells))
    assert union == pytest.approx((x, y, x + side, y + side), abs=0.01)
