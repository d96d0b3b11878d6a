"""Orthogonal adjacency and connected patches on a rectangular grid of cells."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache

Cell = tuple[int, int]  # (row, column), 0-based
MAX_KEPT_PATCHES = 1 << 16  # masks whose patches a BitGrid remembers


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
    return {(r, c): tuple(neighbours((r, c), rows, cols)) for r in range(rows) for c in range(cols)}


@dataclass(frozen=True)
class BitGrid:
    """Sets of cells as bitmasks: cell `row * columns + column` is bit number cell. Counting,
    joining and growing a set are then a few integer operations on the whole set, not a loop
    per cell (a folder of records, and an engine's every move, ask them of small grids)."""

    rows: int
    columns: int
    full: int = field(init=False)  # every cell
    row_masks: tuple[int, ...] = field(init=False)  # the cells of each row, top first
    _not_first: int = field(init=False, repr=False)  # every cell but the first column's
    _not_last: int = field(init=False, repr=False)  # every cell but the last column's
    # patches by mask: the same few shapes come up again and again (a folder of 3,000
    # records of a dice-garden game holds 36,000 vegetable masks, 2,000 of them different)
    _patches: dict[int, tuple[int, ...]] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        full = (1 << (self.rows * self.columns)) - 1
        first_column = sum(1 << (r * self.columns) for r in range(self.rows))
        setattr_ = object.__setattr__
        setattr_(self, "full", full)
        setattr_(
            self,
            "row_masks",
            tuple(((1 << self.columns) - 1) << (r * self.columns) for r in range(self.rows)),
        )
        setattr_(self, "_not_first", full & ~first_column)
        setattr_(self, "_not_last", full & ~(first_column << (self.columns - 1)))

    def adjacent(self, mask: int) -> int:
        """The cells orthogonally next to a cell of `mask` (its own cells too, when next to
        another of its cells)."""
        c = self.columns
        return (
            ((mask << 1) & self._not_first)
            | ((mask >> 1) & self._not_last)
            | (mask << c)
            | (mask >> c)
        ) & self.full

    def patches(self, mask: int) -> tuple[int, ...]:
        """The orthogonally connected parts of `mask`, in the order of their first cell."""
        found = self._patches.get(mask)
        if found is None:
            if len(self._patches) >= MAX_KEPT_PATCHES:
                self._patches.clear()
            found = self._patches[mask] = self._grow_patches(mask)
        return found

    def _grow_patches(self, mask: int) -> tuple[int, ...]:
        c, not_first, not_last = self.columns, self._not_first, self._not_last
        found = []
        while mask:
            patch = mask & -mask  # its first cell, grown one step at a time within `mask`
            while True:
                grown = (
                    patch
                    | ((patch << 1) & not_first)
                    | ((patch >> 1) & not_last)
                    | (patch << c)
                    | (patch >> c)
                ) & mask
                if grown == patch:
                    break
                patch = grown
            found.append(patch)
            mask ^= patch
        return tuple(found)

    def complete_rows(self, mask: int) -> int:
        """How many rows have every cell in `mask`."""
        return sum(mask & row == row for row in self.row_masks)

    def cell(self, index: int) -> Cell:
        return divmod(index, self.columns)


@cache
def bit_grid(rows: int, columns: int) -> BitGrid:
    """One BitGrid per shape (its masks are worked out once)."""
    return BitGrid(rows, columns)


def bits(mask: int) -> tuple[int, ...]:
    """The cells of a mask (its set bits), lowest first."""
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)
