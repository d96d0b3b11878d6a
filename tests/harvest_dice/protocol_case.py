"""This game's data for the shared protocol suite (tests/protocol/test_game_interface.py)."""

from __future__ import annotations

from typing import Any

from tests.protocol.cases import ProtocolCase


def _upper_garden(record: dict[str, Any]) -> None:
    for player in record["players"]:
        player["garden"] = player["garden"].lower()


CASE = ProtocolCase(
    game="harvest-dice",
    legal="basic-2-players.yaml",
    illegal="illegal-3-players.yaml",
    retyped=_upper_garden,
)
