"""Every input field of a game's sheets and boards, where it is on the paper: the sheet painted by
the face painter with its elements' `field:` kept, each field's box read from the shapes its
element drew (every transform applied), in mm from the sheet's top-left corner.

`playtest fields GAME --json` prints this (playtest/designer/fields_text.py); records of a
YAML-scored game, the phone entry page and a photo of a filled sheet read the same ids, kinds,
values and boxes. The loader and the scorer ask for them through `playtest.library.fields`
(`game_fields`, `fields_by_id`), which imports this module only then: a game scored in Python
never paints."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from playtest.core.errors import Problems
from playtest.core.per_object import per_object
from playtest.drawing.bounds import Tagged, rounded, tagged
from playtest.drawing.symbols import SymbolTable
from playtest.expr.fields import Box, InputField, SurfaceFields
from playtest.faces.component_faces import board_face, sheet_face
from playtest.faces.painter import FaceError, FacePainter, face_error
from playtest.faces.places import layout_place
from playtest.faces.scan_marks import ScanMarks
from playtest.layout.field import NUMBER_MAX, FieldMark
from playtest.model.components import Board, Sheet
from playtest.model.game import Game


def game_fields(game: Game) -> tuple[SurfaceFields, ...]:
    """Every sheet and board of the game with its fields (those without fields too), worked
    out once per loaded game; a field that cannot be read is an InputError at its element."""
    return _fields_of(game)


def scan_ready_fields(game: Game, marks: ScanMarks) -> tuple[SurfaceFields, ...]:
    """The fields as a kit built with `--scan-marks` prints them: the same ids, kinds and
    values, but a scan-ready sheet may draw a field otherwise (a choice as icons to cross)."""
    return _draw_fields(game, marks)


@per_object
def _fields_of(game: Game) -> tuple[SurfaceFields, ...]:
    return _draw_fields(game, None)


def _draw_fields(game: Game, marks: ScanMarks | None) -> tuple[SurfaceFields, ...]:
    if not _declares_fields(game):
        return tuple(
            SurfaceFields(kind, item.id, item.name, item.size, ())
            for kind, items in (("sheet", game.sheets), ("board", game.boards))
            for item in items
        )
    painter = FacePainter.for_game(game, SymbolTable(), 0, fields=True, scan=marks)
    problems = Problems()
    found: list[SurfaceFields] = []
    faces: list[tuple[str, Sheet | Board, Callable[[], Any]]] = [
        *(("sheet", s, partial(sheet_face, s, painter)) for s in game.sheets),
        *(("board", b, partial(board_face, b, painter)) for b in game.boards),
    ]
    for kind, item, draw in faces:
        try:
            face = draw()
        except FaceError as exc:
            problems.extend(face_error(game, exc).problems)
            continue
        fields = _read_fields(game, face.shapes, painter.symbols, problems, f"{kind} {item.id}")
        found.append(SurfaceFields(kind, item.id, item.name, item.size, fields))
    problems.raise_if_any()
    return tuple(found)


def _declares_fields(game: Game) -> bool:
    """Drawing every sheet is needless when no layout has a `field:` (every kit of the four)."""
    used = {str(s.layout) for s in game.sheets} | {str(b.layout) for b in game.boards}
    return any(
        _has_field([*layout.frame, *layout.elements])
        for name, layout in game.layouts.items()
        if name in used
    )


def _has_field(elements: list[Any]) -> bool:
    for box in elements:
        verb = box.verb
        if verb.field is not None or _has_field(getattr(verb, "elements", [])):
            return True
    return False


def fields_by_id(game: Game) -> dict[str, InputField]:
    """Every field of the game once by id (the same id on two sheets, the front and back of a
    pad, must be the same field)."""
    return _by_id(game)


@per_object
def _by_id(game: Game) -> dict[str, InputField]:
    out: dict[str, InputField] = {}
    problems = Problems()
    for surface in game_fields(game):
        for field in surface.fields:
            seen = out.setdefault(field.id, field)
            if _limits(seen) != _limits(field):
                _report(
                    game,
                    problems,
                    field.where,
                    f"field {field.id!r} is {describe_field(field)} "
                    f"here and {describe_field(seen)} on another sheet",
                )
    problems.raise_if_any()
    return out


def _limits(field: InputField) -> tuple[Any, ...]:
    return (field.kind, field.values, field.min, field.max)


def describe_field(field: InputField) -> str:
    """What a field holds, in words (its kind and limits)."""
    if field.values is not None and field.kind == "choice":
        return f"a choice of {', '.join(map(str, field.values))}"
    if field.min is not None:
        return f"a {field.kind} of {field.min} to {field.max}"
    return f"a {field.kind}"


def _read_fields(
    game: Game, shapes: tuple[Any, ...], symbols: SymbolTable, problems: Problems, label: str
) -> tuple[InputField, ...]:
    """The fields drawn on a face, in drawing order; a field in a layout's frame (a shared
    symbol) is found through the symbol (drawing/bounds.py finds them and their boxes)."""
    fields: list[InputField] = []
    seen: set[str] = set()
    for found in tagged(shapes, symbols, "field"):
        mark = found.value
        if not isinstance(mark, FieldMark):
            continue
        if mark.id in seen:
            _report(game, problems, mark.where, f"{label}: field {mark.id!r} is drawn twice")
            continue
        seen.add(mark.id)
        fields.append(_field(game, mark, found))
    return tuple(fields)


def _field(game: Game, mark: FieldMark, found: Tagged) -> InputField:
    cells: tuple[Box, ...] = ()
    values = mark.values
    low, high = mark.min, mark.max
    if mark.kind == "track":  # its circles: the items its element drew
        cells = tuple(_box(item) for item in found.items)
        low, high = 0, mark.max if mark.max is not None else len(cells)
    elif mark.kind == "number":
        low = mark.min if mark.min is not None else 0
        high = mark.max if mark.max is not None else NUMBER_MAX
    elif mark.kind == "choice" and values and len(values) > 1:
        if len(found.items) == len(values):  # one item per value: where each value is crossed
            cells = tuple(_box(item) for item in found.items)
    elif mark.kind == "card":
        decks = [d for d in game.decks if mark.deck in (None, d.id)]
        values = tuple(card.id for deck in decks for card in deck.cards)
    return InputField(
        mark.id, mark.kind, values, low, high, _box(found.box), cells, mark.where, mark.deck
    )


def _box(found: Box | None) -> Box:
    """A field's box as `playtest fields` gives it (an element that drew nothing: all 0)."""
    return rounded(found) if found is not None else (0.0, 0.0, 0.0, 0.0)


def _report(game: Game, problems: Problems, where: str, message: str) -> None:
    place = layout_place(game, where)
    if place is None:
        problems.add(game.id, None, where, message)
    else:
        problems.add(place[0], place[1], place[2], message)
