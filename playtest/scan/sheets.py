"""The sheets a photo may show: for each scan-ready sheet of the loaded games, its size, its
places to read (boxes in the sheet's own mm) and the blank sheet as printed (the template the
reader compares a photo with).

Places: a sheet that declares fields (`field:` on its elements, `playtest fields GAME`) is
read by its fields as the scan-ready sheet draws them: a box is one place, a track one place
per circle, a choice drawn as one item per value (icons to cross) one place per value, any
other choice one place (whether something is written there: which value is not read); a
number or a card slot is not read from a photo yet. A sheet without fields is read by the
places the web scorer taps (elements with a `tap:` name), each "marked or not".
"""

from __future__ import annotations

import io
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

import numpy as np

from playtest.drawing.bounds import Box, Symbols, joined, rounded, tagged
from playtest.drawing.model import Shape
from playtest.faces.scan_codes import sheet_code
from playtest.library.loader import Library
from playtest.model.game import Game
from playtest.model.print_options import MarkSizes

if TYPE_CHECKING:  # the painter (reportlab, fonts) is imported when a sheet is first drawn
    from playtest.drawing.face import DrawnFace
    from playtest.expr.fields import InputField
    from playtest.faces.painter import FacePainter

PX_PER_MM = 8  # the straightened sheet: 0.125 mm a pixel, a pen stroke is 3-8 pixels wide


@dataclass(frozen=True)
class Place:
    """One place to read on a sheet: its id and its box in mm (x, y, w, h, y down)."""

    id: str
    box: tuple[float, float, float, float]
    shape: Literal["rect", "circle"] = "rect"
    field: str = ""  # the field it belongs to (a track's circles share theirs)
    value: str | int | None = None  # a choice's place per value: the value crossed there


@dataclass(frozen=True)
class SheetSpec:
    game: str
    sheet: str
    version: str
    size: tuple[float, float]  # mm
    places: tuple[Place, ...]
    sizes: MarkSizes
    template: np.ndarray  # the blank sheet (scan marks included), BGR, PX_PER_MM
    fields: tuple[tuple[str, str], ...] = ()  # (id, kind) of every declared field, in order
    correction: str | None = None  # how a mark is taken back (`game.correction`): "fill", ...

    @property
    def code(self) -> int:
        return sheet_code(self.game, self.sheet, self.version)


def scan_sheets(library: Library, game_ids: tuple[str, ...] = ()) -> list[SheetSpec]:
    """Every scan-ready sheet of the named games (all by default)."""
    return [
        spec
        for game_id in game_ids or tuple(library.game_ids)
        for spec in game_sheets(library.game(game_id))
    ]


def game_sheets(game: Game) -> tuple[SheetSpec, ...]:
    from playtest.drawing.symbols import SymbolTable
    from playtest.faces.component_faces import sheet_face
    from playtest.faces.fields import scan_ready_fields
    from playtest.faces.painter import FacePainter
    from playtest.faces.scan_marks import ScanMarks, has_places
    from playtest.model.print_options import PrintOptions

    sizes = PrintOptions.from_presets(game.presets).scan_sizes
    marks = ScanMarks(sizes, game.info.version)
    declared = {s.id: s.fields for s in scan_ready_fields(game, marks) if s.kind == "sheet"}
    specs = []
    for sheet in game.sheets:
        if not has_places(game.layouts[sheet.layout].elements):
            continue
        env = FacePainter.for_game(game, SymbolTable(), 0, scan=marks)
        printed = sheet_face(sheet, env)
        fields = declared.get(sheet.id, ())
        if fields:
            places = [place for f in fields for place in field_places(f)]
        else:
            env = replace(env, taps=True)  # the same build, its tap names kept
            places = tap_places(sheet_face(sheet, env).shapes, env.symbols)
        specs.append(
            SheetSpec(
                game.id,
                sheet.id,
                game.info.version,
                sheet.size,
                tuple(places),
                sizes,
                render_face(printed, env, PX_PER_MM),
                tuple((f.id, f.kind) for f in fields),
                game.info.correction,
            )
        )
    return tuple(specs)


def render_face(face: DrawnFace, env: FacePainter, px_per_mm: float) -> np.ndarray:
    """A drawn face rendered as the kit prints it (our PDF backend, then pypdfium2), BGR."""
    import pypdfium2 as pdfium

    from playtest.drawing.model import Page
    from playtest.generator.backends.pdf import PdfWriter

    buffer = io.BytesIO()
    writer = PdfWriter(buffer, env.fonts, env.symbols)
    writer.add_page(Page(face.width, face.height, face.shapes))
    writer.close()
    doc = pdfium.PdfDocument(buffer.getvalue())
    try:
        image = doc[0].render(scale=px_per_mm * 25.4 / 72).to_numpy()
    finally:
        doc.close()
    return np.ascontiguousarray(image[:, :, :3])  # pypdfium2 renders BGRx: OpenCV's order


def field_places(field: InputField) -> list[Place]:
    """The places a photo reads of a declared field: a box or a choice (written in or not),
    each circle of a track, each value's icon of a choice drawn as icons to cross."""
    if field.kind == "choice" and field.cells and field.values:
        return [
            Place(f"{field.id}#{value}", cell, "rect", field.id, value)
            for value, cell in zip(field.values, field.cells, strict=True)
        ]
    if field.kind in ("box", "choice"):
        return [Place(field.id, field.box, "rect", field.id)]
    if field.kind == "track":
        return [
            Place(f"{field.id}#{n}", cell, "circle", field.id)
            for n, cell in enumerate(field.cells, 1)
        ]
    return []  # a number, a card slot: not read from a photo yet


def tap_places(shapes: tuple[Shape, ...], symbols: Symbols) -> list[Place]:
    """Each `tap:` place of a drawn sheet with its box, as the drawing model answers where a
    tag is (playtest/drawing/bounds.py); a place drawn as a circle reads as a circle."""
    boxes: dict[str, list[Box]] = {}
    round_ones: set[str] = set()
    for found in tagged(shapes, symbols, "tap"):
        if found.box is None:
            continue
        boxes.setdefault(str(found.value), []).append(found.box)
        if found.circle:
            round_ones.add(str(found.value))
    return [
        Place(name, rounded(joined(drawn)), "circle" if name in round_ones else "rect")
        for name, drawn in boxes.items()
    ]
