"""A Village Green game in progress, as plain data (the engine's state).

A deck is not an ordered list: the cards nobody has seen (the shuffled deck and the cards left
in the box at set-up, which nobody may look at) are one sorted tuple, and the deck is how many
of them are still to be drawn. Drawing the top card is then a chance event over the unseen
cards, exactly as likely as from a real shuffled deck, and the cards removed at set-up need no
log entry. Cards put under a deck (a green card from a hand, a refreshed display) wait in order
below the shuffled part and come up once it is gone.
"""

from __future__ import annotations

from typing import NamedTuple

from playtest.scorer.games.village_green.position import Board

# phases of a turn (`State.phase`)
DEAL = "deal"  # the set-up deal is due (a chance event)
TURN = "turn"  # the seat chooses its action (or uses the village card, or stops in solo)
GREEN = "green"  # action A: place a green card from the hand, or put one under the deck
STRUCTURE = "structure"  # a structure was placed: take an award (display or deck)
AWARD = "award"  # place the award taken
ENDED = "over"  # the game is over

PUBLIC = -1  # `Deck.hidden` of a card everyone saw go under the deck


class Deck(NamedTuple):
    unseen: tuple[str, ...]  # sorted: the shuffled part and the box, nobody knows which is where
    left: int  # cards still in the shuffled part
    bottom: tuple[str, ...]  # cards put under the deck, in order (drawn after the shuffled part)
    hidden: tuple[int, ...]  # per bottom card: the seat that put it there unseen, or PUBLIC

    @property
    def empty(self) -> bool:
        return not self.left and not self.bottom

    def drawable(self) -> tuple[str, ...]:
        """The cards the next draw can turn up."""
        if self.left:
            return self.unseen
        return self.bottom[:1]

    def without(self, card: str) -> Deck:
        """The deck after `card` was drawn from it (`card` must be drawable)."""
        if self.left:
            unseen = list(self.unseen)
            unseen.remove(card)
            return self._replace(unseen=tuple(unseen), left=self.left - 1)
        return self._replace(bottom=self.bottom[1:], hidden=self.hidden[1:])

    def under(self, cards: tuple[str, ...], seat: int = PUBLIC) -> Deck:
        return self._replace(bottom=self.bottom + cards, hidden=self.hidden + (seat,) * len(cards))


class State(NamedTuple):
    names: tuple[str, ...]
    solo: bool
    green: Deck
    awards: Deck
    green_display: tuple[str, ...]
    award_display: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]  # per seat, sorted; hidden from the others
    boards: tuple[Board, ...]  # per seat: the scorer's own board (village, award slots, grid)
    seat: int  # whose turn it is
    phase: str
    due: tuple[str, ...]  # chance draws due before the seat decides (see engine.DRAWS)
    held: str | None  # the award taken, to be placed
    for_structure: bool  # the award held was taken for a structure (solo: it may cover)
    rounds: int  # rounds finished (every seat has had a turn)
    ending: bool  # an end condition happened: the game ends with this round
