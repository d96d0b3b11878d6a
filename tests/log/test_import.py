"""`playtest log import`: a game already in the log is skipped and counted; an import is one
transaction, so a bad file or a signal (a real process, a real SIGINT or SIGTERM) saves
nothing and says so; a date in a file name is a real date."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from playtest.log import PlaytestLog
from tests.conftest import REPO
from tests.games import a_game, example_records, game_ids

EXAMPLES = REPO / "examples"
GAME = a_game()
RECORDS = example_records(GAME)  # a game's records, and one of another game
FINAL = example_records(next(game for game in game_ids() if game != GAME))[0]


def test_the_same_files_twice_are_stored_once_and_the_summary_says_so(
    tmp_path: Path, run_cli
) -> None:
    db = tmp_path / "p.db"
    records, n = RECORDS, len(RECORDS)
    first = run_cli("log", "import", *records, "--db", db)
    assert first.exit_code == 0 and first.output.startswith(f"{n} imported, 0 already in the log")
    again = run_cli("log", "import", *records, "--db", db)
    assert again.exit_code == 0 and again.output == f"0 imported, {n} already in the log\n"
    out = tmp_path / "out"
    run_cli("log", "export", "--out", out, "--db", db)
    back = run_cli("log", "import", out, FINAL, "--db", db)  # an export into its own log
    assert back.output.startswith(f"1 imported, {n} already in the log: #{n + 1}")
    assert PlaytestLog(db).count() == n + 1


def test_a_file_named_twice_in_one_import_is_one_game(tmp_path: Path, run_cli) -> None:
    db = tmp_path / "p.db"
    result = run_cli("log", "import", FINAL, FINAL, "--db", db)
    assert result.output.startswith("1 imported, 1 already in the log")
    assert PlaytestLog(db).count() == 1


def test_a_date_in_a_file_name_must_be_a_real_date(tmp_path: Path, run_cli) -> None:
    db = tmp_path / "p.db"
    bad = tmp_path / f"2026-99-99-{GAME}-1.yaml"
    bad.write_bytes(FINAL.read_bytes())
    result = run_cli("log", "import", bad, "--db", db)
    assert result.exit_code == 2
    assert result.output.strip().endswith("file name: '2026-99-99' is not a date (YYYY-MM-DD)")
    assert PlaytestLog(db).count() == 0
    good = tmp_path / f"2024-02-29-{GAME}-1.yaml"
    good.write_bytes(FINAL.read_bytes())
    assert run_cli("log", "import", good, "--db", db).exit_code == 0
    assert PlaytestLog(db).games()[0].played_on == "2024-02-29"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"id": "../../x"}', "id '../../x' is not 32 hexadecimal digits"),
        ('{"played_on": "/abs/x"}', "played_on '/abs/x' is not a date"),
        ('{"start_seat": 4}', "start seat 4 is not one of the game's 4 seats"),
        ('{"source": "bots"}', "source 'bots' is not one of web, cli, import, simulated"),
        ('{"kit_version": "a b"}', "kit_version 'a b' is not a kit version"),
        ('{"colour": 1}', "unknown field 'colour'"),
        ("[1, 2", "not a JSON object on one line"),
    ],
)
def test_a_wrong_identity_line_is_one_line_and_imports_nothing(
    tmp_path: Path, run_cli, line: str, message: str
) -> None:
    db, record = tmp_path / "p.db", tmp_path / "r.yaml"
    record.write_text(f"# made by hand\n# playtest-log: {line}\n" + FINAL.read_text())
    result = run_cli("log", "import", record, "--db", db)
    assert result.exit_code == 2 and PlaytestLog(db).count() == 0
    [line] = result.output.splitlines()
    assert f"r.yaml:2: playtest-log: {message}" in line


def test_a_bad_file_after_good_ones_imports_nothing(tmp_path: Path, run_cli) -> None:
    db = tmp_path / "p.db"
    folder = tmp_path / "records"
    folder.mkdir()
    for i in range(5):
        (folder / f"a{i}.yaml").write_text(FINAL.read_text().replace("name: Ann", f"name: A{i}"))
    (folder / "z.yaml").write_text(FINAL.read_text().replace("name: Ann", 'name: "A\\u2028B"'))
    result = run_cli("log", "import", folder, "--db", db)
    assert result.exit_code == 2 and "z.yaml:5: players[0].name: player name" in result.output
    assert PlaytestLog(db).count() == 0


def _many_records(folder: Path, count: int) -> Path:
    folder.mkdir()
    text = FINAL.read_text()
    for i in range(count):
        (folder / f"g{i:04d}.yaml").write_text(text.replace("name: Ann", f"name: Ann {i}", 1))
    return folder


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_mid_import_saves_nothing_and_says_so(tmp_path: Path, signum: int) -> None:
    folder = _many_records(tmp_path / "records", 2000)
    db = tmp_path / "p.db"
    importing = subprocess.Popen(
        [sys.executable, "-m", "playtest.cli", "log", "import", str(folder), "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while not db.exists() and time.monotonic() < deadline:  # the log is open: it is importing
        time.sleep(0.02)
    time.sleep(0.5)
    importing.send_signal(signum)
    out, err = importing.communicate(timeout=60)
    assert importing.returncode == 128 + signum, (out, err)
    assert out == ""
    name = signal.Signals(signum).name
    assert err == f"playtest: interrupted ({name}): nothing imported\n"
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert conn.execute("SELECT count(*) FROM games").fetchone() == (0,)
        assert conn.execute("SELECT count(*) FROM seats").fetchone() == (0,)
