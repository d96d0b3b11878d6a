"""A record once read: plain frozen values, every card id and die face resolved."""

from __future__ import annotations

from dataclasses import dataclass

from playtest.scorer.games.dice_town.cards import CardInfo


@dataclass(frozen=True)
class FinalPlayer:
    name: str
    nuggets: int
    dollars: int
    sheriff: bool
    store: tuple[CardInfo, ...]
    deeds: tuple[CardInfo, ...]


@dataclass(frozen=True)
class FinalPosition:
    players: tuple[FinalPlayer, ...]
    final: bool = True  # false: a game not over yet, so no end trigger is due (DT-08)

    @property
    def variant(self) -> str | None:
        return None  # Dice Town has one way to play; `kind` says what the record holds


@dataclass(frozen=True)
class RoundPlayer:
    name: str
    dice: tuple[str, ...]  # face labels as in the rules, e.g. ("9", "K", "A", ...)


@dataclass(frozen=True)
class RoundPosition:
    sheriff: str
    bank: int
    mine: int | None  # None: the mine is full
    deeds: tuple[int, ...] | None  # face-up deed values; None: not given
    players: tuple[RoundPlayer, ...]

    @property
    def variant(self) -> str | None:
        return None
