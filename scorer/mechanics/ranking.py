"""Majorities and winners with tie-breakers, shared by every game."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

T = TypeVar("T")
K = TypeVar("K")


def leaders(counts: Mapping[K, int], minimum: int = 1) -> list[K]:
    """Everyone tied for the most, provided the most is at least `minimum`."""
    if not counts:
        return []
    best = max(counts.values())
    if best < minimum:
        return []
    return [name for name, count in counts.items() if count == best]


def winners(items: Sequence[T], keys: Sequence[Callable[[T], int | float]],
            name: Callable[[T], str]) -> list[str]:
    """Names of the items first by `keys` in order (total first, then each tie-breaker);
    everyone still tied after the last key shares the win."""
    pool = list(items)
    for key in keys:
        if len(pool) <= 1:
            break
        best = max(key(item) for item in pool)
        pool = [item for item in pool if key(item) == best]
    return [name(item) for item in pool]
