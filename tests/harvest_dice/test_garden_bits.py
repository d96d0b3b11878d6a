"""Gardens as bitmasks: the connected patches, the HD-02 strays and the rows read, each against
a plain cell-by-cell version (a flood fill over sets of (row, column), rows read letter by
letter), on grids of any shape."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playtest.library.loader import load_library
from playtest.scorer.games.harvest_dice.garden import MAX_CACHED_ROW, read_garden
from playtest.scorer.games.harvest_dice.rules import Rules
from playtest.scorer.mechanics.grid import bit_grid, bits, neighbours

RULES: Rules = load_library().game("harvest-dice").rules
ROWS, COLUMNS = RULES.garden.rows, RULES.garden.columns
LETTERS = [v.letter for v in RULES.vegetables]
SETTINGS = settings(max_examples=150, deadline=None)
Cell = tuple[int, int]


def _flood_patches(cells: set[Cell], rows: int, columns: int) -> list[set[Cell]]:
    """Connected parts, in the order of their first cell (row by row)."""
    left, found = set(cells), []
    for start in sorted(cells):
        if start not in left:
            continue
        patch, stack = {start}, [start]
        while stack:
            for near in neighbours(stack.pop(), rows, columns):
                if near in left and near not in patch:
                    patch.add(near)
                    stack.append(near)
        left -= patch
        found.append(patch)
    return found


@st.composite
def masks(draw: st.DrawFn) -> tuple[int, int, int]:
    rows, columns = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    return rows, columns, draw(st.integers(0, (1 << (rows * columns)) - 1))


@SETTINGS
@given(masks())
def test_patches_are_the_connected_parts_in_order_of_their_first_cell(
    shape: tuple[int, int, int],
) -> None:
    rows, columns, mask = shape
    grid = bit_grid(rows, columns)
    cells = {grid.cell(i) for i in bits(mask)}
    assert [{grid.cell(i) for i in bits(patch)} for patch in grid.patches(mask)] == _flood_patches(
        cells, rows, columns
    )
    assert grid.complete_rows(mask) == sum(
        all((r, c) in cells for c in range(columns)) for r in range(rows)
    )


def _strays(grid: list[list[str]], letter: str) -> list[Cell]:
    """HD-02 cell by cell: every cell outside the largest patch (the first, if tied)."""
    cells = {(r, c) for r in range(ROWS) for c in range(COLUMNS) if grid[r][c] == letter}
    patches = _flood_patches(cells, ROWS, COLUMNS)
    if len(patches) < 2:
        return []
    main = max(patches, key=len)
    return sorted(cell for patch in patches if patch is not main for cell in patch)


gardens = st.lists(
    st.lists(st.sampled_from([*LETTERS, "."]), min_size=COLUMNS, max_size=COLUMNS),
    min_size=ROWS,
    max_size=ROWS,
)


@SETTINGS
@given(gardens, st.sampled_from(["text", "list", "long rows", "lower case", "blank lines"]))
def test_a_garden_read_as_bitmasks_matches_it_cell_by_cell(
    grid: list[list[str]], form: str
) -> None:
    rows = [" ".join(row) for row in grid]
    if form == "long rows":  # past the rows kept: read again each time, the same answer
        rows = [row + " " * MAX_CACHED_ROW for row in rows]
    elif form == "lower case":
        rows = [row.lower() for row in rows]
    text = ("\n   \n" if form == "blank lines" else "\n").join(rows)  # blank lines are skipped
    garden = read_garden(text if form != "list" else rows, RULES)
    assert garden == read_garden(rows, RULES)
    for letter, mask, count in zip(LETTERS, garden.masks, garden.planted_each, strict=True):
        planted = {(r, c) for r in range(ROWS) for c in range(COLUMNS) if grid[r][c] == letter}
        assert {garden.grid.cell(i) for i in bits(mask)} == planted
        assert count == len(planted)
        patches = garden.grid.patches(mask)
        main = max(patches, key=int.bit_count) if len(patches) > 1 else mask
        assert [garden.grid.cell(i) for i in bits(mask & ~main)] == _strays(grid, letter)
    assert garden.planted == sum(cell != "." for row in grid for cell in row)
    assert garden.complete_rows == sum("." not in row for row in grid)
    assert garden.is_full == all("." not in row for row in grid)


def test_other_rules_read_gardens_of_their_own_shape() -> None:
    """Readers are kept per rules object (the lab's `--set` makes new ones): a garden is read
    with the shape of the rules it is read with, never one kept from other rules."""
    two_rows = RULES.model_copy(update={"garden": RULES.garden.model_copy(update={"rows": 2})})
    rows = ["L" * COLUMNS] * 2
    assert read_garden(rows, two_rows).complete_rows == 2
    with pytest.raises(ValueError, match=f"expected {ROWS} rows of {COLUMNS} cells, got 2 rows"):
        read_garden(rows, RULES)
    assert read_garden(rows, two_rows).grid.rows == 2
