"""The balance lab on Village Green: `playtest simulate` runs with every bot and weighs the
awards, and a deliberately broken award (one worth 50 a tree) shows up as that award's weight."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from playtest.lab.metrics import all_metrics, component_weights, interval
from playtest.lab.runner import RunSpec, run


@pytest.mark.parametrize(
    ("bots", "games"), [("random", 16), ("greedy", 10), ("montecarlo,random", 1)]
)
def test_simulate_runs_with_every_bot_and_weighs_the_awards(
    bots: str, games: int, tmp_path: Path
) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "playtest.cli",
            "simulate",
            "village-green",
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
            str(tmp_path / "r"),
            "-q",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads((tmp_path / "r" / "report.json").read_text())
    assert report["metrics"]["completed"] == games
    assert f"bots: {bots.split(',')[0]}" in done.stdout
    # the same games in-process: every seat's features are its visible awards (and the
    # village card), and each has a weight
    outcomes = run(
        RunSpec(game="village-green", players=2, bots=tuple(bots.split(",")), games=games, seed=3),
        workers=1,
    ).outcomes
    assert [o.scores for o in outcomes] == [
        tuple(int(s) for s in row.split(",")[3].split())
        for row in (tmp_path / "r" / "games.csv").read_text().splitlines()[1:]
    ]
    features = {f for o in outcomes for seat in o.features for f in seat}
    assert all(f == "village card used" or (f[0] == "A" and f[3] == " ") for f in features)
    assert all(3 <= len(seat) <= 7 for o in outcomes for seat in o.features)
    weighed = component_weights(outcomes, minimum=1)
    assert {w["feature"] for w in weighed} == features - {
        f for f in features if all(f in seat for o in outcomes for seat in o.features)
    }
    if bots != "montecarlo,random":  # enough seat-games for the report's own minimum
        assert report["metrics"]["components"]
        assert {w["feature"] for w in report["metrics"]["components"]} <= features


def test_a_solo_run_reports_the_one_seat(tmp_path: Path) -> None:
    """One player wins every game: the report's intervals hold that rate of 1 (the plots
    refused an interval that rounding had put just below it)."""
    assert interval(1.0, 10)[1] == 1.0 and interval(0.0, 10)[0] == 0.0
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "playtest.cli",
            "simulate",
            "village-green",
            "--players",
            "1",
            "--games",
            "4",
            "--bots",
            "greedy",
            "--workers",
            "1",
            "--no-log",
            "--out",
            str(tmp_path / "s"),
            "-q",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    metrics = json.loads((tmp_path / "s" / "report.json").read_text())["metrics"]
    assert metrics["completed"] == 4 and metrics["seat_win_rates"][0]["win_rate"] == 1.0


A17_WORTH_50 = ("decks.1.cards.16.points=[50]", "decks.1.cards.16.scoring.0.points=50")


def test_an_award_worth_50_shows_up_as_that_awards_weight() -> None:
    """Excellence in Trees (A17) made worth 50 a tree instead of 1 (the printed medal and the
    scoring both changed with `--set`): greedy players who hold it win almost every game, so
    its weight (win rate with it minus without it) is clearly positive, far above every other
    award's, and far above its own weight in the game as printed, on the same seeds."""
    spec = RunSpec(game="village-green", players=2, bots=("greedy",), games=80, seed=1)
    broken = all_metrics(
        run(RunSpec(**{**spec.__dict__, "sets": A17_WORTH_50}), workers=2).outcomes
    )["components"]
    fair = all_metrics(run(spec, workers=2).outcomes)["components"]
    a17 = next(w for w in broken if w["feature"] == "A17 Excellence in Trees")
    assert a17["weight"] > 0.4 and a17["ci"][0] > 0.2
    assert all(a17["weight"] > abs(w["weight"]) + 0.2 for w in broken if w is not a17)
    assert broken[0] is a17  # the heaviest, as `simulate` prints first
    fair_a17 = next((w["weight"] for w in fair if w["feature"] == a17["feature"]), 0.0)
    assert a17["weight"] > fair_a17 + 0.3
