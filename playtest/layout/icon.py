"""`icon`: one icon (an SVG of the game's icons/ or _shared/icons/) in a box; its
`currentColor` parts take `fill`."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from playtest.core.schema import Angle
from playtest.core.yamlsource import Loc
from playtest.drawing.geometry import Affine
from playtest.drawing.model import Shape, Use
from playtest.generator.render.env import RenderError
from playtest.generator.render.templates import Context, resolve
from playtest.layout.verb import FaceSize, InBox, LayoutCheck, is_template

if TYPE_CHECKING:
    from playtest.generator.render.env import RenderEnv

ICON_UNITS = 100  # icons are normalised to a 100 x 100 box when loaded


class IconVerb(InBox):
    colours: ClassVar[tuple[str, ...]] = ("fill",)

    name: str
    """An icon: `icons/<name>.svg` of the game or `_shared/`; may be a template (`{icon}`)."""
    fill: str | None = None  # paints the icon's `currentColor` parts
    """Paints the icon's `currentColor` parts."""
    rotate: Angle = 0
    """Degrees clockwise."""

    def check(self, refs: LayoutCheck, at: Loc) -> None:
        super().check(refs, at)
        if not is_template(self.name) and self.name not in refs.game.icons:
            refs.report(
                (*at, "name"),
                f"unknown icon {self.name!r} (no {self.name}.svg in "
                "the game's icons/ or _shared/icons/)",
            )

    def draw(self, ctx: Context, env: RenderEnv, size: FaceSize, where: str) -> list[Shape]:
        return [
            place_icon(
                resolve(self.name, ctx),
                self.x,
                self.y,
                self.w,
                self.h,
                resolve(self.fill, ctx),
                self.rotate,
                env,
                where,
            )
        ]


def place_icon(
    name: object,
    x: float,
    y: float,
    w: float,
    h: float,
    colour: object,
    rotate: float,
    env: RenderEnv,
    where: str,
) -> Use:
    """A `Use` of icon `name` filling the box, turned `rotate` degrees about its centre."""
    if not isinstance(name, str):
        raise RenderError(f"{where}.name", f"expected an icon name, got {name!r}")
    symbol = env.icon_symbol(name)
    if symbol is None:
        known = ", ".join(sorted(env.game.icons))
        raise RenderError(f"{where}.name", f"unknown icon {name!r} (expected one of: {known})")
    place = Affine.translate(x, y)
    if rotate:
        place = (
            place
            @ Affine.translate(w / 2, h / 2)
            @ Affine.rotate(rotate)
            @ Affine.translate(-w / 2, -h / 2)
        )
    return Use(
        symbol,
        place @ Affine.scale(w / ICON_UNITS, h / ICON_UNITS),
        env.rgb(colour, f"{where}.fill"),
    )
