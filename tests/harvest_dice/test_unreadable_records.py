"""Harvest Dice records that cannot be read (unreadable/): exit 2 from both `score` and `check`,
one exact line per problem naming file, line and field, and the record left untouched."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import assert_unreadable

RECORDS = Path(__file__).parent / "unreadable"
EXPECTED = {
    "short-garden.yaml": [
        # one player in a game for 2 to 4, and a garden of 2 rows: both reported at once
        "4: players: the game has 2 to 4 players, got 1",
        "6: players[0].garden: expected 3 rows of 6 cells, got 2 rows",
    ],
    "unknown-variant.yaml": [
        "2: variant: unknown value 'expert' (expected one of: basic, advanced)"
    ],
    "wrong-type.yaml": ["5: players[0].pig: expected a whole number, got 'lots'"],
}


@pytest.mark.parametrize("command", ["score", "check"])
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_unreadable_record(name: str, command: str, run_cli, monkeypatch) -> None:
    assert_unreadable(RECORDS, name, EXPECTED[name], command, run_cli, monkeypatch)
