"""A player's garden: a grid of vegetable ids (None = empty), read from the rows a player typed."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain

from playtest.model.rules.harvest_dice import Rules

EMPTY = "."
MAX_CACHED_ROW = 80  # longer rows (odd spacing, or hostile) take the slow path, uncached


@dataclass(frozen=True)
class Garden:
    """Counts are worked out once, when the garden is made: scoring asks for them several
    times, and the engines score the same garden in many positions (one Garden per grid).
    (Plain fields, not cached properties: those take a lock on every read.)"""

    cells: tuple[tuple[str | None, ...], ...]
    _counts: Counter[str | None] = field(init=False, repr=False, compare=False)
    planted: int = field(init=False, repr=False, compare=False)
    complete_rows: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        counts = Counter(chain.from_iterable(self.cells))
        setattr_ = object.__setattr__
        setattr_(self, "_counts", counts)
        setattr_(self, "planted", sum(counts.values()) - counts[None])
        setattr_(self, "complete_rows", sum(None not in row for row in self.cells))

    def count(self, vegetable: str) -> int:
        return self._counts[vegetable]

    @property
    def is_full(self) -> bool:
        return self.complete_rows == len(self.cells)


def read_garden(value: object, rules: Rules) -> Garden:
    """Rows of letters, as one text (a line per row) or a list of rows; spaces are optional.
    Raises ValueError naming every bad row and cell (HD-01)."""
    rows, columns = rules.garden.rows, rules.garden.columns
    shape = f"{rows} rows of {columns} cells"
    if isinstance(value, str):
        lines = [line for line in value.splitlines() if line.strip()]
    elif isinstance(value, list) and all(isinstance(line, str) for line in value):
        lines = value
    else:
        raise ValueError(f"expected {shape} as text, one line per row, got {value!r:.40}")
    if len(lines) != rows:
        raise ValueError(f"expected {shape}, got {len(lines)} row{'s' * (len(lines) != 1)}")
    letters = tuple((v.letter, v.id) for v in rules.vegetables)
    by_letter = dict(letters)
    allowed = ", ".join([*by_letter, EMPTY])
    problems: list[str] = []
    grid: list[tuple[str | None, ...]] = []
    for r, line in enumerate(lines, start=1):
        cells = _read_row(line, letters) if len(line) <= MAX_CACHED_ROW else None
        if cells is not None and len(cells) == columns:
            grid.append(cells)
            continue
        symbols = [ch for ch in line if not ch.isspace()]
        if len(symbols) != columns:
            problems.append(f"row {r} has {len(symbols)} cells (expected {columns})")
            continue
        for c, symbol in enumerate(symbols, start=1):
            if symbol != EMPTY and symbol.upper() not in by_letter:
                problems.append(f"row {r}, column {c}: unknown cell {symbol!r} "
                                f"(expected one of: {allowed})")
        grid.append(tuple(None if s == EMPTY else by_letter.get(s.upper()) for s in symbols))
    if problems:
        raise ValueError("; ".join(problems))
    return Garden(tuple(grid))


@lru_cache(maxsize=4096)
def _read_row(line: str, letters: tuple[tuple[str, str], ...]) -> tuple[str | None, ...] | None:
    """A row as typed, or None when a symbol is unknown (read_garden then says which). Rows
    repeat across the records of a folder, so each is read once."""
    by_letter = dict(letters)
    cells: list[str | None] = []
    for symbol in line:
        if symbol.isspace():
            continue
        if symbol == EMPTY:
            cells.append(None)
        elif (vegetable := by_letter.get(symbol.upper())) is not None:
            cells.append(vegetable)
        else:
            return None
    return tuple(cells)
