"""Dice Town's records written mid-game (issue 26; moved from tests/engines/test_unfinished.py):
`final: false` keeps `check` honest before the last round, and typed wrong it is one line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.engines.mid_game import (
    assert_a_mid_game_field_typed_wrong_is_one_located_line,
    assert_the_record_carries_what_keeps_check_honest,
)


def test_a_mid_game_record_carries_final_false(run_cli: Callable, tmp_path: Path) -> None:
    assert_the_record_carries_what_keeps_check_honest(
        run_cli, tmp_path, "dice-town/log-2-players.yaml", 20, {"final": False}, "DT-08"
    )


def test_final_typed_wrong_is_one_located_line(run_cli: Callable, tmp_path: Path) -> None:
    assert_a_mid_game_field_typed_wrong_is_one_located_line(
        run_cli, tmp_path, "dice-town/final.yaml", "final", "no"
    )
