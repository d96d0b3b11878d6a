"""This game's data for the shared protocol suite (tests/protocol/test_game_interface.py)."""

from __future__ import annotations

from typing import Any

from tests.protocol.cases import ProtocolCase


def _lower_piles(record: dict[str, Any]) -> None:
    for player in record["players"]:
        for pile in ("store", "deeds"):
            player[pile] = [f" {card.lower()} " for card in player.get(pile, [])]


CASE = ProtocolCase(
    game="dice-town",
    legal="final.yaml",
    illegal="illegal.yaml",
    retyped=_lower_piles,
)
