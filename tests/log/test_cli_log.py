"""`playtest score --log` and `playtest log list|export|import` on a real database."""

from __future__ import annotations

import json
from pathlib import Path

from playtest.log import PlaytestLog
from tests.conftest import REPO
from tests.games import a_game, example_records, games_with

EXAMPLES = REPO / "examples"
# the example records (the `log-*` files beside them are game logs, for `playtest replay`)
ALL_EXAMPLES = sorted(p for p in EXAMPLES.glob("*/*.yaml") if not p.name.startswith("log-"))
RECORD = example_records(a_game())[0]


def test_export_then_score_gives_the_same_answer_for_every_example(tmp_path: Path, run_cli) -> None:
    db = tmp_path / "p.db"
    assert run_cli("log", "import", *ALL_EXAMPLES, "--db", db).exit_code == 0
    out = tmp_path / "out"
    exported = run_cli("log", "export", "--out", out, "--db", db).output.split()
    assert len(exported) == len(ALL_EXAMPLES)
    for entry in PlaytestLog(db).games():
        [path] = [p for p in exported if p.endswith(f"-{entry.id}.yaml")]
        answer = run_cli("score", path, "--json")
        assert json.loads(answer.output) == entry.result, path


def test_import_of_an_export_keeps_the_date(tmp_path: Path, run_cli) -> None:
    db, db2, out = tmp_path / "a.db", tmp_path / "b.db", tmp_path / "out"
    run_cli("log", "import", RECORD, "--date", "2024-03-04", "--db", db)
    run_cli("log", "export", "--out", out, "--db", db)
    run_cli("log", "import", out, "--db", db2)
    [entry] = PlaytestLog(db2).games()
    assert entry.played_on == "2024-03-04" and entry.source == "import"


def test_bad_input_is_one_line_and_imports_nothing(tmp_path: Path, run_cli) -> None:
    db = tmp_path / "p.db"
    bad = REPO / "tests/foundation/records/unknown-game.yaml"
    result = run_cli("log", "import", RECORD, bad, "--db", db)
    assert result.exit_code == 2 and "unknown-game.yaml:" in result.output
    assert PlaytestLog(db).games() == []
    assert run_cli("log", "import", bad, "--date", "yesterday", "--db", db).exit_code == 2
    missing = run_cli("log", "export", "99", "--db", db, "--out", tmp_path / "x")
    assert missing.exit_code == 2 and "no logged game #99" in missing.output
    not_a_db = tmp_path / "text.db"
    not_a_db.write_text("hello, this is not a database" * 100)
    broken = run_cli("log", "list", "--db", not_a_db)
    assert broken.exit_code == 2 and "cannot open the playtest log" in broken.output
    assert not_a_db.read_text().startswith("hello")  # the user's file is never modified


def test_export_never_replaces_a_file(tmp_path: Path, run_cli) -> None:
    db, out = tmp_path / "p.db", tmp_path / "out"
    run_cli("log", "import", RECORD, "--db", db)
    run_cli("log", "export", "--out", out, "--db", db)
    [path] = list(out.iterdir())
    path.write_text("mine")
    again = run_cli("log", "export", "--out", out, "--db", db)
    assert again.exit_code == 2 and "not replacing" in again.output
    assert path.read_text() == "mine"


def test_an_empty_list_says_so(tmp_path: Path, run_cli) -> None:
    """A filter that lists nothing says so on stderr (it was silent), exit 0; a game the log
    and the installed games do not know is refused (a game's own tests: test_cli_newcomers.py)."""
    db = tmp_path / "p.db"
    run_cli("log", "import", RECORD, "--db", db)
    listed = run_cli("log", "list", "--version", "9.9", "--db", db)
    assert listed.exit_code == 0 and listed.stdout == ""
    assert listed.stderr == f"{db}: no logged games of kit version '9.9'\n"
    assert run_cli("log", "list", "--db", db).stdout.startswith("#1  ")


def test_export_of_ids_keeps_to_game_and_version(tmp_path: Path, run_cli) -> None:
    """Beside IDS, --game and --version are not ignored: an id they leave out is refused,
    naming it, and nothing is written; ids that match export as without them."""
    db, out = tmp_path / "p.db", tmp_path / "out"
    other_game = next(g for g in games_with(lambda g: g.scorer) if g != a_game())
    run_cli("log", "import", RECORD, example_records(other_game)[0], "--db", db)
    first, second = sorted(PlaytestLog(db).games(), key=lambda e: e.id)
    version = run_cli("log", "export", "1", "--version", "0.0.1-other", "--db", db, "--out", out)
    assert version.exit_code == 2
    assert version.output == (
        f"{db}: --version: not '0.0.1-other': #1 is of kit version {first.kit_version!r}\n"
    )
    game = run_cli("log", "export", "1", "2", "--game", first.game, "--db", db, "--out", out)
    assert game.exit_code == 2
    assert game.output == f"{db}: --game: not {first.game!r}: #2 is {second.game}\n"
    assert not out.exists()
    same = run_cli(
        "log",
        "export",
        "1",
        "--version",
        first.kit_version,
        "--game",
        first.game,
        "--db",
        db,
        "--out",
        out,
    )
    assert same.exit_code == 0 and [p.name for p in out.iterdir()] == [
        same.output.split("/")[-1].strip()
    ]
