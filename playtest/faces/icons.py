"""Icons are SVG files a designer can replace. We read them into drawing-model symbols, so both
backends draw the same vector art: the usual subset with our own lean reader (svgpath.py),
anything else with svgelements, which resolves styles, `<use>` and the rest.

Conventions for icon files: a `viewBox` of 0 0 100 100; parts painted `currentColor` take
the colour asked for by the layout (a flower in its card's colour); other parts keep theirs.
"""

from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, cast

from playtest.core.errors import InputError
from playtest.core.input_files import display_path, read_bounded
from playtest.core.limits import MAX_COORDINATE, MAX_ICON_BYTES, MAX_ICON_DEPTH, MAX_ICON_ELEMENTS
from playtest.drawing.model import INHERIT, Paint, Shape, Stroke, Symbol
from playtest.drawing.model import Path as PathShape
from playtest.drawing.svgpath import Unsupported, read_icon

if TYPE_CHECKING:  # imported when an icon needs it: most never do (svgpath.py reads them)
    import svgelements as se

ICON_UNITS = 100.0
# svgelements resolves `currentColor` to the colour we pass; this one marks "inherit"
_SENTINEL = "#fe01fd"


def load_icon(symbol_id: str, path: Path) -> Symbol:
    """The icon file as a symbol; a file read once stays parsed while it is unchanged."""
    try:
        stat = path.stat()
    except OSError as exc:
        raise InputError.one(
            display_path(path), None, "", f"cannot read icon ({exc.strerror})"
        ) from None
    key = (str(path.resolve()), stat.st_mtime_ns, stat.st_size)
    shapes = _PARSED.get(key)
    if shapes is None:
        shapes = _PARSED[key] = _read(path)
    return Symbol(symbol_id, (0, 0, ICON_UNITS, ICON_UNITS), shapes)


_PARSED: dict[tuple[str, int, int], tuple[Shape, ...]] = {}


def _read(path: Path) -> tuple[Shape, ...]:
    """The lean reader for the usual subset of SVG; svgelements for anything else. Either
    way the file is read once, bounded, and its numbers must come out finite."""
    data = read_bounded(path, MAX_ICON_BYTES, "icon")
    root = _check_depth(data, path)
    try:
        try:
            shapes: tuple[PathShape, ...] = tuple(
                read_icon(data if root is None else root, ICON_UNITS)
            )
        except Unsupported:
            _check_expansion(data, path)
            shapes = parse_with_svgelements(path, data)
    except (ArithmeticError, ValueError, RecursionError) as exc:  # overflow, zero viewBox, nest
        what = (
            "a number is out of range"
            if isinstance(exc, OverflowError)
            else str(exc) or type(exc).__name__
        )
        raise InputError.one(display_path(path), None, "", f"cannot draw icon: {what}") from None
    if not shapes:
        raise InputError.one(display_path(path), None, "", "icon draws nothing")
    if not _usable(
        [v for shape in shapes for op in shape.ops for v in op[1:]]
        + [shape.stroke.width for shape in shapes if shape.stroke]
    ):
        raise InputError.one(
            display_path(path),
            None,
            "",
            "icon coordinates are not finite numbers of a usable size (is "
            "its viewBox tiny, or a number huge?)",
        )
    return shapes


def _check_depth(data: bytes, path: Path) -> ET.Element | None:
    """Refuse elements nested past a bound before any reader recurses into them; the
    document's root element when it is whole (read once: the lean reader takes it), else None
    (the readers explain what is wrong)."""
    parser: ET.XMLPullParser[ET.Element] = ET.XMLPullParser(events=("start", "end"))
    depth = 0
    root = None
    try:
        parser.feed(data)
        # ("start" | "end", element): the only events asked for
        events = cast("Iterator[tuple[str, ET.Element]]", parser.read_events())
        for event, element in events:
            if root is None:
                root = element
            depth += 1 if event == "start" else -1
            if depth > MAX_ICON_DEPTH:
                raise InputError.one(
                    display_path(path),
                    None,
                    "",
                    f"icon: elements nested more than {MAX_ICON_DEPTH} levels deep",
                )
        parser.close()  # a document cut short fails here, as ET.fromstring fails on it
    except ET.ParseError:
        return None
    return root


def _usable(values: list[float]) -> bool:
    """Every number finite and of a usable size."""
    return all(map(math.isfinite, values)) and max(map(abs, values), default=0) <= MAX_COORDINATE


