"""Where the Harvest Dice write-up is silent, the engine follows the playtest defaults in
`components/harvest-dice/game.yaml` (`rules.pig`: powers_spent, feed_changed_die,
new_power_from). Each is switched here in a copied components folder, and the engine follows."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playtest.library.loader import load_library
from playtest.scorer.engine import engine_for
from playtest.scorer.games.harvest_dice.engine import Engine, State
from tests.harvest_dice.test_engine import ENGINE, SETUPS, _legal_by_the_book, play
from tests.helpers import edit_once, make_components

DEFAULTS = {"powers_spent": "when_taken", "feed_changed_die": "true", "new_power_from": "next_die"}
SWITCHED = {
    "powers_spent": "when_planted",
    "feed_changed_die": "false",
    "new_power_from": "next_round",
}
L, T, C = 0, 64, 128  # a die is colour * 64 + value
COLUMN_6 = sum(1 << (row * 6 + 5) for row in range(3))
Switched = Callable[[str], Engine]  # a choice's key -> the engine with it switched


@pytest.fixture(scope="module")
def switched(tmp_path_factory: pytest.TempPathFactory) -> Switched:
    """The engine of a copied components folder with one choice switched from its default
    (each made once per module, in pytest's temporary folder)."""

    @cache
    def engine_with(key: str) -> Engine:
        folder = tmp_path_factory.mktemp(f"hd-rules-{key}")
        root = make_components(folder, "harvest-dice", mini=False)
        edit_once(
            root / "harvest-dice" / "game.yaml",
            f"    {key}: {DEFAULTS[key]} ",
            f"    {key}: {SWITCHED[key]} ",
        )
        engine = engine_for(load_library(root).game("harvest-dice"))
        assert getattr(engine.rules.pig, key) != getattr(ENGINE.rules.pig, key)
        return engine  # type: ignore[return-value]

    return engine_with


def problem(engine: Engine, state: State, move: str) -> str | None:
    found = engine.move_problem(state, engine.parse_move(state, move))
    return found and f"{found.code}: {found.message}"


def after_carrot_and_tomato(engine: Engine, pigs: tuple[int, int] = (6, 0)) -> State:
    """Ann (one pig power) has a carrot in column 1 and takes next: a carrot 3 cannot be
    planted as rolled (not next to her carrot), but as a carrot 2 (one power) it can."""
    state = engine.new_game(["Ann", "Bob"], "basic")._replace(pigs=pigs)
    state = engine.apply_chance(state, (T + 2, T + 5, C + 1, C + 3, L + 1, L + 6))
    state = engine.apply(state, engine.parse_move(state, "C1 row 1"))
    return engine.apply(state, engine.parse_move(state, "T2 row 3"))


def test_the_shipped_yaml_holds_the_defaults() -> None:
    pen = ENGINE.rules.pig
    assert (pen.powers_spent, pen.feed_changed_die, pen.new_power_from) == (
        "when_taken",
        True,
        "next_die",
    )


def test_a_die_changed_by_powers_may_be_fed_unless_switched_off(switched: Switched) -> None:
    default, off = after_carrot_and_tomato(ENGINE), switched("feed_changed_die")
    assert problem(ENGINE, default, "C3 as C4 pig") is None  # a C4 does not fit either
    state = after_carrot_and_tomato(off)
    assert problem(off, state, "C3 as C4 pig") == (
        "HD-11: C3 as C4: a die changed by pig powers may not be fed to the pig "
        "(rules.pig.feed_changed_die: false)"
    )
    assert problem(off, state, "C3 pig") is None  # fed as rolled: still allowed
    assert problem(off, state, "C3 as C2 row 1") is None  # powers still plant
    fed_changed = {m for m in off.legal_moves(state) if m[2] == -1 and m[0] != m[1]}
    assert fed_changed == set() and any(
        m[2] == -1 and m[0] != m[1] for m in ENGINE.legal_moves(default)
    )


def test_powers_spent_only_to_plant_forbid_feeding_a_die_they_could_plant(
    switched: Switched,
) -> None:
    default, planted = after_carrot_and_tomato(ENGINE), switched("powers_spent")
    assert problem(ENGINE, default, "C3 pig") is None  # as taken, a C3 cannot be planted
    state = after_carrot_and_tomato(planted)
    assert problem(planted, state, "C3 pig") == (
        "HD-13: C3 can be planted as C2 with pig powers, so it may not be fed to the pig "
        "(rules.pig.powers_spent: when_planted)"
    )
    assert problem(planted, state, "C3 as C4 pig") is not None
    assert problem(planted, state, "C3 as C2 row 1") is None
    carrot_3 = {m for m in planted.legal_moves(state) if m[0] == C + 3}
    assert carrot_3 and all(m[2] != -1 for m in carrot_3)
    # without a power left, the carrot 3 may be fed as rolled
    powerless = after_carrot_and_tomato(planted, pigs=(0, 0))
    assert problem(planted, powerless, "C3 pig") is None


def new_power_mid_round(engine: Engine) -> State:
    """Ann (4 pig circles, column 6 full) feeds a lettuce 6: her first pig row is complete;
    then Bob plants, and Ann takes her second die of the round."""
    state = engine.new_game(["Ann", "Bob"], "basic")._replace(
        pigs=(4, 0), gardens=((COLUMN_6, 0, 0), (0, 0, 0))
    )
    state = engine.apply_chance(state, (T + 2, T + 5, C + 1, C + 3, L + 1, L + 6))
    state = engine.apply(state, engine.parse_move(state, "L6 pig"))
    state = engine.apply(state, engine.parse_move(state, "T2 row 1"))
    assert state.pigs == (10, 0) and engine.to_move(state) == 0
    return state


def test_a_power_unlocked_by_feeding_waits_for_the_next_round_if_switched(
    switched: Switched,
) -> None:
    assert problem(ENGINE, new_power_mid_round(ENGINE), "C3 as C2 row 1") is None
    later = switched("new_power_from")
    state = new_power_mid_round(later)
    assert problem(later, state, "C3 as C2 row 1") == (
        "HD-11: C3 cannot become C2: 1 pig power needed, 0 unlocked and unused (one unlocked "
        "this round is usable from the next round: rules.pig.new_power_from)"
    )
    assert all(m[0] == m[1] for m in later.legal_moves(state))
    # the round ends (Ann plants, Bob plants, one die left) and the next roll frees it
    state = later.apply(state, later.parse_move(state, "C1 row 1"))
    state = later.apply(state, later.parse_move(state, "T5 row 1"))
    state = later.apply_chance(state, (T + 2, T + 5, C + 1, C + 3, L + 1, L + 6))
    assert later.powers_left(state, 0) == 1


@settings(max_examples=12, deadline=None)
@given(
    key=st.sampled_from(sorted(SWITCHED)),
    setup=st.sampled_from(SETUPS),
    seed=st.integers(0, 2**32 - 1),
)
def test_switched_legal_moves_are_the_rules(
    switched: Switched, key: str, setup: tuple[int, str], seed: int
) -> None:
    engine = switched(key)
    for state in play(*setup, seed, engine=engine):
        if engine.to_move(state) >= 0:
            legal = engine.legal_moves(state)
            assert set(legal) == _legal_by_the_book(state, engine)
            assert all(engine.move_problem(state, move) is None for move in legal)


@pytest.mark.parametrize("key", sorted(SWITCHED))
def test_a_switched_choice_changes_games(switched: Switched, key: str) -> None:
    """Not a dead setting: over a few random games some position has other legal moves."""
    engine = switched(key)
    assert any(
        set(engine.legal_moves(s)) != set(ENGINE.legal_moves(s))
        for seed in range(40)
        for s in play(4, "advanced", seed, engine=engine)
        if engine.to_move(s) >= 0
    )
