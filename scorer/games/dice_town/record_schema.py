"""The shapes of the two Dice Town record kinds, as typed by players (see examples/dice-town)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from playtest.core.schema import Schema

Name = Annotated[str, Field(min_length=1, max_length=60)]
Quantity = Annotated[int, Field(ge=0, le=1_000_000)]
CardIds = Annotated[list[str], Field(max_length=200)]


class FinalPlayerRecord(Schema):
    name: Name
    nuggets: Quantity = 0
    dollars: Quantity = 0
    sheriff: bool = False
    store: CardIds = []  # General Store card ids kept
    deeds: CardIds = []  # property deed ids


class FinalRecord(Schema):
    """`kind: final` (the default): what every player holds when the game is over."""

    game: str
    kind: Literal["final"] = "final"
    # false: what each player holds so far, in a game not over (`replay --until/--record`)
    final: Annotated[bool, Field(strict=True)] = True
    players: list[FinalPlayerRecord]  # how many, and their names: the shared header


Die = str | int  # YAML reads 9 and 10 as numbers


class RoundPlayerRecord(Schema):
    name: Name
    dice: Annotated[list[Die], Field(max_length=50)] | str  # [9, 9, K, K, A] or "9 9 K K A"


class RoundRecord(Schema):
    """`kind: round`: the dice on the table when the locations are resolved."""

    game: str
    kind: Literal["round"]
    sheriff: Name  # who holds the badge as the round is resolved
    bank: Quantity  # dollars on the bank
    mine: Quantity | None = None  # nuggets left in the mine (default: all of them)
    deeds: Annotated[list[Quantity], Field(max_length=50)] | None = None  # face-up deed values
    players: list[RoundPlayerRecord]  # how many, and their names: the shared header
