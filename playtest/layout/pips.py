"""`pips`: standard die pips for a value 1..6 inside a square box."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from playtest.core.schema import Mm, PositiveMm
from playtest.core.yamlsource import Loc
from playtest.drawing.model import Circle, Shape
from playtest.generator.render.env import RenderError
from playtest.generator.render.templates import Context, resolve
from playtest.layout.icon import place_icon
from playtest.layout.verb import FaceSize, LayoutCheck, Verb, is_template

if TYPE_CHECKING:
    from playtest.generator.render.env import RenderEnv

# pip centres for faces 1..6, as fractions of the face
PIP_SPOTS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.25), (0.25, 0.5), (0.25, 0.75), (0.75, 0.25), (0.75, 0.5), (0.75, 0.75)],
}
PIP_RADIUS = 0.09  # of the face's side
PIP_ICON = 0.22  # an icon pip's box, of the face's side: about a dot's area for a square


class PipsVerb(Verb):
    colours: ClassVar[tuple[str, ...]] = ("colour",)

    value: str | int
    """1..6, usually `{pips}`."""
    x: Mm = 0
    """Left edge of the square, mm."""
    y: Mm = 0
    """Top edge of the square, mm."""
    size: PositiveMm
    """The square's side in mm."""
    colour: str = "ink"
    """Pip colour, usually `{ink}`."""
    icon: str | None = None
    """Each pip drawn as this icon (its `currentColor` parts in `colour`) instead of a dot,
    e.g. `{icon}` for a die's own shape: dice told apart by colour are then told apart by
    shape too."""

    def check(self, refs: LayoutCheck, at: Loc) -> None:
        super().check(refs, at)
        if (
            self.icon is not None
            and not is_template(self.icon)
            and self.icon not in refs.game.icons
        ):
            refs.report(
                (*at, "icon"),
                f"unknown icon {self.icon!r} (no {self.icon}.svg in "
                "the game's icons/ or _shared/icons/)",
            )

    def draw(self, ctx: Context, env: RenderEnv, size: FaceSize, where: str) -> list[Shape]:
        value = resolve(self.value, ctx)
        if isinstance(value, str) and value.isdigit():
            value = int(value)
        if value not in PIP_SPOTS:
            raise RenderError(f"{where}.value", f"pips must be 1 to 6, got {value!r}")
        colour = env.colour(resolve(self.colour, ctx), f"{where}.colour")
        s = self.size
        if self.icon is None:
            return [
                Circle(self.x + fx * s, self.y + fy * s, s * PIP_RADIUS, colour)
                for fx, fy in PIP_SPOTS[value]
            ]
        name, box = resolve(self.icon, ctx), s * PIP_ICON
        paint = resolve(self.colour, ctx)
        return [
            place_icon(
                name,
                self.x + fx * s - box / 2,
                self.y + fy * s - box / 2,
                box,
                box,
                paint,
                0,
                env,
                f"{where}.icon",
            )
            for fx, fy in PIP_SPOTS[value]
        ]
