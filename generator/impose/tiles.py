"""Boards larger than the paper: tiles with a glue overlap, registration marks and the line the
next tile's edge goes on only in the strip that tile covers (nothing of them shows once glued),
a label on every tile (in a band of its own, never over the art) and an assembly map."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import partial

from playtest.drawing.face import DrawnFace
from playtest.drawing.geometry import Affine
from playtest.drawing.model import (
    Circle,
    Group,
    Line,
    Page,
    Rect,
    Shape,
    Stroke,
    Symbol,
    Text,
    Use,
    walk,
)
from playtest.drawing.symbols import SymbolTable
from playtest.model.print_options import PrintOptions

LABEL_BAND = 7.0
REG = Stroke((0.0, 0.0, 0.0), 0.2)
OVERLAP_EDGE = Stroke((0.5, 0.5, 0.5), 0.25, (2.0, 1.5))
INK = (0.2, 0.2, 0.2)
PAPER = (1.0, 1.0, 1.0)


@dataclass(frozen=True)
class Tile:
    row: int
    col: int
    x: float  # board region shown by this tile
    y: float
    w: float
    h: float

    @property
    def name(self) -> str:
        return f"{chr(ord('A') + self.row)}{self.col + 1}"


@dataclass(frozen=True)
class Tiling:
    paper: tuple[float, float]  # the paper as the tiles are printed (may be landscape)
    board: tuple[float, float]
    area: tuple[float, float, float, float]  # where a tile's art sits on the page
    overlap: float
    rows: int
    cols: int
    tiles: tuple[Tile, ...]
    bleed: float = 0.0  # art past the board's outer edges, printed on the outer tiles

    def shown(self, tile: Tile) -> tuple[float, float, float, float]:
        """The page area of `tile`'s art: its board region, and the bleed on every side that
        is an outer edge of the board."""
        ax, ay = self.area[0], self.area[1]
        left = self.bleed if tile.col == 0 else 0.0
        top = self.bleed if tile.row == 0 else 0.0
        right = self.bleed if tile.col == self.cols - 1 else 0.0
        bottom = self.bleed if tile.row == self.rows - 1 else 0.0
        return (ax - left, ay - top, tile.w + left + right, tile.h + top + bottom)


def plan_tiles(board: tuple[float, float], opts: PrintOptions) -> Tiling:
    """Tile on upright or landscape paper, whichever needs fewer pages (upright on a tie)."""
    pw, ph = opts.paper
    upright = _plan(board, (pw, ph), opts)
    landscape = _plan(board, (ph, pw), opts)
    return landscape if len(landscape.tiles) < len(upright.tiles) else upright


def _plan(board: tuple[float, float], paper: tuple[float, float], opts: PrintOptions) -> Tiling:
    """The art area sits the bleed inside the printable margin, so the bleed an outer edge
    of the board gets prints too."""
    pw, ph = paper
    inset = opts.margin + opts.bleed
    aw, ah = pw - 2 * inset, ph - 2 * inset - LABEL_BAND - opts.footer
    bw, bh = board
    o = opts.tile_overlap
    cols = 1 if bw <= aw else math.ceil((bw - o) / (aw - o))
    rows = 1 if bh <= ah else math.ceil((bh - o) / (ah - o))
    tiles = []
    for r in range(rows):
        for c in range(cols):
            x, y = c * (aw - o), r * (ah - o)
            tiles.append(Tile(r, c, x, y, min(aw, bw - x), min(ah, bh - y)))
    return Tiling(paper, board, (inset, inset, aw, ah), o, rows, cols, tuple(tiles), opts.bleed)


def registration_marks(tiling: Tiling) -> list[tuple[float, float]]:
    """Board positions of the marks: three along the middle of every overlap strip."""
    bw, bh = tiling.board
    o = tiling.overlap
    marks: list[tuple[float, float]] = []
    aw, ah = tiling.area[2], tiling.area[3]
    for c in range(1, tiling.cols):
        x = c * (aw - o) + o / 2
        marks += [(x, bh * f) for f in (0.2, 0.5, 0.8)]
    for r in range(1, tiling.rows):
        y = r * (ah - o) + o / 2
        marks += [(bw * f, y) for f in (0.2, 0.5, 0.8)]
    return marks


def covered(tile: Tile, tiling: Tiling, x: float, y: float) -> bool:
    """Whether board point (x, y) lies in a strip of `tile` that a later tile covers when glued
    (its right strip under the tile to its right, its bottom strip under the one below)."""
    inside = tile.x <= x <= tile.x + tile.w and tile.y <= y <= tile.y + tile.h
    o = tiling.overlap
    in_right = tile.col < tiling.cols - 1 and x >= tile.x + tile.w - o
    in_bottom = tile.row < tiling.rows - 1 and y >= tile.y + tile.h - o
    return inside and (in_right or in_bottom)


def _reg_mark(x: float, y: float) -> list[Shape]:
    return [
        Circle(x, y, 2.2, None, REG),
        Line(x - 3.5, y, x + 3.5, y, REG),
        Line(x, y - 3.5, x, y + 3.5, REG),
    ]


def tile_pages(face: DrawnFace, opts: PrintOptions, symbols: SymbolTable) -> Iterator[Page]:
    tiling = plan_tiles((face.width, face.height), opts)
    pw, ph = tiling.paper
    ax, ay, _, ah = tiling.area
    marks = registration_marks(tiling)
    yield assembly_page(face, tiling, opts, symbols)
    for tile in tiling.tiles:
        to_page = Affine.translate(ax - tile.x, ay - tile.y)
        art = Group(face.shapes, to_page)
        shown = tiling.shown(tile)
        extras: list[Shape] = []
        # only the strips the next tiles cover carry marks and the line their edge goes on,
        # so nothing of them shows on the finished board
        right, below = tile.col < tiling.cols - 1, tile.row < tiling.rows - 1
        for mx, my in marks:
            if covered(tile, tiling, mx, my):
                extras += _reg_mark(*to_page.apply(mx, my))
        if right:
            x = ax + tile.w - tiling.overlap
            extras.append(Line(x, ay, x, ay + tile.h, OVERLAP_EDGE))
        if below:
            y = ay + tile.h - tiling.overlap
            extras.append(Line(ax, y, ax + tile.w, y, OVERLAP_EDGE))
        label = (
            f"{face.title}: tile {tile.name} (row {tile.row + 1} of {tiling.rows}, "
            f"column {tile.col + 1} of {tiling.cols}). Cut on the outline."
        )
        if right and below:
            label += (
                f" The tiles to the right and below go over the marked "
                f"{tiling.overlap:g} mm strips, their edges on the dashed lines."
            )
        elif right or below:
            label += (
                f" The tile {'to the right' if right else 'below'} goes over the marked "
                f"{tiling.overlap:g} mm strip, its edge on the dashed line."
            )
        shapes: tuple[Shape, ...] = (
            Group((art,), clip=shown),
            *extras,
            Rect(ax, ay, tile.w, tile.h, 0, None, Stroke((0.6, 0.6, 0.6), 0.15)),
            Text(ax, ay + ah + tiling.bleed + LABEL_BAND - 2, label, "regular", 2.6, INK),
        )
        yield Page(pw, ph, shapes, label=f"{face.title} tile {tile.name}")


def without_text(shapes: tuple[Shape, ...], symbols: SymbolTable) -> tuple[Shape, ...]:
    """The shapes with every text run left out, in groups and placed symbols too (a symbol
    holding text is copied once without it)."""
    kept: list[Shape] = []
    for shape in shapes:
        if isinstance(shape, Group):
            kept.append(replace(shape, children=without_text(shape.children, symbols)))
        elif isinstance(shape, Use):
            symbol = symbols[shape.symbol]
            if any(isinstance(s, Text | Use) for s in walk(symbol.children)):
                plain = symbols.get_or_make(
                    f"{symbol.id}:no-text", partial(_without_text, symbol, symbols)
                )
                shape = replace(shape, symbol=plain.id)
            kept.append(shape)
        elif not isinstance(shape, Text):
            kept.append(shape)
    return tuple(kept)


def assembly_page(
    face: DrawnFace, tiling: Tiling, opts: PrintOptions, symbols: SymbolTable
) -> Page:
    """A small map of the tiles, so people know which page goes where."""
    pw, ph = opts.paper
    bw, bh = tiling.board
    scale = min((pw - 2 * opts.margin - 20) / bw, 120 / bh)
    x0 = (pw - bw * scale) / 2
    y0 = opts.margin + 30
    shapes: list[Shape] = [
        Text(opts.margin + 5, opts.margin + 10, f"{face.title}: assembly", "bold", 6, INK),
        Text(
            opts.margin + 5,
            opts.margin + 18,
            f"{len(tiling.tiles)} tiles, {tiling.rows} rows x {tiling.cols} columns, "
            f"{tiling.overlap:g} mm glue overlap. Board {bw:g} x {bh:g} mm.",
            "regular",
            3.5,
            INK,
        ),
        # the map is the board in miniature, its words left out: they would print far below
        # a readable size
        Group(without_text(face.shapes, symbols), Affine.translate(x0, y0) @ Affine.scale(scale)),
    ]
    for tile in tiling.tiles:
        rx, ry = x0 + tile.x * scale, y0 + tile.y * scale
        shapes.append(
            Rect(rx, ry, tile.w * scale, tile.h * scale, 0, None, Stroke((0.8, 0.1, 0.1), 0.4))
        )
        # on a paper-white label: red straight on the board's dark title band could not be read
        shapes.append(Rect(rx + 1, ry + 1.4, len(tile.name) * 5 * 0.65 + 2, 6, 1, PAPER))
        shapes.append(Text(rx + 2, ry + 6, tile.name, "bold", 5, (0.8, 0.1, 0.1)))
    return Page(pw, ph, tuple(shapes), label=f"{face.title} assembly map")


def _without_text(symbol: Symbol, symbols: SymbolTable) -> Symbol:
    return replace(
        symbol, id=f"{symbol.id}:no-text", children=without_text(symbol.children, symbols)
    )
