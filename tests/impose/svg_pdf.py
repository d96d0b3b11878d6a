"""Each component's SVG file next to what the kit's PDF prints for it (issue 27, SVG = PDF):
where each face lies in its SVG file and on which page, at which placement, the PDF prints it
(read from the PDF's own operators, so a face turned on its page is found as it is), the two
pictures of the same region, and the measure of how they differ.

Two renderers draw edges and glyphs a little differently. Their pixels are compared as ink:
the signed difference of the two pictures averaged over a spot of about 1.5 mm, so an edge or
a glyph a fraction of a pixel apart (ink moved, not lost) cancels out, while a mark, an icon or
a bleed missing on one side (ink on one side only) stays. pdfium draws every stroke at least
one device pixel wide and snaps filled rectangles outwards to whole pixels, so the PDF is
rendered at a few times the comparison's resolution and averaged down (a 0.1 mm line stays
0.1 mm), and a face that still differs is rendered finer again."""

from __future__ import annotations

import base64
import hashlib
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import resvg_py
from lxml import etree
from PIL import Image
from pypdf import PdfReader

from playtest.generator.impose.tiles import plan_tiles
from playtest.generator.kit.svg_files import DIE_GAP
from playtest.model.print_options import PrintOptions
from tests.helpers import kit_sections
from tests.impose.pdfplace import MM, Placed, Rect, placements

Pixels = np.ndarray  # height x width x RGB, uint8
PAPER = "a4"  # the kits compared are built for it
DPI = 100  # the comparison's resolution
SUPERSAMPLE = 3  # the PDF is rendered at DPI x this and averaged down
PX = DPI / 25.4  # pixels per mm
SPOT = 1.5  # mm: the side of the square the ink difference is averaged over
LOOK_AGAIN = 20.0  # a face differing by more is compared again, finer (face_difference)
EDGE = 0.6  # mm left out round a face: a cut line drawn on the trim, the clip's anti-aliasing


@dataclass(frozen=True)
class Face:
    """One face to compare: its SVG file, where its trim lies in that file (mm), and where
    the PDF prints the same face (a page and the placement read from the page)."""

    name: str
    svg: Path
    svg_trim: tuple[float, float]  # x, y of the face's (0, 0) in the SVG's mm
    page: int  # 1-based
    placed: Placed
    size: tuple[float, float]  # the face's own size (the placement's coordinates)
    scale: float = 1.0  # the SVG's mm per face unit (a die's strip vs its sticker)
    # mm of the placement left out at the right and the bottom: a board tile's strips that
    # the next tiles cover, where its registration marks are printed over the art
    covered: tuple[float, float] = (0.0, 0.0)
    edge: float = EDGE  # mm left out round the face
    inside_cut: bool = False  # the bleed is left out: a cut line is drawn over the trim
    # pdfium snaps a filled rectangle's edges outwards to whole device pixels: a face
    # printed small (a 3 mm icon on a sticker) is rendered finer before it is averaged down
    supersample: int = SUPERSAMPLE


@cache
def reader(pdf: Path) -> PdfReader:
    return PdfReader(pdf)


@cache
def placed_on(pdf: Path, page: int) -> tuple[Placed, ...]:
    return tuple(placements(reader(pdf), page))


@cache
def sections(pdf: Path) -> dict[str, list[int]]:
    return kit_sections(pdf)


def section(pdf: Path, name: str) -> list[int]:
    found = [pages for title, pages in sections(pdf).items() if title.startswith(name)]
    assert found, f"{pdf.name}: no section {name!r} in {list(sections(pdf))}"
    return found[0]


