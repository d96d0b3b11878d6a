"""`rect`: a rectangle, optionally rounded, optionally running into the bleed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from pydantic import Field

from playtest.drawing.model import Rect, Shape
from playtest.generator.render.templates import Context, resolve
from playtest.layout.verb import FaceSize, InBox, Paintable

if TYPE_CHECKING:
    from playtest.generator.render.env import RenderEnv

EDGE = 0.01  # mm: a rect this close to the face's edge touches it


class RectVerb(Paintable, InBox):
    r: Annotated[float, Field(ge=0, le=500)] = 0
    """Corner radius in mm."""
    bleed: bool = False  # grow by the bleed on every side: backgrounds that run off the cut
    """Grow by the bleed on every side: backgrounds that run off the cut."""

    def draw(self, ctx: Context, env: RenderEnv, size: FaceSize, where: str) -> list[Shape]:
        x, y, w, h = self.x, self.y, self.w, self.h
        if self.bleed:  # grow past every edge of the face that the rect touches
            b, (fw, fh) = env.bleed, size
            left, top = (b if x <= EDGE else 0), (b if y <= EDGE else 0)
            right, bottom = (b if x + w >= fw - EDGE else 0), (b if y + h >= fh - EDGE else 0)
            x, y, w, h = x - left, y - top, w + left + right, h + top + bottom
        fill = env.colour(resolve(self.fill, ctx), f"{where}.fill")
        return [Rect(x, y, w, h, self.r, fill, self.stroke_paint(ctx, env, where))]
