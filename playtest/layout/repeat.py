"""`repeat`: draw `elements` once per item of a list (`over`) or `count` times, moving by
`step`.

Inside, `{item}`, `{i}` (from 0) and `{n}` (from 1); with `as: row` also `{row}`, `{row_i}`
and `{row_n}`, which an inner repeat does not hide."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field

from playtest.core.limits import MAX_REPEAT
from playtest.core.schema import Mm
from playtest.core.yamlsource import Loc
from playtest.drawing.geometry import Affine
from playtest.drawing.model import Group, Shape
from playtest.generator.render.env import RenderError
from playtest.generator.render.templates import Context, resolve
from playtest.layout.verb import FaceSize, LayoutCheck, Verb, check_elements, render_elements
from playtest.model.face_values import REPEAT_VALUES

if TYPE_CHECKING:
    from playtest.generator.render.env import RenderEnv
    from playtest.layout.elements import Element


class RepeatVerb(Verb):
    over: str | None = None
    """A list to repeat over, e.g. `rules.pig.row_points` or a list field."""
    count: Annotated[int, Field(ge=0, le=MAX_REPEAT)] | str | None = None  # or "{rules.x}"
    """Or a number of times (or a template such as `{rules.pig.rows}`)."""
    step: tuple[Mm, Mm] = (0, 0)
    """`[dx, dy]` in mm between items."""
    wrap: Annotated[int, Field(ge=1)] | None = None  # items per line; then `line_step` moves on
    """Items per line; then `line_step` starts a new line."""
    line_step: tuple[Mm, Mm] = (0, 0)
    """`[dx, dy]` in mm between lines."""
    name: str | None = Field(default=None, alias="as", pattern=r"^[a-z][a-z0-9_]*$")
    """Names the loop (`as: row`): `{row}`, `{row_i}`, `{row_n}` stay visible in inner repeats."""
    elements: list[Element]
    """The elements drawn per item; inside, `{item}`, `{i}` (from 0), `{n}` (from 1), `{first}`,
    `{last}`."""

    def check(self, refs: LayoutCheck, at: Loc) -> None:
        super().check(refs, at)
        names = [
            *REPEAT_VALUES,
            *((self.name, f"{self.name}_i", f"{self.name}_n") if self.name else ()),
        ]
        check_elements(self.elements, refs.inside(names), (*at, "elements"))

    def draw(self, ctx: Context, env: RenderEnv, size: FaceSize, where: str) -> list[Shape]:
        items = self._items(ctx, where)
        shapes: list[Shape] = []
        per_line = self.wrap or len(items) or 1
        for i, item in enumerate(items):
            col, row = i % per_line, i // per_line
            dx = self.step[0] * col + self.line_step[0] * row
            dy = self.step[1] * col + self.line_step[1] * row
            scope = {"i": i, "n": i + 1, "item": item, "first": i == 0, "last": i == len(items) - 1}
            if self.name:  # a named loop stays visible inside inner loops
                scope |= {self.name: item, f"{self.name}_i": i, f"{self.name}_n": i + 1}
            children = render_elements(
                self.elements, ctx.child(scope), env, size, f"{where}.elements"
            )
            env.count_drawn(1, where)  # an item drawing nothing still costs a group
            shapes.append(Group(tuple(children), Affine.translate(dx, dy)))
        return shapes

    def _items(self, ctx: Context, where: str) -> list[Any]:
        if self.over is not None:
            items = ctx.lookup(self.over)
            if isinstance(items, dict):
                items = [{"key": k, "value": v} for k, v in items.items()]
            if not isinstance(items, list):
                raise RenderError(f"{where}.over", f"{self.over!r} is not a list")
            if len(items) > MAX_REPEAT:
                raise RenderError(
                    f"{where}.over",
                    f"{self.over!r} has {len(items):,} items, "
                    f"more than the {MAX_REPEAT:,} a repeat may draw",
                )
            return items
        count = resolve(self.count, ctx) or 0
        if isinstance(count, str) and count.strip().lstrip("-").isdigit() and len(count) < 20:
            count = int(count)  # a template filled in: "{rules.rows}0" is text
        if not isinstance(count, int) or isinstance(count, bool):
            raise RenderError(f"{where}.count", f"expected a whole number, got {count!r:.40}")
        if not 0 <= count <= MAX_REPEAT:
            raise RenderError(
                f"{where}.count",
                f"{count:,} is out of range (a repeat draws 0 to {MAX_REPEAT:,} items)",
            )
        return list(range(count))
