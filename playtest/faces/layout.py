"""Draw a YAML layout for one component's data: the frame as one shared symbol, then the
elements (each verb draws itself: see playtest/layout/)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playtest.drawing.geometry import Affine
from playtest.drawing.model import Shape, Symbol, Use
from playtest.layout import render_elements
from playtest.layout.paint import PaintContext
from playtest.layout.templates import Context
from playtest.model.components import Layout

if TYPE_CHECKING:  # the painter draws each face with `render_face`: it is the caller's type
    from playtest.faces.painter import FacePainter


def render_face(
    name: str,
    layout: Layout,
    ctx: Context,
    painter: FacePainter,
    paint: PaintContext,
    size: tuple[float, float],
) -> list[Shape]:
    """A face: its static frame (one shared symbol) under its per-component elements, painted
    in the face's own context (`FacePainter.paint`)."""
    shapes: list[Shape] = []
    if layout.frame:
        shapes.append(Use(frame_symbol(name, layout, painter, paint, size), Affine()))
    shapes += render_elements(layout.elements, ctx, paint, size, f"layouts.{name}.elements")
    return shapes


def frame_symbol(
    name: str, layout: Layout, painter: FacePainter, paint: PaintContext, size: tuple[float, float]
) -> str:
    w, h = size
    b = paint.bleed
    symbol_id = f"frame:{painter.game.id}:{name}:{w:g}x{h:g}:{b:g}"
    if paint.scale < 1:  # printed smaller, its text may shrink less: a frame of its own
        symbol_id += f":{paint.scale:.4f}"

    def make() -> Symbol:
        # frames are drawn once for every card, so they may read the game, not the card
        ctx = Context({"rules": painter.game.rules_data, "game": painter.game.info.model_dump()})
        assert painter.log is not None
        outer = painter.log.capturing()  # kept with the symbol, said with each face placing it
        try:
            children = render_elements(layout.frame, ctx, paint, size, f"layouts.{name}.frame")
        finally:
            painter.symbol_warnings[symbol_id] = tuple(painter.log.restore(outer))
        return Symbol(symbol_id, (-b, -b, w + 2 * b, h + 2 * b), tuple(children))

    painter.symbols.get_or_make(symbol_id, make)
    return symbol_id
