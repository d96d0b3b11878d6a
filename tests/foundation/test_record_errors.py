"""Records that cannot be read: exit code 2 from both `score` and `check`, one exact line per
problem naming file, line and field, no traceback, and the record left untouched."""

from __future__ import annotations

from pathlib import Path

import pytest

RECORDS = Path(__file__).parent / "records"

EXPECTED = {
    # one player in a game for 2 to 4, and a garden of 2 rows: both reported at once
    "short-garden.yaml": [
        "4: players: the game has 2 to 4 players, got 1",
        "6: players[0].garden: expected 3 rows of 6 cells, got 2 rows",
    ],
    "unknown-game.yaml": [
        "1: game: unknown game 'chess' (expected one of: "
        "abandon-all-artichokes, dice-town, harvest-dice, village-green)"
    ],
    "no-game.yaml": [
        "1: game: required field is missing (expected one of: "
        "abandon-all-artichokes, dice-town, harvest-dice, village-green)"
    ],
    "unknown-card.yaml": [
        "9: players[0].grid[0][2]: unknown card id 'G99' (expected a green "
        "card G01–G60 or an award A01–A30)"
    ],
    "malformed.yaml": ["3: invalid YAML: expected ',' or ']', but got '<stream end>'"],
    "unknown-variant.yaml": [
        "2: variant: unknown value 'expert' (expected one of: basic, advanced)"
    ],
    "wrong-type.yaml": ["5: players[0].pig: expected a whole number, got 'lots'"],
    "unknown-store-card.yaml": [
        "3: players[0].store[0]: unknown card 'GS99' (expected a printed "
        "id: GS01..GS19, P01..P20, DB1..DB7)"
    ],
    "unknown-vegetable.yaml": [
        "5: garden_row[4]: unknown card 'tomato' (expected one of: "
        "artichoke, beet, broccoli, carrot, corn, eggplant, leek, onion, "
        "peas, pepper, potato, rhubarb, or a printed card id)"
    ],
    "not-a-mapping.yaml": ["1: a record must be a mapping with a `game:` field"],
    "bad-village.json": [
        "1: players[0].village: unknown value 'sideways' (expected one of: face-up, flipped)",
        "1: players: a multiplayer game has 2 to 5 players, got 1",
    ],
    "unknown-die-face.yaml": [
        "6: players[0].dice[4]: unknown die face '7' (expected one of: 9, 10, J, Q, K, A)"
    ],
    "unknown-field.yaml": [
        "3: extra_field: unknown field (check the spelling; see the YAML reference in README.md)"
    ],
}


@pytest.mark.parametrize("command", ["score", "check"])
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_unreadable_record(name: str, command: str, run_cli, monkeypatch) -> None:
    monkeypatch.chdir(RECORDS)
    before = (RECORDS / name).read_bytes()
    result = run_cli(command, name)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [f"{name}:{line}" for line in EXPECTED[name]]
    assert (RECORDS / name).read_bytes() == before


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
