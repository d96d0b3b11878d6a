"""The Harvest Dice engine and the scorer agree: random games reach only positions
`playtest check` passes, the engine's scores are `playtest score`'s on the same record, and the
legal moves are exactly the moves the rules (written out again here, from the spec) allow."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playtest.core.yamlsource import parse_document
from playtest.library.loader import load_library
from playtest.scorer.api import evaluate_document
from playtest.scorer.engine import CHANCE, engine_for
from playtest.scorer.games.harvest_dice.engine import FEED, Engine, State
from playtest.scorer.mechanics.grid import neighbours
from playtest.scorer.record_text import record_yaml
from tests.engines.random_games import random_states

LIBRARY = load_library()
ENGINE: Engine = engine_for(LIBRARY.game("harvest-dice"))  # type: ignore[assignment]
RULES = ENGINE.rules
NAMES = ("Ann", "Bob", "Cid", "Dee")
SETUPS = [(n, v) for n in (2, 3, 4) for v in ("basic", "advanced")]


def scored_as_file(state: State):
    """`playtest score` on the record the engine writes: YAML text, parsed as a file is."""
    text = record_yaml(ENGINE.record(state))
    return evaluate_document(parse_document(text.encode(), Path("r.yaml"), "r.yaml"), LIBRARY)


def play(players: int, variant: str, seed: int, engine: Engine = ENGINE):
    """Every state of one random game, chance from the seed, decisions uniform."""
    return random_states(engine, engine.new_game(NAMES[:players], variant), seed)


@pytest.mark.parametrize(("players", "variant"), SETUPS)
def test_random_games_stay_legal_and_score_as_the_scorer(players: int, variant: str) -> None:
    """1,000 games per player count and sheet: every round's end passes the checks, the game
    ends exactly on a trigger, and the final scores are the scorer's on the written record."""
    for seed in range(1000):
        for state in play(players, variant, seed):
            if state.pool:
                continue  # mid-round: not a position a record can hold
            result = ENGINE.result(state)
            assert result.violations == (), (seed, ENGINE.record(state), result.violations)
            assert bool(ENGINE.end_triggers(state)) == state.over
        if seed % 10 == 0:  # the slow path, parsing YAML text, for a tenth of the games
            assert scored_as_file(state).to_json() == ENGINE.result(state).to_json()
        assert ENGINE.scores(state) == tuple(p.total for p in ENGINE.result(state).players)


def _legal_by_the_book(state: State, engine: Engine = ENGINE) -> set[tuple[int, int, int]]:
    """Every legal move, from the spec's words, the playtest defaults where it is silent
    (`rules.pig`: powers_spent, feed_changed_die, new_power_from) and a plain grid (not the
    engine's bitmasks)."""
    pen = engine.rules.pig
    seat = engine.to_move(state)
    rows, columns = RULES.garden.rows, RULES.garden.columns
    grid = [[None] * columns for _ in range(rows)]
    for colour, mask in enumerate(state.gardens[seat]):
        for cell in range(rows * columns):
            if mask >> cell & 1:
                grid[cell // columns][cell % columns] = colour
    # powers unlocked by feeding this round wait for the next round, if so switched
    pig = state.round_pigs[seat] if pen.new_power_from == "next_round" else state.pigs[seat]
    powers = min(pig // RULES.pig.circles_per_row, RULES.pig.rows) - state.powers_used[seat]
    can_recolour = "colour" in RULES.pig.powers[state.variant]
    moves = set()
    for die in set(state.pool):
        colour, value = divmod(die, 64)
        plantable = False
        for new_colour in range(len(RULES.vegetables)):
            for new_value in RULES.dice.faces:
                cost = abs(new_value - value) + (new_colour != colour)
                if cost > powers or (new_colour != colour and not can_recolour):
                    continue
                final = new_colour * 64 + new_value
                has_own = any(new_colour in row for row in grid)
                cells = [
                    (r, c)
                    for r in range(rows)
                    for c in range(columns)
                    if grid[r][c] is None
                    and RULES.garden.column_faces[c] == new_value
                    and (
                        not has_own
                        or any(
                            grid[nr][nc] == new_colour
                            for nr, nc in neighbours((r, c), rows, columns)
                        )
                    )
                ]
                moves |= {(die, final, r * columns + c) for r, c in cells}
                plantable = plantable or bool(cells)
                if (
                    not cells
                    and pen.powers_spent == "when_taken"
                    and (final == die or pen.feed_changed_die)
                ):
                    moves.add((die, final, FEED))  # fed as changed
        if pen.powers_spent == "when_planted" and not plantable:
            moves.add((die, die, FEED))  # powers only plant: fed as rolled, if nothing fits
    return moves


@settings(max_examples=60, deadline=None)
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 2**32 - 1))
def test_legal_moves_are_the_rules(setup: tuple[int, str], seed: int) -> None:
    for state in play(*setup, seed):
        if ENGINE.to_move(state) >= 0:
            legal = ENGINE.legal_moves(state)
            assert len(legal) == len(set(legal))
            assert set(legal) == _legal_by_the_book(state)
            assert all(ENGINE.move_problem(state, move) is None for move in legal)


