"""The balance lab on Abandon All Artichokes: `playtest simulate` plays it with every bot, and
the cards a seat played are the components whose weight it reports."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from playtest.lab.bots import GreedyBot, MonteCarloBot, RandomBot
from playtest.lab.play import play_game
from playtest.lab.runner import RunSpec, run
from playtest.scorer.engine import CHANCE, OVER
from tests.artichokes.engine_helpers import ENGINE, GAME_ID, states


@pytest.mark.parametrize(
    ("bots", "games"), [("random", 16), ("greedy,random", 16), ("montecarlo,random", 2)]
)
def test_simulate_plays_artichokes_with_every_bot(
    run_cli: Callable, tmp_path: Path, bots: str, games: int
) -> None:
    out = tmp_path / "r"
    done = run_cli(
        "simulate",
        GAME_ID,
        "--players",
        "2",
        "--games",
        str(games),
        "--bots",
        bots,
        "--workers",
        "1",
        "--seed",
        "3",
        "--out",
        out,
        "--db",
        tmp_path / "playtest.db",  # never the folder the tests run from (issue 23)
        "-q",
    )
    assert done.exit_code == 0, done.output
    assert f"logged {games} simulated games in {tmp_path / 'playtest.db'}" in done.output
    metrics = json.loads((out / "report.json").read_text())["metrics"]
    assert metrics["completed"] == games and metrics["rounds"] > 1
    if games >= 16:  # enough seats with and without a card for its weight
        # a run of different bots weighs each bot's own seats (issue 26)
        groups = metrics["components_by_bot"] if "," in bots else {"": metrics["components"]}
        weighed = {w["feature"] for rows in groups.values() for w in rows}
        assert weighed and all(f.startswith("played: ") for f in weighed)
        assert re.search(r"heaviest( \(\w+'s seats\))?: played: ", done.output)


def test_a_seats_features_are_the_cards_it_played() -> None:
    rng = random.Random(9)
    state = ENGINE.new_game(("Ann", "Ben", "Cy"))
    played: list[set[str]] = [set(), set(), set()]
    while (seat := ENGINE.to_move(state)) != OVER:
        if seat == CHANCE:
            state = ENGINE.apply_chance(state, ENGINE.sample_chance(state, rng))
            continue
        move = rng.choice(ENGINE.legal_moves(state))
        if move[0] == "play":
            played[seat].add(f"played: {ENGINE.kinds[move[1]].name}")
        state = ENGINE.apply(state, move)
    assert [ENGINE.features(state, s) for s in range(3)] == played and any(played)
    outcome = play_game(ENGINE, [GreedyBot(), RandomBot()], 5, 0)
    assert outcome.completed and len(outcome.winners) == 1
    assert all(f.startswith("played: ") for seat in outcome.features for f in seat)


def test_the_montecarlo_bot_chooses_a_legal_move_from_a_determinised_view() -> None:
    for state in states(ENGINE, 3, 4):
        if ENGINE.to_move(state) >= 0 and len(ENGINE.legal_moves(state)) > 2:
            break
    seat = ENGINE.to_move(state)
    moves = ENGINE.legal_moves(state)
    move = MonteCarloBot(budget=8).choose(ENGINE, state, seat, moves, random.Random(1))
    assert move in moves and ENGINE.move_problem(state, move) is None


def test_the_rhubarb_promo_can_be_switched_on_for_a_run() -> None:
    spec = RunSpec(
        game=GAME_ID,
        players=3,
        bots=("random",),
        games=6,
        seed=2,
        sets=("game.options.rhubarb=true",),
    )
    outcomes = run(spec, workers=1).outcomes
    assert all(o.completed for o in outcomes)
    assert any("played: Rhubarb" in f for o in outcomes for f in o.features)
