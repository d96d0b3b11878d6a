"""Boards tiled across pages, page 1's print check, template fit checks and rendered pages."""

from __future__ import annotations

import functools
import io
import textwrap
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image

from playtest import components
from playtest.core.errors import InputError
from playtest.generator.backends.raster import render_png
from playtest.generator.impose.tiles import plan_tiles, registration_marks
from playtest.library.loader import load_library
from playtest.model.print_options import PrintOptions
from tests.games import game_ids
from tests.helpers import kit_sections, make_components
from tests.impose.pdfgeom import MM, page_size, page_text, rects, sized
from tests.kits.mini_kit import build
from tests.pdf_text import text_page


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("board", [(400, 300), (620, 420), (150, 150), (297, 210)])
def test_tiles_cover_the_board_with_the_stated_overlap(paper, board) -> None:
    opts = PrintOptions.from_presets(load_library(components.ROOT).shared[0], paper=paper)
    tiling = plan_tiles(board, opts)
    ax, ay, aw, ah = tiling.area
    pw, ph = tiling.paper
    assert ax >= opts.margin and ay >= opts.margin
    assert ax + aw <= pw - opts.margin + 1e-9 and ay + ah <= ph - opts.margin + 1e-9
    # every point of the board is on some tile
    for fx in [i / 20 for i in range(21)]:
        for fy in [i / 20 for i in range(21)]:
            x, y = fx * board[0], fy * board[1]
            assert any(t.x <= x <= t.x + t.w and t.y <= y <= t.y + t.h for t in tiling.tiles)
    # neighbours overlap by exactly the glue strip
    by_place = {(t.row, t.col): t for t in tiling.tiles}
    for (r, c), t in by_place.items():
        if (r, c + 1) in by_place:
            assert t.x + t.w - by_place[(r, c + 1)].x == pytest.approx(opts.tile_overlap)
        if (r + 1, c) in by_place:
            assert t.y + t.h - by_place[(r + 1, c)].y == pytest.approx(opts.tile_overlap)
    # registration marks sit inside overlap strips (printed on the tile that is covered)
    for mx, my in registration_marks(tiling):
        holders = [t for t in tiling.tiles if t.x <= mx <= t.x + t.w and t.y <= my <= t.y + t.h]
        assert len(holders) >= 2


def test_tile_pages_in_the_pdf(kits) -> None:
    pdf = kits()
    last = len(__import__("pypdf").PdfReader(pdf).pages)
    # the 400 x 300 mm board: assembly map, then 4 landscape tiles, each with a blank back
    assert page_size(pdf, last) == pytest.approx((297, 210), abs=0.01)
    assert "assembly" in page_text(pdf, last - 9)
    assert all("intentionally blank" in page_text(pdf, p) for p in range(last - 8, last + 1, 2))
    labels = [page_text(pdf, p) for p in range(last - 7, last + 1, 2)]
    assert [("tile A1" in t, "tile A2" in t, "tile B1" in t, "tile B2" in t) for t in labels] == [
        (True, False, False, False),
        (False, True, False, False),
        (False, False, True, False),
        (False, False, False, True),
    ]


def test_page_one_checks_the_print_scale(kits) -> None:
    pdf = kits()
    boxes = rects(pdf, 1)
    assert len(sized(boxes, 50, 2.5)) == 1  # the 50 mm bar
    assert len(sized(boxes, 50.8, 2.5)) == 1  # the 2 in bar
    assert len(sized(boxes, 40, 40)) == 1  # the square
    text = page_text(pdf, 1)
    assert "--scale-x" in text and "Contents" in text and "Mini cards" in text


def test_scale_correction_scales_the_whole_page(tmp_path: Path) -> None:
    pdf = build(tmp_path, scale_x=1.02) / "mini-game-kit.pdf"
    assert len(sized(rects(pdf, 1), 51, 2.5)) == 1  # the 50 mm bar printed 2 % wider


def test_a_template_that_does_not_fit_is_refused(tmp_path: Path) -> None:
    root = make_components(tmp_path)
    (root / "_shared" / "my-printer.yaml").write_text(
        textwrap.dedent("""\
        templates:
          - {id: poker-9up-letter, kind: card, paper: letter, item: poker, cols: 3, rows: 3,
             priority: 5}
        """)
    )
    with pytest.raises(InputError) as err:
        build(tmp_path, paper="letter")
    assert (
        "templates.poker-9up-letter: 3x3 items of 63x88 mm with 0 mm gutter and 3 mm "
        "bleed do not fit the printable area of 215.9x279.4 mm paper (6 mm margins, "
        "3 mm footer and 2 mm over it for crop marks): 7.6 mm too tall" in str(err.value)
    )


def ink(pdf: Path, page: int, box: tuple[float, float, float, float]) -> float:
    """Share of non-white pixels inside box (x, y, w, h in mm) of the rendered page."""
    image, scale = _rendered(pdf, page, pdf.stat().st_mtime_ns)
    x, y, w, h = (round(v * scale) for v in box)
    crop = image.crop((x, y, x + w, y + h))
    return sum(crop.histogram()[:240]) / (w * h)


@functools.lru_cache(maxsize=4)
def _rendered(pdf: Path, page: int, written: int) -> tuple[Image.Image, float]:
    """The page rendered in grey (by the tool's own rasteriser) and its pixels per mm, once
    for every box looked at on it (`written`: the file's version)."""
    image = Image.open(io.BytesIO(render_png(pdf, page, 40))).convert("L")
    return image, image.width / page_size(pdf, page)[0]


