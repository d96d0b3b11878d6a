"""`polygon`: straight segments through points, closed (and fillable) or open."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from playtest.core.schema import Mm
from playtest.drawing.model import Path, PathOp, Shape
from playtest.generator.render.templates import Context, resolve
from playtest.layout.verb import FaceSize, Paintable

if TYPE_CHECKING:
    from playtest.generator.render.env import RenderEnv


class PolygonVerb(Paintable):
    points: list[tuple[Mm, Mm]] = Field(min_length=2)
    """Corners `[[x, y], ...]` in mm."""
    closed: bool = True
    """Join the last corner to the first."""

    def draw(self, ctx: Context, env: RenderEnv, size: FaceSize, where: str) -> list[Shape]:
        (x0, y0), *rest = self.points
        ops: list[PathOp] = [("M", x0, y0), *(("L", x, y) for x, y in rest)]
        if self.closed:
            ops.append(("Z",))
        fill = env.colour(resolve(self.fill, ctx), f"{where}.fill") if self.closed else None
        return [Path(tuple(ops), fill, self.stroke_paint(ctx, env, where))]
