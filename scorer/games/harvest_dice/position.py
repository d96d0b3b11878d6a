"""A Harvest Dice position: every player's sheet as the checks and the scoring read it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from playtest.scorer.games.harvest_dice.garden import Garden
from playtest.scorer.games.harvest_dice.rules import Variant


class PlayerBoard(NamedTuple):
    """One player's sheet. (A named tuple: made for every player of every record, and a frozen
    dataclass takes three times as long.)"""

    name: str
    garden: Garden
    pig: int
    powers_used: int
    markets: Mapping[str, int]  # what this player's sheet shows
    own_markets: bool  # typed for this player rather than once for the game


@dataclass(frozen=True)
class Position:
    variant: Variant
    final: bool
    players: tuple[PlayerBoard, ...]  # seat order; the first was the first start player

    @property
    def markets(self) -> Mapping[str, int]:
        """The markets the checks and scores use: the first player's (records.md)."""
        return self.players[0].markets

    @property
    def markets_owner(self) -> str | None:
        """Whom a market violation names: nobody when the markets were typed once."""
        first = self.players[0]
        return first.name if first.own_markets else None