def faces(game, kind: str, kit: Path) -> Iterator[Face]:
    """Every face of `kind` the kit prints, with its SVG file (cards: every card; backs: the
    first back of each deck; tokens, dice, sheets, boards: every one, a die's six faces)."""
    pdf = kit / f"{game.id}-kit.pdf"
    svg = kit / "svg"
    if kind in ("cards", "backs"):
        yield from _card_faces(game, kind, pdf, svg)
    elif kind == "tokens":
        for token in (t for t in game.tokens if t.count):
            page = section(pdf, f"{token.name} (")[0]
            where = placed_on(pdf, page)[0]
            yield Face(token.id, svg / f"token-{token.id}.svg", (0, 0), page, where, token.size)
    elif kind == "dice" and game.dice:
        sticker = game.presets.print.sticker_size
        placed = iter(
            [(page, p) for page in section(pdf, "dice stickers") for p in placed_on(pdf, page)]
        )
        for die in game.dice:
            strip = [next(placed) for _ in range(6)]
            for _ in range(6 * (die.count - 1)):  # the die's other copies: the same stickers
                next(placed)
            for k, (page, where) in enumerate(strip):
                # a sticker's placement maps the sticker's mm onto the page
                yield Face(
                    f"{die.id}-{k + 1}",
                    svg / f"die-{die.id}.svg",
                    (k * (die.size + DIE_GAP), 0),
                    page,
                    where,
                    (sticker, sticker),
                    die.size / sticker,
                    # the cut line round a sticker has rounded corners (12 % of its side,
                    # generator/impose/dice.py): keep clear of them too
                    edge=EDGE + 0.12 * sticker * (1 - 0.5**0.5),
                    inside_cut=True,
                    supersample=4 * SUPERSAMPLE,
                )
    elif kind == "sheets" and game.sheets:
        yield from _sheet_faces(game, pdf, svg)
    elif kind == "boards":
        yield from _tiles(game, pdf, svg)


