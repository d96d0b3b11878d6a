"""`group`: elements moved, turned and scaled together."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from pydantic import Field

from playtest.core.schema import Angle, Mm
from playtest.core.yamlsource import Loc
from playtest.drawing.geometry import Affine
from playtest.drawing.model import Group, Shape
from playtest.generator.render.templates import Context
from playtest.layout.verb import FaceSize, LayoutCheck, Verb, check_elements, render_elements

if TYPE_CHECKING:
    from playtest.generator.render.env import RenderEnv
    from playtest.layout.elements import Element


class GroupVerb(Verb):
    x: Mm = 0
    """Moves the group right, mm."""
    y: Mm = 0
    """Moves the group down, mm."""
    rotate: Angle = 0
    """Degrees clockwise about the group's origin."""
    scale: Annotated[float, Field(gt=0, le=100)] = 1
    """Scale factor."""
    elements: list[Element]
    """The elements of the group."""

    def check(self, refs: LayoutCheck, at: Loc) -> None:
        super().check(refs, at)
        check_elements(self.elements, refs, (*at, "elements"))

    def draw(self, ctx: Context, env: RenderEnv, size: FaceSize, where: str) -> list[Shape]:
        children = render_elements(self.elements, ctx, env, size, f"{where}.elements")
        place = (
            Affine.translate(self.x, self.y) @ Affine.rotate(self.rotate) @ Affine.scale(self.scale)
        )
        return [Group(tuple(children), place)]
