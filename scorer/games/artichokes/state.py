"""An Abandon All Artichokes game in progress, as plain data, and what happens next (`due`)."""

from __future__ import annotations

from typing import Any, NamedTuple

from playtest.scorer.games.artichokes.table import Counts, Pile, Seat

# what is due next: the first item of `State.due`, then its details
DEAL = "deal"  # chance: cards dealt into the Garden Row; (DEAL, after) after: SETUP/TURN/RHUBARB
DRAW = "draw"  # chance: a hand drawn; (DRAW, seat, set-up?)
SWAP = "swap"  # chance: Beet's blind swap; (SWAP, opponent)
REVEAL = "reveal"  # chance: cards turned over; (REVEAL, LEEK/POTATO/PEAS, seat whose deck, n)
HARVEST = "harvest"  # decision: (HARVEST, cards left to harvest, during a Rhubarb?)
PLAY = "play"  # decision: play a card or end the play step
PASS = "pass"  # decision: (PASS, seat choosing, cards each passes, set aside per seat)
LEEK = "leek"  # decision: (LEEK, opponent, card turned over): take it or leave it
GIVE = "give"  # decision: (GIVE, cards turned over): which one goes to an opponent
OVER = "over"

SETUP, TURN, RHUBARB = "setup", "turn", "rhubarb"
POTATO, PEAS = "potato", "peas"

CHANCE_STEPS = (DEAL, DRAW, SWAP, REVEAL)


class State(NamedTuple):
    names: tuple[str, ...]
    rhubarb: bool  # the promo is in
    sole: frozenset[int]  # kinds that must be the only card played in a turn (option on)
    seats: tuple[Seat, ...]
    stack: Pile
    row: Counts
    compost: Counts
    turn: int  # the seat whose turn it is
    phase: str  # the last step of that turn done (records.md phases)
    due: tuple[Any, ...]
    played: int  # cards played this turn
    sole_done: bool  # a card that must be the only play was played this turn
    in_play: int  # the card whose ability is resolving (it goes away at the end), or -1
    turns: int  # turns finished
    used: tuple[int, ...]  # per seat: the kinds it played this game, as bits
    winner: int  # the seat that won, or -1

    @property
    def over(self) -> bool:
        return bool(self.due[0] == OVER)
