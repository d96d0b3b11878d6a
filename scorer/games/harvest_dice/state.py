"""A Harvest Dice game in progress, as plain ints (the hot path of the balance lab's bots): a
garden is one bitmask of cells per vegetable (cell = row * columns + column), a die is one int
(`colour * DIE_BASE + value`)."""

from __future__ import annotations

from typing import NamedTuple

from playtest.scorer.games.harvest_dice.rules import Variant


class State(NamedTuple):
    names: tuple[str, ...]
    variant: Variant
    start: int  # seat of this round's start player
    rounds: int  # rounds finished
    pool: tuple[int, ...]  # dice on the table, sorted; empty when a roll is due
    taken: int  # dice taken this round
    gardens: tuple[tuple[int, ...], ...]  # per seat: a bitmask of cells per vegetable
    pigs: tuple[int, ...]  # pig circles crossed per seat
    powers_used: tuple[int, ...]
    markets: tuple[int, ...]  # crossed circles per vegetable (pre-printed crosses included)
    over: bool
    round_pigs: tuple[int, ...] = ()  # pig circles per seat when this round's dice were rolled
