"""This game's data for the shared protocol suite (tests/protocol/test_game_interface.py)."""

from __future__ import annotations

from typing import Any

from tests.protocol.cases import ProtocolCase


def _upper_zones(record: dict[str, Any]) -> None:
    def upper(zone: Any) -> Any:
        if isinstance(zone, list):
            return [name.upper() for name in zone]
        if isinstance(zone, dict):
            return {name.upper(): n for name, n in zone.items()}
        return zone

    for key in ("garden_stack", "garden_row", "compost"):
        record[key] = upper(record.get(key))
    for player in record["players"]:
        for key in ("deck", "hand", "discard"):
            player[key] = upper(player.get(key))


CASE = ProtocolCase(
    game="abandon-all-artichokes",
    legal="mid-game.yaml",
    illegal="illegal.yaml",
    retyped=_upper_zones,
)
