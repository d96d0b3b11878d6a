"""This game's data for the shared protocol suite (tests/protocol/test_game_interface.py)."""

from __future__ import annotations

from typing import Any

from tests.protocol.cases import ProtocolCase


def _lower_grid(record: dict[str, Any]) -> None:
    def lower(slot: Any) -> Any:
        if isinstance(slot, list):
            return [lower(s) for s in slot]
        return slot.lower() if isinstance(slot, str) else slot

    for player in record["players"]:
        for key in ("top", "left"):
            player[key] = [lower(s) for s in player[key]]
        player["grid"] = [[lower(s) for s in row] for row in player["grid"]]


CASE = ProtocolCase(
    game="village-green",
    legal="three-players.yaml",
    illegal="illegal-solo.yaml",
    retyped=_lower_grid,
)
