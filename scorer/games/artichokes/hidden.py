"""What a player cannot see, dealt again at random, so a searching bot never peeks.

Deck orders are never stored (a shuffled layer is counts; the card drawn is chance), so the
hidden part of a position is the opponents' hands, and the cards they set aside to pass for an
Eggplant. What each opponent owns is public by counting (cards go to hands, discards and decks
in view), so each opponent's hidden cards (hand, set-aside cards and the shuffled part of the
deck) are pooled and the hand and set-aside cards are dealt again from that pool. A card laid
face up on top of a deck (Corn, Pepper: a one-card layer) stays known.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from playtest.scorer.games.artichokes.state import PASS, State
from playtest.scorer.games.artichokes.table import Counts, Pile, add, merge, pick
from playtest.scorer.mechanics.tuples import put

if TYPE_CHECKING:
    from playtest.scorer.games.artichokes.engine import Engine


def determinise(engine: Engine, state: State, seat: int, rng: random.Random) -> State:
    passing = state.due[0] == PASS
    aside = list(state.due[3]) if passing else None
    seats = state.seats
    for other, zones in enumerate(seats):
        if other == seat:
            continue
        known = tuple(layer for layer in zones.deck if sum(layer) == 1)
        hidden = [layer for layer in zones.deck if sum(layer) > 1]
        pool = merge(zones.hand, *hidden) if hidden else zones.hand
        if aside is not None:
            pool = merge(pool, aside[other])
            aside[other], pool = _deal(pool, sum(aside[other]), rng)
        hand, pool = _deal(pool, sum(zones.hand), rng)
        deck: Pile = known + ((pool,) if any(pool) else ())
        seats = put(seats, other, zones._replace(hand=hand, deck=deck))
    state = state._replace(seats=seats)
    if aside is not None:
        state = state._replace(due=(*state.due[:3], tuple(aside)))
    return state


def _deal(pool: Counts, n: int, rng: random.Random) -> tuple[Counts, Counts]:
    dealt = (0,) * len(pool)
    for _ in range(n):
        kind = pick(pool, rng)
        pool, dealt = add(pool, kind, -1), add(dealt, kind)
    return dealt, pool
