"""`circle`: a circle by its centre and radius."""

from __future__ import annotations

from playtest.core.schema import Mm, PositiveMm
from playtest.drawing.model import Circle, Shape
from playtest.layout.paint import PaintContext
from playtest.layout.templates import Context, resolve
from playtest.layout.verb import FaceSize, Paintable


class CircleVerb(Paintable):
    cx: Mm
    """Centre, mm from the left."""
    cy: Mm
    """Centre, mm from the top."""
    r: PositiveMm
    """Radius in mm."""

    def draw(self, ctx: Context, paint: PaintContext, size: FaceSize, where: str) -> list[Shape]:
        fill = paint.colour(resolve(self.fill, ctx), f"{where}.fill")
        return [Circle(self.cx, self.cy, self.r, fill, self.stroke_paint(ctx, paint, where))]
