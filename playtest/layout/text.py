"""`text`: a templated text in a box, wrapped, aligned and shrunk to fit, optionally turned by
a quarter turn; options not given come from the named text `style`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from pydantic import Field

from playtest.generator.draw.geometry import Affine
from playtest.generator.draw.model import Group, Shape
from playtest.generator.draw.text import TextBox, layout_text
from playtest.generator.render.env import RenderError
from playtest.generator.render.templates import Context, resolve
from playtest.layout.verb import FaceSize, InBox, LayoutCheck
from playtest.yamlsource import Loc

if TYPE_CHECKING:
    from playtest.generator.render.env import RenderEnv
    from playtest.model.style import TextStyle

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
            refs.report((*at, "style"),
                        f"unknown text style {self.style!r} (expected one of: {known})")
        if self.font is not None and self.font not in style.fonts:
            known = ", ".join(sorted(style.fonts))
            refs.report((*at, "font"), f"unknown font {self.font!r} (expected one of: {known})")

    def draw(self, ctx: Context, env: RenderEnv, size: FaceSize, where: str) -> list[Shape]:
        text = resolve(self.text, ctx)
        if text is None or text == "":
            return []
        style = env.game.style.text.get(self.style) if self.style else None

        def pick(attr: str, default: Any) -> Any:
            """This element's option, else its text style's, else the default."""
            return next((v for v in (getattr(self, attr), _style_value(style, attr))
                         if v is not None), default)

        font = pick("font", "regular")
        if font not in env.fonts.faces:
            raise RenderError(f"{where}.font", f"unknown font {font!r}")
        w, h = (self.h, self.w) if self.rotate in (90, 270) else (self.w, self.h)
        box = TextBox(0, 0, w, h, font, pick("size", 8),
                      env.rgb(resolve(pick("colour", "ink"), ctx), f"{where}.colour"),
                      pick("align", "left"), pick("valign", "top"), pick("wrap", True),
                      pick("min_size", 4), pick("leading", 1.2))
        key = (str(text), box)
        laid = env.text_cache.get(key)
        if laid is None:  # first time: lay it out, and warn (once) if it cannot fit
            laid = env.text_cache[key] = layout_text(str(text), box, env.fonts, env.icon_symbol)
            if not laid.fits:
                env.warnings.append(f"{where}: text does not fit its {self.w:g}x{self.h:g} mm "
                                    f"box even at {laid.size_pt:.1f} pt: {str(text)[:40]!r}")
        return [Group(tuple(laid.shapes), self._place(w, h))]

    def _place(self, w: float, h: float) -> Affine:
        if not self.rotate:
            return Affine.translate(self.x, self.y)
        # turn about the box's centre so the rotated text still fills the same box
        return (Affine.translate(self.x + self.w / 2, self.y + self.h / 2)
                @ Affine.rotate(self.rotate) @ Affine.translate(-w / 2, -h / 2))


def _style_value(style: TextStyle | None, attr: str) -> Any:
    return getattr(style, attr, None) if style is not None else None
