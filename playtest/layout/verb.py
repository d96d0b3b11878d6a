"""What every layout verb shares: `when`/`unless`, paint options, the reference checks of
colours, and the loops that draw and check a list of elements."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

from pydantic import Field

from playtest.core.schema import Dash, Mm, PositiveMm, Schema
from playtest.core.yamlsource import Loc
from playtest.drawing.model import Group, Shape, Stroke
from playtest.generator.render.env import RenderError
from playtest.generator.render.templates import Context, TemplateError, matches, resolve
from playtest.layout.field import FieldSpec

if TYPE_CHECKING:
    from playtest.generator.render.env import RenderEnv
    from playtest.model.game import GameEntries

Condition = dict[str, Any]  # field -> value or list of values; all must match
FaceSize = tuple[float, float]  # width, height of the face being drawn, mm
StrokeWidth = Annotated[float, Field(ge=0, le=50)]


@dataclass(frozen=True)
class LayoutCheck:
    """Reference checks of one layout: the game it belongs to and where to report."""

    game: GameEntries
    report: Callable[[Loc, str], None]  # (place inside the layout, message)
    # the values the components using this layout hand to it (None: used by none, unchecked),
    # and for a field declared as a list of values, the values it may take
    values: frozenset[str] | None = None
    allowed: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)

    def inside(self, names: Iterable[str]) -> LayoutCheck:
        """The checks for elements that see more values (a repeat's `item`, `i`, `n`)."""
        if self.values is None:
            return self
        return replace(
            self,
            values=self.values | frozenset(names),
            allowed={k: v for k, v in self.allowed.items() if k not in names},
        )

    def condition(self, condition: Condition | None, at: Loc) -> None:
        """A `when:`/`unless:` key the component never has, or a value its field can never
        take, would silently hide (or show) the element on every face."""
        if condition is None or self.values is None:
            return
        for key, want in condition.items():
            head = str(key).split(".", 1)[0]
            if head not in self.values:
                known = ", ".join(sorted(self.values))
                self.report(
                    (*at, key),
                    f"unknown field {key!r}: no component using this "
                    f"layout has it (expected one of: {known})",
                )
                continue
            allowed = self.allowed.get(str(key))
            wanted = want if isinstance(want, list) else [want]
            if allowed is None or isinstance(want, bool | dict):
                continue
            for value in wanted:
                if not is_template(value) and value not in allowed:
                    self.report(
                        (*at, key),
                        f"{value!r} is never a value of {key!r} "
                        f"(expected one of: {', '.join(map(str, allowed))})",
                    )

    def colour(self, value: object, at: Loc) -> None:
        if (
            isinstance(value, str)
            and not is_template(value)
            and not value.startswith("#")
            and value not in self.game.style.colours
            and value != "none"
        ):
            self.report(at, f"unknown colour {value!r} (expected a palette name, #rrggbb or none)")


def is_template(value: object) -> bool:
    return isinstance(value, str) and "{" in value


class Verb(Schema):
    """One layout verb. Subclasses declare their options as fields, `colours` (the options
    naming a colour), and implement `draw`; `check` adds their own reference checks."""

    colours: ClassVar[tuple[str, ...]] = ()

    when: Condition | None = None
    """Draw only when every field matches: `{feature: pond}`, `{feature: [pond, lawn]}`, `{points:
    {lt: 0}}`, `{trees: true}`."""
    unless: Condition | None = None
    """Do not draw when every field matches (same form as `when`)."""
    tap: str | None = None
    """A name (a template, e.g. `garden.{row_i}.{i}`) by which `playtest serve` finds what the
    element draws, to make it tappable on the web scorer's picture; never printed."""
    field: FieldSpec | None = None
    """An input field drawn by this element (`{id: "row{row_n}.box{n}", kind: box}`): what a
    player writes there, which records, the phone entry page and scoring name; never printed."""

    def check(self, refs: LayoutCheck, at: Loc) -> None:
        refs.condition(self.when, (*at, "when"))
        refs.condition(self.unless, (*at, "unless"))
        if self.field is not None:
            self.field.check(refs, (*at, "field"))
        for attr in self.colours:
            refs.colour(getattr(self, attr), (*at, attr))

    def draw(self, ctx: Context, env: RenderEnv, size: FaceSize, where: str) -> list[Shape]:
        raise NotImplementedError


class InBox(Verb):
    """A verb drawn in a box: `x`, `y` its top-left corner, `w` wide, `h` high."""

    x: Mm = 0
    """Left edge, mm from the trim's left."""
    y: Mm = 0
    """Top edge, mm from the trim's top."""
    w: PositiveMm
    """Width in mm."""
    h: PositiveMm
    """Height in mm."""


class Paintable(Verb):
    """A filled and/or stroked outline."""

    colours: ClassVar[tuple[str, ...]] = ("fill", "stroke")

    fill: str | None = None
    """Fill colour: a palette name, #rrggbb, none, or a template such as `{colour}`."""
    stroke: str | None = None
    """Outline colour."""
    stroke_width: StrokeWidth = 0.3
    """Outline width in mm."""
    dash: Dash | None = None
    """Dash pattern in mm, e.g. `[2, 1]`."""

    def stroke_paint(self, ctx: Context, env: RenderEnv, where: str) -> Stroke | None:
        return stroke_of(self.stroke, self.stroke_width, self.dash, ctx, env, where)


def stroke_of(
    colour: str | None,
    width: float,
    dash: tuple[float, ...] | None,
    ctx: Context,
    env: RenderEnv,
    where: str,
) -> Stroke | None:
    paint = env.colour(resolve(colour, ctx), f"{where}.stroke")
    if paint is None or width <= 0:
        return None
    return Stroke(paint, width, tuple(dash) if dash else None)


class ElementBox(Schema):
    """One entry of a layout's list, `{rect: {...}}`: a single key naming the verb."""

    @property
    def kind(self) -> str:
        return _kind(type(self))

    @property
    def verb(self) -> Verb:
        verb = getattr(self, _kind(type(self)))
        assert isinstance(verb, Verb)
        return verb


_KINDS: dict[type, str] = {}  # each entry model's one key, asked for every element of every face


def _kind(box: type[ElementBox]) -> str:
    kind = _KINDS.get(box)
    if kind is None:
        kind = _KINDS[box] = next(iter(box.model_fields))
    return kind


def render_elements(
    elements: Sequence[ElementBox], ctx: Context, env: RenderEnv, size: FaceSize, where: str
) -> list[Shape]:
    """Draw the elements that apply to `ctx` (their `when`/`unless`), in order."""
    shapes: list[Shape] = []
    for index, box in enumerate(elements):
        kind = _kind(type(box))
        verb: Verb = getattr(box, kind)
        here = f"{where}[{index}].{kind}"
        try:
            if (verb.when is not None and not matches(verb.when, ctx, default=True)) or (
                verb.unless is not None and matches(verb.unless, ctx, default=False)
            ):
                continue
            drawn = verb.draw(ctx, env, size, here)
            env.count_drawn(len(drawn), here)
            if env.taps and verb.tap is not None:
                drawn = [Group(tuple(drawn), tap=str(resolve(verb.tap, ctx)))]
            if env.fields and verb.field is not None:
                drawn = [Group(tuple(drawn), field=verb.field.mark(ctx, f"{here}.field"))]
            shapes += drawn
        except TemplateError as exc:
            raise RenderError(here, str(exc)) from None
    return shapes


def check_elements(elements: Sequence[ElementBox], refs: LayoutCheck, at: Loc) -> None:
    """Every element's reference checks; `at` is the list's place in the layout."""
    for index, box in enumerate(elements):
        box.verb.check(refs, (*at, index, box.kind))
