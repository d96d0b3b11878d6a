"""The balance lab plays Dice Town: `playtest simulate dice-town` runs with every bot, reports
the weight of the cards a seat held or used, and a card made worth far more than printed shows
up as that card's weight. The montecarlo bot sees only what its player sees (`determinise`)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from playtest.lab.metrics import all_metrics
from playtest.lab.runner import RunSpec, run
from playtest.library.loader import load_library
from playtest.scorer.engine import OVER, engine_for

ENGINE = engine_for(load_library().game("dice-town"))


def simulate(tmp_path: Path, *args: str) -> dict:
    out = tmp_path / "report"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "playtest.cli",
            "simulate",
            "dice-town",
            *args,
            "--workers",
            "1",
            "--out",
            str(out),
            "-q",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads((out / "report.json").read_text())["metrics"]


# the searching bots play a shorter game (a mine of 6 nuggets), so the test stays fast
@pytest.mark.parametrize(
    ("bots", "players", "games", "nuggets"),
    [("random", 4, 12, 30), ("greedy,random", 3, 3, 30), ("montecarlo,random", 2, 2, 6)],
)
def test_simulate_plays_dice_town_with_every_bot(
    tmp_path: Path, bots: str, players: int, games: int, nuggets: int
) -> None:
    metrics = simulate(
        tmp_path,
        "--players",
        str(players),
        "--games",
        str(games),
        "--bots",
        bots,
        "--seed",
        "3",
        "--set",
        f"rules.supply.nuggets={nuggets}",
    )
    assert metrics["games"] == metrics["completed"] == games and metrics["timeouts"] == 0
    assert metrics["rounds"] >= (5 if nuggets == 30 else 2)  # the mine or the deeds ran out
    if bots == "random":  # enough seats for weights (5 with and 5 without a feature)
        features = {c["feature"] for c in metrics["components"]}
        for deck in ("deed: ", "General Store: ", "Doc Badluck: "):
            assert any(f.startswith(deck) for f in features), deck


def test_a_card_worth_far_more_shows_as_its_weight() -> None:
    """The Horse (GS19) worth 60 instead of 8: whoever holds it at the end wins."""
    spec = RunSpec(game="dice-town", players=2, bots=("random",), games=150, seed=1)
    horse = "decks.0.cards.18.points=60"

    def weight(sets: tuple[str, ...]) -> float:
        metrics = all_metrics(run(RunSpec(**{**spec.__dict__, "sets": sets}), workers=2).outcomes)
        return next(
            c["weight"] for c in metrics["components"] if c["feature"] == "General Store: Horse"
        )

    fair, broken = weight(()), weight((horse,))
    assert broken > fair + 0.15 and broken > 0.4


def test_determinise_deals_again_only_what_the_seat_cannot_see() -> None:
    rng = random.Random(5)
    state = ENGINE.new_game(("Ann", "Bob", "Cy"))
    checked = 0
    while ENGINE.to_move(state) != OVER and checked < 60:
        seat = ENGINE.to_move(state)
        if seat < 0:
            state = ENGINE.apply_chance(state, ENGINE.sample_chance(state, rng))
            continue
        seen = ENGINE.determinise(state, seat, random.Random(checked))
        assert seen.store[seat] == state.store[seat]  # its own hand
        assert seen.deeds == state.deeds and seen.kept == state.kept  # what is on the table
        assert seen.rolled[seat] == state.rolled[seat] and seen.need == state.need
        assert [len(h) for h in seen.store] == [len(h) for h in state.store]
        assert ENGINE.legal_moves(seen) == ENGINE.legal_moves(state)  # the seat's choices
        checked += 1
        state = ENGINE.apply(state, rng.choice(ENGINE.legal_moves(state)))
    assert checked == 60
