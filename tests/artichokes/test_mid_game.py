"""Abandon All Artichokes' records written mid-game (issue 26; moved from
tests/engines/test_unfinished.py): `phase: setup`, `harvest_due` and `set_aside` keep `check`
honest, and each typed wrong is one located line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.engines.mid_game import (
    assert_a_mid_game_field_typed_wrong_is_one_located_line,
    assert_the_record_carries_what_keeps_check_honest,
)

# (log, cut, what the record written there carries, the false violation without it)
CARRIED = [
    ("abandon-all-artichokes/log-2-players.yaml", 0, {"phase": "setup"}, "AA-12"),
    ("abandon-all-artichokes/log-rhubarb-3-players.yaml", 13, {"harvest_due": 1}, "AA-07"),
    ("abandon-all-artichokes/log-rhubarb-3-players.yaml", 48, {"set_aside": None}, "AA-01"),
    ("abandon-all-artichokes/log-2-players.yaml", 8, {"set_aside": {"artichoke": 2}}, "AA-02"),
]


@pytest.mark.parametrize(("log", "until", "carried", "code"), CARRIED)
def test_a_mid_game_record_carries_the_state_that_keeps_check_honest(
    run_cli: Callable, tmp_path: Path, log: str, until: int, carried: dict[str, Any], code: str
) -> None:
    assert_the_record_carries_what_keeps_check_honest(run_cli, tmp_path, log, until, carried, code)


@pytest.mark.parametrize(
    ("field", "value"), [("harvest_due", -1), ("set_aside", "leek"), ("phase", "setupp")]
)
def test_the_mid_game_fields_typed_wrong_are_one_located_line(
    run_cli: Callable, tmp_path: Path, field: str, value: Any
) -> None:
    assert_a_mid_game_field_typed_wrong_is_one_located_line(
        run_cli, tmp_path, "abandon-all-artichokes/mid-game.yaml", field, value
    )
