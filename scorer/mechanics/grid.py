"""Orthogonal adjacency and connected groups on a rectangular grid of cells."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from functools import cache
from typing import TypeVar

T = TypeVar("T")
Cell = tuple[int, int]  # (row, column), 0-based


def neighbours(cell: Cell, rows: int, cols: int) -> Iterator[Cell]:
    r, c = cell
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            yield (r + dr, c + dc)


def adjacent_pairs(rows: int, cols: int) -> Iterator[tuple[Cell, Cell]]:
    """Every orthogonally adjacent pair once (right and down neighbours)."""
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                yield (r, c), (r, c + 1)
            if r + 1 < rows:
                yield (r, c), (r + 1, c)


@cache
def neighbour_table(rows: int, cols: int) -> dict[Cell, tuple[Cell, ...]]:
    """Every cell's orthogonal neighbours, worked out once per grid shape (scoring a folder of
    records or an engine's positions asks for the same shape again and again)."""
    return {(r, c): tuple(neighbours((r, c), rows, cols)) for r in range(rows)
            for c in range(cols)}


def groups(grid: Sequence[Sequence[T]], key: Callable[[T], Hashable | None]) -> dict[Hashable,
                                                                                      list[set[Cell]]]:
    """Connected groups of cells sharing the same key (cells whose key is None are skipped)."""
    rows, cols = len(grid), len(grid[0]) if grid else 0
    keys = {(r, c): key(grid[r][c]) for r in range(rows) for c in range(cols)}
    near = neighbour_table(rows, cols)
    seen: set[Cell] = set()
    found: dict[Hashable, list[set[Cell]]] = {}
    for cell, k in keys.items():
        if k is None or cell in seen:
            continue
        group, stack = set(), [cell]
        seen.add(cell)
        while stack:
            here = stack.pop()
            group.add(here)
            for n in near[here]:
                if n not in seen and keys[n] == k:
                    seen.add(n)
                    stack.append(n)
        found.setdefault(k, []).append(group)
    return found
