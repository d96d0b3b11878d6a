"""A digest of drawings: what a PDF page, an SVG file or a kit's output is drawn from, as a key
(the PDF writer keys its pages with it, the kit cache its files). A drawing's bytes are its
frozen dataclasses' values, so the same drawing is the same digest in every process."""

from __future__ import annotations

import hashlib
import io
import pickle
import sys
from collections.abc import Callable
from dataclasses import fields, is_dataclass
from functools import lru_cache
from operator import attrgetter
from typing import Any

from playtest.drawing import geometry, model
from playtest.faces.memo import ShapeNames


class Digest:
    """A digest of drawing models added one after the other (a PDF's pages as they are
    drawn). Drawing models are frozen dataclasses of numbers, text and tuples: pickled without
    its memo (`fast`), which would note objects shared (as drawn) or not (as kept), the same
    drawing is the same bytes. With `names`, a face's shapes are pickled as their names (the
    key of the face they were drawn for, and their place in it), which make them. A digest's
    pickle is hashed and thrown away, never loaded: pickling is only the fastest way to
    serialise a drawing whole (`pickle.dumps` writes, it runs nothing of what it writes).

    The classes of the drawing model, their fields' names and the function a name is pickled
    as are written as references to a fixed table (`_known`) instead of in full each time they
    appear: a page names its classes thousands of times (most of the time of a page's key).
    An object of the drawing model is written as its class and its fields' values in order
    (`_DigestPickler`), not through `__reduce_ex__`, which makes each one's `__dict__` and
    writes its fields' names: a page's key is a third cheaper."""

    def __init__(self, names: ShapeNames | None = None) -> None:
        self._hash = hashlib.sha256()
        self._named = {} if names is None else names.named

    def add(self, value: Any) -> Digest:
        buffer = io.BytesIO()
        _DigestPickler(buffer, self._named).dump(value)
        self._hash.update(buffer.getbuffer())
        return self

    def hexdigest(self) -> str:
        return self._hash.hexdigest()


def _named(key: str, place: int) -> None:
    """What a named shape is pickled as (a digest's pickle is never loaded)."""


class _DigestPickler(pickle.Pickler):
    def __init__(self, out: io.BytesIO, named: dict[int, tuple[str, int]]) -> None:
        super().__init__(out, protocol=5)
        self.memo = _known()  # looked up, never added to (`fast`)
        self.fast = True
        self._named = named
        self._fields = _model_fields()

    def reducer_override(self, obj: Any) -> Any:
        # asked of objects only (not of numbers, text or tuples)
        name = self._named.get(id(obj))
        if name is not None:
            return (_named, name)
        values = self._fields.get(type(obj))
        return NotImplemented if values is None else (type(obj), values(obj))


@lru_cache(maxsize=1)
def _known() -> dict[int, tuple[int, Any]]:
    """What a digest writes as a reference to its place here (a pickle memo, by id): objects
    that are one object in every build (classes, a function, interned names), in an order
    fixed by their names, so a digest's bytes are the same in every process."""
    table: list[Any] = [_named, model.INHERIT]
    for cls in _model_classes():
        table += [cls, *(sys.intern(f.name) for f in fields(cls))]
    unique = list({id(obj): obj for obj in table}.values())
    return {id(obj): (n, obj) for n, obj in enumerate(unique)}


@lru_cache(maxsize=1)
def _model_classes() -> tuple[type, ...]:
    """The drawing model's classes (frozen dataclasses), in the order of their names."""
    return tuple(
        sorted(
            (
                v
                for m in (model, geometry)
                for v in vars(m).values()
                if isinstance(v, type) and is_dataclass(v)
            ),
            key=lambda c: f"{c.__module__}.{c.__qualname__}",
        )
    )


@lru_cache(maxsize=1)
def _model_fields() -> dict[type, Callable[[Any], tuple[Any, ...]]]:
    """Each drawing model class's fields' values, in order, as one C call (every class has
    more than one field: `attrgetter` of one name would not give a tuple)."""
    return {
        cls: attrgetter(*(f.name for f in fields(cls)))
        for cls in _model_classes()
        if len(fields(cls)) > 1
    }