def _card_faces(game, kind: str, pdf: Path, svg: Path) -> Iterator[Face]:
    for deck in game.decks:
        if deck.optional is not None and not game.option(deck.optional):
            continue
        pages = section(pdf, f"{deck.name} (")
        if kind == "backs":
            if deck.back is not None:
                where = placed_on(pdf, pages[1])[0]
                yield Face(
                    f"{deck.id}-back",
                    svg / f"{deck.id}-back.svg",
                    (0, 0),
                    pages[1],
                    where,
                    deck.size,
                )
            continue
        fronts = pages[0::2] if deck.back is not None else pages
        per_page = len(placed_on(pdf, fronts[0]))
        index = 0
        for card in deck.cards:
            page = fronts[index // per_page]
            where = placed_on(pdf, page)[index % per_page]
            yield Face(
                f"{deck.id}-{card.id}",
                svg / f"{deck.id}-{card.id}.svg",
                (0, 0),
                page,
                where,
                deck.size,
            )
            index += card.count


def _tiles(game, pdf: Path, svg: Path) -> Iterator[Face]:
    """Every tile of every printed board, in the order of the tiling (after the map page)."""
    opts = PrintOptions.from_presets(game.presets, paper=PAPER)
    for board in (b for b in game.boards if b.printed):
        tiling = plan_tiles(board.size, opts)
        pages = [p for p in section(pdf, f"{board.name} (") if placed_on(pdf, p)]
        assert len(pages) == len(tiling.tiles), f"{board.id}: {len(pages)} tile pages"
        for tile, page in zip(tiling.tiles, pages, strict=True):
            yield Face(
                f"{board.id} tile {tile.name}",
                svg / f"board-{board.id}.svg",
                (0, 0),
                page,
                placed_on(pdf, page)[0],
                board.size,
                covered=(
                    tiling.overlap if tile.col < tiling.cols - 1 else 0.0,
                    tiling.overlap if tile.row < tiling.rows - 1 else 0.0,
                ),
            )


def _sheet_faces(game, pdf: Path, svg: Path) -> Iterator[Face]:
    """The full-page section prints each front sheet's copies in the order of the YAML, one
    sheet of paper (a front page and a back page) each; the back page holds the sheet's
    `back:` or nothing."""
    pages = section(pdf, "score sheets and aids, full page")
    paper = iter(zip(pages[0::2], pages[1::2], strict=True))
    backs = {s.back for s in game.sheets if s.back}
    by_id = {s.id: s for s in game.sheets}
    for sheet in (s for s in game.sheets if s.id not in backs):
        for copy in range(sheet.copies):
            front, back = next(paper)
            if copy:
                continue
            shown = [(sheet, front)] + ([(by_id[sheet.back], back)] if sheet.back else [])
            for drawn, page in shown:
                where = placed_on(pdf, page)[0]
                yield Face(drawn.id, svg / f"sheet-{drawn.id}.svg", (0, 0), page, where, drawn.size)


@cache
def _document(pdf: Path) -> pdfium.PdfDocument:
    return pdfium.PdfDocument(pdf)


def pdf_region(pdf: Path, page: int, box: tuple[int, int, int, int], supersample: int) -> Pixels:
    """Pixels `box` (left, top, right, bottom at DPI) of the page, rendered `supersample`
    times finer and averaged down: only that region is drawn."""
    pdf_page = _document(pdf)[page - 1]
    w_pt, h_pt = pdf_page.get_size()
    pt = 72 / DPI  # points per pixel
    left, top, right, bottom = box
    crop = (left * pt, h_pt - bottom * pt, w_pt - right * pt, top * pt)
    big = pdf_page.render(scale=supersample / pt, crop=crop, rev_byteorder=True).to_numpy()
    w, h = right - left, bottom - top
    if big.shape[0] < h * supersample or big.shape[1] < w * supersample:  # pdfium rounds
        big = np.pad(
            big,
            (
                (0, max(0, h * supersample - big.shape[0])),
                (0, max(0, w * supersample - big.shape[1])),
                (0, 0),
            ),
            mode="edge",
        )
    return average_down(big[: h * supersample, : w * supersample], supersample)


def average_down(big: Pixels, n: int) -> Pixels:
    """Each n x n block of `big` (RGBA) as one RGB pixel: the mean of each channel, rounded
    down. Added up one row and one column of the block at a time, each a whole slice (a
    sum over the axes of a 5-dimensional view costs ten times as much)."""
    h, w = big.shape[0] // n, big.shape[1] // n
    rows = big.reshape(h, n, w * n, big.shape[2])
    total = rows[:, 0].astype(np.uint16 if n * n * 255 < 2**16 else np.uint32)
    for k in range(1, n):
        total += rows[:, k]
    columns = total.reshape(h, w, n, big.shape[2])
    summed = columns[:, :, 0].copy()
    for k in range(1, n):
        summed += columns[:, :, k]
    return (summed[:, :, :3] // n**2).astype(np.uint8)


def _root(svg: Path):
    return etree.parse(str(svg)).getroot()


def svg_view(svg: Path) -> tuple[float, float, float, float]:
    """The SVG's view box (x, y, w, h), in mm."""
    x, y, w, h = (float(v) for v in _root(svg).get("viewBox").split())
    return x, y, w, h


def region_of(text: str, view: tuple[float, float, float, float], size: tuple[int, int]) -> str:
    """The SVG text with only `view` (x, y, w, h in its own mm) in its view box, drawn on
    `size` pixels exactly (a size in mm would be rounded to whole pixels by resvg)."""
    root = etree.fromstring(text.encode("utf-8"))
    root.set("viewBox", " ".join(f"{v:.6f}" for v in view))
    root.set("width", str(size[0]))
    root.set("height", str(size[1]))
    return etree.tostring(root, encoding="unicode")


FONT_DATA = re.compile(r'url\("data:font/ttf;base64,([^"]+)"\)')


@cache
def _font_folder(under: Path, digest: str, *fonts: str) -> str:
    folder = under / f"svg-fonts-{digest[:16]}"
    folder.mkdir(exist_ok=True)
    for n, data in enumerate(fonts):
        (folder / f"face-{n}.ttf").write_bytes(base64.b64decode(data))
    return str(folder)


def embedded_fonts(text: str, under: Path) -> str:
    """A folder in `under` (beside the kits: the tests' own temporary folder) holding the
    fonts the SVG text embeds (its @font-face data URLs): resvg reads no @font-face, and the
    installed Lato kerns where the PDF (and the embedded subset) does not. A kit's files
    share their subsets: one folder each."""
    fonts = FONT_DATA.findall(text)
    return _font_folder(under, hashlib.sha256("".join(fonts).encode()).hexdigest(), *fonts)


def svg_picture(text: str, size: tuple[int, int], fonts: str) -> Pixels:
    png = resvg_py.svg_to_bytes(
        svg_string=text,
        background="white",
        skip_system_fonts=True,
        font_dirs=[fonts],
        font_family="Lato",
        sans_serif_family="Lato",
    )
    with Image.open(io.BytesIO(bytes(png))) as image:
        picture = np.asarray(image.convert("RGB"))
    assert picture.shape[:2] == size[::-1], f"resvg drew {picture.shape}, not {size} pixels"
    return picture


def own_bleed(face: Face, trim: Rect, pdf: Path) -> Rect:
    """The placement's clip (trim and bleed), its bleed left out on a side where another
    item's art may overlap it (a neighbour's bleed at a corner)."""
    c = face.placed.clip
    others = [p.clip for p in placed_on(pdf, face.page) if p.clip != c]

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


@dataclass(frozen=True)
class Mapping:
    """Face units to page mm (y down): page = m @ face + t; a quarter turn at most."""

    m: tuple[tuple[float, float], tuple[float, float]]
    t: tuple[float, float]

    @classmethod
    def of(cls, placed: Placed, page_h: float) -> Mapping:
        a, b, c, d, e, f = placed.transform
        m = ((a / MM, c / MM), (-b / MM, -d / MM))
        assert all(abs(v) < 1e-9 or abs(w) < 1e-9 for v, w in m), "not a quarter turn"
        return cls(m, (e / MM, page_h - f / MM))

    @property
    def turned(self) -> bool:  # page x runs along the face's y
        return abs(self.m[0][0]) < 1e-9

    def to_face(self, x: float, y: float) -> tuple[float, float]:
        (p, q), (r, s) = self.m
        det = p * s - q * r
        x, y = x - self.t[0], y - self.t[1]
        return ((s * x - q * y) / det, (-r * x + p * y) / det)


def pictures(face: Face, pdf: Path, text: str | None = None) -> tuple[Pixels, Pixels, str]:
    """The same region of the face, from the PDF page and from the SVG (`text`: instead of
    the file's), in the page's orientation: the placement's clip (trim and the bleed the page
    gives it) inside the SVG's extent."""
    page_h = float(reader(pdf).pages[face.page - 1].mediabox.height) / MM
    to_page = Mapping.of(face.placed, page_h)
    trim = face.placed.trim(*face.size, page_h)
    sx, sy = face.svg_trim
    vx, vy, vw, vh = svg_view(face.svg)
    # the SVG's whole extent in face units, then on the page
    corners = [
        to_page_point(to_page, (vx + dx * vw - sx) / face.scale, (vy + dy * vh - sy) / face.scale)
        for dx in (0, 1)
        for dy in (0, 1)
    ]
    ext = Rect(
        min(p[0] for p in corners),
        min(p[1] for p in corners),
        max(p[0] for p in corners),
        max(p[1] for p in corners),
    )
    clip = trim if face.inside_cut else own_bleed(face, trim, pdf)
    x0, y0 = max(ext.x0, clip.x0) + face.edge, max(ext.y0, clip.y0) + face.edge
    x1 = min(ext.x1, clip.x1 - face.covered[0]) - face.edge
    y1 = min(ext.y1, clip.y1 - face.covered[1]) - face.edge
    w, h = round((x1 - x0) * PX), round((y1 - y0) * PX)
    px, py = round(x0 * PX), round(y0 * PX)
    from_pdf = pdf_region(pdf, face.page, (px, py, px + w, py + h), face.supersample)
    # the same pixels in the face's units, then in the SVG's mm
    a = to_page.to_face(px / PX, py / PX)
    b = to_page.to_face((px + w) / PX, (py + h) / PX)
    fx0, fy0, fx1, fy1 = min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])
    view = (
        sx + fx0 * face.scale,
        sy + fy0 * face.scale,
        (fx1 - fx0) * face.scale,
        (fy1 - fy0) * face.scale,
    )
    size = (h, w) if to_page.turned else (w, h)
    source = text if text is not None else face.svg.read_text()
    upright = svg_picture(
        region_of(source, view, size), size, embedded_fonts(source, face.svg.parents[2])
    )
    from_svg = _as_placed(upright, to_page)
    return from_pdf, from_svg, f"page {face.page}, {x0:.1f},{y0:.1f}-{x1:.1f},{y1:.1f} mm"


