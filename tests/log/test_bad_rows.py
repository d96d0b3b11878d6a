"""A log file is input like any other: a tampered or foreign row is one line naming the game
(exit 2, no traceback), nothing is written, and no file name is built from what a row holds."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
import yaml

from tests.games import a_game, example_records

FINAL = example_records(a_game())[0]
SEATS = len(yaml.safe_load(FINAL.read_text())["players"])


def _log_with_one_game(tmp_path: Path, run_cli) -> Path:
    db = tmp_path / "playtest.db"
    assert run_cli("log", "import", FINAL, "--db", db).exit_code == 0
    return db


def _tamper(db: Path, sql: str) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute(sql)


BAD_ROWS = [
    ("UPDATE games SET record = '{not json'", "record is not JSON"),
    ("UPDATE games SET result = '[1, 2]'", "result is not a mapping"),
    ("UPDATE games SET result = '{\"players\": 3}'", "result: players is not a list of players"),
    ("UPDATE games SET record = '[]'", "record is not a mapping"),
    ("UPDATE games SET record = '" + "[" * 5000 + "'", "record is not JSON"),
    ("UPDATE games SET played_on = '/abs/x'", "date played '/abs/x' is not a date (YYYY-MM-DD)"),
    ("UPDATE games SET played_on = '../..'", "date played '../..' is not a date (YYYY-MM-DD)"),
    ("UPDATE games SET played_on = '2026-99-99'", "date played '2026-99-99' is not a date"),
    ("UPDATE games SET game = '../../etc'", "game '../../etc' is not a game id"),
    ("UPDATE games SET kit_version = 'a/b'", "kit version 'a/b' is not a kit version"),
    ("UPDATE games SET source = 'robots'", "source 'robots' is not one of"),
    ("UPDATE games SET uid = 'x'", "identity 'x' is not 32 hexadecimal digits"),
    ("UPDATE games SET start_seat = 9", f"start seat 9 is not one of the game's {SEATS} seats"),
    (
        "UPDATE games SET result = replace(result, '\"Ann\"', '\"Ann\\nx: 1\"')",
        "result: player name 'Ann\\nx: 1' holds a control character or line break",
    ),
]


@pytest.mark.parametrize(("sql", "message"), BAD_ROWS)
def test_a_bad_row_is_one_line_for_list_and_export(
    tmp_path: Path, run_cli, sql: str, message: str
) -> None:
    db = _log_with_one_game(tmp_path, run_cli)
    _tamper(db, sql)
    listed = run_cli("log", "list", "--db", db)
    assert listed.exit_code == 2
    [line] = listed.output.splitlines()
    assert line.startswith(f"playtest.db: game 1: {message}"), line
    out = tmp_path / "out"
    for args in ([], ["1"]):
        exported = run_cli("log", "export", *args, "--out", out, "--db", db)
        assert exported.exit_code == 2 and exported.output.splitlines() == [line]
    assert not out.exists() or list(out.iterdir()) == []


def test_one_bad_row_among_good_ones_writes_no_file(tmp_path: Path, run_cli) -> None:
    db = tmp_path / "playtest.db"
    records = example_records(a_game())
    assert len(records) >= 2
    assert run_cli("log", "import", *records, "--db", db).exit_code == 0
    _tamper(db, "UPDATE games SET played_on = '../../x' WHERE id = 2")
    out = tmp_path / "out"
    result = run_cli("log", "export", "--out", out, "--db", db)
    assert result.exit_code == 2 and "playtest.db: game 2: date played" in result.output
    assert not out.exists() or list(out.iterdir()) == []


def test_an_id_beyond_sqlite_is_no_such_game(tmp_path: Path, run_cli) -> None:
    db = _log_with_one_game(tmp_path, run_cli)
    huge = "99999999999999999999999"
    result = run_cli("log", "export", huge, "--out", tmp_path / "out", "--db", db)
    assert result.exit_code == 2 and f"no logged game #{huge}" in result.output
