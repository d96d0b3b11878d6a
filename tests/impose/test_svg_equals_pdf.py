"""SVG = PDF (issue 27): every component's SVG file of a shipped kit, rendered by resvg, paints
what the kit's PDF prints for it, rendered by pdfium and cut out of its page at the place the
PDF's own operators give: cards (version mark and bleed included), card backs, tokens (with
their bleed), dice faces (the stickers), sheets and boards (the first tile). Games and their
components come from the registry, so a new game is covered without a line here.

Two renderers draw edges and glyphs a little differently, so the pictures are compared after a
1 mm blur: the largest difference left is what counts. A mark, a bleed or an element missing on
one side leaves a blob of several mm; anti-aliasing leaves thin seams."""

from __future__ import annotations

import base64
import io
import re
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
import resvg_py
from PIL import Image, ImageChops, ImageFilter
from pypdf import PdfReader

from playtest.loader import load_library
from tests.helpers import kit_sections
from tests.impose.pdfplace import Placed, Rect, placements
from tests.pictures import svg_picture

DPI = 100
PX = DPI / 25.4  # pixels per mm
BLUR = 1.0  # mm
WORST = 24  # largest mean channel difference over a blurred spot (0..255); see the test below
EDGE = 0.6  # mm left out round a face: a cut line drawn on the trim, the clip's anti-aliasing
LIBRARY = load_library()
KINDS = ("cards", "backs", "tokens", "dice", "sheets", "boards")


@dataclass(frozen=True)
class Face:
    """One face to compare: its SVG file, where its trim lies in that file (mm), and where
    the PDF prints the same face (a page and the placement read from the page)."""

    name: str
    svg: Path
    svg_trim: tuple[float, float, float, float]  # x, y, w, h in the SVG's mm
    page: int  # 1-based
    placed: Placed
    size: tuple[float, float]  # the face's own size (the placement's coordinates)
    scale: float = 1.0  # the SVG's mm per face unit (a die's strip vs its sticker)


def rotated(placed: Placed) -> bool:
    return abs(placed.transform[1]) > 1e-9 or abs(placed.transform[2]) > 1e-9


def _sections(pdf: Path, name: str) -> list[int]:
    return next(pages for title, pages in kit_sections(pdf).items() if title.startswith(name))


