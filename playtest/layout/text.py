"""`text`: a templated text in a box, wrapped, aligned and shrunk to fit, optionally turned by
a quarter turn; options not given come from the named text `style`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from pydantic import Field

from playtest.core.control_chars import strip_controls
from playtest.core.limits import MAX_TEXT_CHARS
from playtest.core.yamlsource import Loc
from playtest.drawing.geometry import Affine
from playtest.drawing.model import RGB, Group, Shape
from playtest.drawing.text import LaidOut, TextBox, layout_text
from playtest.generator.render.env import RenderError
from playtest.generator.render.templates import Context, resolve
from playtest.layout.verb import FaceSize, InBox, LayoutCheck

if TYPE_CHECKING:
    from playtest.generator.render.env import RenderEnv

PointSize = Annotated[float, Field(gt=0, le=500)]


class TextVerb(InBox):
    colours: ClassVar[tuple[str, ...]] = ("colour",)

    text: str
    """The text, a template: `{name}`, `{points:+d}`, `:icon:` draws an icon inline."""
    style: str | None = None
    """A named text style of `style.text`; its settings apply unless set here."""
    font: str | None = None
    """A font key of `style.fonts`."""
    size: PointSize | None = None
    """Size in points."""
    colour: str | None = None
    """Text colour."""
    align: Literal["left", "center", "right"] | None = None
    """Horizontal alignment."""
    valign: Literal["top", "middle", "bottom"] | None = None
    """Vertical alignment."""
    wrap: bool | None = None
    """Wrap onto several lines (shrinks first to fit)."""
    min_size: PointSize | None = None
    """Smallest size in points it may shrink to."""
    leading: Annotated[float, Field(gt=0, le=5)] | None = None
    """Line height as a multiple of the size."""
    rotate: Literal[0, 90, 180, 270] = 0
    """Quarter turns: 0, 90, 180 or 270 degrees."""

    def check(self, refs: LayoutCheck, at: Loc) -> None:
        super().check(refs, at)
        style = refs.game.style
        if self.style is not None and self.style not in style.text:
            known = ", ".join(sorted(style.text))
            refs.report(
                (*at, "style"), f"unknown text style {self.style!r} (expected one of: {known})"
            )
        if self.font is not None and self.font not in style.fonts:
            known = ", ".join(sorted(style.fonts))
            refs.report((*at, "font"), f"unknown font {self.font!r} (expected one of: {known})")

    def draw(self, ctx: Context, env: RenderEnv, size: FaceSize, where: str) -> list[Shape]:
        text = resolve(self.text, ctx)
        if text is None or text == "":
            return []
        text = strip_controls(str(text))  # invalid in SVG, meaningless on paper
        if len(text) > MAX_TEXT_CHARS:
            raise RenderError(
                f"{where}.text",
                f"the text is {len(text):,} characters long, "
                f"more than the {MAX_TEXT_CHARS:,} one box may hold",
            )
        known = env.text_options.get(id(self))
        if known is None or known[0] is not self:  # kept with the element: its id is its own
            known = env.text_options[id(self)] = (self, self._options(env, where))
        options: _Options = known[1]
        colour = resolve(options.colour, ctx)
        found = options.boxes.get((colour, env.print_scale)) if type(colour) is str else None
        if found is None:
            found = self._box(options, env, env.rgb(colour, f"{where}.colour"))
            if type(colour) is str:
                options.boxes[(colour, env.print_scale)] = found
        box, laid_out = found
        found_text = laid_out.get(text)
        if found_text is None:
            laid = layout_text(text, box, env.fonts, env.icon_symbol)
            # one tuple for every face printing this text: what it places is worked out once
            found_text = laid_out[text] = (laid, tuple(laid.shapes))
        laid, shapes = found_text
        # once per text and box in a face (its scale is the face's): boxes are one object
        # each while the env lives (`_box`), so the box's id says which box
        if (text, id(box)) not in env.text_checked:
            env.text_checked.add((text, id(box)))
            self._check(text, box, laid, options.minimum, env, where)
        return [Group(shapes, options.place)]

    def _options(self, env: RenderEnv, where: str) -> _Options:
        """This element's options, or its text style's, or the defaults: the same for every
        face it draws (the colour, a template, aside)."""
        style = env.game.style.text.get(self.style) if self.style else None

        def pick(attr: str, default: Any) -> Any:
            """This element's option, else its text style's, else the default."""
            value = getattr(self, attr)
            if value is None and style is not None:
                value = getattr(style, attr, None)
            return default if value is None else value

        font = pick("font", "regular")
        if font not in env.fonts.faces:
            raise RenderError(f"{where}.font", f"unknown font {font!r}")
        w, h = (self.h, self.w) if self.rotate in (90, 270) else (self.w, self.h)
        floor = env.game.style.min_text_size
        return _Options(
            font,
            pick("size", 8),
            pick("colour", "ink"),
            pick("align", "left"),
            pick("valign", "top"),
            pick("wrap", True),
            max(pick("min_size", floor), floor),
            pick("leading", 1.2),
            w,
            h,
            self._place(w, h),
        )

    def _box(self, options: _Options, env: RenderEnv, colour: RGB | None) -> tuple[TextBox, _Laid]:
        """The element's box in `colour` at the face's scale, and the texts laid out in it;
        equal boxes are one object (`env.text_cache`), whatever element asks."""
        o = options
        # a face printed smaller (a 2-up pad) may shrink its text less, so it still prints at
        # the minimum
        box = TextBox(
            0,
            0,
            o.w,
            o.h,
            o.font,
            o.size,
            colour,
            o.align,
            o.valign,
            o.wrap,
            o.minimum / min(env.print_scale, 1),
            o.leading,
        )
        found = env.text_cache.get(box)
        if found is None:
            found = env.text_cache[box] = (box, {})
        return found

    def _check(
        self, text: str, box: TextBox, laid: LaidOut, minimum: float, env: RenderEnv, where: str
    ) -> None:
        """Warn about missing glyphs, text shrunk below its minimum, or text that does not fit."""
        key = (text, box)
        missing = env.fonts.missing(text, box.font)
        if missing:
            env.warn(
                where,
                f"font {box.font!r} has no glyph for {missing[:20]!r} (printed "
                f"as empty boxes) in {text[:40]!r}",
                once=("glyphs", key),
                kind="glyphs",
            )
        printed = laid.size_pt * env.print_scale
        if printed < minimum - 1e-6:
            at = f" (scaled by {env.print_scale:.2f})" if env.print_scale != 1 else ""
            env.warn(
                where,
                f"text ends at {printed:.1f} pt{at}, below its style's "
                f"minimum of {minimum:g} pt: {text[:40]!r}",
                once=("size", key, env.print_scale),
                kind="size",
            )
        if not laid.fits:
            env.warn(
                where,
                f"text does not fit its {self.w:g}x{self.h:g} mm box even at "
                f"{laid.size_pt:.1f} pt: {text[:40]!r}",
                once=("fit", key, env.print_scale),
                kind="fit",
            )

    def _place(self, w: float, h: float) -> Affine:
        if not self.rotate:
            return Affine.translate(self.x, self.y)
        # turn about the box's centre so the rotated text still fills the same box
        return (
            Affine.translate(self.x + self.w / 2, self.y + self.h / 2)
            @ Affine.rotate(self.rotate)
            @ Affine.translate(-w / 2, -h / 2)
        )


# the texts laid out in one box: each text's layout and its shapes (one tuple for every face)
_Laid = dict[str, tuple[LaidOut, tuple[Shape, ...]]]


@dataclass
class _Options:
    """A text element's settings, worked out once (`TextVerb._options`)."""

    font: str
    size: float
    colour: Any  # a colour or a template of one
    align: str
    valign: str
    wrap: bool
    minimum: float  # the smallest size in points it may print at
    leading: float
    w: float  # the box, turned with the text
    h: float
    place: Affine
    # by colour and the face's scale: the box, and the texts laid out in it
    boxes: dict[tuple[str, float], tuple[TextBox, _Laid]] = field(default_factory=dict)
