"""Majorities and winners with tie-breakers, shared by every game."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

T = TypeVar("T")
K = TypeVar("K")


def leaders(counts: Mapping[K, int], minimum: int = 1) -> list[K]:
    """Everyone tied for the most, provided the most is at least `minimum`."""
    return [
        name
        for name, lead in zip(counts, leading(tuple(counts.values()), minimum), strict=True)
        if lead
    ]


def leading(counts: Sequence[int], minimum: int = 1) -> list[bool]:
    """For each count, whether it is tied for the most, provided the most is at least
    `minimum` (`leaders` of counts in seat order, without making a mapping)."""
    best = max(counts) if counts else minimum  # (max's `default=` takes half the time here)
    if best < minimum:
        return [False] * len(counts)
    return [count == best for count in counts]


def winners(
    items: Sequence[T], keys: Sequence[Callable[[T], int | float]], name: Callable[[T], str]
) -> list[str]:
    """Names of the items first by `keys` in order (total first, then each tie-breaker);
    everyone still tied after the last key shares the win."""
    pool = list(items)
    for key in keys:
        if len(pool) <= 1:
            break
        best = max(key(item) for item in pool)
        pool = [item for item in pool if key(item) == best]
    return [name(item) for item in pool]
