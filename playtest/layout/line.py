"""`line`: a straight stroke."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from playtest.core.schema import Dash, Mm
from playtest.drawing.model import Line, Shape
from playtest.generator.render.templates import Context
from playtest.layout.verb import FaceSize, StrokeWidth, Verb, stroke_of

if TYPE_CHECKING:
    from playtest.generator.render.env import RenderEnv


class LineVerb(Verb):
    colours: ClassVar[tuple[str, ...]] = ("stroke",)

    x1: Mm
    """Start, mm from the left."""
    y1: Mm
    """Start, mm from the top."""
    x2: Mm
    """End, mm from the left."""
    y2: Mm
    """End, mm from the top."""
    stroke: str = "ink"
    """Line colour."""
    stroke_width: StrokeWidth = 0.3
    """Line width in mm."""
    dash: Dash | None = None
    """Dash pattern in mm."""

    def draw(self, ctx: Context, env: RenderEnv, size: FaceSize, where: str) -> list[Shape]:
        stroke = stroke_of(self.stroke, self.stroke_width, self.dash, ctx, env, where)
        return [Line(self.x1, self.y1, self.x2, self.y2, stroke)] if stroke else []
