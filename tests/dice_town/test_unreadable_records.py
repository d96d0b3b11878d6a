"""Dice Town records that cannot be read (unreadable/): exit 2 from both `score` and `check`,
one exact line per problem naming file, line and field, and the record left untouched."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import assert_unreadable

RECORDS = Path(__file__).parent / "unreadable"
EXPECTED = {
    "unknown-store-card.yaml": [
        "3: players[0].store[0]: unknown card 'GS99' (expected a printed "
        "id: GS01..GS19, P01..P20, DB1..DB7)"
    ],
    "unknown-die-face.yaml": [
        "6: players[0].dice[4]: unknown die face '7' (expected one of: 9, 10, J, Q, K, A)"
    ],
}


@pytest.mark.parametrize("command", ["score", "check"])
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_unreadable_record(name: str, command: str, run_cli, monkeypatch) -> None:
    assert_unreadable(RECORDS, name, EXPECTED[name], command, run_cli, monkeypatch)
