"""SVG backend (svgwrite): sizes in millimetres (the viewBox is in mm too), each symbol once
in <defs> as a <symbol> placed with <use>, named from a registry (S1-..., S2-... in order of
definition), text already laid out by the drawing model, and the glyphs it prints embedded as
font subsets (svg_fonts.py)."""

from __future__ import annotations

from collections.abc import Callable

import svgwrite
from playtest.generator.backends.svg_fonts import font_face_css
from playtest.generator.draw.fonts import FontSet
from playtest.generator.draw.geometry import Affine, fmt
from playtest.generator.draw.model import (
    INHERIT,
    Circle,
    Group,
    Line,
    Paint,
    Path,
    Rect,
    Shape,
    Stroke,
    Text,
    Use,
    walk,
)
from playtest.generator.draw.symbols import SymbolTable
from svgwrite.container import Symbol as SvgSymbol

from playtest.control_chars import strip_controls

FontCss = Callable[[dict[str, set[str]]], str]


def svg_document(
    width: float,
    height: float,
    shapes: tuple[Shape, ...] | list[Shape],
    symbols: SymbolTable,
    fonts: FontSet,
    title: str = "",
    origin: tuple[float, float] = (0, 0),
    embed_fonts: bool = True,
    font_css: FontCss | None = None,
) -> str:
    """One SVG file: `width` x `height` mm; `origin` is the top-left of the viewBox (a card's
    bleed starts at -bleed, -bleed). `embed_fonts=False` leaves the font subsets out, for a
    page that ships the fonts itself (the web scorer). `font_css` gives the `@font-face`
    rules for the characters the file prints per face (a kit's shared subsets); by default
    each face is subset to this file's characters."""
    dwg = svgwrite.Drawing(
        size=(f"{fmt(width)}mm", f"{fmt(height)}mm"), profile="full", debug=False
    )
    dwg["viewBox"] = " ".join(fmt(v) for v in (origin[0], origin[1], width, height))
    if title:
        dwg.set_desc(title=strip_controls(title, keep_newlines=False))
    used = symbols.used_by(shapes)
    writer = _Writer(
        dwg, fonts, {symbol.id: _element_id(n, symbol.id) for n, symbol in enumerate(used, 1)}
    )
    for symbol in used:
        sym = SvgSymbol(id=writer.names[symbol.id], overflow="visible")
        for shape in symbol.children:
            writer.add(sym, shape)
        dwg.defs.add(sym)
    for shape in shapes:
        writer.add(dwg, shape)
    if embed_fonts and writer.printed:  # the glyphs it prints: any viewer draws them as the PDF
        css = font_css or (lambda used: font_face_css(fonts, used))
        dwg.defs.add(dwg.style(css(writer.printed)))
    return dwg.tostring()


def printed_by(shapes: tuple[Shape, ...] | list[Shape]) -> dict[str, set[str]]:
    """Font key -> the characters these shapes print (groups' included, symbols not)."""
    printed: dict[str, set[str]] = {}
    for shape in walk(shapes):
        if isinstance(shape, Text):
            printed.setdefault(shape.font, set()).update(
                strip_controls(shape.text, keep_newlines=False)
            )
    return printed


def _element_id(number: int, symbol_id: str) -> str:
    """Unique by its number (`S3-...`); the rest says what it is to someone editing the SVG."""
    return f"S{number}-" + "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in symbol_id)


def _colour(paint: Paint) -> str:
    if paint is None:
        return "none"
    if paint is INHERIT:
        return "currentColor"
    r, g, b = paint  # type: ignore[misc]
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


def _matrix(t: Affine) -> str:
    return "matrix(" + " ".join(fmt(v) for v in t.tuple()) + ")"


class _Writer:
    def __init__(self, dwg: svgwrite.Drawing, fonts: FontSet, names: dict[str, str]) -> None:
        self.dwg = dwg
        self.names = names  # symbol id -> its element id in this document
        self.fonts = fonts
        self.family = f"{fonts.family}, {fonts.fallback}"
        self.clips = 0
        self.printed: dict[str, set[str]] = {}  # font key -> characters printed with it

    def _paint(self, fill: Paint, stroke: Stroke | None) -> dict[str, str]:
        attrs = {"fill": _colour(fill)}
        if stroke is None or stroke.paint is None or stroke.width <= 0:
            attrs["stroke"] = "none"
        else:
            attrs["stroke"] = _colour(stroke.paint)
            attrs["stroke_width"] = fmt(stroke.width)
            if stroke.dash:
                attrs["stroke_dasharray"] = " ".join(fmt(v) for v in stroke.dash)
        return attrs

    def add(self, parent, shape: Shape) -> None:
        dwg = self.dwg
        if isinstance(shape, Rect):
            extra = {"rx": fmt(shape.r)} if shape.r > 0 else {}
            parent.add(
                dwg.rect(
                    insert=(fmt(shape.x), fmt(shape.y)),
                    size=(fmt(shape.w), fmt(shape.h)),
                    **extra,
                    **self._paint(shape.fill, shape.stroke),
                )
            )
        elif isinstance(shape, Circle):
            parent.add(
                dwg.circle(
                    center=(fmt(shape.cx), fmt(shape.cy)),
                    r=fmt(shape.r),
                    **self._paint(shape.fill, shape.stroke),
                )
            )
        elif isinstance(shape, Line):
            parent.add(
                dwg.line(
                    start=(fmt(shape.x1), fmt(shape.y1)),
                    end=(fmt(shape.x2), fmt(shape.y2)),
                    **self._paint(None, shape.stroke),
                )
            )
        elif isinstance(shape, Path):
            d = " ".join(op[0] + " ".join(fmt(v) for v in op[1:]) for op in shape.ops)
            extra = {"fill_rule": "evenodd"} if shape.even_odd else {}
            parent.add(dwg.path(d=d, **extra, **self._paint(shape.fill, shape.stroke)))
        elif isinstance(shape, Text):
            face = self.fonts.face(shape.font)
            attrs = {
                "font_family": self.family,
                "font_size": fmt(shape.size),
                "fill": _colour(shape.fill),
            }
            if face.weight != "normal":
                attrs["font_weight"] = face.weight
            if face.style != "normal":
                attrs["font_style"] = face.style
            # XML 1.0 cannot hold most control characters at all: the file would not open
            text = strip_controls(shape.text, keep_newlines=False)
            self.printed.setdefault(shape.font, set()).update(text)
            parent.add(dwg.text(text, insert=(fmt(shape.x), fmt(shape.y)), **attrs))
        elif isinstance(shape, Use):
            use = dwg.use(f"#{self.names[shape.symbol]}")
            use["transform"] = _matrix(shape.transform)
            if shape.colour is not None:
                use["color"] = _colour(shape.colour)
            parent.add(use)
        elif isinstance(shape, Group):
            group = dwg.g()
            if shape.tap is not None:
                group["data-tap"] = shape.tap
            if not shape.transform.is_identity:
                group["transform"] = _matrix(shape.transform)
            if shape.clip is not None:
                self.clips += 1
                clip_id = f"clip-{self.clips}"
                clip = dwg.clipPath(id=clip_id)
                x, y, w, h = shape.clip
                clip.add(dwg.rect(insert=(fmt(x), fmt(y)), size=(fmt(w), fmt(h))))
                dwg.defs.add(clip)
                group["clip-path"] = f"url(#{clip_id})"
            for child in shape.children:
                self.add(group, child)
            parent.add(group)
