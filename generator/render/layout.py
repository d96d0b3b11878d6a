"""Draw a YAML layout (see playtest/model/elements.py) for one component's data."""

from __future__ import annotations

from typing import Any

from playtest.generator.draw.geometry import Affine
from playtest.generator.draw.model import Circle, Group, Path, Rect, Shape, Stroke, Symbol, Use
from playtest.generator.draw.model import Line as LineShape
from playtest.generator.draw.text import TextBox, layout_text
from playtest.generator.render.env import RenderEnv, RenderError
from playtest.generator.render.templates import Context, TemplateError, matches, resolve

from playtest.model.components import Layout
from playtest.model.elements import element_body

# pip centres for faces 1..6, as fractions of the face
PIP_SPOTS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.25), (0.25, 0.5), (0.25, 0.75), (0.75, 0.25), (0.75, 0.5), (0.75, 0.75)],
}
PIP_RADIUS = 0.09


def render_face(name: str, layout: Layout, ctx: Context, env: RenderEnv,
                size: tuple[float, float]) -> list[Shape]:
    """A face: its static frame (one shared symbol) under its per-component elements."""
    shapes: list[Shape] = []
    if layout.frame:
        shapes.append(Use(frame_symbol(name, layout, env, size), Affine()))
    shapes += render_elements(layout.elements, ctx, env, size, f"layouts.{name}.elements")
    return shapes


def frame_symbol(name: str, layout: Layout, env: RenderEnv, size: tuple[float, float]) -> str:
    w, h = size
    b = env.bleed
    symbol_id = f"frame:{env.game.id}:{name}:{w:g}x{h:g}:{b:g}"

    def make() -> Symbol:
        # frames are drawn once for every card, so they may read the game, not the card
        ctx = Context({"rules": env.game.rules_data, "game": env.game.info.model_dump()})
        children = render_elements(layout.frame, ctx, env, size, f"layouts.{name}.frame")
        return Symbol(symbol_id, (-b, -b, w + 2 * b, h + 2 * b), tuple(children))

    env.symbols.get_or_make(symbol_id, make)
    return symbol_id


def render_elements(elements: list[Any], ctx: Context, env: RenderEnv,
                    size: tuple[float, float], where: str) -> list[Shape]:
    shapes: list[Shape] = []
    for index, element in enumerate(elements):
        kind = next(iter(type(element).model_fields))
        body = element_body(element)
        here = f"{where}[{index}].{kind}"
        try:
            if not matches(body.when, ctx, default=True) or matches(body.unless, ctx,
                                                                     default=False):
                continue
            drawn = _DRAW[kind](body, ctx, env, size, here)
            if env.taps and body.tap is not None:
                drawn = [Group(tuple(drawn), tap=str(resolve(body.tap, ctx)))]
            shapes += drawn
        except TemplateError as exc:
            raise RenderError(here, str(exc)) from None
    return shapes


def _stroke(body: Any, ctx: Context, env: RenderEnv, where: str) -> Stroke | None:
    paint = env.colour(resolve(body.stroke, ctx), f"{where}.stroke")
    if paint is None or body.stroke_width <= 0:
        return None
    return Stroke(paint, body.stroke_width, tuple(body.dash) if body.dash else None)


def _rect(body: Any, ctx: Context, env: RenderEnv, size: tuple[float, float],
          where: str) -> list[Shape]:
    x, y, w, h = body.x, body.y, body.w, body.h
    if body.bleed:  # grow past every edge of the face that the rect touches
        b, (fw, fh) = env.bleed, size
        left, top = (b if x <= 0.01 else 0), (b if y <= 0.01 else 0)
        right, bottom = (b if x + w >= fw - 0.01 else 0), (b if y + h >= fh - 0.01 else 0)
        x, y, w, h = x - left, y - top, w + left + right, h + top + bottom
    fill = env.colour(resolve(body.fill, ctx), f"{where}.fill")
    return [Rect(x, y, w, h, body.r, fill, _stroke(body, ctx, env, where))]


def _circle(body: Any, ctx: Context, env: RenderEnv, size: tuple[float, float],
            where: str) -> list[Shape]:
    fill = env.colour(resolve(body.fill, ctx), f"{where}.fill")
    return [Circle(body.cx, body.cy, body.r, fill, _stroke(body, ctx, env, where))]


def _line(body: Any, ctx: Context, env: RenderEnv, size: tuple[float, float],
          where: str) -> list[Shape]:
    stroke = _stroke(body, ctx, env, where)
    return [LineShape(body.x1, body.y1, body.x2, body.y2, stroke)] if stroke else []


def _polygon(body: Any, ctx: Context, env: RenderEnv, size: tuple[float, float],
             where: str) -> list[Shape]:
    (x0, y0), *rest = body.points
    ops: list[tuple] = [("M", x0, y0), *(("L", x, y) for x, y in rest)]
    if body.closed:
        ops.append(("Z",))
    fill = env.colour(resolve(body.fill, ctx), f"{where}.fill") if body.closed else None
    return [Path(tuple(ops), fill, _stroke(body, ctx, env, where))]