def test_rendered_pages_are_not_blank_where_art_is_expected(kits) -> None:
    pdf = kits()
    assert ink(pdf, 1, (12, 56, 50, 2.5)) > 0.6  # the 50 mm bar
    # every sheet is two pages (front odd, back even); the grid sits 1.5 mm higher than the
    # page's centre, leaving the footer its band
    assert ink(pdf, 5, (13.5, 18, 57, 10)) > 0.5  # the first card's coloured title band
    assert ink(pdf, 6, (141, 15, 63, 88)) > 0.5  # its blue back, mirrored to the right
    assert ink(pdf, 7, (10, 10, 20, 20)) > 0.3  # a coin token
    assert ink(pdf, 8, (10, 10, 190, 250)) < 0.01  # its back: intentionally blank
    assert ink(pdf, 9, (20, 12, 12, 12)) > 0.5  # the first die sticker
    assert ink(pdf, 11, (60, 40, 20, 20)) > 0.15  # a cube net's faces
    assert ink(pdf, 13, (60, 20, 90, 20)) > 0.02  # the full-page score sheet's title
    assert ink(pdf, 19, (20, 120, 100, 50)) > 0.9  # a board tile: its grey ground
    assert ink(pdf, 5, (80, 230, 40, 40)) < 0.01  # the empty slots of a short page stay white


def test_marks_and_overlap_lines_are_only_on_the_strips_covered_when_glued(kits) -> None:
    """Registration marks (4.4 mm circles) and the dashed line where the next tile's edge goes
    are printed only in a tile's right and bottom strips that its neighbours cover: nothing of
    them stays visible on the glued board. Each mark is printed once, on the covered tile."""
    pdf = kits()
    opts = PrintOptions.from_presets(load_library(components.ROOT).shared[0])
    tiling = plan_tiles((400, 300), opts)
    ax, ay, _, _ = tiling.area
    o = tiling.overlap
    drawn = 0
    with pdfplumber.open(pdf) as doc:
        texts = [page.extract_text() or "" for page in doc.pages]
        for tile in tiling.tiles:
            page = doc.pages[next(i for i, t in enumerate(texts) if f"tile {tile.name} " in t)]
            right, below = tile.col < tiling.cols - 1, tile.row < tiling.rows - 1
            marks = [c for c in page.curves if abs(c["width"] / MM - 4.4) < 0.05]
            for mark in marks:
                x = (mark["x0"] + mark["x1"]) / 2 / MM - ax
                y = (mark["top"] + mark["bottom"]) / 2 / MM - ay
                assert (right and x >= tile.w - o) or (below and y >= tile.h - o), tile.name
            drawn += len(marks)
            dashed = sorted(
                (round(ln["x0"] / MM - ax, 2), round(ln["top"] / MM - ay, 2))
                for ln in page.lines
                if ln.get("dash") and ln["dash"][0]
            )
            expected = sorted(
                [(round(tile.w - o, 2), 0.0)] * right + [(0.0, round(tile.h - o, 2))] * below
            )
            assert dashed == expected, tile.name
    assert drawn == len(registration_marks(tiling))


WITH_BOARDS = [
    g for g in game_ids() if any(b.printed for b in load_library(components.ROOT).game(g).boards)
]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game_id", WITH_BOARDS)
def test_every_outer_edge_of_a_tiled_board_has_its_bleed_printed(
    tmp_path: Path, paper, game_id: str
) -> None:
    """Issue 27: a game's first printed board's art runs the bleed (3 mm) past every outer edge of
    the board, on every tile that has one, inside the printable area (tile A1 used to put its
    cut line on the 6 mm limit and clip its art there); inner edges (glued under the overlap)
    are clipped at the cut."""
    root = make_components(tmp_path, game_id, mini=False)
    pdf = build(tmp_path, paper=paper).parent / game_id / f"{game_id}-kit.pdf"
    library = load_library(root)
    game = library.game(game_id)
    opts = PrintOptions.from_presets(game.presets, paper=paper)
    board = next(b for b in game.boards if b.printed)
    tiling = plan_tiles(board.size, opts)
    # the board's own pages (its section of the kit: an assembly page and the tiles), not
    # every page of the kit, are read for the tiles' labels
    section = kit_sections(pdf)[f"{board.name} ({len(tiling.tiles)} tiles)"]
    with pdfplumber.open(pdf) as doc:
        texts = {n: text_page(doc.pages[n - 1]).extract_text() or "" for n in section}
    bleed = opts.bleed
    for tile in tiling.tiles:
        page = next(n for n, t in texts.items() if f"tile {tile.name} (" in t)
        x, y = tiling.area[0], tiling.area[1]
        assert min(x, y) >= opts.margin + bleed - 1e-9
        outer = {
            "left": (tile.col == 0, (x - bleed + 0.6, y + 20, bleed - 1.2, tile.h - 40)),
            "top": (tile.row == 0, (x + 20, y - bleed + 0.6, tile.w - 40, bleed - 1.2)),
            "right": (
                tile.col == tiling.cols - 1,
                (x + tile.w + 0.6, y + 20, bleed - 1.2, tile.h - 40),
            ),
            "bottom": (
                tile.row == tiling.rows - 1,
                (x + 20, y + tile.h + 0.6, tile.w - 40, bleed - 1.2),
            ),
        }
        for side, (is_outer, box) in outer.items():
            inked = ink(pdf, page, box)
            if is_outer:
                assert inked > 0.9, (paper, tile.name, side, inked)
            else:
                assert inked < 0.2, (paper, tile.name, side, inked)
