"""`playtest build --scan-marks`, for every registered game with something to scan: corner
markers on every sheet with places to fill in, an id marker on every card of a deck that opts
in (and on its back with `scan_back`); found again by OpenCV in the printed pages, and the
same marker in the card's SVG."""

from __future__ import annotations

from collections import Counter
from xml.etree import ElementTree

import cv2
import numpy as np
import pypdfium2 as pdfium
import pytest
from playtest.generator.render.scan_marks import back_numbers, card_numbers

from playtest.scan.marks import (
    CARD_BASE,
    CARD_DICTIONARY,
    CORNER_DICTIONARY,
    card_origin,
    corner_ids,
)
from playtest.scan.sheets import SheetSpec
from tests.scan.conftest import CARD_GAMES, SHEETS


def _pages(pdf) -> list[np.ndarray]:
    doc = pdfium.PdfDocument(pdf)
    pages = [page.render(scale=150 / 72).to_numpy()[:, :, :3] for page in doc]
    doc.close()
    return pages


def _ids(image: np.ndarray, dictionary: str) -> list[int]:
    d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary))
    _, ids, _ = cv2.aruco.ArucoDetector(d, cv2.aruco.DetectorParameters()).detectMarkers(
        cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    )
    return sorted(int(i) for i in ([] if ids is None else ids.ravel()))


def test_there_is_something_to_scan():
    assert SHEETS and CARD_GAMES


@pytest.mark.parametrize("game_id", sorted({s.game for s in SHEETS}))
def test_every_scan_ready_sheet_is_printed_with_its_four_corner_markers(scan_kits, game_id):
    specs: list[SheetSpec] = [s for s in SHEETS if s.game == game_id]
    pages = _pages(scan_kits / game_id / f"{game_id}-kit.pdf")
    by_sheet = {tuple(sorted(corner_ids(s.code))): s.sheet for s in specs}
    printed: Counter[str] = Counter()
    for image in pages:
        found = _ids(image, CORNER_DICTIONARY)
        if not found:
            continue
        # a page holds whole sheets of one kind (one, or several on a pad)
        corners = tuple(sorted(set(found)))
        assert corners in by_sheet, found
        assert len(set(Counter(found).values())) == 1, found
        printed[by_sheet[corners]] += 1
    assert set(printed) == {s.sheet for s in specs}  # every scan-ready sheet, no other page


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_opted_in_cards_carry_their_ids_in_pdf_and_svg(scan_kits, library, game_id):
    pages = _pages(scan_kits / game_id / f"{game_id}-kit.pdf")
    seen = {i for image in pages for i in _ids(image, CARD_DICTIONARY) if i >= CARD_BASE}
    game = library.game(game_id)
    numbers = card_numbers(game)
    # every opted-in card's face, and the back of every deck whose back opts in too
    backs = back_numbers(game)
    assert seen == {CARD_BASE + n for n in (*numbers.values(), *backs.values())}
    assert set(backs) == {d.id for d in game.decks if d.scan_marker and d.scan_back}
    # the SVG of the first opted-in card: the same marker, where the PDF has it
    deck_id, card_id = next(iter(numbers))
    deck = next(d for d in game.decks if d.id == deck_id)
    path = scan_kits / game_id / "svg" / f"{deck_id}-{card_id}.svg"
    from playtest.generator.impose.options import PrintOptions

    sizes = PrintOptions.from_presets(game.presets).scan_sizes
    x, y = card_origin(deck.size, sizes)
    blacks = []  # in the card's own mm (its viewBox starts at minus the bleed)
    for e in ElementTree.parse(path).iter("{http://www.w3.org/2000/svg}rect"):
        if e.get("fill") == "#000000":
            left, top = float(e.get("x", 0)), float(e.get("y", 0))
            blacks.append(
                (left, top, left + float(e.get("width", 0)), top + float(e.get("height", 0)))
            )
    side = sizes.card_marker
    cells = [b for b in blacks if b[0] >= x - 0.01 and b[1] >= y - 0.01]
    cells = [b for b in cells if b[2] <= x + side + 0.01 and b[3] <= y + side + 0.01]
    assert len(cells) >= 6, "no marker in the card's SVG"
    # its black border makes the cells' union exactly the marker's square
    union = (min(b[0] for b in cells), min(b[1] for b in cells))
    union += (max(b[2] for b in cells), max(b[3] for b in cells))
    assert union == pytest.approx((x, y, x + side, y + side), abs=0.01)