def faces(game_id: str, kind: str, kit: Path) -> Iterator[Face]:
    game = LIBRARY.game(game_id)
    pdf = kit / f"{game_id}-kit.pdf"
    svg = kit / "svg"
    reader = PdfReader(pdf)
    bleed = game.presets.print.bleed
    if kind in ("cards", "backs"):
        for deck in game.decks:
            if deck.optional is not None and not game.option(deck.optional):
                continue
            pages = _sections(pdf, f"{deck.name} (")
            w, h = deck.size
            fronts = pages[0::2] if deck.back is not None else pages
            per_page = len(placements(reader, fronts[0]))
            if kind == "backs":
                if deck.back is not None:
                    yield Face(
                        f"{deck.id}-back",
                        svg / f"{deck.id}-back.svg",
                        (bleed, bleed, w, h),
                        pages[1],
                        placements(reader, pages[1])[0],
                        (w, h),
                    )
                continue
            index = 0
            for card in deck.cards:
                page = fronts[index // per_page]
                yield Face(
                    f"{deck.id}-{card.id}",
                    svg / f"{deck.id}-{card.id}.svg",
                    (bleed, bleed, w, h),
                    page,
                    placements(reader, page)[index % per_page],
                    (w, h),
                )
                index += card.count
    elif kind == "tokens":
        for token in game.tokens:
            if token.count:
                page = _sections(pdf, f"{token.name} (")[0]
                w, h = token.size
                upright = [p for p in placements(reader, page) if not rotated(p)]
                if upright:  # a token turned on its page (a banknote) is not compared yet
                    yield Face(
                        token.id,
                        svg / f"token-{token.id}.svg",
                        (bleed, bleed, w, h),
                        page,
                        upright[0],
                        (w, h),
                    )
    elif kind == "dice":
        sticker = game.presets.print.sticker_size
        page = _sections(pdf, "dice stickers")[0] if game.dice else 0
        placed = iter(placements(reader, page)) if game.dice else iter(())
        for die in game.dice:
            for copy in range(die.count):
                strip = [next(placed) for _ in range(6)]
                if copy:
                    continue
                for k, where in enumerate(strip):
                    # a sticker's placement maps the die's 16 mm face onto the sticker
                    yield Face(
                        f"{die.id}-{k + 1}",
                        svg / f"die-{die.id}.svg",
                        (k * (die.size + 2.0), 0, die.size, die.size),
                        page,
                        where,
                        (sticker, sticker),
                        die.size / sticker,
                    )
    elif kind == "sheets" and game.sheets:
        pages = _sections(pdf, "score sheets and aids, full page")
        ordered = _sheet_order(game, pages, reader)
        for sheet in game.sheets:
            page, where = ordered[sheet.id]
            yield Face(
                sheet.id,
                svg / f"sheet-{sheet.id}.svg",
                (0, 0, *sheet.size),
                page,
                where,
                sheet.size,
            )
    elif kind == "boards":
        for board in game.boards:
            page = next(  # the first tile (after the assembly map)
                p for p in _sections(pdf, f"{board.name} (") if placements(reader, p)
            )
            yield Face(
                board.id,
                svg / f"board-{board.id}.svg",
                (0, 0, *board.size),
                page,
                placements(reader, page)[0],
                board.size,
            )


def _sheet_order(game, pages: list[int], reader: PdfReader) -> dict[str, tuple[int, Placed]]:
    """Each sheet's first page in the full-page section: fronts in the order of the YAML,
    each followed by its back (duplex), as many pages as its copies."""
    backs = {s.back: s for s in game.sheets if s.back}
    found: dict[str, tuple[int, Placed]] = {}
    it = iter(pages)
    for sheet in game.sheets:
        if sheet.id in backs:
            continue
        for copy in range(sheet.copies):
            page = next(it)
            if copy == 0:
                found[sheet.id] = (page, placements(reader, page)[0])
            if sheet.back:
                back = next(it)
                if copy == 0:
                    found[sheet.back] = (back, placements(reader, back)[0])
    return found


@cache
def page_picture(pdf: Path, page: int) -> Image.Image:
    doc = pdfium.PdfDocument(pdf)
    try:
        return doc[page - 1].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        doc.close()


def _root(svg: Path):
    from lxml import etree

    return etree.parse(str(svg)).getroot()


def svg_box(svg: Path) -> tuple[float, float, float, float]:
    """The SVG's view box (x, y, w, h), in mm."""
    x, y, w, h = (float(v) for v in _root(svg).get("viewBox").split())
    return x, y, w, h


def region_of(svg: Path, view: tuple[float, float, float, float]) -> str:
    """The SVG's text with only `view` (x, y, w, h in its own mm) in its view box."""
    from lxml import etree

    root = _root(svg)
    root.set("viewBox", " ".join(f"{v:.4f}" for v in view))
    root.set("width", f"{view[2]:.4f}mm")
    root.set("height", f"{view[3]:.4f}mm")

    return etree.tostring(root, encoding="unicode")


@cache
def embedded_fonts(svg: Path) -> str:
    """A folder holding the fonts the SVG file embeds (its @font-face data URLs): resvg reads
    no @font-face, and the installed Lato kerns where the PDF (and the embedded subset) does
    not."""
    css = "".join(_root(svg).itertext()) if False else svg.read_text()
    folder = Path(tempfile.mkdtemp(prefix="svg-fonts-"))
    for n, data in enumerate(re.findall(r'url\("data:font/ttf;base64,([^"]+)"\)', css)):
        (folder / f"face-{n}.ttf").write_bytes(base64.b64decode(data))
    return str(folder)


def embedded_picture(text: str, size: tuple[int, int], fonts: str) -> Image.Image:
    png = resvg_py.svg_to_bytes(
        svg_string=text,
        width=size[0],
        dpi=96,
        background="white",
        skip_system_fonts=True,
        font_dirs=[fonts],
        font_family="Lato",
        sans_serif_family="Lato",
    )
    with Image.open(io.BytesIO(bytes(png))) as image:
        picture = image.convert("RGB")
    return picture if picture.size == size else picture.resize(size, Image.Resampling.BILINEAR)


def own_bleed(face: Face, trim, pdf: Path) -> Rect:
    """The placement's clip (trim and bleed), its bleed left out on a side where another
    item's art may overlap it (a neighbour's bleed at a corner)."""
    c = face.placed.clip
    others = [p.clip for p in placements(PdfReader(pdf), face.page) if p.clip != c]

    def free(x0: float, y0: float, x1: float, y1: float) -> bool:
        return not any(
            o.x0 < x1 - 0.01 and x0 + 0.01 < o.x1 and o.y0 < y1 - 0.01 and y0 + 0.01 < o.y1
            for o in others
        )

    return Rect(
        c.x0 if free(c.x0, c.y0, trim.x0, c.y1) else trim.x0,
        c.y0 if free(c.x0, c.y0, c.x1, trim.y0) else trim.y0,
        c.x1 if free(trim.x1, c.y0, c.x1, c.y1) else trim.x1,
        c.y1 if free(c.x0, trim.y1, c.x1, c.y1) else trim.y1,
    )


def pictures(face: Face, pdf: Path) -> tuple[Image.Image, Image.Image, str]:
    """The same region of the face, from the PDF page and from the SVG, in mm of the page:
    the placement's clip (trim and the bleed the page gives it) inside the SVG's extent."""
    page = page_picture(pdf, face.page)
    page_h = page.height / PX
    assert not rotated(face.placed), f"{face.name}: a rotated placement"
    trim = face.placed.trim(*face.size, page_h)
    per_unit = (trim.x1 - trim.x0) / face.size[0]  # page mm per face unit
    sx, sy, sw, sh = face.svg_trim
    sx0, sy0, svg_w, svg_h = svg_box(face.svg)
    # the SVG's extent on the page: its trim lies on the PDF's trim
    k = per_unit / face.scale  # page mm per SVG mm
    ext = (trim.x0 - sx * k, trim.y0 - sy * k, trim.x0 + (svg_w - sx) * k, trim.y0 + (svg_h - sy) * k)
    clip = own_bleed(face, trim, pdf)
    x0, y0 = max(ext[0], clip.x0) + EDGE, max(ext[1], clip.y0) + EDGE
    x1, y1 = min(ext[2], clip.x1) - EDGE, min(ext[3], clip.y1) - EDGE
    w, h = round((x1 - x0) * PX), round((y1 - y0) * PX)
    px, py = round(x0 * PX), round(y0 * PX)
    from_pdf = page.crop((px, py, px + w, py + h))
    # the SVG drawn onto exactly those pixels: its view box cut to the same region
    view = ((px / PX - ext[0]) / k + sx0, (py / PX - ext[1]) / k + sy0, w / PX / k, h / PX / k)
    from_svg = embedded_picture(region_of(face.svg, view), (w, h), embedded_fonts(face.svg))
    return from_pdf, from_svg, f"page {face.page}, {x0:.1f},{y0:.1f}-{x1:.1f},{y1:.1f} mm"


def worst_spot(a: Image.Image, b: Image.Image) -> tuple[float, tuple[float, float]]:
    """The largest difference that is more than an edge: the pictures' channel difference,
    thin lines (an edge or a glyph a fraction of a pixel apart) eroded away, then averaged
    over a spot of about 1 mm; and where it is (mm)."""
    diff = ImageChops.difference(a, b)
    most = ImageChops.lighter(ImageChops.lighter(*diff.split()[:2]), diff.split()[2])
    eroded = most.filter(ImageFilter.MinFilter(3))
    spots = np.asarray(eroded.filter(ImageFilter.BoxBlur(max(1, round(BLUR * PX / 2)))))
    y, x = np.unravel_index(int(spots.argmax()), spots.shape)
    return float(spots.max()), (round(x / PX, 1), round(y / PX, 1))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("game_id", LIBRARY.game_ids)
def test_each_svg_paints_what_the_pdf_prints(game_id: str, kind: str, shipped_kit) -> None:
    kit = shipped_kit(game_id)
    pdf = kit / f"{game_id}-kit.pdf"
    wrong, seen = [], 0
    for face in faces(game_id, kind, kit):
        assert face.svg.exists(), f"{face.svg.name}: no SVG file for {face.name}"
        from_pdf, from_svg, where = pictures(face, pdf)
        assert from_pdf.size == from_svg.size
        worst, at = worst_spot(from_pdf, from_svg)
        seen += 1
        if worst > WORST:
            wrong.append(f"{face.name} ({where}): differs by {worst:.0f} at {at} mm")
    assert not wrong, "\n".join(wrong)
    game = LIBRARY.game(game_id)
    has = {
        "cards": game.decks,
        "backs": [d for d in game.decks if d.back],
        "tokens": [t for t in game.tokens if t.count],
        "dice": game.dice,
        "sheets": game.sheets,
        "boards": game.boards,
    }[kind]
    assert (seen > 0) == bool(has)
