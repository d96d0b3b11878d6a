"""The Dice Town engine's state: plain tuples, copied before every change, so `apply` is pure.

What is due next is `need`: a decision `(kind, seat, *data)` or a chance event
`(kind, CHANCE, *data)`; the rest of the round waits in `agenda`, a tuple of steps run in order
(engine_flow.py). Seats are numbers; cards are their printed ids (cards.yaml).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from playtest.scorer.engine import CHANCE
from playtest.scorer.games.dice_town.cards import (
    DEED_DECK,
    DOC_DECK,
    STORE_DECK,
    CardInfo,
    LoadedGame,
)
from playtest.scorer.games.dice_town.rules import Rules

Step = tuple[Any, ...]


@dataclass
class State:
    names: tuple[str, ...]
    dollars: tuple[int, ...]
    nuggets: tuple[int, ...]
    store: tuple[tuple[str, ...], ...]  # General Store cards kept, per seat (sorted ids)
    deeds: tuple[tuple[str, ...], ...]
    protected: tuple[tuple[str, ...], ...]  # deeds laid face up by Protection: not stolen
    used: tuple[tuple[str, ...], ...]  # cards a seat played (effects) or used (Doc Badluck)
    sheriff: int
    bank: int
    box: int  # paid this round, under the bank: the bank's prize from next round
    mine: int
    store_pile: tuple[str, ...]  # shuffled, order unknown (sorted ids)
    store_under: tuple[str, ...]  # put under the pile, in order: drawn when the rest is gone
    deed_deck: tuple[str, ...]  # order unknown (sorted)
    deed_display: tuple[str, ...]  # face up, the bottom card first
    doc_deck: tuple[str, ...]
    doc_display: tuple[str, ...]
    doc_discard: tuple[str, ...]
    rounds: int  # rounds finished
    cups: tuple[int, ...]  # dice still in each cup
    kept: tuple[tuple[str, ...], ...]  # dice out of the cup this round (faces)
    rolled: tuple[tuple[str, ...], ...]  # the faces of the last roll, in the cup
    chosen: tuple[tuple[str, ...] | None, ...]  # this roll's keep decisions, not yet revealed
    last_roll: bool  # someone has all their dice out: the others roll once more, keep all
    won: tuple[bool, ...]  # a location won this round (Doc Badluck is for the others)
    active: tuple[tuple[str, int], ...]  # cards in effect for this step, and who played them
    visitors: tuple[int, ...]  # Lucky Tonic: visit Doc Badluck although a location was won
    ending: bool  # an end trigger happened (the mine is empty, or the deeds cannot refill)
    need: Step | None
    agenda: tuple[Step, ...]
    over: bool

    def copy(self) -> State:
        """A shallow copy (every field is immutable): the bots' hot path, so done by hand."""
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        return new

    def decider(self) -> int:
        return CHANCE if self.need is None else self.need[1]


def without(cards: tuple[str, ...], *gone: str) -> tuple[str, ...]:
    left = list(cards)
    for card in gone:
        left.remove(card)
    return tuple(left)


@dataclass(frozen=True)
class Cards:
    """The catalogue as the engine plays it: every card by id, and the decks' ids."""

    info: dict[str, CardInfo]
    store: tuple[str, ...]
    deeds: tuple[str, ...]
    docs: tuple[str, ...]

    @classmethod
    def of(cls, game: LoadedGame) -> Cards:
        every = {card.id: card for card in _all_cards(game)}  # in the printed order

        def deck(deck_id: str) -> tuple[str, ...]:
            return tuple(
                cid
                for cid, card in every.items()
                if card.deck == deck_id
                for _ in range(card.copies)
            )

        return cls(every, deck(STORE_DECK), deck(DEED_DECK), deck(DOC_DECK))

    def power(self, card: str) -> str | None:
        return self.info[card].power

    def holding(self, hand: tuple[str, ...], power: str) -> str | None:
        return next((card for card in hand if self.info[card].power == power), None)


def _all_cards(game: LoadedGame) -> list[CardInfo]:
    lookup = game.catalogue.lookup
    return [lookup.get(card.id) for deck in game.decks for card in deck.cards]


def new_state(names: tuple[str, ...], rules: Rules, cards: Cards) -> State:
    n = len(names)
    empty: tuple[tuple[str, ...], ...] = ((),) * n
    return State(
        names=names,
        dollars=(rules.setup.starting_money,) * n,
        nuggets=(0,) * n,
        store=empty,
        deeds=empty,
        protected=empty,
        used=empty,
        sheriff=0,
        bank=rules.setup.bank_start,
        box=0,
        mine=rules.supply.nuggets,
        store_pile=tuple(sorted(cards.store)),
        store_under=(),
        deed_deck=tuple(sorted(cards.deeds)),
        deed_display=(),
        doc_deck=tuple(sorted(cards.docs)),
        doc_display=(),
        doc_discard=(),
        rounds=0,
        cups=(0,) * n,
        kept=empty,
        rolled=empty,
        chosen=(None,) * n,
        last_roll=False,
        won=(False,) * n,
        active=(),
        visitors=(),
        ending=False,
        need=None,
        agenda=(("reveal-deeds",), ("reveal-docs",), ("round",)),
        over=False,
    )
