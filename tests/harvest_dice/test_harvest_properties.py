"""Property tests: legal gardens, a vegetable moved away from its patch, unreadable gardens,
the dice each seat takes, and scores that do not depend on the seat order."""

from __future__ import annotations

import string

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from playtest.core.errors import InputError
from playtest.library.loader import load_library
from playtest.scorer.games.harvest_dice.rules import Rules
from playtest.scorer.mechanics.grid import neighbours
from playtest.scorer.mechanics.turn_order import taken_per_seat
from tests.harvest_dice.helpers import evaluate_text, record_text

LIBRARY = load_library()
RULES: Rules = LIBRARY.game("harvest-dice").rules
ROWS, COLUMNS = RULES.garden.rows, RULES.garden.columns
LETTERS = [v.letter for v in RULES.vegetables]
Grid = list[list[str]]

SETTINGS = settings(max_examples=120, deadline=None)


def _legal_cells(grid: Grid, letter: str) -> list[tuple[int, int]]:
    """Where the planting rule lets this vegetable go: anywhere free for the first one,
    then only next to one already planted."""
    empty = [(r, c) for r in range(ROWS) for c in range(COLUMNS) if grid[r][c] == "."]
    if not any(letter in row for row in grid):
        return empty
    return [
        cell
        for cell in empty
        if any(grid[r][c] == letter for r, c in neighbours(cell, ROWS, COLUMNS))
    ]


@st.composite
def planted_gardens(draw: st.DrawFn, max_steps: int = ROWS * COLUMNS) -> Grid:
    """A garden grown by the planting rule, one die at a time."""
    grid = [["."] * COLUMNS for _ in range(ROWS)]
    for _ in range(draw(st.integers(0, max_steps))):
        letter = draw(st.sampled_from(LETTERS))
        cells = _legal_cells(grid, letter)
        if cells:
            r, c = draw(st.sampled_from(cells))
            grid[r][c] = letter
    return grid


def _rows(grid: Grid) -> list[str]:
    return [" ".join(row) for row in grid]


def _hd02(grid: Grid) -> list[str]:
    result = evaluate_text(record_text([_rows(grid), ["." * COLUMNS] * ROWS]), LIBRARY)
    return [v.message for v in result.violations if v.code == "HD-02"]


@SETTINGS
@given(planted_gardens())
def test_a_garden_grown_by_the_rules_is_never_disconnected(grid: Grid) -> None:
    assert _hd02(grid) == []


@SETTINGS
@given(planted_gardens(max_steps=12), st.data())
def test_moving_a_vegetable_away_from_its_patch_is_flagged(grid: Grid, data: st.DataObject) -> None:
    cells = {
        letter: [(r, c) for r in range(ROWS) for c in range(COLUMNS) if grid[r][c] == letter]
        for letter in LETTERS
    }
    movable = [letter for letter in LETTERS if len(cells[letter]) >= 2]
    assume(movable)
    letter = data.draw(st.sampled_from(movable))
    r, c = data.draw(st.sampled_from(cells[letter]))
    grid[r][c] = "."
    away = [
        (tr, tc)
        for tr in range(ROWS)
        for tc in range(COLUMNS)
        if grid[tr][tc] == "."
        and (tr, tc) != (r, c)
        and all(grid[nr][nc] != letter for nr, nc in neighbours((tr, tc), ROWS, COLUMNS))
    ]
    assume(away)
    tr, tc = data.draw(st.sampled_from(away))
    grid[tr][tc] = letter
    vegetable = next(v for v in RULES.vegetables if v.letter == letter)
    assert (
        f"{vegetable.name.lower()} is not connected to the other "
        f"{vegetable.plural.lower()}" in _hd02(grid)
    )


@SETTINGS
@given(
    st.lists(
        st.text(alphabet="LTC.ltc " + string.ascii_uppercase, max_size=9), min_size=0, max_size=5
    )
)
def test_a_garden_of_the_wrong_shape_is_an_input_error(rows: list[str]) -> None:
    cells = [[ch for ch in row if ch != " "] for row in rows]
    good = len(rows) == ROWS and all(
        len(row) == COLUMNS and all(ch.upper() in [*LETTERS, "."] for ch in row) for row in cells
    )
    text = record_text([rows, ["." * COLUMNS] * ROWS])
    if good:
        evaluate_text(text, LIBRARY)  # readable: no exception
        return
    try:
        evaluate_text(text, LIBRARY)
    except InputError as exc:
        assert [(p.file, p.field) for p in exc.problems] == [("record.yaml", "players[0].garden")]
    else:
        raise AssertionError(f"garden {rows!r} was accepted")


def _simulated(rounds: int, takes: list[int]) -> list[int]:
    totals = [0] * len(takes)
    for round_ in range(rounds):
        start = round_ % len(takes)
        for position, count in enumerate(takes):
            totals[(start + position) % len(takes)] += count
    return totals


@SETTINGS
@given(st.integers(0, 40), st.lists(st.integers(0, 5), min_size=1, max_size=6))
def test_dice_per_seat_follow_the_rotating_start(rounds: int, takes: list[int]) -> None:
    assert taken_per_seat(rounds, takes) == _simulated(rounds, takes)
    assert sum(taken_per_seat(rounds, takes)) == rounds * sum(takes)


@SETTINGS
@given(
    st.lists(planted_gardens(), min_size=2, max_size=4),
    st.lists(st.integers(0, 42), min_size=4, max_size=4),
    st.sampled_from(["basic", "advanced"]),
)
def test_scores_do_not_depend_on_the_seat_order(
    gardens: list[Grid], pigs: list[int], variant: str
) -> None:
    rows = [_rows(g) for g in gardens]
    markets = {"lettuce": 4, "tomato": 6, "carrot": 2}
    forward = evaluate_text(record_text(rows, variant=variant, markets=markets, pigs=pigs), LIBRARY)
    backward = evaluate_text(
        record_text(rows[::-1], variant=variant, markets=markets, pigs=pigs[: len(rows)][::-1]),
        LIBRARY,
    )
    assert {p.name: p.breakdown for p in forward.players} == {
        f"P{len(rows) - i}": p.breakdown for i, p in enumerate(backward.players)
    }
    for player in forward.players:
        assert player.total == sum(player.breakdown.values())
