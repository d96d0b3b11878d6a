"""`playtest build --scan-marks`, for every registered game with something to scan: corner
markers on every sheet with places to fill in, an id marker on every card of a deck that opts
in (and on its back with `scan_back`); found again by OpenCV in the printed pages, and the
same marker in the card's SVG."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import MISSING, fields, replace
from xml.etree import ElementTree

import cv2
import numpy as np
import pdfplumber
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from playtest.drawing.symbols import SymbolTable
from playtest.faces.component_faces import card_face, deck_back
from playtest.faces.painter import FacePainter
from playtest.faces.scan_codes import (
    CARD_BASE,
    CARD_DICTIONARY,
    CELLS,
    CORNER_DICTIONARY,
    corner_ids,
    corner_origins,
    marker_corners,
    split_id,
)
from playtest.faces.scan_marks import (
    ScanMarks,
    back_marks,
    back_numbers,
    card_marks,
    card_numbers,
    marker_origin,
)
from playtest.faces.version_mark import deck_mark
from playtest.generator.kit.build import BuildRequest, build_kits
from playtest.library.loader import load_library
from playtest.model.print_options import MarkSizes, PrintOptions
from playtest.scan.sheets import PX_PER_MM, SheetSpec, game_sheets, render_face
from playtest.scan.tableau import game_tableaus
from tests.helpers import edit_once, kit_sections, make_components
from tests.impose.painted import box_of, covered
from tests.impose.pdfgeom import MM, Box
from tests.impose.pdfplace import placements
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
    # the SVG of each opted-in deck's first card (and of its back): the same marker, where its
    # layout puts it (`scan_marker:`, else the bottom-right corner)
    sizes = PrintOptions.from_presets(game.presets).scan_sizes
    for deck in (d for d in game.decks if d.scan_marker):
        files = [(f"{deck.id}-{deck.cards[0].id}.svg", deck.layout)]
        files += [(f"{deck.id}-back.svg", deck.back)] if deck.id in backs else []
        for name, layout in files:
            x, y = marker_origin(game, layout, deck.size, sizes)
            union = _black_square(scan_kits / game_id / "svg" / name, x, y, sizes.card_marker)
            assert union == pytest.approx((x, y, x + sizes.card_marker, y + sizes.card_marker))


def _black_square(path, x: float, y: float, side: float) -> tuple[float, ...]:
    """The union of the black cells an SVG card draws in the marker's square at (x, y)."""
    blacks = []  # in the card's own mm (its viewBox starts at minus the bleed)
    for e in ElementTree.parse(path).iter("{http://www.w3.org/2000/svg}rect"):
        if e.get("fill") == "#000000":
            left, top = float(e.get("x", 0)), float(e.get("y", 0))
            blacks.append(
                (left, top, left + float(e.get("width", 0)), top + float(e.get("height", 0)))
            )
    cells = [b for b in blacks if b[0] >= x - 0.01 and b[1] >= y - 0.01]
    cells = [b for b in cells if b[2] <= x + side + 0.01 and b[3] <= y + side + 0.01]
    assert len(cells) >= 6, f"no marker in {path.name}"
    # its black border makes the cells' union exactly the marker's square
    return (
        min(b[0] for b in cells),
        min(b[1] for b in cells),
        max(b[2] for b in cells),
        max(b[3] for b in cells),
    )


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_a_card_marker_lies_in_the_safe_area_on_no_letter(scan_kits, library, game_id):
    """On every printed face (and back) that carries a marker, in the kit's PDF: the marker
    with its white margin lies in the safe area (3 mm inside the trim) and covers no letter
    (the card's id, its rules, its version mark) and no line; and every card's id is printed
    (a scan-ready card moves it out of the marker's way)."""
    game = library.game(game_id)
    pdf = scan_kits / game_id / f"{game_id}-kit.pdf"
    side = PrintOptions.from_presets(game.presets).scan_sizes.card_marker
    quiet = side * (CELLS + 2) / CELLS
    decks = [d for d in game.decks if d.scan_marker]
    reader = PdfReader(pdf)
    markers, ids, wrong = 0, set(), []
    with pdfplumber.open(pdf) as doc:
        for title, numbers in kit_sections(pdf).items():
            deck = next((d for d in decks if title.startswith(f"{d.name} (")), None)
            for number in numbers if deck is not None else ():
                page = doc.pages[number - 1]
                page_h = float(page.height) / MM
                trims = [_trim(p.trim(*deck.size, page_h)) for p in placements(reader, number)]
                words = {w["text"] for w in page.extract_words()}
                ids |= words & {c.id for c in deck.cards}
                for box in _marker_boxes(page, quiet):
                    trim = next(t for t in trims if t.overlaps(box))
                    where = f"page {number}, card at {trim.x0:.1f},{trim.top:.1f} mm"
                    markers += 1
                    if not trim.inset(3.0).holds(box):
                        wrong.append(f"{where}: the marker is outside the safe area")
                    own = [o for o in page.rects if box.holds(box_of(o)) and _ink(o) in INKS]
                    under = covered(page, box, own)
                    # letters and lines here; a fill's edge below, on the face drawn bare
                    under = [c for c in under if c.startswith(("the letter", "a stroked"))]
                    wrong += [f"{where}: the marker covers {c}" for c in under]
    faces = sum(c.count for d in decks for c in d.cards)
    assert markers >= faces  # every face, and the backs of decks that opt in
    assert ids == {c.id for d in decks for c in d.cards}
    assert not wrong, "\n".join(wrong[:40])