def test_a_round_takes_the_dice_in_turn_and_leaves_one_for_the_market() -> None:
    state = ENGINE.new_game(NAMES[:3], "basic")
    state = ENGINE.apply_chance(state, ENGINE.sample_chance(state, random.Random(1)))
    seats = []
    while state.pool:
        seats.append(ENGINE.to_move(state))
        before = state.markets
        state = ENGINE.apply(state, ENGINE.legal_moves(state)[0])
    assert seats == [0, 1, 2, 0, 1, 2, 0, 1]  # 3, 3 and 2 dice; one die left over
    assert sum(state.markets) == sum(before) + 1
    assert ENGINE.to_move(state) == CHANCE and state.start == 1  # the next seat rolls


def test_pig_powers_and_feeding() -> None:
    state = ENGINE.new_game(NAMES[:2], "basic")
    # Ann's carrot grows in the 1 column; a carrot 3 elsewhere cannot be planted
    state = ENGINE.apply_chance(state, (64 + 2, 64 + 5, 2 * 64 + 1, 2 * 64 + 3, 1, 6))
    state = ENGINE.apply(state, ENGINE.parse_move(state, "C1 row 1"))
    state = ENGINE.apply(state, ENGINE.parse_move(state, "T2 row 3"))
    assert ENGINE.move_problem(state, ENGINE.parse_move(state, "C3 pig")) is None
    planted_far = ENGINE.move_problem(state, ENGINE.parse_move(state, "C3 row 3"))
    assert planted_far is not None and planted_far.code == "HD-02"
    fed_plantable = ENGINE.move_problem(state, ENGINE.parse_move(state, "L1 pig"))
    assert fed_plantable is not None and fed_plantable.code == "HD-13"
    no_power = ENGINE.move_problem(state, ENGINE.parse_move(state, "C3 as C2 row 1"))
    assert no_power is not None and no_power.code == "HD-11"
    with_power = state._replace(pigs=(6, 0))  # one pig row: one power
    assert ENGINE.move_problem(with_power, ENGINE.parse_move(state, "C3 as C2 row 1")) is None
    after = ENGINE.apply(with_power, ENGINE.parse_move(state, "C3 as C2 row 1"))
    assert after.powers_used == (1, 0)
    recolour = ENGINE.move_problem(with_power, ENGINE.parse_move(state, "L1 as C1 row 2"))
    assert recolour is not None and recolour.code == "HD-11"  # basic sheet: value only
    advanced = with_power._replace(variant="advanced")
    assert ENGINE.move_problem(advanced, ENGINE.parse_move(state, "L1 as C1 row 2")) is None


def test_pips_beyond_a_full_pig_are_lost() -> None:
    state = ENGINE.new_game(NAMES[:2], "basic")
    state = ENGINE.apply_chance(state, (6, 6, 64 + 6, 64 + 6, 2 * 64 + 6, 2 * 64 + 6))
    state = state._replace(pigs=(40, 0), gardens=((0, 0, 0), (0, 0, 0)))
    full_column = sum(1 << (r * 6 + 5) for r in range(3))
    state = state._replace(gardens=((full_column, 0, 0), (0, 0, 0)))
    state = ENGINE.apply(state, ENGINE.parse_move(state, "L6 pig"))
    assert state.pigs[0] == RULES.pig.circles
