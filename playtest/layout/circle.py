"""`circle`: a circle by its centre and radius."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playtest.core.schema import Mm, PositiveMm
from playtest.drawing.model import Circle, Shape
from playtest.generator.render.templates import Context, resolve
from playtest.layout.verb import FaceSize, Paintable

if TYPE_CHECKING:
    from playtest.generator.render.env import RenderEnv


class CircleVerb(Paintable):
    cx: Mm
    """Centre, mm from the left."""
    cy: Mm
    """Centre, mm from the top."""
    r: PositiveMm
    """Radius in mm."""

    def draw(self, ctx: Context, env: RenderEnv, size: FaceSize, where: str) -> list[Shape]:
        fill = env.colour(resolve(self.fill, ctx), f"{where}.fill")
        return [Circle(self.cx, self.cy, self.r, fill, self.stroke_paint(ctx, env, where))]