WHITE, BLACK = (1, 1, 1), (0, 0, 0)
INKS = (WHITE, BLACK)  # a marker's: its cells on its white margin


def _ink(obj: dict) -> tuple[float, ...] | None:
    colour = obj.get("non_stroking_color") if obj.get("fill") else None
    if colour is None:
        return None
    colour = tuple(colour) if isinstance(colour, tuple | list) else (colour,)
    return colour * 3 if len(colour) == 1 else colour  # a grey as its three channels


def _trim(rect) -> Box:
    return Box(rect.x0, rect.y0, rect.x1, rect.y1)


def _marker_boxes(page, quiet: float) -> list[Box]:
    """The white margins of the card markers on a page: white squares `quiet` mm wide holding
    black cells."""
    squares = [
        box_of(r)
        for r in page.rects
        if _ink(r) == WHITE
        and abs(box_of(r).width - quiet) < 0.05
        and abs(box_of(r).height - quiet) < 0.05
    ]
    blacks = [box_of(r) for r in page.rects if _ink(r) == BLACK]
    return [b for b in squares if any(b.holds(cell) for cell in blacks)]


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_a_card_marker_hides_nothing_of_its_card(library, game_id):
    """Every face (and back) that carries a marker, drawn as the scan-ready kit prints it,
    version mark included, but without its marker: under the marker's white margin it is one
    plain colour (nothing of the card, no letter, icon or edge, lies where the marker goes)."""
    game = library.game(game_id)
    marks = ScanMarks(PrintOptions.from_presets(game.presets).scan_sizes, game.info.version)
    env = FacePainter.for_game(game, SymbolTable(), 0, scan=marks)
    sizes, px = env.scan.sizes, 8  # pixels per mm, as _not_plain reads them
    cell = sizes.card_marker / CELLS
    quiet = sizes.card_marker + 2 * cell  # the marker's square with its white margin
    wrong, faces = [], 0
    for deck in (d for d in game.decks if d.scan_marker):
        drawn = [
            (card_face(deck, c, env, deck.size, {}), card_marks(game, deck, c.id, env.scan))
            for c in deck.cards
        ]
        back = deck_back(deck, env, 0) if deck.scan_back else None
        for face, marks in drawn:
            assert face.shapes[-len(marks) :] == tuple(marks)  # the marker is drawn last
            bare = replace(face, shapes=face.shapes[: -len(marks)])
            bare = deck_mark(game, deck, f"v{game.info.version}", scan=True).on(bare)
            faces += 1
            x, y = marker_origin(game, deck.layout, deck.size, sizes)
            wrong += _not_plain(render_face(bare, env, px), x - cell, y - cell, quiet, face.id)
        if back is not None:
            (use,) = back.shapes  # the back is one symbol, its marker drawn last in it
            symbol = env.symbols.get_or_make(use.symbol, lambda: None)
            marks = back_marks(game, deck, env.scan)
            assert symbol.children[-len(marks) :] == tuple(marks)
            bare_symbol = replace(symbol, id="bare", children=symbol.children[: -len(marks)])
            env.symbols.get_or_make("bare", lambda s=bare_symbol: s)
            bare = replace(back, shapes=(replace(use, symbol="bare"),))
            x, y = marker_origin(game, deck.back, deck.size, sizes)
            wrong += _not_plain(render_face(bare, env, px), x - cell, y - cell, quiet, back.id)
            faces += 1
    assert faces == sum(len(d.cards) + d.scan_back for d in game.decks if d.scan_marker)
    assert not wrong, "\n".join(wrong)


