"""One way to find a box (playtest/drawing/bounds.py): what each kind of shape draws, every
transform applied, and the tagged places of a sheet (its input fields, its `tap:` places), as
`playtest fields`, the photo reader's templates and the web editor's crops all find them."""

from __future__ import annotations

import math
from collections import defaultdict

import pytest

from playtest.drawing import model
from playtest.drawing.bounds import Box, box_of, joined, rounded, tagged
from playtest.drawing.geometry import Affine
from playtest.drawing.symbols import SymbolTable
from playtest.faces.component_faces import sheet_face
from playtest.faces.fields import game_fields
from playtest.faces.painter import FacePainter
from playtest.library.loader import load_library
from playtest.web.pictures import Pictures

NO_SYMBOLS: dict[str, model.Symbol] = {}


def box(shapes: list[model.Shape], place: Affine | None = None) -> Box | None:
    found = box_of(shapes, place or Affine(), NO_SYMBOLS)
    return None if found is None else rounded(found)


def sampled(points: list[tuple[float, float]]) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return rounded((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))


def test_a_rect_turned_a_quarter_and_moved() -> None:
    turned = Affine.translate(20, 5) @ Affine.rotate(90)
    assert box([model.Rect(0, 0, 10, 4)], turned) == (16.0, 5.0, 4.0, 10.0)


@pytest.mark.parametrize("degrees", [0, 30, 45, 90, 135])
def test_a_circle_stretched_and_turned_is_boxed_as_the_ellipse_it_draws(degrees: int) -> None:
    place = Affine.translate(50, 50) @ Affine.rotate(degrees) @ Affine.scale(3, 1)
    circle = model.Circle(1, 2, 2)
    rim = [
        place.apply(1 + 2 * math.cos(math.radians(a / 10)), 2 + 2 * math.sin(math.radians(a / 10)))
        for a in range(3600)
    ]
    found = box([circle], place)
    assert found is not None
    assert all(abs(f - s) < 0.002 for f, s in zip(found, sampled(rim), strict=True))


def test_a_curve_is_boxed_by_where_it_turns_not_by_its_control_points() -> None:
    arch = model.Path((("M", 0, 0), ("C", 0, 10, 10, 10, 10, 0), ("Z",)))
    assert box([arch]) == (0.0, 0.0, 10.0, 7.5)
    assert box([arch], Affine.scale(1, -2)) == (0.0, -15.0, 10.0, 15.0)


def test_a_line_and_a_text_as_laid_out() -> None:
    assert box([model.Line(0, 0, 4, 3, model.Stroke((0, 0, 0), 1))], Affine.scale(2)) == (
        0.0,
        0.0,
        8.0,
        6.0,
    )
    # a size above the baseline, 0.6 of the size a character
    assert box([model.Text(1, 5, "abc", "regular", 2, None)]) == (1.0, 3.0, 3.6, 2.0)


def test_a_placed_symbol_is_boxed_by_its_declared_bounds_not_its_ink() -> None:
    symbols = {"icon": model.Symbol("icon", (0, 0, 10, 10), (model.Rect(4, 4, 2, 2),))}
    placed = model.Group((model.Use("icon", Affine.scale(0.5)),), Affine.translate(5, 5))
    assert rounded(box_of([placed], Affine(), symbols) or (0, 0, 0, 0)) == (5.0, 5.0, 5.0, 5.0)


def test_nothing_drawn_has_no_box() -> None:
    assert box([]) is None
    assert box([model.Group(())]) is None


def test_tags_are_found_through_symbols_each_with_its_items() -> None:
    """A field in a layout's frame (a symbol) is found; a track's circles, wrapped in the one
    group of its `tap:`, are its items; a tag inside a tagged group is part of that element."""
    track = model.Group(
        (
            model.Group(
                (model.Circle(5, 5, 2), model.Circle(15, 5, 2), model.Group((), tap="inner")),
                tap="track",
            ),
        ),
        Affine.translate(0, 10),
        field="row",
    )
    symbols = {"frame": model.Symbol("frame", (0, 0, 50, 50), (track,))}
    shapes = [model.Use("frame", Affine.translate(100, 0)), model.Rect(0, 0, 1, 1)]
    [found] = tagged(shapes, symbols, "field")
    assert found.value == "row"
    assert found.box is not None and rounded(found.box) == (103.0, 13.0, 14.0, 4.0)
    assert [rounded(b) for b in found.items if b] == [
        (103.0, 13.0, 4.0, 4.0),
        (113.0, 13.0, 4.0, 4.0),
    ]
    assert found.circle
    assert [t.value for t in tagged(shapes, symbols, "tap")] == ["track"]


def test_joined_boxes() -> None:
    assert joined([(0, 0, 1, 1), (2, 3, 1, 1)]) == (0, 0, 3, 4)


@pytest.mark.parametrize("game_id", sorted(load_library().game_ids))
def test_the_fields_and_the_editors_crops_are_the_drawings_tagged_boxes(game_id: str) -> None:
    """`playtest fields` and the web editor's crops give the boxes one walk of the drawing gives
    (the photo reader's tap places are the same walk: tests/scan)."""
    library = load_library()
    game = library.game(game_id)
    fields = FacePainter.for_game(game, SymbolTable(), 0, fields=True)
    expected_fields = {
        sheet.id: [
            rounded(t.box or (0.0, 0.0, 0.0, 0.0))
            for t in tagged(sheet_face(sheet, fields).shapes, fields.symbols, "field")
        ]
        for sheet in game.sheets
    }
    assert {
        s.id: [f.box for f in s.fields] for s in game_fields(game) if s.kind == "sheet"
    } == expected_fields
    pictures = Pictures(library)
    for sheet in game.sheets:
        taps = FacePainter.for_game(game, SymbolTable(), 0, taps=True)
        by_kind: dict[str, list[Box]] = defaultdict(list)
        for t in tagged(sheet_face(sheet, taps).shapes, taps.symbols, "tap"):
            if t.box is not None:
                by_kind[t.value.split(".")[0]].append(t.box)
        crops = {kind: list(rounded(joined(boxes))) for kind, boxes in by_kind.items()}
        assert pictures.sheet_crops(game_id, sheet.id) == crops
