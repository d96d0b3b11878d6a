"""A recorded position, with every card name resolved to its vegetable."""

from __future__ import annotations

from dataclasses import dataclass

from playtest.scorer.games.artichokes.cards import RHUBARB_OPTION
from playtest.scorer.games.artichokes.piles import Pile, total
from playtest.scorer.games.artichokes.rules import RecordPhase

NO_CARDS = Pile()  # frozen: one empty zone serves every position


@dataclass(frozen=True)
class PlayerZones:
    name: str
    deck: Pile
    hand: Pile
    discard: Pile

    @property
    def owned(self) -> Pile:
        return total((self.deck, self.hand, self.discard))


@dataclass(frozen=True)
class GardenStack:
    """The shared draw pile, as typed: its cards, only how many there are, or `rest`."""

    cards: Pile | None = None
    size: int | None = None  # set when typed as a number


@dataclass(frozen=True)
class Position:
    rhubarb: bool
    turn: str  # whose turn it is
    phase: RecordPhase  # the last step of that turn done (`setup`: before the first turn)
    garden_stack: GardenStack
    garden_row: Pile
    compost: Pile
    players: tuple[PlayerZones, ...]
    # mid-card: the cards out of every zone while a played card's ability is resolved (the card
    # itself, the cards it turned over or had set aside to pass), and the cards still to be
    # harvested from a row a card dealt during the play step (Rhubarb)
    set_aside: Pile = NO_CARDS
    harvest_due: int = 0

    @property
    def variant(self) -> str:
        return "rhubarb" if self.rhubarb else "base"

    @property
    def options(self) -> frozenset[str]:
        return frozenset({RHUBARB_OPTION} if self.rhubarb else set())

    @property
    def current(self) -> PlayerZones:
        return next(p for p in self.players if p.name == self.turn)

    def outside_stack(self) -> Pile:
        """Every card the record places in a known zone (all but a stack typed as a number)."""
        return total(
            (self.garden_row, self.compost, self.set_aside, *(p.owned for p in self.players))
        )
