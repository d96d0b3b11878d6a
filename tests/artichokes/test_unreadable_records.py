"""Abandon All Artichokes records that cannot be read (unreadable/): exit 2 from both
`score` and `check`, one exact line per problem naming file, line and field, and the record
left untouched."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import assert_unreadable

RECORDS = Path(__file__).parent / "unreadable"
EXPECTED = {
    "unknown-vegetable.yaml": [
        "5: garden_row[4]: unknown card 'tomato' (expected one of: "
        "artichoke, beet, broccoli, carrot, corn, eggplant, leek, onion, "
        "peas, pepper, potato, rhubarb, or a printed card id)"
    ],
}


@pytest.mark.parametrize("command", ["score", "check"])
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_unreadable_record(name: str, command: str, run_cli, monkeypatch) -> None:
    assert_unreadable(RECORDS, name, EXPECTED[name], command, run_cli, monkeypatch)
