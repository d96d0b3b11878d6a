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


@cache
def _index_neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """`neighbour_table` with cells as indices (row * cols + column), for the flood fill."""
    return tuple(tuple(nr * cols + nc for nr, nc in neighbours((r, c), rows, cols))
                 for r in range(rows) for c in range(cols))


def groups(grid: Sequence[Sequence[T]], key: Callable[[T], Hashable | None]) -> dict[Hashable,
                                                                                      list[set[Cell]]]:
    """Connected groups of cells sharing the same key (cells whose key is None are skipped)."""
    rows, cols = len(grid), len(grid[0]) if grid else 0
    # cells as indices while filling (a scorer of a folder of records runs this per garden)
    keys = [key(value) for row in grid for value in row]
    near = _index_neighbours(rows, cols)
    seen = [False] * len(keys)
    found: dict[Hashable, list[set[Cell]]] = {}
    for start, k in enumerate(keys):
        if k is None or seen[start]:
            continue
        group, stack = [], [start]
        seen[start] = True
        while stack:
            here = stack.pop()
            group.append(here)
            for n in near[here]:
                if not seen[n] and keys[n] == k:
                    seen[n] = True
                    stack.append(n)
        found.setdefault(k, []).append({divmod(i, cols) for i in group})
    return found
