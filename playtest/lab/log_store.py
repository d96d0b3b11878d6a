"""A simulation's games kept in the playtest log, marked simulated, so the web stats page can
show them beside the games people played (and never mixed with them)."""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from playtest.core.errors import InputError
from playtest.lab.play import GameOutcome
from playtest.lab.runner import RunResult, run_kit_version
from playtest.log import SIMULATED, NewGame, PlaytestLog


def simulated_entries(result: RunResult, played_on: str | None = None) -> Iterator[NewGame]:
    """The finished games of a run as log entries: the engine's final record and its score
    (the scorer's own answer, worked out where the game was played). The kit version is the
    version of the YAML the bots played, `--set` changes included, so a changed rule is
    another version. Games stopped at the decision limit are not games anyone finished."""
    version = run_kit_version(result.spec)
    day = played_on or dt.date.today().isoformat()
    for outcome in result.outcomes:
        if outcome.completed and outcome.record is not None and outcome.result is not None:
            yield _entry(outcome, result.spec.game, version, day)


def _entry(outcome: GameOutcome, game_id: str, version: str, day: str) -> NewGame:
    assert outcome.record is not None and outcome.result is not None
    return NewGame(
        game=game_id,
        variant=outcome.result.get("variant"),
        played_on=day,
        kit_version=version,
        record=outcome.record,
        result=outcome.result,
        start_seat=0,
        source=SIMULATED,
    )  # seat 0 starts every simulated game


def store_run(result: RunResult, db_path: Path) -> list[int]:
    """Every finished game of the run in one transaction: all of them or none."""
    try:
        return PlaytestLog(db_path).save_many(simulated_entries(result))
    except sqlite3.Error as exc:
        raise InputError.one(
            str(db_path), None, "", f"cannot save the simulated games in the playtest log ({exc})"
        ) from None
