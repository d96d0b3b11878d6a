"""What scoring code works out from a game's rules, once per rules object.

A folder of records is scored against one rules object; the balance lab's `--set` makes
others. The rules are frozen pydantic models holding lists, which cannot be hashed, so
`functools.cache` cannot key on them: here they are found by identity. An entry keeps its
rules object alive, so that object's id is not reused by another while the entry is here.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TypeVar

S = TypeVar("S")
T = TypeVar("T")

MAX_KEPT = 64  # rules objects remembered per function (the lab compares a few variants)


def per_object(build: Callable[[S], T]) -> Callable[[S], T]:
    """`build(source)` worked out once per source object, then remembered."""
    kept: dict[int, tuple[S, T]] = {}

    @wraps(build)
    def derived(source: S) -> T:
        hit = kept.get(id(source))
        if hit is not None and hit[0] is source:
            return hit[1]
        if len(kept) >= MAX_KEPT:
            kept.clear()
        value = build(source)
        kept[id(source)] = (source, value)
        return value

    return derived