def _check_expansion(data: bytes, path: Path) -> None:
    """Refuse an icon whose `<use>` elements, expanded, draw more than a bound: ten of them
    each placing the one before ten times is ten billion shapes in two kilobytes."""
    try:
        root = ET.fromstring(data)
    except ET.ParseError:
        return  # svgelements explains what is wrong
    by_id = {e.get("id"): e for e in root.iter() if e.get("id")}
    sizes: dict[int, int] = {}
    busy: set[int] = set()

    def size(element: ET.Element) -> int:
        key = id(element)
        if key in sizes:
            return sizes[key]
        if key in busy:
            raise InputError.one(display_path(path), None, "", "icon: a <use> refers to itself")
        busy.add(key)
        total = 1 + sum(size(child) for child in element)
        if element.tag.rsplit("}", 1)[-1] == "use":
            href = element.get("href") or element.get("{http://www.w3.org/1999/xlink}href") or ""
            target = by_id.get(href[1:]) if href.startswith("#") else None
            if target is not None:
                total += size(target)
        busy.discard(key)
        sizes[key] = min(total, MAX_ICON_ELEMENTS + 1)
        return sizes[key]

    if size(root) > MAX_ICON_ELEMENTS:
        raise InputError.one(
            display_path(path),
            None,
            "",
            f"icon draws more than {MAX_ICON_ELEMENTS:,} elements once its <use> are expanded",
        )


def parse_with_svgelements(path: Path, data: bytes | None = None) -> tuple[PathShape, ...]:
    import svgelements as se

    try:
        source = io.BytesIO(
            data if data is not None else read_bounded(path, MAX_ICON_BYTES, "icon")
        )
        svg = se.SVG.parse(source, reify=True, color=_SENTINEL)
    except InputError:
        raise
    except Exception as exc:  # svgelements raises many kinds on a broken file
        raise InputError.one(display_path(path), None, "", f"cannot read icon: {exc}") from None
    scale = 1.0
    if svg.viewbox is not None and svg.viewbox.width:
        # svgelements maps the viewBox onto width/height; undo so we stay in viewBox units
        scale = ICON_UNITS / float(svg.width or ICON_UNITS) if svg.width else 1.0
    shapes: list[PathShape] = []
    for element in svg.elements():
        if not isinstance(element, se.Shape) or isinstance(element, se.Text):
            continue
        if element.values.get("visibility") == "hidden" or element.values.get("display") == "none":
            continue
        shape = _to_path(element, scale)
        if shape is not None:
            shapes.append(shape)
    if not shapes:
        raise InputError.one(display_path(path), None, "", "icon draws nothing")
    return tuple(shapes)


def _paint(colour: se.Color | None) -> Paint:
    if colour is None or colour.value is None or colour.alpha == 0:
        return None
    if colour.hex[:7].lower() == _SENTINEL:
        return INHERIT
    return (colour.red / 255, colour.green / 255, colour.blue / 255)


def _to_path(element: se.Shape, scale: float) -> PathShape | None:
    import svgelements as se

    path = se.Path(element)
    if not path.transform.is_identity():  # parse(reify=True) folded most transforms in already
        path.reify()
    ops: list[tuple] = []
    for seg in path.segments():
        if isinstance(seg, se.Move):
            ops.append(("M", seg.end.x * scale, seg.end.y * scale))
        elif isinstance(seg, se.Close):
            ops.append(("Z",))
        elif isinstance(seg, se.Line):
            ops.append(("L", seg.end.x * scale, seg.end.y * scale))
        elif isinstance(seg, se.CubicBezier):
            ops.append(_cubic(seg.control1, seg.control2, seg.end, scale))
        elif isinstance(seg, se.QuadraticBezier):
            c1 = seg.start + (seg.control - seg.start) * (2 / 3)
            c2 = seg.end + (seg.control - seg.end) * (2 / 3)
            ops.append(_cubic(c1, c2, seg.end, scale))
        elif isinstance(seg, se.Arc):
            for cubic in seg.as_cubic_curves():
                ops.append(_cubic(cubic.control1, cubic.control2, cubic.end, scale))
    if not ops:
        return None
    fill = _paint(element.fill)
    stroke_paint = _paint(element.stroke)
    width = float(element.stroke_width or 0) * scale
    stroke = Stroke(stroke_paint, width) if stroke_paint is not None and width > 0 else None
    if fill is None and stroke is None:
        return None
    even_odd = element.values.get("fill-rule") == "evenodd"
    return PathShape(tuple(_rounded(op) for op in ops), fill, stroke, even_odd)


def _cubic(c1: se.Point, c2: se.Point, end: se.Point, scale: float) -> tuple:
    return (
        "C",
        c1.x * scale,
        c1.y * scale,
        c2.x * scale,
        c2.y * scale,
        end.x * scale,
        end.y * scale,
    )


def _rounded(op: tuple) -> tuple:
    return (op[0], *(round(v, 4) for v in op[1:]))
