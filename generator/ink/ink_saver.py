"""Ink saver: the same drawing with its backs and large fills printed light, so a kit can be
proofed on a home printer without emptying the cartridge. Geometry never changes: only the
colours of fills (and, on backs, of everything) are mixed with white."""

from __future__ import annotations

from dataclasses import replace

from playtest.drawing.model import (
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

KEEP = 0.18  # of the ink: a fill keeps this much of its colour's darkness
LARGE = 0.3  # a fill covering this share of the face counts as large


def light(colour: RGB) -> RGB:
    r, g, b = colour
    return (1 - (1 - r) * KEEP, 1 - (1 - g) * KEEP, 1 - (1 - b) * KEEP)


class InkSaver:
    def __init__(self, symbols: SymbolTable) -> None:
        self.symbols = symbols

    def face(
        self, shapes: tuple[Shape, ...], area: float, *, back: bool = False
    ) -> tuple[Shape, ...]:
        """Fills of at least LARGE x `area` (every fill, on a back) lightened."""
        limit = 0.0 if back else LARGE * area
        return tuple(self._shape(s, limit, 1.0) for s in shapes)

    def _shape(self, shape: Shape, limit: float, scale: float) -> Shape:
        if isinstance(shape, Group):
            a, b, c, d, _, _ = shape.transform.tuple()
            inner = scale * abs(a * d - b * c)
            return replace(
                shape, children=tuple(self._shape(s, limit, inner) for s in shape.children)
            )
        if isinstance(shape, Use):
            a, b, c, d, _, _ = shape.transform.tuple()
            return self._use(shape, limit, scale * abs(a * d - b * c))
        if isinstance(shape, Text):
            return (
                replace(shape, fill=light(shape.fill))
                if limit == 0 and isinstance(shape.fill, tuple)
                else shape
            )
        if (
            isinstance(shape, Rect | Circle | Path)
            and isinstance(shape.fill, tuple)
            and _area(shape) * scale >= limit
        ):
            return replace(shape, fill=light(shape.fill))
        return shape

    def _use(self, use: Use, limit: float, scale: float) -> Use:
        """A light copy of the symbol, drawn once like the original and reused."""
        colour = (
            light(use.colour)
            if use.colour is not None
            and (limit == 0 or self._bounds_area(use.symbol) * scale >= limit)
            else use.colour
        )
        key = f"{use.symbol}~ink{'-all' if limit == 0 else ''}-{round(limit / max(scale, 1e-9))}"
        original = self.symbols[use.symbol]
        self.symbols.get_or_make(
            key,
            lambda: Symbol(
                key,
                original.bounds,
                tuple(self._shape(s, limit / max(scale, 1e-9), 1.0) for s in original.children),
            ),
        )
        return replace(use, symbol=key, colour=colour)

    def _bounds_area(self, symbol_id: str) -> float:
        _, _, w, h = self.symbols[symbol_id].bounds
        return w * h


def _area(shape: Rect | Circle | Path) -> float:
    if isinstance(shape, Rect):
        return shape.w * shape.h
    if isinstance(shape, Circle):
        return 3.14159 * shape.r * shape.r
    xs = [v for op in shape.ops for v in op[1::2]]
    ys = [v for op in shape.ops for v in op[2::2]]
    return (max(xs) - min(xs)) * (max(ys) - min(ys)) if xs else 0.0
