"""Engine states are tuples (plain data, hashable): a tuple with one item replaced."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def put(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """`values` with the item at `index` replaced by `value` (a new tuple)."""
    return (*values[:index], value, *values[index + 1 :])
