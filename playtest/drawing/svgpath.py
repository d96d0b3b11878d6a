"""A lean reader for the SVG that icons are drawn in: paths (every command, absolute or
relative, arcs included), circles, ellipses, rectangles, polygons, polylines and lines, in
groups with transforms, painted with fill, stroke, stroke-width and fill-rule.

It is ten times faster than a general SVG library, which matters when a kit has dozens of
icons. Anything outside that subset (CSS styles, <use>, gradients, named colours it does not
know) raises `Unsupported`, and the caller falls back to svgelements.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from playtest.drawing.geometry import Affine
from playtest.drawing.model import INHERIT, Paint, Stroke
from playtest.drawing.model import Path as PathShape

SVG_NS = "{http://www.w3.org/2000/svg}"
KAPPA = 0.5522847498
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
COLOURS = {"black": (0.0, 0.0, 0.0), "white": (1.0, 1.0, 1.0)}
SHAPES = {"path", "circle", "ellipse", "rect", "polygon", "polyline", "line"}
IGNORED = {"title", "desc", "metadata"}
HEX6 = re.compile(r"#[0-9a-f]{6}")
HEX3 = re.compile(r"#[0-9a-f]{3}")
TRANSFORM = re.compile(r"(\w+)\s*\(([^)]*)\)")
TRANSFORMS = re.compile(r"(\s*\w+\s*\([^)]*\)\s*,?)*\s*")
SEPARATORS = re.compile(r"[\s,]")
IGNORED_ATTRIBUTES = {
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-miterlimit",
    "id",
    "class",
    "version",
    "xmlns",
    "width",
    "height",
    "viewBox",
    "x",
    "y",
    "cx",
    "cy",
    "r",
    "rx",
    "ry",
    "d",
    "points",
    "x1",
    "y1",
    "x2",
    "y2",
    "transform",
    "fill",
    "stroke",
    "stroke-width",
    "fill-rule",
}


class Unsupported(Exception):
    """The file uses SVG beyond the subset read here."""


@dataclass(frozen=True)
class _Style:
    fill: Paint = (0.0, 0.0, 0.0)  # SVG's default
    stroke: Paint = None
    width: float = 1.0
    even_odd: bool = False


def read_icon(source: Path | bytes | ET.Element, units: float) -> list[PathShape]:
    """The icon's shapes in a `units` x `units` box (its viewBox scaled to fit), from its
    file, its bytes or its parsed root element."""
    try:
        if isinstance(source, ET.Element):
            root = source
        elif isinstance(source, bytes):
            root = ET.fromstring(source)
        else:
            root = ET.parse(source).getroot()
    except ET.ParseError as exc:
        raise Unsupported(str(exc)) from None
    if root.tag != f"{SVG_NS}svg":
        raise Unsupported("not an <svg> root")
    box = [float(v) for v in NUMBER.findall(root.get("viewBox", ""))]
    if len(box) != 4 or box[2] <= 0 or box[3] <= 0:
        raise Unsupported("no usable viewBox")
    scale = units / max(box[2], box[3])
    start = Affine.scale(scale) @ Affine.translate(-box[0], -box[1])
    shapes: list[PathShape] = []
    _walk(root, start, _Style(), shapes)
    return shapes


def _walk(element: ET.Element, transform: Affine, style: _Style, out: list[PathShape]) -> None:
    for child in element:
        tag = child.tag.replace(SVG_NS, "")
        if tag in IGNORED:
            continue
        if tag not in SHAPES and tag != "g":
            raise Unsupported(f"<{tag}>")
        unknown = set(child.attrib) - IGNORED_ATTRIBUTES
        if unknown:
            raise Unsupported(f"attributes {sorted(unknown)}")
        here = transform @ _transform(child.get("transform", ""))
        own = _style(child, style)
        if tag == "g":
            _walk(child, here, own, out)
            continue
        ops = _outline(tag, child)
        shape = _painted(ops, here, own)
        if shape is not None:
            out.append(shape)


def _style(element: ET.Element, parent: _Style) -> _Style:
    attrib = element.attrib
    if not ("fill" in attrib or "stroke" in attrib or "stroke-width" in attrib) and (
        "fill-rule" not in attrib
    ):
        return parent  # most elements say nothing of their paint
    fill, stroke, width, even_odd = parent.fill, parent.stroke, parent.width, parent.even_odd
    if "fill" in attrib:
        fill = _paint(attrib["fill"])
    if "stroke" in attrib:
        stroke = _paint(attrib["stroke"])
    if "stroke-width" in attrib:
        width = _number(attrib["stroke-width"])
    if "fill-rule" in attrib:
        even_odd = attrib["fill-rule"] == "evenodd"
    return _Style(fill, stroke, width, even_odd)


def _number(text: str) -> float:
    match = NUMBER.fullmatch(text.strip())
    if match is None:
        raise Unsupported(f"number {text!r}")
    return float(text)


def _paint(value: str) -> Paint:
    value = value.strip().lower()
    if value == "none":
        return None
    if value == "currentcolor":
        return INHERIT
    if HEX6.fullmatch(value):
        return tuple(int(value[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]
    if HEX3.fullmatch(value):
        return tuple(int(c * 2, 16) / 255 for c in value[1:])  # type: ignore[return-value]
    if value in COLOURS:
        return COLOURS[value]
    raise Unsupported(f"colour {value!r}")


def _transform(text: str) -> Affine:
    result = Affine()
    if not text:
        return result
    for name, args in TRANSFORM.findall(text):
        v = [float(n) for n in NUMBER.findall(args)]
        if name == "translate" and len(v) in (1, 2):
            step = Affine.translate(v[0], v[1] if len(v) == 2 else 0)
        elif name == "scale" and len(v) in (1, 2):
            step = Affine.scale(v[0], v[1] if len(v) == 2 else v[0])
        elif name == "rotate" and len(v) in (1, 3):
            step = Affine.rotate(v[0])
            if len(v) == 3:
                step = Affine.translate(v[1], v[2]) @ step @ Affine.translate(-v[1], -v[2])
        elif name == "matrix" and len(v) == 6:
            step = Affine(*v)
        else:
            raise Unsupported(f"transform {name}({args})")
        result = result @ step
    if text.strip() and not TRANSFORMS.fullmatch(text):
        raise Unsupported(f"transform {text!r}")
    return result


def _attr(element: ET.Element, name: str, default: float | None = None) -> float:
    value = element.get(name)
    if value is None:
        if default is None:
            raise Unsupported(f"missing {name}")
        return default
    return _number(value)


def _outline(tag: str, e: ET.Element) -> list[tuple]:
    if tag == "path":
        return _path_ops(e.get("d", ""))
    if tag in ("circle", "ellipse"):
        cx, cy = _attr(e, "cx", 0), _attr(e, "cy", 0)
        rx = _attr(e, "r") if tag == "circle" else _attr(e, "rx")
        ry = rx if tag == "circle" else _attr(e, "ry")
        return _ellipse(cx, cy, rx, ry)
    if tag == "rect":
        return _rect(e)
    if tag in ("polygon", "polyline"):
        v = [float(n) for n in NUMBER.findall(e.get("points", ""))]
        points = list(zip(v[0::2], v[1::2], strict=False))
        if not points:
            return []
        ops: list[tuple] = [("M", *points[0]), *(("L", x, y) for x, y in points[1:])]
        return [*ops, ("Z",)] if tag == "polygon" else ops
    return [
        ("M", _attr(e, "x1", 0), _attr(e, "y1", 0)),
        ("L", _attr(e, "x2", 0), _attr(e, "y2", 0)),
    ]


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> list[tuple]:
    kx, ky = rx * KAPPA, ry * KAPPA
    return [
        ("M", cx + rx, cy),
        ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
        ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
        ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
        ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy),
        ("Z",),
    ]


def _rect(e: ET.Element) -> list[tuple]:
    x, y, w, h = _attr(e, "x", 0), _attr(e, "y", 0), _attr(e, "width"), _attr(e, "height")
    rx = e.get("rx")
    ry = e.get("ry")
    rx_v = _number(rx) if rx is not None else (_number(ry) if ry is not None else 0.0)
    ry_v = _number(ry) if ry is not None else rx_v
    rx_v, ry_v = min(rx_v, w / 2), min(ry_v, h / 2)
    if rx_v <= 0 or ry_v <= 0:
        return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
    kx, ky = rx_v * KAPPA, ry_v * KAPPA
    return [
        ("M", x + rx_v, y),
        ("L", x + w - rx_v, y),
        ("C", x + w - rx_v + kx, y, x + w, y + ry_v - ky, x + w, y + ry_v),
        ("L", x + w, y + h - ry_v),
        ("C", x + w, y + h - ry_v + ky, x + w - rx_v + kx, y + h, x + w - rx_v, y + h),
        ("L", x + rx_v, y + h),
        ("C", x + rx_v - kx, y + h, x, y + h - ry_v + ky, x, y + h - ry_v),
        ("L", x, y + ry_v),
        ("C", x, y + ry_v - ky, x + rx_v - kx, y, x + rx_v, y),
        ("Z",),
    ]


def _path_ops(d: str) -> list[tuple]:
    """SVG path data as absolute M, L, C and Z operations."""
    if SEPARATORS.sub("", TOKEN.sub("", d)):
        raise Unsupported("unreadable path data")
    # commands stay letters, numbers are read once; `letters` is where each command stands
    tokens: list[str | float] = [t if t.isalpha() else float(t) for t in TOKEN.findall(d)]
    end = len(tokens)
    letters = [i for i, t in enumerate(tokens) if type(t) is str]
    letters.append(end)
    ops: list[tuple] = []
    x = y = sx = sy = 0.0
    last_control: tuple[float, float] | None = None
    last_quad: tuple[float, float] | None = None
    index, command, following = 0, "", 0
    while index < end:
        if type(tokens[index]) is str:
            command = str(tokens[index])
            index += 1
        elif not command:
            raise Unsupported("path data must start with a command")
        while letters[following] < index:
            following += 1
        upper, relative = command.upper(), command.islower()
        count = ARGS[upper]
        if index + count > letters[following] < end:  # a command where a number should be
            float(tokens[letters[following]])  # raises ValueError, as the letter's reading did
        if index + count > end:
            raise Unsupported(f"path command {command} lacks numbers")
        if count == 0 and index < letters[following]:
            raise Unsupported(f"numbers after {command}")  # would close the path forever
        args: list[float] = tokens[index : index + count]  # type: ignore[assignment]
        index += count
        dx, dy = (x, y) if relative else (0.0, 0.0)
        control, quad = None, None
        if upper == "M":
            x, y = args[0] + dx, args[1] + dy
            sx, sy = x, y
            ops.append(("M", x, y))
            command = "l" if relative else "L"  # further pairs are lines
        elif upper == "L":
            x, y = args[0] + dx, args[1] + dy
            ops.append(("L", x, y))
        elif upper == "H":
            x = args[0] + dx
            ops.append(("L", x, y))
        elif upper == "V":
            y = args[0] + (y if relative else 0.0)
            ops.append(("L", x, y))
        elif upper == "C":
            x1, y1, x2, y2 = args[0] + dx, args[1] + dy, args[2] + dx, args[3] + dy
            x, y = args[4] + dx, args[5] + dy
            ops.append(("C", x1, y1, x2, y2, x, y))
            control = (x2, y2)
        elif upper == "S":
            x1, y1 = (2 * x - last_control[0], 2 * y - last_control[1]) if last_control else (x, y)
            x2, y2 = args[0] + dx, args[1] + dy
            x, y = args[2] + dx, args[3] + dy
            ops.append(("C", x1, y1, x2, y2, x, y))
            control = (x2, y2)
        elif upper in ("Q", "T"):
            if upper == "Q":
                qx, qy = args[0] + dx, args[1] + dy
                ex, ey = args[2] + dx, args[3] + dy
            else:
                qx, qy = (2 * x - last_quad[0], 2 * y - last_quad[1]) if last_quad else (x, y)
                ex, ey = args[0] + dx, args[1] + dy
            ops.append(
                (
                    "C",
                    x + (qx - x) * 2 / 3,
                    y + (qy - y) * 2 / 3,
                    ex + (qx - ex) * 2 / 3,
                    ey + (qy - ey) * 2 / 3,
                    ex,
                    ey,
                )
            )
            x, y = ex, ey
            quad = (qx, qy)
        elif upper == "A":
            ex, ey = args[5] + dx, args[6] + dy
            ops += _arc(x, y, args[0], args[1], args[2], bool(args[3]), bool(args[4]), ex, ey)
            x, y = ex, ey
        else:  # Z
            ops.append(("Z",))
            x, y = sx, sy
        last_control, last_quad = control, quad
    return ops


def _arc(
    x1: float,
    y1: float,
    rx: float,
    ry: float,
    angle: float,
    large: bool,
    sweep: bool,
    x2: float,
    y2: float,
) -> list[tuple]:
    """An elliptical arc as cubic Béziers of at most a quarter turn (SVG 1.1, F.6.5)."""
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [("L", x2, y2)]
    phi = math.radians(angle)
    cos, sin = math.cos(phi), math.sin(phi)
    px, py = (x1 - x2) / 2, (y1 - y2) / 2
    x1p, y1p = cos * px + sin * py, -sin * px + cos * py
    scale = (x1p / rx) ** 2 + (y1p / ry) ** 2
    if scale > 1:
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
    den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
    factor = math.sqrt(max(0.0, num / den)) * (-1 if large == sweep else 1)
    cxp, cyp = factor * rx * y1p / ry, -factor * ry * x1p / rx
    cx = cos * cxp - sin * cyp + (x1 + x2) / 2
    cy = sin * cxp + cos * cyp + (y1 + y2) / 2

    def angle_of(ux: float, uy: float) -> float:
        return math.atan2(uy, ux)

    theta = angle_of((x1p - cxp) / rx, (y1p - cyp) / ry)
    delta = angle_of((-x1p - cxp) / rx, (-y1p - cyp) / ry) - theta
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    parts = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / parts
    k = 4 / 3 * math.tan(step / 4)
    ops: list[tuple] = []

    def point(t: float) -> tuple[float, float]:
        return (
            cx + rx * math.cos(t) * cos - ry * math.sin(t) * sin,
            cy + rx * math.cos(t) * sin + ry * math.sin(t) * cos,
        )

    def tangent(t: float) -> tuple[float, float]:
        return (
            -rx * math.sin(t) * cos - ry * math.cos(t) * sin,
            -rx * math.sin(t) * sin + ry * math.cos(t) * cos,
        )

    for i in range(parts):
        t1, t2 = theta + i * step, theta + (i + 1) * step
        (ax, ay), (bx, by) = point(t1), point(t2)
        (dax, day), (dbx, dby) = tangent(t1), tangent(t2)
        ops.append(("C", ax + k * dax, ay + k * day, bx - k * dbx, by - k * dby, bx, by))
    ops[-1] = (*ops[-1][:5], x2, y2)  # end exactly where the path says, not where trig lands
    return ops


def _painted(ops: list[tuple], transform: Affine, style: _Style) -> PathShape | None:
    if not ops:
        return None
    width = style.width * math.sqrt(abs(transform.a * transform.d - transform.b * transform.c))
    stroke = Stroke(style.stroke, width) if style.stroke is not None and width > 0 else None
    if style.fill is None and stroke is None:
        return None
    a, b, c, d, e, f = transform.a, transform.b, transform.c, transform.d, transform.e, transform.f
    moved = []
    for op in ops:
        if op[0] == "Z":
            moved.append(("Z",))
            continue
        coords: list[float] = []
        for i in range(1, len(op), 2):
            x, y = op[i], op[i + 1]  # as Affine.apply maps them
            coords += (round(a * x + c * y + e, 4), round(b * x + d * y + f, 4))
        moved.append((op[0], *coords))
    return PathShape(tuple(moved), style.fill, stroke, style.even_odd)