def _text(body: Any, ctx: Context, env: RenderEnv, size: tuple[float, float],
          where: str) -> list[Shape]:
    text = resolve(body.text, ctx)
    if text is None or text == "":
        return []
    style = env.game.style.text.get(body.style) if body.style else None
    pick = lambda attr, default: next(  # noqa: E731
        (v for v in (getattr(body, attr), getattr(style, attr, None)) if v is not None), default)
    font = pick("font", "regular")
    if font not in env.fonts.faces:
        raise RenderError(f"{where}.font", f"unknown font {font!r}")
    w, h = (body.h, body.w) if body.rotate in (90, 270) else (body.w, body.h)
    box = TextBox(0, 0, w, h, font, pick("size", 8),
                  env.rgb(resolve(pick("colour", "ink"), ctx), f"{where}.colour"),
                  pick("align", "left"), pick("valign", "top"), pick("wrap", True),
                  pick("min_size", 4), pick("leading", 1.2))
    key = (str(text), box)
    laid = env.text_cache.get(key)
    if laid is None:  # first time: lay it out, and warn (once) if it cannot fit
        laid = env.text_cache[key] = layout_text(str(text), box, env.fonts, env.icon_symbol)
        if not laid.fits:
            env.warnings.append(f"{where}: text does not fit its {body.w:g}x{body.h:g} mm box "
                                f"even at {laid.size_pt:.1f} pt: {str(text)[:40]!r}")
    return [Group(tuple(laid.shapes), _text_place(body, w, h))]


def _text_place(body: Any, w: float, h: float) -> Affine:
    if not body.rotate:
        return Affine.translate(body.x, body.y)
    # turn about the box's centre so the rotated text still fills the same box
    return (Affine.translate(body.x + body.w / 2, body.y + body.h / 2)
            @ Affine.rotate(body.rotate) @ Affine.translate(-w / 2, -h / 2))


def _icon_use(name: Any, x: float, y: float, w: float, h: float, colour: Any, rotate: float,
              env: RenderEnv, where: str) -> Use:
    if not isinstance(name, str):
        raise RenderError(f"{where}.name", f"expected an icon name, got {name!r}")
    symbol = env.icon_symbol(name)
    if symbol is None:
        known = ", ".join(sorted(env.game.icons))
        raise RenderError(f"{where}.name", f"unknown icon {name!r} (expected one of: {known})")
    place = Affine.translate(x, y)
    if rotate:
        place = place @ Affine.translate(w / 2, h / 2) @ Affine.rotate(rotate) \
            @ Affine.translate(-w / 2, -h / 2)
    return Use(symbol, place @ Affine.scale(w / 100, h / 100), env.rgb(colour, f"{where}.fill"))


def _icon(body: Any, ctx: Context, env: RenderEnv, size: tuple[float, float],
          where: str) -> list[Shape]:
    return [_icon_use(resolve(body.name, ctx), body.x, body.y, body.w, body.h,
                      resolve(body.fill, ctx), body.rotate, env, where)]


def _icons(body: Any, ctx: Context, env: RenderEnv, size: tuple[float, float],
           where: str) -> list[Shape]:
    names = resolve(body.names, ctx)
    if isinstance(names, str):
        names = [names]
    if not isinstance(names, list):
        raise RenderError(f"{where}.names", f"expected a list of icon names, got {names!r}")
    if not names:
        return []
    side = min(body.size or body.h, body.h)
    n = len(names)
    side = min(side, (body.w - body.gap * (n - 1)) / n)
    total = n * side + (n - 1) * body.gap
    x = body.x + (body.w - total) / 2
    y = body.y + (body.h - side) / 2
    colour = resolve(body.fill, ctx)
    return [_icon_use(name, x + i * (side + body.gap), y, side, side, colour, 0, env, where)
            for i, name in enumerate(names)]


def _pips(body: Any, ctx: Context, env: RenderEnv, size: tuple[float, float],
          where: str) -> list[Shape]:
    value = resolve(body.value, ctx)
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    if value not in PIP_SPOTS:
        raise RenderError(f"{where}.value", f"pips must be 1 to 6, got {value!r}")
    colour = env.colour(resolve(body.colour, ctx), f"{where}.colour")
    s = body.size
    return [Circle(body.x + fx * s, body.y + fy * s, s * PIP_RADIUS, colour)
            for fx, fy in PIP_SPOTS[value]]


def _group(body: Any, ctx: Context, env: RenderEnv, size: tuple[float, float],
           where: str) -> list[Shape]:
    children = render_elements(body.elements, ctx, env, size, f"{where}.elements")
    place = Affine.translate(body.x, body.y) @ Affine.rotate(body.rotate) \
        @ Affine.scale(body.scale)
    return [Group(tuple(children), place)]


def _repeat(body: Any, ctx: Context, env: RenderEnv, size: tuple[float, float],
            where: str) -> list[Shape]:
    if body.over is not None:
        items = ctx.lookup(body.over)
        if isinstance(items, dict):
            items = [{"key": k, "value": v} for k, v in items.items()]
        if not isinstance(items, list):
            raise RenderError(f"{where}.over", f"{body.over!r} is not a list")
    else:
        count = resolve(body.count, ctx) or 0
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 10_000:
            raise RenderError(f"{where}.count", f"expected a whole number, got {count!r}")
        items = list(range(count))
    shapes: list[Shape] = []
    per_line = body.wrap or len(items) or 1
    for i, item in enumerate(items):
        col, row = i % per_line, i // per_line
        dx = body.step[0] * col + body.line_step[0] * row
        dy = body.step[1] * col + body.line_step[1] * row
        scope = {"i": i, "n": i + 1, "item": item, "first": i == 0,
                 "last": i == len(items) - 1}
        if body.name:  # a named loop stays visible inside inner loops
            scope |= {body.name: item, f"{body.name}_i": i, f"{body.name}_n": i + 1}
        inner = ctx.child(scope)
        children = render_elements(body.elements, inner, env, size, f"{where}.elements")
        shapes.append(Group(tuple(children), Affine.translate(dx, dy)))
    return shapes


_DRAW = {"rect": _rect, "circle": _circle, "line": _line, "polygon": _polygon, "text": _text,
         "icon": _icon, "icons": _icons, "pips": _pips, "group": _group, "repeat": _repeat}
