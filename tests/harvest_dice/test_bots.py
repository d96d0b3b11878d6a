"""The bots on Harvest Dice's engine (its `move_scores` hook): legal choices, the greedy
bot's score is the game's own, and the per-seat score the bots use agrees with the whole
table's."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playtest.lab.bots import (
    GreedyBot,
    MonteCarloBot,
    RandomBot,
    best_moves,
    move_scores,
    seat_score,
)
from playtest.library.loader import load_library
from playtest.scorer.engine import CHANCE, OVER, engine_for, play_random

ENGINE = engine_for(load_library().game("harvest-dice"))


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.sampled_from([2, 3, 4]),
    variant=st.sampled_from(["basic", "advanced"]),
)
def test_a_seats_score_is_its_score_in_the_whole_table(
    seed: int, players: int, variant: str
) -> None:
    state = play_random(
        ENGINE, ENGINE.new_game([f"p{i}" for i in range(players)], variant), random.Random(seed)
    )
    assert [seat_score(ENGINE, state, s) for s in range(players)] == list(ENGINE.scores(state))


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.sampled_from([2, 3, 4]),
    variant=st.sampled_from(["basic", "advanced"]),
)
def test_the_engines_move_scores_are_the_scores_after_each_move(
    seed: int, players: int, variant: str
) -> None:
    """The greedy bot's shortcut (scores after each move without making the positions) gives
    the table's scores after `apply`, at every decision of a game, round ends included."""
    rng = random.Random(seed)
    state = ENGINE.new_game([f"p{i}" for i in range(players)], variant)
    while (seat := ENGINE.to_move(state)) != OVER:
        if seat == CHANCE:
            state = ENGINE.apply_chance(state, ENGINE.sample_chance(state, rng))
            continue
        moves = ENGINE.legal_moves(state)
        assert (
            ENGINE.move_scores(state, seat, moves)
            == move_scores(ENGINE, state, seat, moves)
            == [ENGINE.scores(ENGINE.apply(state, m))[seat] for m in moves]
        )
        state = ENGINE.apply(state, rng.choice(moves))


def mid_game(seed: int) -> tuple[object, int]:
    rng = random.Random(seed)
    state = ENGINE.new_game(["a", "b", "c"], "basic")
    for _ in range(40):
        seat = ENGINE.to_move(state)
        if seat == CHANCE:
            state = ENGINE.apply_chance(state, ENGINE.sample_chance(state, rng))
        elif seat != OVER:
            state = ENGINE.apply(state, rng.choice(ENGINE.legal_moves(state)))
    while ENGINE.to_move(state) == CHANCE:
        state = ENGINE.apply_chance(state, ENGINE.sample_chance(state, rng))
    return state, ENGINE.to_move(state)


@pytest.mark.parametrize("bot", [RandomBot(), GreedyBot(), MonteCarloBot(budget=12)])
def test_every_bot_chooses_a_legal_move(bot) -> None:
    state, seat = mid_game(5)
    moves = ENGINE.legal_moves(state)
    move = bot.choose(ENGINE, state, seat, moves, random.Random(1))
    assert move in moves and ENGINE.move_problem(state, move) is None


def test_greedy_takes_a_move_of_the_highest_own_score() -> None:
    state, seat = mid_game(11)
    moves = ENGINE.legal_moves(state)
    after = {m: ENGINE.scores(ENGINE.apply(state, m))[seat] for m in moves}
    top = max(after.values())
    assert set(best_moves(ENGINE, state, seat, moves)) == {m for m, v in after.items() if v == top}
    assert after[GreedyBot().choose(ENGINE, state, seat, moves, random.Random(2))] == top
