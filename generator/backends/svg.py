"""SVG backend (svgwrite): sizes in millimetres (the viewBox is in mm too), each symbol once in
<defs> as a <symbol> placed with <use>, named from a registry (S1-..., S2-... in order of
definition), text already laid out by the drawing model, and the glyphs it prints embedded as
font subsets (svg_fonts.py).

Every file is an svgwrite `Drawing` of svgwrite elements, serialised by svgwrite
(`Drawing.tostring`), its validation off for speed (`debug=False`; tests/render/test_svgwrite.py
checks every kit's files with it on). A kit's
files share their parts (`SvgParts`): an element drawn from the same shape, or a symbol's
definition under the same names, is made once and placed in every file that holds it (half of
a kit's elements are its icons' paths, repeated in each file's <defs>).
tests/kits/kit-digests.sha256 holds every kit's SVG files byte for byte."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import svgwrite.container
import svgwrite.masking
import svgwrite.path
import svgwrite.shapes
import svgwrite.text
from svgwrite.base import BaseElement
from svgwrite.drawing import Drawing

from playtest.core.control_chars import strip_controls
from playtest.drawing.geometry import Affine, fmt
from playtest.drawing.model import (
    INHERIT,
    Circle,
    Group,
    Line,
    Paint,
    Path,
    Rect,
    Shape,
    Stroke,
    Symbol,
    Text,
    Use,
    walk,
)
from playtest.drawing.symbols import SymbolTable
from playtest.faces.fonts import FontSet
from playtest.generator.backends.svg_fonts import font_face_css

Printed = dict[str, set[str]]  # font key -> the characters printed with it
FontCss = Callable[[Printed], str]  # the @font-face rules for what a file prints


@dataclass
class _Definition:
    """A symbol's <symbol> elements, one for each way a file names it and the symbols it
    places (`S2-leaf` placing `S1-stem` in one file, `S4-leaf` placing `S3-stem` in another)."""

    symbol: Symbol
    placed: tuple[str, ...]  # the ids of the symbols it places, in order
    clips: bool  # a clip path is numbered by its file: a symbol holding one is made anew
    made: dict[tuple[str, ...], tuple[svgwrite.container.Symbol, Printed]] = field(
        default_factory=dict
    )


class SvgParts:
    """The svgwrite elements made for a kit's files, placed again in every file that holds the
    same part (each placement is written out): a painted shape or a text by its value, a
    symbol's definition by the names its file gives. Half of a kit's elements are its icons'
    paths, repeated in the <defs> of every file placing them. Bounded: a deck of thousands of
    cards has thousands of different texts."""

    LIMIT = 20_000

    def __init__(self, fonts: FontSet) -> None:
        self.fonts = fonts
        self.family = f"{fonts.family}, {fonts.fallback}"
        self.shapes: dict[Shape, tuple[BaseElement, str, str]] = {}  # element, font, printed
        self.symbols: dict[int, _Definition] = {}  # by id(symbol), the symbol held

    def definition(self, symbol: Symbol) -> _Definition:
        known = self.symbols.get(id(symbol))
        if known is None or known.symbol is not symbol:
            inner = list(walk(symbol.children))
            placed = dict.fromkeys(s.symbol for s in inner if isinstance(s, Use))
            clips = any(isinstance(s, Group) and s.clip is not None for s in inner)
            known = _bounded(self.symbols)[id(symbol)] = _Definition(symbol, tuple(placed), clips)
        return known


def _bounded(table: dict) -> dict:
    if len(table) >= SvgParts.LIMIT:
        table.clear()
    return table


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
    parts: SvgParts | None = None,
    validate: bool = False,
) -> str:
    """One SVG file: `width` x `height` mm; `origin` is the top-left of the viewBox (a card's
    bleed starts at -bleed, -bleed). `embed_fonts=False` leaves the font subsets out, for a
    page that ships the fonts itself (the web scorer). `font_css` gives the `@font-face`
    rules for the characters the file prints per face (a kit's shared subsets); by default
    each face is subset to this file's characters. `parts`: the elements of the kit's files
    written before (same fonts), placed again. `validate`: svgwrite checks every element and
    attribute against SVG 1.1 Full as it is made (its `debug`: four times the time; the tests
    check every kit's files so)."""
    if validate or parts is None or parts.fonts is not fonts:
        parts = SvgParts(fonts)  # an element made unchecked is not checked when placed
    size = (f"{fmt(width)}mm", f"{fmt(height)}mm")
    dwg = Drawing(size=size, profile="full", debug=validate)
    dwg["viewBox"] = " ".join(fmt(v) for v in (origin[0], origin[1], width, height))
    if title:
        dwg.set_desc(title=strip_controls(title, keep_newlines=False))
    used = symbols.used_by(shapes)
    names = {symbol.id: _element_id(n, symbol.id) for n, symbol in enumerate(used, 1)}
    writer = _Writer(dwg, parts, names)
    for symbol in used:
        dwg.defs.add(writer.symbol(symbol))
    for shape in shapes:
        dwg.add(writer.element(shape))
    if embed_fonts and writer.printed:  # the glyphs it prints: any viewer draws them as the PDF
        css = (font_css or (lambda used: font_face_css(fonts, used)))(writer.printed)
        dwg.defs.add(svgwrite.container.Style(css, factory=dwg))
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


class _Colours(dict[Paint, str]):
    """`#rrggbb` of each paint (the same few colours fill a whole kit)."""

    def __missing__(self, paint: Paint) -> str:
        if paint is None:
            return "none"
        if paint is INHERIT:
            return "currentColor"
        r, g, b = paint  # type: ignore[misc]
        _bounded(self)[paint] = colour = (
            f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"
        )
        return colour


_COLOUR = _Colours()


def _matrix(t: Affine) -> str:
    return "matrix(" + " ".join(fmt(v) for v in t.tuple()) + ")"


def _paint(fill: Paint, stroke: Stroke | None) -> dict[str, str]:
    attrs = {"fill": _COLOUR[fill]}
    if stroke is None or stroke.paint is None or stroke.width <= 0:
        attrs["stroke"] = "none"
    else:
        attrs["stroke"] = _COLOUR[stroke.paint]
        attrs["stroke_width"] = fmt(stroke.width)
        if stroke.dash:
            attrs["stroke_dasharray"] = " ".join(fmt(v) for v in stroke.dash)
    return attrs


class _Writer:
    def __init__(self, dwg: Drawing, parts: SvgParts, names: dict[str, str]) -> None:
        self.dwg = dwg
        self.parts = parts
        self.names = names  # symbol id -> its element id in this document
        self.clips = 0
        self.printed: Printed = {}  # font key -> characters printed with it

    def symbol(self, symbol: Symbol) -> svgwrite.container.Symbol:
        """The symbol's definition, made once for the names this file gives it and the symbols
        it places."""
        known = self.parts.definition(symbol)
        names = (self.names[symbol.id], *(self.names[s] for s in known.placed))
        made = None if known.clips else known.made.get(names)
        if made is None:
            outer, self.printed = self.printed, {}
            element = svgwrite.container.Symbol(id=names[0], overflow="visible", factory=self.dwg)
            for shape in symbol.children:
                element.add(self.element(shape))
            made = (element, self.printed)
            self.printed = outer
            if not known.clips:
                known.made[names] = made
        element, printed = made
        for font, chars in printed.items():
            self.printed.setdefault(font, set()).update(chars)
        return element

    def element(self, shape: Shape) -> BaseElement:
        if isinstance(shape, Group):
            return self._group(shape)
        if isinstance(shape, Use):
            use = svgwrite.container.Use(f"#{self.names[shape.symbol]}", factory=self.dwg)
            use["transform"] = _matrix(shape.transform)
            if shape.colour is not None:
                use["color"] = _COLOUR[shape.colour]
            return use
        made = self.parts.shapes.get(shape)
        if made is None:
            made = _bounded(self.parts.shapes)[shape] = self._leaf(shape)
        element, font, chars = made
        if font:
            self.printed.setdefault(font, set()).update(chars)
        return element

    def _leaf(self, shape: Shape) -> tuple[BaseElement, str, str]:
        """A painted shape's element, the font it prints with and its characters."""
        dwg = self.dwg
        if isinstance(shape, Rect):
            extra = {"rx": fmt(shape.r)} if shape.r > 0 else {}
            element: BaseElement = svgwrite.shapes.Rect(
                insert=(fmt(shape.x), fmt(shape.y)),
                size=(fmt(shape.w), fmt(shape.h)),
                factory=dwg,
                **extra,
                **_paint(shape.fill, shape.stroke),
            )
            return element, "", ""
        if isinstance(shape, Circle):
            element = svgwrite.shapes.Circle(
                center=(fmt(shape.cx), fmt(shape.cy)),
                r=fmt(shape.r),
                factory=dwg,
                **_paint(shape.fill, shape.stroke),
            )
            return element, "", ""
        if isinstance(shape, Line):
            element = svgwrite.shapes.Line(
                start=(fmt(shape.x1), fmt(shape.y1)),
                end=(fmt(shape.x2), fmt(shape.y2)),
                factory=dwg,
                **_paint(None, shape.stroke),
            )
            return element, "", ""
        if isinstance(shape, Path):
            d = " ".join(op[0] + " ".join(fmt(v) for v in op[1:]) for op in shape.ops)
            extra = {"fill_rule": "evenodd"} if shape.even_odd else {}
            element = svgwrite.path.Path(
                d=d, factory=dwg, **extra, **_paint(shape.fill, shape.stroke)
            )
            return element, "", ""
        if isinstance(shape, Text):
            face = self.parts.fonts.face(shape.font)
            attrs = {
                "font_family": self.parts.family,
                "font_size": fmt(shape.size),
                "fill": _COLOUR[shape.fill],
            }
            if face.weight != "normal":
                attrs["font_weight"] = face.weight
            if face.style != "normal":
                attrs["font_style"] = face.style
            # XML 1.0 cannot hold most control characters at all: the file would not open
            text = strip_controls(shape.text, keep_newlines=False)
            insert = (fmt(shape.x), fmt(shape.y))
            return svgwrite.text.Text(text, insert=insert, factory=dwg, **attrs), shape.font, text
        raise TypeError(f"not a shape: {shape!r}")

    def _group(self, shape: Group) -> svgwrite.container.Group:
        dwg = self.dwg
        group = svgwrite.container.Group(factory=dwg)
        if shape.tap is not None:
            group["data-tap"] = shape.tap
        if not shape.transform.is_identity:
            group["transform"] = _matrix(shape.transform)
        if shape.clip is not None:
            self.clips += 1
            clip_id = f"clip-{self.clips}"
            clip = svgwrite.masking.ClipPath(id=clip_id, factory=dwg)
            x, y, w, h = shape.clip
            clip.add(
                svgwrite.shapes.Rect(insert=(fmt(x), fmt(y)), size=(fmt(w), fmt(h)), factory=dwg)
            )
            dwg.defs.add(clip)  # defined where it is met: before a symbol holding it
            group["clip-path"] = f"url(#{clip_id})"
        for child in shape.children:
            group.add(self.element(child))
        return group
