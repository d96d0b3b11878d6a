"""Village Green records that cannot be read (unreadable/): exit 2 from both `score` and `check`,
one exact line per problem naming file, line and field, and the record left untouched."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import assert_unreadable

RECORDS = Path(__file__).parent / "unreadable"
EXPECTED = {
    "unknown-card.yaml": [
        "9: players[0].grid[0][2]: unknown card id 'G99' (expected a green "
        "card G01–G60 or an award A01–A30)"
    ],
    "bad-village.json": [
        "1: players[0].village: unknown value 'sideways' (expected one of: face-up, flipped)",
        "1: players: a multiplayer game has 2 to 5 players, got 1",
    ],
    "unknown-field.yaml": [
        "3: extra_field: unknown field (check the spelling; every field is in docs/records.md)"
    ],
}


@pytest.mark.parametrize("command", ["score", "check"])
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_unreadable_record(name: str, command: str, run_cli, monkeypatch) -> None:
    assert_unreadable(RECORDS, name, EXPECTED[name], command, run_cli, monkeypatch)
