"""Records that cannot be read: exit code 2 from both `score` and `check`, one exact line per
problem naming file, line and field, no traceback, and the record left untouched."""

from __future__ import annotations

from pathlib import Path

import pytest

from playtest.library.loader import load_library
from tests.games import a_game, example_logs
from tests.helpers import assert_unreadable

RECORDS = Path(__file__).parent / "records"

KNOWN = ", ".join(load_library().game_ids)
# records any game's reader refuses the same way; each game's own are in its folder
# (tests/<package>/unreadable/, tests/<package>/test_unreadable_records.py)
EXPECTED = {
    "unknown-game.yaml": [
        f"1: game: unknown game 'chess' (expected one of: {KNOWN}); a game of your own is read "
        "from its components folder: add --components DIR"
    ],
    "no-game.yaml": [f"1: game: required field is missing (expected one of: {KNOWN})"],
    "list-game.yaml": [f"1: game: unknown game [] (expected one of: {KNOWN})"],
    "malformed.yaml": ["3: invalid YAML: expected ',' or ']', but got '<stream end>'"],
    "not-a-mapping.yaml": ["1: a record must be a mapping with a `game:` field"],
}


@pytest.mark.parametrize("command", ["score", "check"])
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_unreadable_record(name: str, command: str, run_cli, monkeypatch) -> None:
    assert_unreadable(RECORDS, name, EXPECTED[name], command, run_cli, monkeypatch)


@pytest.mark.parametrize("command", ["score", "check"])
def test_a_game_log_is_named_as_one(command: str, tmp_path: Path, run_cli, monkeypatch) -> None:
    """A folder of examples holds logs beside records: a log given to score or check says what
    it is and what reads it, on the line of its `events:`."""
    log = example_logs(a_game(lambda g: g.engine))[0]
    (tmp_path / "a-game-log.yaml").write_bytes(log.read_bytes())
    events = log.read_text(encoding="utf-8").splitlines().index("events:") + 1
    assert_unreadable(
        tmp_path,
        "a-game-log.yaml",
        [
            f"{events}: events: this is a game log, not a record: `playtest replay` plays it "
            "(`--record OUT` writes the position it reaches as a record)"
        ],
        command,
        run_cli,
        monkeypatch,
    )


def test_a_huge_record_is_refused_unread(tmp_path: Path, run_cli, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    with (tmp_path / "huge.yaml").open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)
    result = run_cli("check", "huge.yaml")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "huge.yaml: file is 52,428,800 bytes, more than the 1,048,576 allowed"
    )


def test_a_folder_of_records_reports_the_first_bad_one(
    tmp_path: Path, run_cli, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.yaml").write_text("game: chess\n")
    result = run_cli("score", ".")
    assert result.exit_code == 2
    assert result.stderr.startswith("a.yaml:1: game: unknown game 'chess'")
