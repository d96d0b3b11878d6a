"""`lookup(table, key)` on a `rules:` mapping, indexed once per table: its number keys sorted
when first looked up, then every lookup a binary search. Sorting the keys at every lookup made
a 30,000-key table, looked up once per group of 5,000 fields, take minutes to load."""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Mapping
from typing import Any

MISSING = object()  # no number key at or below the one asked for


class NumberKeys:
    """A mapping's keys that read as numbers (`"10"`, `10`, `2.5`), sorted, with their values."""

    def __init__(self, table: Mapping[Any, Any]) -> None:
        numbers = [(n, value) for key, value in table.items() if (n := _number(key)) is not None]
        numbers.sort(key=lambda pair: pair[0])  # equal keys keep their order; values never compare
        self.keys = [number for number, _ in numbers]
        self.values = [value for _, value in numbers]

    def at_or_below(self, key: float) -> Any:
        """The value of the largest key not above `key`, or MISSING."""
        at = bisect_right(self.keys, key)
        return self.values[at - 1] if at else MISSING


class Tables:
    """The number keys of each mapping looked up, by the mapping's identity: a game's tables
    come from its `rules:`, which never change once loaded (each is kept here, so its identity
    is never another's)."""

    def __init__(self) -> None:
        self._indexed: dict[int, tuple[Mapping[Any, Any], NumberKeys]] = {}

    def number_keys(self, table: Mapping[Any, Any]) -> NumberKeys:
        kept = self._indexed.get(id(table))
        if kept is None or kept[0] is not table:
            kept = self._indexed[id(table)] = (table, NumberKeys(table))
        return kept[1]


def _number(key: Any) -> float | None:
    try:
        number = float(key)
    except (TypeError, ValueError):
        return None
    return None if math.isnan(number) else number


__all__ = ["MISSING", "NumberKeys", "Tables"]
