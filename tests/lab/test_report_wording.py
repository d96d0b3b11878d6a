"""Reports that cannot mislead (issue 26): in a run of different bots, weights and score
distributions per bot with a sentence saying what they measure (all seats together only where
one bot played them all); the settings as a table; rate differences in percentage points.
(`--compare` tables whose columns say which value each holds: in a game's folder, as the
values compared are the game's own.)"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from playtest.lab.metrics import PER_BOT, all_metrics, component_weights
from playtest.lab.play import GameOutcome
from tests.lab.helpers import GAME, cells, simulate


def game(index: int, seats: tuple[str, str], winner: int, features) -> GameOutcome:
    return GameOutcome(
        index=index,
        seats=seats,
        completed=True,
        scores=(10, 5) if winner == 0 else (5, 10),
        winners=(winner,),
        decisions=8,
        rounds=4,
        leaders=(),
        features=features,
    )


def test_a_feature_only_the_strong_bot_reaches_does_not_look_decisive_per_bot() -> None:
    """Greedy wins every game and always completes a row; random never does, and loses. All
    seats lumped, the row looks worth +100 percentage points; within each bot's own seats it
    is seen with and without equally often and weighs nothing: it only measured the bot."""
    games = []
    for i in range(20):
        row = ("row",) if i % 2 else ()  # greedy completes a row every other game, wins all
        seats, features, winner = ("greedy", "random"), (row, ()), 0
        if i % 4 >= 2:  # seats rotate
            seats, features, winner = ("random", "greedy"), ((), row), 1
        games.append(game(i, seats, winner, features))
    lumped = {w["feature"]: w["weight"] for w in component_weights(games)}
    assert lumped["row"] == pytest.approx(1 - 10 / 30)  # what the report used to show
    m = all_metrics(games)
    assert m["mixed_bots"] and m["components"] == []  # never lumped in a mixed run
    (greedy_row,) = m["components_by_bot"]["greedy"]
    assert greedy_row["feature"] == "row" and greedy_row["weight"] == pytest.approx(0.0)
    assert greedy_row["seat_games"] == 10
    assert m["components_by_bot"]["random"] == []  # random never had it
    assert m["scores_by_bot"]["greedy"]["mean"] == 10 and m["scores_by_bot"]["random"]["mean"] == 5
    assert m["weights_measure"] == PER_BOT


def run_cli(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return simulate(cwd, GAME, "-q", *args)


def test_a_mixed_run_reports_each_bot_on_its_own(tmp_path: Path) -> None:
    done = run_cli(tmp_path, "--players", "3", "--games", "40", "--bots", "greedy,random")
    assert done.returncode == 0, done.stderr
    out = tmp_path / "output" / "simulate" / GAME
    page = (out / "report.html").read_text()
    assert "Seats played by greedy" in page and "Seats played by random" in page
    assert "Lumping the bots together would mostly measure which bot played" in page
    assert "Scores of the seats greedy played" in page
    assert "Scores of the seats random played" in page
    metrics = json.loads((out / "report.json").read_text())["metrics"]
    assert metrics["components"] == [] and set(metrics["components_by_bot"]) == {
        "greedy",
        "random",
    }
    weights = [r for r in (out / "metrics.csv").read_text().splitlines() if r.startswith("weight")]
    assert weights and all(r.startswith(("weight[greedy]:", "weight[random]:")) for r in weights)
    assert "heaviest (greedy's seats): " in done.stdout
    # the settings, in words: no raw JSON line
    rows = cells(page)
    assert ["bots", "greedy, random (seat by seat round the table; seats rotate each game)"] in rows
    assert ["seed", "0 (game i draws from seeds made of this and i)"] in rows
    assert ["changed values (--set)", "none"] in rows
    assert '{"game"' not in page and "&quot;game&quot;" not in page
    # a difference of rates is in percentage points, never bare "points"
    assert re.search(r"advantage [+-]\d+\.\d percentage points", page)
    assert "percentage points more often than random" in page
    assert not re.search(r"\d points", page.replace("percentage points", ""))
    assert "percentage points)" in done.stdout


def test_one_bot_everywhere_keeps_all_seats_together(tmp_path: Path) -> None:
    done = run_cli(tmp_path, "--players", "2", "--games", "30", "--bots", "greedy")
    assert done.returncode == 0, done.stderr
    out = tmp_path / "output" / "simulate" / GAME
    metrics = json.loads((out / "report.json").read_text())["metrics"]
    assert not metrics["mixed_bots"] and metrics["components"]
    assert metrics["components_by_bot"]["greedy"] == metrics["components"]
    assert (
        "over all seats (every seat was played by the same bot)"
        in (out / "report.html").read_text()
    )
    assert "heaviest: " in done.stdout