def to_page_point(to_page: Mapping, u: float, v: float) -> tuple[float, float]:
    (p, q), (r, s) = to_page.m
    return (p * u + q * v + to_page.t[0], r * u + s * v + to_page.t[1])


def _as_placed(pixels: Pixels, to_page: Mapping) -> Pixels:
    """The face's picture (rows down the face's y) turned and flipped as the page shows it."""
    (p, q), (r, s) = to_page.m
    if to_page.turned:  # page x along face y, page y along face x
        pixels = pixels.transpose(1, 0, 2)
        flip_x, flip_y = q < 0, r < 0
    else:
        flip_x, flip_y = p < 0, s < 0
    if flip_x:
        pixels = pixels[:, ::-1]
    if flip_y:
        pixels = pixels[::-1]
    return pixels


def face_difference(face: Face, pdf: Path, text: str | None = None) -> tuple[float, str]:
    """How much the face's SVG (`text`: instead of its file's) and the PDF differ, and where:
    a face that differs by more than LOOK_AGAIN is rendered again from a PDF drawn twice as
    fine, twice at most (pdfium's snapping of small rectangles to pixels shows at the coarse
    one: a 3 mm icon's columns)."""
    a, b, where = pictures(face, pdf, text)
    worst, at = ink_difference(a, b)
    for _ in range(2):
        if worst <= LOOK_AGAIN:
            break
        face = replace(face, supersample=2 * face.supersample)
        a, b, where = pictures(face, pdf, text)
        worst, at = ink_difference(a, b)
    return worst, f"{where}, at {at[0]:g},{at[1]:g} mm of it"


def ink_difference(a: Pixels, b: Pixels) -> tuple[float, tuple[float, float]]:
    """The largest difference of ink between the two pictures over a spot of SPOT mm (the
    signed difference of each channel, averaged over the spot; 0..255), and where (mm)."""
    assert a.shape == b.shape, f"{a.shape} pixels vs {b.shape}"
    diff = a.astype(np.int32) - b.astype(np.int32)
    n = max(1, round(SPOT * PX))
    h, w, _ = diff.shape
    if h < n or w < n:
        n = max(1, min(h, w))
    # a box sum through the integral image: every n x n spot, each channel
    summed = np.zeros((h + 1, w + 1, 3), dtype=np.int32)  # |sum| < 255 x 2**23 pixels
    summed[1:, 1:] = diff.cumsum(0).cumsum(1)
    box = summed[n:, n:] - summed[:-n, n:] - summed[n:, :-n] + summed[:-n, :-n]
    spots = np.abs(box).max(axis=2) / (n * n)
    y, x = np.unravel_index(int(spots.argmax()), spots.shape)
    return float(spots.max()), (round(float(x + n / 2) / PX, 1), round(float(y + n / 2) / PX, 1))
