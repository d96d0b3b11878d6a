"""A player's garden: the cells of each vegetable as one bitmask, read from the rows a player
typed (or made by the engine from its own bitmasks)."""

from __future__ import annotations

from typing import NamedTuple

from playtest.core.per_object import per_object
from playtest.scorer.games.harvest_dice.rules import Rules
from playtest.scorer.mechanics.grid import BitGrid, bit_grid

EMPTY = "."
MAX_CACHED_ROW = 80  # longer rows (odd spacing, or hostile) are read again each time
MAX_CACHED_ROWS = 4096  # rows kept per game (a folder of records types the same rows again)


class Garden(NamedTuple):
    """Made by `Garden.of`, which works out the counts once: scoring asks for them several
    times, and the engines score the same garden in many positions. (A named tuple: made
    for every player of every record, and a frozen dataclass takes three times as long.)"""

    masks: tuple[int, ...]  # per vegetable in sheet order; cell = row * columns + column
    grid: BitGrid
    planted_each: tuple[int, ...]  # per vegetable in sheet order
    planted: int
    complete_rows: int

    @classmethod
    def of(cls, masks: tuple[int, ...], grid: BitGrid) -> Garden:
        planted_each = tuple(map(int.bit_count, masks))
        # the masks never share a cell (one letter per cell), so their sum is their union
        return cls(masks, grid, planted_each, sum(planted_each), grid.complete_rows(sum(masks)))

    @property
    def is_full(self) -> bool:
        return self.complete_rows == self.grid.rows


def read_garden(value: object, rules: Rules) -> Garden:
    """Rows of letters, as one text (a line per row) or a list of rows; spaces are optional.
    Raises ValueError naming every bad row and cell (HD-01)."""
    return garden_reader(rules).read(value)


class GardenReader:
    """A garden as the rules spell it (shape, a letter per vegetable), and the rows it has
    read: rows repeat across the records of a folder, so each is read once.

    While it is read, the garden is one int holding every vegetable's mask, vegetable i's
    from bit i * cells on: a row read once is then placed with one shift, whatever it holds.
    """

    def __init__(self, rules: Rules) -> None:
        self.rows, self.columns = rules.garden.rows, rules.garden.columns
        self.grid = bit_grid(self.rows, self.columns)
        cells = self.rows * self.columns
        self.starts = tuple(i * cells for i in range(len(rules.vegetables)))
        self.index = {v.letter: i for i, v in enumerate(rules.vegetables)}
        self.shape = f"{self.rows} rows of {self.columns} cells"
        self._known: dict[str, tuple[int, bool] | None] = {}

    def read(self, value: object) -> Garden:
        if isinstance(value, str):  # one line per row, as nearly every garden is typed
            garden = self._garden(value.splitlines())
            if garden is not None:
                return garden
        lines = self._lines(value)  # blank lines left out, the shape checked
        garden = self._garden(lines)
        if garden is None:
            raise ValueError("; ".join(self._problems(lines)))
        return garden

    def _garden(self, lines: list[str]) -> Garden | None:
        """The garden of these rows; None unless every row can be read (and no blank line is
        among them: a blank row has no cells)."""
        if len(lines) != self.rows:
            return None
        known, columns = self._known, self.columns
        packed = complete_rows = 0
        for r, line in enumerate(lines):
            row = known.get(line) or self._row(line)
            if row is None:
                return None
            packed |= row[0] << (r * columns)
            complete_rows += row[1]
        full = self.grid.full
        masks = tuple(packed >> start & full for start in self.starts)
        planted_each = tuple(map(int.bit_count, masks))
        return Garden(masks, self.grid, planted_each, sum(planted_each), complete_rows)

    def _lines(self, value: object) -> list[str]:
        if isinstance(value, str):
            lines = [line for line in value.splitlines() if line.strip()]
        elif isinstance(value, list) and all(isinstance(line, str) for line in value):
            lines = value
        else:
            raise ValueError(f"expected {self.shape} as text, one line per row, got {value!r:.40}")
        if len(lines) != self.rows:
            raise ValueError(
                f"expected {self.shape}, got {len(lines)} row{'s' * (len(lines) != 1)}"
            )
        return lines

    def _row(self, line: str) -> tuple[int, bool] | None:
        if len(line) > MAX_CACHED_ROW:
            return self._read_row(line)
        try:
            return self._known[line]
        except KeyError:
            if len(self._known) >= MAX_CACHED_ROWS:
                self._known.clear()
            row = self._known[line] = self._read_row(line)
            return row

    def _read_row(self, line: str) -> tuple[int, bool] | None:
        """A row as the first row of a packed garden, and whether every cell is planted; None
        when a symbol is unknown or the row has too few or too many cells (`_problems` then
        says which)."""
        packed = column = planted = 0
        for symbol in line:
            if symbol.isspace():
                continue
            if symbol != EMPTY:
                vegetable = self.index.get(symbol.upper())
                if vegetable is None:
                    return None
                packed |= 1 << (self.starts[vegetable] + column)
                planted += 1
            column += 1
        return (packed, planted == self.columns) if column == self.columns else None

    def _problems(self, lines: list[str]) -> list[str]:
        allowed = ", ".join([*self.index, EMPTY])
        problems: list[str] = []
        for r, line in enumerate(lines, start=1):
            symbols = [ch for ch in line if not ch.isspace()]
            if len(symbols) != self.columns:
                problems.append(f"row {r} has {len(symbols)} cells (expected {self.columns})")
                continue
            for c, symbol in enumerate(symbols, start=1):
                if symbol != EMPTY and symbol.upper() not in self.index:
                    problems.append(
                        f"row {r}, column {c}: unknown cell {symbol!r} (expected one of: {allowed})"
                    )
        return problems


@per_object
def garden_reader(rules: Rules) -> GardenReader:
    return GardenReader(rules)
