"""SVG backend: sizes in millimetres (the viewBox is in mm too), each symbol once in <defs> as
a <symbol> placed with <use>, named from a registry (S1-..., S2-... in order of definition),
text already laid out by the drawing model, and the glyphs it prints embedded as font subsets
(svg_fonts.py).

The XML is written as text, element by element, in the form svgwrite and ElementTree gave it
(attributes sorted by name, `<x />` for an empty element, the style sheet as CDATA): building
an element tree for every rectangle and serialising it again cost most of an SVG file's time.
tests/kits/kit-digests.sha256 holds every kit's SVG files byte for byte."""

from __future__ import annotations

from collections.abc import Callable

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
    used = symbols.used_by(shapes)
    writer = _Writer(
        fonts, {symbol.id: _element_id(n, symbol.id) for n, symbol in enumerate(used, 1)}
    )
    for symbol in used:
        inner: list[str] = []
        for shape in symbol.children:
            writer.add(inner, shape)
        attrs = {"id": writer.names[symbol.id], "overflow": "visible"}
        writer.defs.append(_element("symbol", attrs, inner))
    body: list[str] = []
    for shape in shapes:
        writer.add(body, shape)
    if embed_fonts and writer.printed:  # the glyphs it prints: any viewer draws them as the PDF
        css = (font_css or (lambda used: font_face_css(fonts, used)))(writer.printed)
        sheet = f"<![CDATA[{css}]]>" if css else ""
        writer.defs.append(_element("style", {"type": "text/css"}, [sheet] if sheet else []))
    root = {
        "baseProfile": "full",
        "height": f"{fmt(height)}mm",
        "version": "1.1",
        "viewBox": " ".join(fmt(v) for v in (origin[0], origin[1], width, height)),
        "width": f"{fmt(width)}mm",
        "xmlns": "http://www.w3.org/2000/svg",
        "xmlns:ev": "http://www.w3.org/2001/xml-events",
        "xmlns:xlink": "http://www.w3.org/1999/xlink",
    }
    head = []
    if title:
        shown = strip_controls(title, keep_newlines=False)
        head.append(f"<title>{_text(shown)}</title>" if shown else "<title />")
    return _element("svg", root, [*head, _element("defs", {}, writer.defs), *body])


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


# what ElementTree escapes, in its order: in text, and in an attribute's value (where quotes,
# line breaks and tabs are written as numbers: a line break is not kept in an attribute)
TEXT_ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"))
ATTRIBUTE_ESCAPES = (
    *TEXT_ESCAPES,
    ('"', "&quot;"),
    ("\r", "&#13;"),
    ("\n", "&#10;"),
    ("\t", "&#09;"),
)


def _escaped(value: str, escapes: tuple[tuple[str, str], ...]) -> str:
    for char, entity in escapes:
        if char in value:
            value = value.replace(char, entity)
    return value


def _text(value: str) -> str:
    return _escaped(value, TEXT_ESCAPES)


def _attr(value: str) -> str:
    return _escaped(value, ATTRIBUTE_ESCAPES)


def _open(name: str, attrs: dict[str, str]) -> str:
    """`<name a="..." b="..."`: attributes by name, an empty value left out (as svgwrite)."""
    return "<" + name + "".join(f' {k}="{_attr(v)}"' for k, v in sorted(attrs.items()) if v)


def _element(name: str, attrs: dict[str, str], inner: list[str]) -> str:
    if not inner:
        return _open(name, attrs) + " />"
    return _open(name, attrs) + ">" + "".join(inner) + "</" + name + ">"


class _Writer:
    def __init__(self, fonts: FontSet, names: dict[str, str]) -> None:
        self.names = names  # symbol id -> its element id in this document
        self.fonts = fonts
        self.family = f"{fonts.family}, {fonts.fallback}"
        self.clips = 0
        self.defs: list[str] = []  # symbols and clip paths, in the order they are defined
        self.printed: dict[str, set[str]] = {}  # font key -> characters printed with it

    def _paint(self, attrs: dict[str, str], fill: Paint, stroke: Stroke | None) -> None:
        attrs["fill"] = _colour(fill)
        if stroke is None or stroke.paint is None or stroke.width <= 0:
            attrs["stroke"] = "none"
        else:
            attrs["stroke"] = _colour(stroke.paint)
            attrs["stroke-width"] = fmt(stroke.width)
            if stroke.dash:
                attrs["stroke-dasharray"] = " ".join(fmt(v) for v in stroke.dash)

    def add(self, parent: list[str], shape: Shape) -> None:
        if isinstance(shape, Rect):
            attrs = {"x": fmt(shape.x), "y": fmt(shape.y), "width": fmt(shape.w)}
            attrs["height"] = fmt(shape.h)
            if shape.r > 0:
                attrs["rx"] = fmt(shape.r)
            self._paint(attrs, shape.fill, shape.stroke)
            parent.append(_open("rect", attrs) + " />")
        elif isinstance(shape, Circle):
            attrs = {"cx": fmt(shape.cx), "cy": fmt(shape.cy), "r": fmt(shape.r)}
            self._paint(attrs, shape.fill, shape.stroke)
            parent.append(_open("circle", attrs) + " />")
        elif isinstance(shape, Line):
            attrs = {"x1": fmt(shape.x1), "y1": fmt(shape.y1), "x2": fmt(shape.x2)}
            attrs["y2"] = fmt(shape.y2)
            self._paint(attrs, None, shape.stroke)
            parent.append(_open("line", attrs) + " />")
        elif isinstance(shape, Path):
            d = " ".join(op[0] + " ".join(fmt(v) for v in op[1:]) for op in shape.ops)
            attrs = {"d": d}
            if shape.even_odd:
                attrs["fill-rule"] = "evenodd"
            self._paint(attrs, shape.fill, shape.stroke)
            parent.append(_open("path", attrs) + " />")
        elif isinstance(shape, Text):
            face = self.fonts.face(shape.font)
            attrs = {
                "x": fmt(shape.x),
                "y": fmt(shape.y),
                "font-family": self.family,
                "font-size": fmt(shape.size),
                "fill": _colour(shape.fill),
            }
            if face.weight != "normal":
                attrs["font-weight"] = face.weight
            if face.style != "normal":
                attrs["font-style"] = face.style
            # XML 1.0 cannot hold most control characters at all: the file would not open
            text = strip_controls(shape.text, keep_newlines=False)
            self.printed.setdefault(shape.font, set()).update(text)
            parent.append(_element("text", attrs, [_text(text)] if text else []))
        elif isinstance(shape, Use):
            attrs = {"xlink:href": f"#{self.names[shape.symbol]}"}
            attrs["transform"] = _matrix(shape.transform)
            if shape.colour is not None:
                attrs["color"] = _colour(shape.colour)
            parent.append(_open("use", attrs) + " />")
        elif isinstance(shape, Group):
            attrs = {}
            if shape.tap is not None:
                attrs["data-tap"] = str(shape.tap)
            if not shape.transform.is_identity:
                attrs["transform"] = _matrix(shape.transform)
            children: list[str] = []
            if shape.clip is not None:
                self.clips += 1
                clip_id = f"clip-{self.clips}"
                x, y, w, h = shape.clip
                box = {"x": fmt(x), "y": fmt(y), "width": fmt(w), "height": fmt(h)}
                # defined where the clip is met (before a symbol holding it, as svgwrite did)
                clip = _element("clipPath", {"id": clip_id}, [_open("rect", box) + " />"])
                self.defs.append(clip)
                attrs["clip-path"] = f"url(#{clip_id})"
            for child in shape.children:
                self.add(children, child)
            parent.append(_element("g", attrs, children))
