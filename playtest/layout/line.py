"""`line`: a straight stroke."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from playtest.generator.draw.model import Line, Shape
from playtest.generator.render.templates import Context
from playtest.layout.verb import FaceSize, StrokeWidth, Verb, stroke_of
from playtest.model.base import Mm

if TYPE_CHECKING:
    from playtest.generator.render.env import RenderEnv


class LineVerb(Verb):
    colours: ClassVar[tuple[str, ...]] = ("stroke",)

    x1: Mm
    y1: Mm
    x2: Mm
    y2: Mm
    stroke: str = "ink"
    stroke_width: StrokeWidth = 0.3
    dash: tuple[float, ...] | None = None

    def draw(self, ctx: Context, env: RenderEnv, size: FaceSize, where: str) -> list[Shape]:
        stroke = stroke_of(self.stroke, self.stroke_width, self.dash, ctx, env, where)
        return [Line(self.x1, self.y1, self.x2, self.y2, stroke)] if stroke else []
