"""The playtest log's database: saves, edits, deletes, filters, migrations, crash safety."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from playtest.log import PlaytestLog, kit_version, new_game
from playtest.log.entries import _yaml_hash, record_document
from playtest.log.migrations import LATEST, MIGRATIONS, migrate
from playtest.yamlsource import load_document
from tests.conftest import REPO

EXAMPLES = REPO / "examples"


def _entry(library, name: str, **kw):
    return new_game(load_document(EXAMPLES / name), library, **kw)[0]


def test_save_get_list_update_delete(tmp_path: Path, library) -> None:
    log = PlaytestLog(tmp_path / "p.db")
    hd = _entry(library, "harvest-dice/basic-2-players.yaml", played_on="2026-01-02")
    vg = _entry(library, "village-green/three-players.yaml", played_on="2026-01-03", start_seat=2)
    first, second = log.save(hd), log.save(vg)
    got = log.get(first)
    assert got is not None and got.record == hd.record and got.result == hd.result
    assert [p["name"] for p in got.players] == ["Ann", "Bob"] and got.winners == ["Bob"]
    assert got.kit_version == kit_version(library.game("harvest-dice"))
    assert [g.id for g in log.games()] == [second, first]  # newest first
    assert [g.id for g in log.games("harvest-dice")] == [first]
    assert log.games("harvest-dice", "other-version") == []
    assert log.get(second).start_seat == 2

    edited = json.loads(json.dumps(hd.record))
    edited["players"][0]["pig"] = 30
    entry, result = new_game(record_document(edited), library, played_on="2026-01-02")
    assert log.update(first, entry)
    assert log.get(first).result["players"][0]["total"] == result.players[0].total
    assert log.delete(first) and log.get(first) is None and not log.delete(first)
    with sqlite3.connect(tmp_path / "p.db") as conn:  # seats go with their game
        assert conn.execute("SELECT count(*) FROM seats WHERE game_id=?", (first,)).fetchone() == (
            0,
        )
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_kit_version_changes_with_the_yaml(tmp_path: Path) -> None:
    from playtest.loader import load_library
    from tests.helpers import copy_components, edit_once

    root = copy_components(tmp_path)
    game = load_library(root).game("harvest-dice")
    before = kit_version(game)
    assert before.startswith(f"{game.info.version}+")  # the declared version, then the hash
    edit_once(
        root / "harvest-dice" / "game.yaml",
        "row_points: [1, 2, 3, 4, 5, 6, 7]",
        "row_points: [1, 2, 3, 4, 5, 6, 8]",
    )
    _yaml_hash.cache_clear()
    after = kit_version(load_library(root).game("harvest-dice"))
    assert after != before and after.startswith(f"{game.info.version}+")


def test_an_old_database_is_migrated_and_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=1) == 1
    conn.execute(
        "INSERT INTO games (game, variant, played_on, kit_version, record, result, legal,"
        " created_at, updated_at) VALUES ('harvest-dice', 'basic', '2025-05-05', 'v1',"
        " '{}', '{\"players\": [], \"winners\": [], \"legal\": true}', 1, 'x', 'x')"
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
from playtest.loader import load_library
from playtest.log import PlaytestLog, new_game
from playtest.yamlsource import load_document
log = PlaytestLog(sys.argv[1])
entry = new_game(load_document(sys.argv[2]), load_library())[0]
print("ready", flush=True)
while True:
    log.save(entry)
"""


def test_a_writer_killed_mid_save_leaves_a_consistent_file(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    writer = subprocess.Popen(
        [
            sys.executable,
            "-c",
            WRITER,
            str(db),
            str(EXAMPLES / "harvest-dice/basic-2-players.yaml"),
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
    assert games > 0 and seats == 2 * games  # no game without its seats, no half save
    assert len(PlaytestLog(db).games()) == games
