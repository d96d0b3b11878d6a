"""`playtest simulate` keeps its games in the playtest log, marked simulated: a real database
file, every stored answer exactly `playtest score`'s, all of a run or none of it."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from playtest.log import SIMULATED, PlaytestLog, kit_version
from playtest.log.entries import record_document
from playtest.scorer.api import evaluate_document
from tests.lab.helpers import GAME, simulate_logged


def simulate(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return simulate_logged(cwd, GAME, *args)


def test_a_run_stores_each_game_marked_simulated_and_scored_as_playtest_score(
    tmp_path: Path, library
) -> None:
    done = simulate(tmp_path, "--games", "12", "--db", str(tmp_path / "sim.db"))
    assert done.returncode == 0, done.stderr
    assert f"logged 12 simulated games in {tmp_path / 'sim.db'}" in done.stdout
    log = PlaytestLog(tmp_path / "sim.db")
    games = log.games()
    assert len(games) == 12 and {g.source for g in games} == {SIMULATED}
    assert {g.kit_version for g in games} == {kit_version(library.game(GAME))}
    for game in games:
        assert len(game.players) == 3 and game.start_seat == 0
        scored = evaluate_document(record_document(game.record), library)
        assert scored.to_json() == game.result  # what `playtest score` says of the record
    with sqlite3.connect(tmp_path / "sim.db") as conn:
        assert conn.execute("SELECT count(*) FROM seats").fetchone() == (36,)
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert log.count(source="played") == 0  # nothing passes for a game people played
    listed = subprocess.run(
        [sys.executable, "-m", "playtest.cli", "log", "list", "--db", str(tmp_path / "sim.db")],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    assert len(listed) == 12 and all(line.endswith("(simulated)") for line in listed)


def test_the_default_log_is_playtest_db_here_and_no_log_stores_nothing(tmp_path: Path) -> None:
    assert simulate(tmp_path, "--games", "3", "--no-log").returncode == 0
    assert not (tmp_path / "playtest.db").exists()
    assert simulate(tmp_path, "--games", "3").returncode == 0
    assert PlaytestLog(tmp_path / "playtest.db").count(source=SIMULATED) == 3


def test_a_log_that_cannot_be_opened_is_one_line_before_any_game(tmp_path: Path) -> None:
    (tmp_path / "not.db").write_text("this is no database\n" * 200)
    done = simulate(tmp_path, "--games", "500", "--db", str(tmp_path / "not.db"))
    assert done.returncode == 2
    assert "cannot open the playtest log" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "report").exists()


def test_many_games_are_saved_all_or_none(tmp_path: Path, library) -> None:
    from playtest.lab.log_store import simulated_entries
    from playtest.lab.runner import RunSpec, run

    result = run(
        RunSpec(game=GAME, players=2, bots=("random",), games=30, keep_records=True),
        workers=1,
    )
    entries = list(simulated_entries(result, played_on="2026-01-05"))
    log = PlaytestLog(tmp_path / "p.db")
    ids = log.save_many(entries)
    assert ids == list(range(1, 31)) and log.count(source=SIMULATED) == 30
    assert [g.result for g in reversed(log.games())] == [e.result for e in entries]
    broken = replace(entries[5], result={"players": []})  # no "legal": the insert fails
    with pytest.raises(KeyError):
        log.save_many([*entries[:5], broken, *entries[6:]])
    assert log.count() == 30  # the failed batch left nothing behind
