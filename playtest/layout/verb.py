"""What every layout verb shares: `when`/`unless`, paint options, the reference checks of
colours, and the loops that draw and check a list of elements."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

from pydantic import Field

from playtest.generator.draw.model import Shape, Stroke
from playtest.generator.render.env import RenderError
from playtest.generator.render.templates import Context, TemplateError, matches, resolve
from playtest.model.base import Dash, Mm, PositiveMm, Schema
from playtest.yamlsource import Loc

if TYPE_CHECKING:
    from playtest.generator.render.env import RenderEnv
    from playtest.model.game import Game

Condition = dict[str, Any]  # field -> value or list of values; all must match
FaceSize = tuple[float, float]  # width, height of the face being drawn, mm
StrokeWidth = Annotated[float, Field(ge=0, le=50)]


@dataclass(frozen=True)
class LayoutCheck:
    """Reference checks of one layout: the game it belongs to and where to report."""

    game: Game
    report: Callable[[Loc, str], None]  # (place inside the layout, message)

    def colour(self, value: object, at: Loc) -> None:
        if isinstance(value, str) and not is_template(value) and not value.startswith("#") \
                and value not in self.game.style.colours and value != "none":
            self.report(at, f"unknown colour {value!r} (expected a palette name, #rrggbb or none)")


def is_template(value: object) -> bool:
    return isinstance(value, str) and "{" in value


class Verb(Schema):
    """One layout verb. Subclasses declare their options as fields, `colours` (the options
    naming a colour), and implement `draw`; `check` adds their own reference checks."""

    colours: ClassVar[tuple[str, ...]] = ()

    when: Condition | None = None
    unless: Condition | None = None

    def check(self, refs: LayoutCheck, at: Loc) -> None:
        for attr in self.colours:
            refs.colour(getattr(self, attr), (*at, attr))

    def draw(self, ctx: Context, env: RenderEnv, size: FaceSize, where: str) -> list[Shape]:
        raise NotImplementedError


class InBox(Verb):
    """A verb drawn in a box: `x`, `y` its top-left corner, `w` wide, `h` high."""

    x: Mm = 0
    y: Mm = 0
    w: PositiveMm
    h: PositiveMm


class Paintable(Verb):
    """A filled and/or stroked outline."""

    colours: ClassVar[tuple[str, ...]] = ("fill", "stroke")

    fill: str | None = None
    stroke: str | None = None
    stroke_width: StrokeWidth = 0.3
    dash: Dash | None = None

    def stroke_paint(self, ctx: Context, env: RenderEnv, where: str) -> Stroke | None:
        return stroke_of(self.stroke, self.stroke_width, self.dash, ctx, env, where)


def stroke_of(colour: str | None, width: float, dash: tuple[float, ...] | None, ctx: Context,
              env: RenderEnv, where: str) -> Stroke | None:
    paint = env.colour(resolve(colour, ctx), f"{where}.stroke")
    if paint is None or width <= 0:
        return None
    return Stroke(paint, width, tuple(dash) if dash else None)


class ElementBox(Schema):
    """One entry of a layout's list, `{rect: {...}}`: a single key naming the verb."""

    @property
    def kind(self) -> str:
        return next(iter(type(self).model_fields))

    @property
    def verb(self) -> Verb:
        verb = getattr(self, self.kind)
        assert isinstance(verb, Verb)
        return verb


def render_elements(elements: Sequence[ElementBox], ctx: Context, env: RenderEnv,
                    size: FaceSize, where: str) -> list[Shape]:
    """Draw the elements that apply to `ctx` (their `when`/`unless`), in order."""
    shapes: list[Shape] = []
    for index, box in enumerate(elements):
        verb = box.verb
        here = f"{where}[{index}].{box.kind}"
        try:
            if not matches(verb.when, ctx, default=True) or matches(verb.unless, ctx,
                                                                     default=False):
                continue
            drawn = verb.draw(ctx, env, size, here)
            env.count_drawn(len(drawn), here)
            shapes += drawn
        except TemplateError as exc:
            raise RenderError(here, str(exc)) from None
    return shapes


def check_elements(elements: Sequence[ElementBox], refs: LayoutCheck, at: Loc) -> None:
    """Every element's reference checks; `at` is the list's place in the layout."""
    for index, box in enumerate(elements):
        box.verb.check(refs, (*at, index, box.kind))
