"""`polygon`: straight segments through points, closed (and fillable) or open."""

from __future__ import annotations

from pydantic import Field

from playtest.core.schema import Mm
from playtest.drawing.model import Path, PathOp, Shape
from playtest.layout.paint import PaintContext
from playtest.layout.templates import Context, resolve
from playtest.layout.verb import FaceSize, Paintable


class PolygonVerb(Paintable):
    points: list[tuple[Mm, Mm]] = Field(min_length=2)
    """Corners `[[x, y], ...]` in mm."""
    closed: bool = True
    """Join the last corner to the first."""

    def draw(self, ctx: Context, paint: PaintContext, size: FaceSize, where: str) -> list[Shape]:
        (x0, y0), *rest = self.points
        ops: list[PathOp] = [("M", x0, y0), *(("L", x, y) for x, y in rest)]
        if self.closed:
            ops.append(("Z",))
        fill = paint.colour(resolve(self.fill, ctx), f"{where}.fill") if self.closed else None
        return [Path(tuple(ops), fill, self.stroke_paint(ctx, paint, where))]
