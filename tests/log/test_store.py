"""The playtest log's database: saves, edits, deletes, filters, migrations, crash safety."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from playtest.core.yamlsource import load_document
from playtest.log import PlaytestLog, kit_version, new_game
from playtest.log.migrations import LATEST, MIGRATIONS, migrate
from tests.games import a_game, example_records, finished_records, game_ids


def _entry(library, path: Path, **kw):
    return new_game(load_document(path), library, **kw)[0]


@pytest.mark.parametrize("game", game_ids())
def test_save_get_list_update_delete(tmp_path: Path, library, game: str) -> None:
    """A finished game of each registered game, saved beside another game's record."""
    other = next(g for g in game_ids() if g != game)
    log = PlaytestLog(tmp_path / "p.db")
    mine = _entry(library, finished_records(game)[0], played_on="2026-01-02")
    theirs_record = max(example_records(other), key=lambda r: len(load_document(r).data["players"]))
    last_seat = len(load_document(theirs_record).data["players"]) - 1
    assert last_seat > 0  # a seat other than the first, kept
    theirs = _entry(library, theirs_record, played_on="2026-01-03", start_seat=last_seat)
    first, second = log.save(mine), log.save(theirs)
    got = log.get(first)
    assert got is not None and got.record == mine.record and got.result == mine.result
    assert [p["name"] for p in got.players] == [p["name"] for p in mine.record["players"]]
    assert got.winners == mine.result["winners"] and got.winners
    assert got.kit_version == kit_version(library.game(game))
    assert [g.id for g in log.games()] == [second, first]  # newest first
    assert [g.id for g in log.games(game)] == [first]
    assert log.games(game, "other-version") == []
    assert log.get(second).start_seat == last_seat

    # another record of the same game takes the saved one's place, scored anew
    edited = next(r for r in example_records(game) if _entry(library, r).result != mine.result)
    entry = _entry(library, edited, played_on="2026-01-02")
    assert log.update(first, entry)
    assert log.get(first).result == entry.result != mine.result
    assert log.delete(first) and log.get(first) is None and not log.delete(first)
    with sqlite3.connect(tmp_path / "p.db") as conn:  # seats go with their game
        assert conn.execute("SELECT count(*) FROM seats WHERE game_id=?", (first,)).fetchone() == (
            0,
        )
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_an_old_database_is_migrated_and_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=1) == 1
    conn.execute(
        "INSERT INTO games (game, variant, played_on, kit_version, record, result, legal,"
        " created_at, updated_at) VALUES (?, 'basic', '2025-05-05', 'v1',"
        " '{}', '{\"players\": [], \"winners\": [], \"legal\": true}', 1, 'x', 'x')",
        (a_game(),),
    )
    conn.close()
    log = PlaytestLog(path)
    [old] = log.games()
    assert old.played_on == "2025-05-05" and old.start_seat == 0 and old.source == "cli"
    with sqlite3.connect(path) as conn:
        assert [v for (v,) in conn.execute("SELECT version FROM schema_version")] == list(
            range(1, LATEST + 1)
        )
    assert LATEST == len(MIGRATIONS) >= 2


def test_a_newer_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    PlaytestLog(path)
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO schema_version VALUES (?)", (LATEST + 1,))
    with pytest.raises(sqlite3.DatabaseError, match="newer"):
        PlaytestLog(path)


WRITER = """
import sys
from playtest.library.loader import load_library
from playtest.log import PlaytestLog, new_game
from playtest.core.yamlsource import load_document
log = PlaytestLog(sys.argv[1])
entry = new_game(load_document(sys.argv[2]), load_library())[0]
print("ready", flush=True)
while True:
    log.save(entry)
"""


def test_a_writer_killed_mid_save_leaves_a_consistent_file(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    record = finished_records(a_game())[0]
    seated = len(load_document(record).data["players"])
    writer = subprocess.Popen(
        [
            sys.executable,
            "-c",
            WRITER,
            str(db),
            str(record),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert writer.stdout.readline().strip() == "ready"
        time.sleep(0.8)
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait()
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        games = conn.execute("SELECT count(*) FROM games").fetchone()[0]
        seats = conn.execute("SELECT count(*) FROM seats").fetchone()[0]
    assert games > 0 and seats == seated * games  # no game without its seats, no half save
    assert len(PlaytestLog(db).games()) == games
