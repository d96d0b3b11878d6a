"""`icons`: a row of icons named by a list field, centred in the box (one or two trees)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from playtest.core.schema import Mm, PositiveMm
from playtest.drawing.model import Shape
from playtest.generator.render.env import RenderError
from playtest.generator.render.templates import Context, resolve
from playtest.layout.icon import place_icon
from playtest.layout.verb import FaceSize, InBox

if TYPE_CHECKING:
    from playtest.generator.render.env import RenderEnv


class IconsVerb(InBox):
    colours: ClassVar[tuple[str, ...]] = ("fill",)

    names: str
    """A list field, e.g. `{trees}`: one icon per item, in a row centred in the box."""
    size: PositiveMm | None = None
    """Each icon's size in mm (default: fits the box)."""
    gap: Mm = 1
    """Space between icons in mm."""
    fill: str | None = None
    """Paints the icons' `currentColor` parts."""

    def draw(self, ctx: Context, env: RenderEnv, size: FaceSize, where: str) -> list[Shape]:
        names = resolve(self.names, ctx)
        if isinstance(names, str):
            names = [names]
        if not isinstance(names, list):
            raise RenderError(f"{where}.names", f"expected a list of icon names, got {names!r}")
        if not names:
            return []
        n = len(names)
        side = min(self.size or self.h, self.h, (self.w - self.gap * (n - 1)) / n)
        total = n * side + (n - 1) * self.gap
        x = self.x + (self.w - total) / 2
        y = self.y + (self.h - side) / 2
        colour = resolve(self.fill, ctx)
        return [
            place_icon(name, x + i * (side + self.gap), y, side, side, colour, 0, env, where)
            for i, name in enumerate(names)
        ]