def _not_plain(image: np.ndarray, left: float, top: float, side: float, name: str) -> list[str]:
    """A line when the square `side` mm wide from (`left`, `top`) mm is not one colour on a
    face rendered at 8 px a mm (a pixel's antialiasing round it aside)."""
    px = 8
    part = image[
        round(top * px) + 1 : round((top + side) * px) - 1,
        round(left * px) + 1 : round((left + side) * px) - 1,
    ].astype(int)
    spread = int((part.max(axis=(0, 1)) - part.min(axis=(0, 1))).max())
    return (
        [f"{name}: under its marker the card is not plain ({spread} apart)"] if spread > 12 else []
    )


# print.yaml's scan sizes and the ones a copy of it is given (each can be told from the other)
NEW_SIZES = {
    "scan_marker": ("6", "8"),
    "scan_inset": ("0.6", "1.5"),
    "scan_card_marker": ("10", "9"),
    "scan_card_inset": ("5", "5.5"),
}


def test_the_scan_marks_take_their_sizes_from_print_yaml_alone(tmp_path):
    """Change the `scan_*` sizes in a copy of print.yaml: the sheet the reader compares a photo
    with, the card marker it looks for and the kit's card SVG all follow, and no size has a
    default of its own in Python."""
    assert all(f.default is MISSING for f in fields(MarkSizes))
    (scan_sizes,) = (f for f in fields(PrintOptions) if f.name == "scan_sizes")
    assert scan_sizes.default is MISSING and scan_sizes.default_factory is MISSING
    card_game, sheet_game = CARD_GAMES[0], SHEETS[0].game
    root = make_components(tmp_path, *{card_game, sheet_game}, mini=False)
    for key, (old, new) in NEW_SIZES.items():
        edit_once(root / "_shared" / "print.yaml", f"  {key}: {old} ", f"  {key}: {new} ")
    # every card's marker where none is asked for: `scan_card_inset` from the bottom right
    placed = re.compile(r"^ *scan_marker: \[.*\n", re.MULTILINE)
    for path in (root / card_game).rglob("*.yaml"):
        path.write_text(placed.sub("", path.read_text()))
    library = load_library(root)
    sizes = MarkSizes(marker=8, inset=1.5, card_marker=9, card_inset=5.5)
    # the reader: every scan-ready sheet, drawn with its corner markers where the sizes say
    specs = game_sheets(library.game(sheet_game))
    assert specs and all(spec.sizes == sizes for spec in specs)
    for spec in specs:
        found = _corners(spec.template)
        for k, (x, y) in enumerate(corner_origins(spec.size, sizes)):
            want = np.array(marker_corners((x, y), sizes.marker)) * PX_PER_MM
            assert np.abs(found[k] - want).max() < 1.5, (spec.sheet, k)  # pixels
    game = library.game(card_game)
    tableaus = game_tableaus(game)
    assert tableaus and all(t.sizes == sizes for t in tableaus)
    # the kit: a scan-ready card's marker is the new size, where its layout puts it
    out = tmp_path / "out"
    request = BuildRequest(
        games=(game.id,), formats=frozenset({"svg"}), out_dir=out, overrides={"scan_marks": True}
    )
    list(build_kits(library, request))
    deck = next(d for d in game.decks if d.scan_marker)
    x, y = deck.size[0] - 5.5 - 9, deck.size[1] - 5.5 - 9
    assert marker_origin(game, deck.layout, deck.size, sizes) == pytest.approx((x, y))
    svg = out / game.id / "svg" / f"{deck.id}-{deck.cards[0].id}.svg"
    assert _black_square(svg, x, y, 9) == pytest.approx((x, y, x + 9, y + 9))


def _corners(image: np.ndarray) -> dict[int, np.ndarray]:
    """Corner (0-3) -> its marker's four corners in pixels, as ArUco finds them in `image`."""
    d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, CORNER_DICTIONARY))
    found, ids, _ = cv2.aruco.ArucoDetector(d, cv2.aruco.DetectorParameters()).detectMarkers(
        cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    )
    assert ids is not None
    return {split_id(int(i))[0]: c.reshape(4, 2) for i, c in zip(ids.ravel(), found, strict=True)}
