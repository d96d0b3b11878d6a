"""Shapes of the drawing model. Units are millimetres, y grows downwards.

Colours are RGB triples of 0..1, None for "not painted", or INHERIT: painted with the colour of
the `Use` that places the symbol (SVG `currentColor`), so one icon serves in every colour.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from playtest.drawing.geometry import Affine

RGB = tuple[float, float, float]


class _Inherit:
    def __repr__(self) -> str:
        return "INHERIT"

    def __reduce__(self) -> str:
        return "INHERIT"  # one object, compared with `is`: a copy of a drawing holds it too


INHERIT = _Inherit()
Paint = Union[RGB, _Inherit, None]  # noqa: UP007 (a runtime alias used in isinstance-free code)


# how far a sharp corner's miter may reach, in stroke widths: SVG's default, which every
# icon file is drawn with and the SVG backend leaves implicit (PDF's own default is 10, whose
# spikes at acute corners the SVG does not draw)
MITER_LIMIT = 4.0


@dataclass(frozen=True)
class Stroke:
    paint: Paint
    width: float  # mm
    dash: tuple[float, ...] | None = None


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    r: float = 0
    fill: Paint = None
    stroke: Stroke | None = None


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: Paint = None
    stroke: Stroke | None = None


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: Stroke


# path operations: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)
PathOp = tuple


@dataclass(frozen=True)
class Path:
    ops: tuple[PathOp, ...]
    fill: Paint = None
    stroke: Stroke | None = None
    even_odd: bool = False


@dataclass(frozen=True)
class Text:
    """One line of text; `x`, `y` is the start of its baseline. `size` is in mm."""

    x: float
    y: float
    text: str
    font: str  # a font key of the FontSet (e.g. "bold")
    size: float
    fill: Paint


@dataclass(frozen=True)
class Use:
    """Place a symbol: its coordinates are mapped by `transform`."""

    symbol: str
    transform: Affine
    colour: RGB | None = None  # the colour of the symbol's INHERIT parts


@dataclass(frozen=True)
class Group:
    children: tuple[Shape, ...]
    transform: Affine = field(default_factory=Affine)
    clip: tuple[float, float, float, float] | None = None  # x, y, w, h in the group's coordinates
    tap: str | None = None  # a layout element's `tap:` name (SVG `data-tap`), for the web scorer
    field: object | None = None  # a layout element's input field (playtest/layout/field.py)


Shape = Union[Rect, Circle, Line, Path, Text, Use, Group]  # noqa: UP007


@dataclass(frozen=True)
class Symbol:
    """Art drawn once and placed many times (PDF form XObject, SVG <symbol>)."""

    id: str
    bounds: tuple[float, float, float, float]  # x, y, w, h of everything it draws
    children: tuple[Shape, ...]


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    children: tuple[Shape, ...]
    trim_box: tuple[float, float, float, float] | None = None  # x, y, w, h (y down)
    bleed_box: tuple[float, float, float, float] | None = None
    label: str = ""


def walk(shapes: tuple[Shape, ...] | list[Shape]):
    """Every shape, depth first (groups' children included, symbols not followed)."""
    for shape in shapes:
        yield shape
        if isinstance(shape, Group):
            yield from walk(shape.children)


@dataclass(frozen=True)
class PaperSheet:
    """One sheet of paper: its front page and, when printed double-sided, its back page
    (None: the back is left blank)."""

    front: Page
    back: Page | None = None
