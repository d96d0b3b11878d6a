"""Finite-number checks: NaN and infinities slip through every `<` and `>` comparison (a range
check of `nan` passes), so every number that reaches a page is checked here first."""

from __future__ import annotations

import math
from collections.abc import Iterable

from playtest.core.errors import InputError


def is_finite(value: object) -> bool:
    """A real number that is neither NaN nor infinite (bools are not numbers here)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return isinstance(value, int) or math.isfinite(value)


def all_finite(values: Iterable[object]) -> bool:
    return all(is_finite(v) for v in values)


def in_range(value: float, low: float, high: float) -> bool:
    """`low <= value <= high` that is False for NaN (a plain comparison chain is too)."""
    return is_finite(value) and low <= value <= high


def require_range(
    value: float, low: float, high: float, file: str, field: str, unit: str = ""
) -> float:
    """`value` if finite and within [low, high]; else an InputError naming `field`."""
    if not in_range(value, low, high):
        raise InputError.one(
            file,
            None,
            field,
            f"{value!r} is not a number from {low:g} to {high:g}{' ' + unit if unit else ''}",
        )
    return value
