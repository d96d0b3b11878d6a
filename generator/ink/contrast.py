"""Text kept readable against what is painted beneath it (the ink saver lightens large fills,
so a cream title on a dark band would vanish): every text run's colour is moved towards black
or white, as little as it takes, until it has WCAG contrast 4.5:1 with the last fill painted
under its start (the paper when there is none)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace

from playtest.drawing.geometry import Affine
from playtest.drawing.model import (
    INHERIT,
    RGB,
    Circle,
    Group,
    Path,
    Rect,
    Shape,
    Symbol,
    Text,
    Use,
)
from playtest.drawing.symbols import SymbolTable

MINIMUM = 4.5
TARGET = 4.7  # aimed at, so that colours rounded to 8 bits by a printer driver keep MINIMUM
PAPER: RGB = (1.0, 1.0, 1.0)
STEPS = 40


def luminance(rgb: RGB) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _mix(colour: RGB, towards: RGB, t: float) -> RGB:
    return (
        round(colour[0] + (towards[0] - colour[0]) * t, 4),
        round(colour[1] + (towards[1] - colour[1]) * t, 4),
        round(colour[2] + (towards[2] - colour[2]) * t, 4),
    )


def readable(text: RGB, ground: RGB) -> RGB:
    """`text` when it has contrast MINIMUM on `ground`, else the nearest colour towards black
    or white with contrast TARGET."""
    if contrast(text, ground) >= MINIMUM:
        return text
    for step in range(1, STEPS + 1):
        for towards in ((0.0, 0.0, 0.0), (1.0, 1.0, 1.0)):
            moved = _mix(text, towards, step / STEPS)
            if contrast(moved, ground) >= TARGET:
                return moved
    return (0.0, 0.0, 0.0)


@dataclass
class _Ground:
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 on the face
    colour: RGB


class Readable:
    """One face's shapes with every text's colour made readable on its ground."""

    def __init__(self, symbols: SymbolTable) -> None:
        self.symbols = symbols

    def face(self, shapes: tuple[Shape, ...]) -> tuple[Shape, ...]:
        return self._shapes(shapes, Affine(), [], None)

    def _shapes(
        self, shapes: tuple[Shape, ...], at: Affine, painted: list[_Ground], tint: RGB | None
    ) -> tuple[Shape, ...]:
        return tuple(self._shape(shape, at, painted, tint) for shape in shapes)

    def _shape(self, shape: Shape, at: Affine, painted: list[_Ground], tint: RGB | None) -> Shape:
        if isinstance(shape, Group):
            inner = at @ shape.transform
            return replace(shape, children=self._shapes(shape.children, inner, painted, tint))
        if isinstance(shape, Use):
            return self._use(shape, at @ shape.transform, painted)
        if isinstance(shape, Text):
            colour = tint if shape.fill is INHERIT else shape.fill
            if not isinstance(colour, tuple):
                return shape
            x, y = at.apply(shape.x + shape.size * 0.3, shape.y - shape.size * 0.35)
            ground = next(
                (g.colour for g in reversed(painted) if _inside(g.box, x, y)),
                PAPER,
            )
            better = readable(colour, ground)
            if better == colour:
                return shape
            return replace(shape, fill=better)
        if isinstance(shape, Rect | Circle | Path):
            fill = tint if shape.fill is INHERIT else shape.fill
            if isinstance(fill, tuple):
                painted.append(_Ground(_box(shape, at), fill))
        return shape

    def _use(self, use: Use, at: Affine, painted: list[_Ground]) -> Use:
        """Text inside a symbol: a copy of the symbol with its text colours changed, made once
        per set of changes (most symbols hold none and are kept as they are)."""
        original = self.symbols[use.symbol]
        children = self._shapes(original.children, at, painted, use.colour)
        if children == original.children:
            return use
        digest = hashlib.sha256(repr(children).encode()).hexdigest()[:12]  # the same every run
        key = f"{use.symbol}~read-{digest}"
        self.symbols.get_or_make(key, lambda: Symbol(key, original.bounds, children))
        return replace(use, symbol=key)


def _inside(box: tuple[float, float, float, float], x: float, y: float) -> bool:
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


def _box(shape: Rect | Circle | Path, at: Affine) -> tuple[float, float, float, float]:
    if isinstance(shape, Rect):
        corners = [(shape.x, shape.y), (shape.x + shape.w, shape.y + shape.h)]
    elif isinstance(shape, Circle):
        corners = [
            (shape.cx - shape.r, shape.cy - shape.r),
            (shape.cx + shape.r, shape.cy + shape.r),
        ]
    else:
        xs = [v for op in shape.ops for v in op[1::2]]
        ys = [v for op in shape.ops for v in op[2::2]]
        if not xs:
            return (0.0, 0.0, 0.0, 0.0)
        corners = [(min(xs), min(ys)), (max(xs), max(ys))]
    (x0, y0), (x1, y1) = corners
    points = [at.apply(x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    xs2 = [p[0] for p in points]
    ys2 = [p[1] for p in points]
    return (min(xs2), min(ys2), max(xs2), max(ys2))
