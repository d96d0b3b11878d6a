"""Where a drawing puts things: the box of what some shapes draw, and the boxes of the tagged
elements of a face (`tap:` places, input fields), every transform applied, in the face's own
millimetres. The one way to find a box: the fields of a sheet (`playtest fields`), the places a
photo of a sheet is read at and the web editor's crops all ask this module.

One policy, for every consumer: a rect, a line or a circle exactly as transformed (a circle
turned and stretched is an ellipse: its box is the ellipse's); a path by its points and the
extremes of each Bezier curve; a text as laid out for its box today (a size above its baseline,
0.6 of its size a character wide); a placed symbol (an icon, a layout's frame) by its declared
bounds, the box the layout gave it, not the ink inside. Strokes add nothing (a line's box is its
centre line's). Tags are found through symbols too (a field in a layout's frame)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from playtest.drawing import model
from playtest.drawing.geometry import Affine

Box = tuple[float, float, float, float]  # x, y, width, height: y down
Point = tuple[float, float]
Tag = Literal["tap", "field"]


class Symbols(Protocol):
    """Where a placed symbol is looked up (a build's SymbolTable, or a plain dict)."""

    def __getitem__(self, symbol_id: str, /) -> model.Symbol: ...


TEXT_EM = 0.6  # a character's width, in text sizes, as a box is estimated (no fonts here)


@dataclass(frozen=True)
class Tagged:
    """One tagged element as drawn: its tag's value (a `tap:` name, a field's mark), the box of
    everything it drew, the box of each of its items (the shapes it drew, or those of the one
    tapped group that wraps them: a track's circles) and whether it draws a circle."""

    value: Any
    box: Box | None  # None: it draws nothing
    items: tuple[Box | None, ...]
    circle: bool


def tagged(shapes: Iterable[model.Shape], symbols: Symbols, tag: Tag) -> list[Tagged]:
    """Each group tagged `tag` in drawing order, with its boxes; a tagged group is one
    element: tags inside it are its own shapes, not elements of their own."""
    return [
        Tagged(
            value,
            box_of(children, place, symbols),
            tuple(box_of((item,), place, symbols) for item in _items(children)),
            any(isinstance(s, model.Circle) for s in model.walk(children)),
        )
        for value, children, place in tagged_groups(shapes, Affine(), symbols, tag)
    ]


def tagged_groups(
    shapes: Iterable[model.Shape], place: Affine, symbols: Symbols, tag: Tag
) -> Iterator[tuple[Any, tuple[model.Shape, ...], Affine]]:
    """(the tag's value, the group's children, their transform) of each group tagged `tag`."""
    for shape in shapes:
        if isinstance(shape, model.Group):
            inner = place @ shape.transform
            value = getattr(shape, tag)
            if value is not None:
                yield value, shape.children, inner
            else:
                yield from tagged_groups(shape.children, inner, symbols, tag)
        elif isinstance(shape, model.Use):
            children = symbols[shape.symbol].children
            yield from tagged_groups(children, place @ shape.transform, symbols, tag)


def _items(children: tuple[model.Shape, ...]) -> tuple[model.Shape, ...]:
    only = children[0] if len(children) == 1 else None
    if isinstance(only, model.Group) and only.tap is not None:
        return only.children
    return children


def box_of(shapes: Iterable[model.Shape], place: Affine, symbols: Symbols) -> Box | None:
    """The box of everything the shapes draw, mapped by `place` (None if they draw nothing)."""
    return _around(points(shapes, place, symbols))


def joined(boxes: Iterable[Box]) -> Box:
    """The box around boxes (at least one)."""
    found = _around(point for box in boxes for point in _corners(box, Affine()))
    assert found is not None, "no box to join"
    return found


def _around(found: Iterable[Point]) -> Box | None:
    xs: list[float] = []
    ys: list[float] = []
    for x, y in found:
        xs.append(x)
        ys.append(y)
    if not xs:
        return None
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def rounded(box: Box, digits: int = 3) -> Box:
    """A box as the tool reports it: to the thousandth of a millimetre."""
    x, y, w, h = box
    return (round(x, digits), round(y, digits), round(w, digits), round(h, digits))


def points(shapes: Iterable[model.Shape], place: Affine, symbols: Symbols) -> Iterator[Point]:
    """Points whose box is the box of what the shapes draw (see the module's policy)."""
    for shape in shapes:
        if isinstance(shape, model.Group):
            yield from points(shape.children, place @ shape.transform, symbols)
        elif isinstance(shape, model.Use):
            yield from _corners(symbols[shape.symbol].bounds, place @ shape.transform)
        elif isinstance(shape, model.Rect):
            yield from _corners((shape.x, shape.y, shape.w, shape.h), place)
        elif isinstance(shape, model.Circle):
            cx, cy = place.apply(shape.cx, shape.cy)
            half_w = shape.r * math.hypot(place.a, place.c)
            half_h = shape.r * math.hypot(place.b, place.d)
            yield (cx - half_w, cy - half_h)
            yield (cx + half_w, cy + half_h)
        elif isinstance(shape, model.Line):
            yield place.apply(shape.x1, shape.y1)
            yield place.apply(shape.x2, shape.y2)
        elif isinstance(shape, model.Path):
            yield from _path_points(shape.ops, place)
        elif isinstance(shape, model.Text):
            yield place.apply(shape.x, shape.y - shape.size)
            yield place.apply(shape.x + TEXT_EM * shape.size * len(shape.text), shape.y)


def _corners(box: Box, place: Affine) -> Iterator[Point]:
    x, y, w, h = box
    for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)):
        yield place.apply(px, py)


def _path_points(ops: Iterable[model.PathOp], place: Affine) -> Iterator[Point]:
    """A path's end points, and where each cubic Bezier turns (its extremes on x and y),
    mapped by `place` (an affine map keeps a Bezier a Bezier of the mapped points)."""
    current: Point | None = None
    start: Point | None = None
    for op in ops:
        kind = op[0]
        if kind in ("M", "L"):
            current = place.apply(op[1], op[2])
            if kind == "M":
                start = current
            yield current
        elif kind == "C":
            c1, c2, end = (place.apply(op[i], op[i + 1]) for i in (1, 3, 5))
            if current is not None:
                turns = (
                    *_turns(current[0], c1[0], c2[0], end[0]),
                    *_turns(current[1], c1[1], c2[1], end[1]),
                )
                for t in turns:
                    yield _at(current, c1, c2, end, t)
            yield end
            current = end
        elif kind == "Z":
            current = start


def _turns(p0: float, p1: float, p2: float, p3: float) -> list[float]:
    """Where in (0, 1) a cubic Bezier's coordinate stops growing or shrinking."""
    a = -p0 + 3 * p1 - 3 * p2 + p3
    b = 2 * (p0 - 2 * p1 + p2)
    c = p1 - p0
    if abs(a) < 1e-12:
        found = [-c / b] if abs(b) > 1e-12 else []
    else:
        disc = b * b - 4 * a * c
        if disc < 0:
            return []
        root = math.sqrt(disc)
        found = [(-b + root) / (2 * a), (-b - root) / (2 * a)]
    return [t for t in found if 0 < t < 1]


def _at(p0: Point, p1: Point, p2: Point, p3: Point, t: float) -> Point:
    u = 1 - t
    w0, w1, w2, w3 = u**3, 3 * u * u * t, 3 * u * t * t, t**3
    return (
        w0 * p0[0] + w1 * p1[0] + w2 * p2[0] + w3 * p3[0],
        w0 * p0[1] + w1 * p1[1] + w2 * p2[1] + w3 * p3[1],
    )
