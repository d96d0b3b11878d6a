"""The kit cache's records as JSON text, and back: data, never code. A record of the drawing
model (a face's shapes, a PDF page as written) is JSON whose objects are `{"t": class,
"v": [its fields' values, in order]}`, for the few classes of `_CONVERT` only: reading one back
builds those classes from numbers, text and lists, and nothing else (a name not in the table
is an error). Numbers keep their type (1 and 1.0 are written apart) and floats are written
exactly (`repr`), so a record read back is equal to the record written, and draws the same
bytes."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from dataclasses import fields
from operator import attrgetter
from typing import Any

from playtest.drawing.geometry import Affine
from playtest.drawing.model import (
    INHERIT,
    Circle,
    Group,
    Line,
    Path,
    Rect,
    Stroke,
    Symbol,
    Text,
    Use,
)
from playtest.drawing.text import TextBox
from playtest.faces.memo import DrawnRecord
from playtest.faces.warnings import Alike
from playtest.generator.backends.pdf_pages import FormRecord, PageRecord
from playtest.layout.field import FieldMark


def _paint(value: Any) -> Any:  # an RGB triple (a list in JSON), None or INHERIT
    return tuple(value) if type(value) is list else value


def _maybe_tuple(value: Any) -> Any:
    return None if value is None else tuple(value)


def _tuples(value: list[list[Any]]) -> tuple[tuple[Any, ...], ...]:
    return tuple(map(tuple, value))


def deep_tuple(value: Any) -> Any:
    """Lists within lists (as JSON gives them) made tuples within tuples (a warning's key)."""
    return tuple(map(deep_tuple, value)) if type(value) is list else value


_deep = deep_tuple


# Every class a record may hold, and how each field that JSON gives as a list is made a tuple
# again (a field not named is taken as read: numbers, text, objects already made).
_CONVERT: dict[type, dict[str, Callable[[Any], Any]]] = {
    Affine: {},
    Stroke: {"paint": _paint, "dash": _maybe_tuple},
    Rect: {"fill": _paint},
    Circle: {"fill": _paint},
    Line: {},
    Path: {"ops": _tuples, "fill": _paint},
    Text: {"fill": _paint},
    Use: {"colour": _maybe_tuple},
    Group: {"children": tuple, "clip": _maybe_tuple},
    Symbol: {"bounds": tuple, "children": tuple},
    FieldMark: {"values": _maybe_tuple},
    TextBox: {"colour": _maybe_tuple},
    Alike: {"once": _deep},
    DrawnRecord: {
        "shapes": tuple,
        "symbols": tuple,
        "symbol_warnings": _deep,
        "own": _deep,
    },
    FormRecord: {"box": tuple, "code": tuple, "forms": tuple},
    PageRecord: {"forms": tuple, "named": tuple, "coded": _tuples, "placed": tuple},
}


def _maker(cls: type) -> Callable[[list[Any]], Any]:
    """How an object of `cls` is made from its fields' values: as pickle makes one (a new
    object given its fields at once), not through the frozen dataclass's `__init__`, which
    sets each field through `object.__setattr__` (a kept face is thousands of objects)."""
    names = tuple(f.name for f in fields(cls))
    convert = _CONVERT[cls]
    unknown = set(convert) - set(names)
    if unknown:  # a field renamed: the table must follow (a test imports this module)
        raise AssertionError(f"{cls.__name__} has no field {sorted(unknown)}")
    steps = [convert.get(name) for name in names]
    converted = [(n, step) for n, step in enumerate(steps) if step is not None]
    count = len(names)
    new = object.__new__

    def make(values: list[Any]) -> Any:
        if len(values) != count:
            raise ValueError(f"{cls.__name__} has {count} fields, not {len(values)}")
        for n, step in converted:
            values[n] = step(values[n])
        made: Any = new(cls)
        made.__dict__.update(zip(names, values, strict=True))  # as many: counted above
        return made

    return make


def _getter(cls: type) -> Callable[[Any], tuple[Any, ...]]:
    get = attrgetter(*(f.name for f in fields(cls)))
    return get if len(fields(cls)) > 1 else lambda obj: (get(obj),)


_MAKERS: dict[str, Callable[[Any], Any]] = {cls.__name__: _maker(cls) for cls in _CONVERT}
_MAKERS["INHERIT"] = lambda _: INHERIT
_MAKERS["dict"] = lambda pairs: {deep_tuple(k): v for k, v in pairs}  # keys not all text
_MAKERS["bytes"] = lambda text: base64.b64decode(text, validate=True)
_FIELDS = {cls: (cls.__name__, _getter(cls)) for cls in _CONVERT}


def _encode(obj: Any) -> Any:
    if obj is INHERIT:
        return {"t": "INHERIT", "v": None}
    if type(obj) is bytes:
        return {"t": "bytes", "v": base64.b64encode(obj).decode("ascii")}
    known = _FIELDS.get(type(obj))
    if known is None:
        raise TypeError(f"{type(obj).__name__} is not kept in a kit cache")
    return {"t": known[0], "v": known[1](obj)}


def _decode(obj: dict[str, Any]) -> Any:
    tag = obj.get("t")
    maker = _MAKERS.get(tag) if type(tag) is str and len(obj) == 2 and "v" in obj else None
    return obj if maker is None else maker(obj["v"])  # a plain object: a YAML document's


_ENCODER = json.JSONEncoder(
    default=_encode, separators=(",", ":"), check_circular=False, ensure_ascii=True
)
_DECODER = json.JSONDecoder(object_hook=_decode)


def dumps(value: Any) -> bytes:
    """`value` (records, text, numbers, bytes, tuples) as one line of JSON (ASCII: a line
    break in a text is written `\\n`); TypeError for anything else."""
    return _ENCODER.encode(value).encode("ascii")


def data_dumps(value: Any) -> bytes:
    """Plain data (a YAML document's: mappings, lists, text, numbers, booleans, null) as one
    line that `loads` gives back equal, with the same types: a mapping whose keys are not all
    text (YAML's `{2: ...}`) is written as its pairs. ValueError for anything else (a date)."""
    for made in (value, _pairs(value)):
        try:
            line = dumps(made)
        except TypeError:
            raise ValueError("not plain data") from None
        if loads(line) == value:
            return line
    raise ValueError("not plain data")


def _pairs(value: Any) -> Any:
    if type(value) is dict:
        if all(type(k) is str for k in value):
            return {k: _pairs(v) for k, v in value.items()}
        return {"t": "dict", "v": [[k, _pairs(v)] for k, v in value.items()]}
    if type(value) is list:
        return [_pairs(v) for v in value]
    return value


def loads(line: bytes) -> Any:
    """What `dumps` wrote (lists where it was given tuples, but in the records' fields); an
    exception for anything else."""
    return _DECODER.decode(line.decode("ascii"))
