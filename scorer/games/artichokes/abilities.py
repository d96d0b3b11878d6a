"""Playing a card: when it may be played, and what it does.

The numbers are each card's fields in cards.yaml (`needs_artichokes`, `composts_artichokes`,
`afterwards`, `needs_stack_cards`, `garden_stack_cards`, `passes_cards`, `sole_play_option`);
what a vegetable's ability *is* (a swap, a reveal, a card put on a deck) is its own code here.
A vegetable without one of these abilities plays by its numbers alone (compost Artichokes,
then go where `afterwards` says), so a new plain card needs no code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playtest.scorer.games.artichokes.cards import COMPOST
from playtest.scorer.games.artichokes.state import (
    DEAL,
    GIVE,
    PASS,
    PEAS,
    PLAY,
    POTATO,
    REVEAL,
    RHUBARB,
    SWAP,
    State,
)
from playtest.scorer.games.artichokes.table import (
    Seat,
    add,
    merge,
    one,
    pile_size,
    shuffled,
)
from playtest.scorer.mechanics.tuples import put

if TYPE_CHECKING:
    from playtest.scorer.games.artichokes.engine import Engine

OPPONENT_DISCARD = "opponent-discard"
# what a card's target names: an opponent (seat), a Garden Row card or a discard card (kind)
OPPONENT, ROW_CARD, DISCARD_CARD = "opponent", "row card", "discard card"
TARGETS = {"beet": OPPONENT, "leek": OPPONENT, "corn": ROW_CARD, "pepper": DISCARD_CARD}


def target_of(engine: Engine, kind: int) -> str | None:
    """What a player names when playing this card, if anything."""
    card = engine.kinds[kind]
    if card.afterwards == OPPONENT_DISCARD:
        return OPPONENT
    return TARGETS.get(card.vegetable)


def condition_problem(engine: Engine, state: State, kind: int, target: int | None) -> str | None:
    """Why the current player may not play this card (held, with this target) now. With no
    target, the card's own condition only (what it needs whatever it names)."""
    seat = state.seats[state.turn]
    card = engine.kinds[kind]
    hand = add(seat.hand, kind, -1)
    artichokes = hand[engine.art]
    if artichokes < card.needs_artichokes:
        return (
            f"{card.name} needs {card.needs_artichokes} Artichoke"
            f"{'s' if card.needs_artichokes != 1 else ''} in hand; "
            f"{state.names[state.turn]} holds {artichokes}"
        )
    veg = card.vegetable
    if veg == "beet":
        if not any(hand):
            return "Beet needs another card in your hand"
        if target is not None and not any(state.seats[target].hand):
            return f"{state.names[target]} holds no card to swap"
    elif veg == "leek" and target is not None:
        other = state.seats[target]
        if not (other.deck or any(other.discard)):
            return f"{state.names[target]} has neither a deck nor a discard pile"
    elif veg == "peas":
        need = max(1, card.needs_stack_cards)
        if pile_size(state.stack) < need:
            return (
                f"Peas needs {need} card{'s' if need != 1 else ''} in the Garden Stack; it "
                f"holds {pile_size(state.stack)}"
            )
    elif veg == "pepper" and not any(seat.discard):
        return "Pepper needs a card in your discard pile"
    elif veg == "potato" and not (seat.deck or any(seat.discard)):
        return "Potato needs a deck or a discard pile"
    elif veg == "rhubarb" and not (any(state.row) or state.stack):
        return "Rhubarb needs a card in the Garden Row or the Garden Stack"
    return None


def play(engine: Engine, state: State, kind: int, target: int) -> State:
    """The state once the card is played: its ability done, or its chance or choices due."""
    me = state.turn
    card = engine.kinds[kind]
    seat = state.seats[me]
    hand = add(seat.hand, kind, -1)
    compost = state.compost
    if card.composts_artichokes:
        hand = add(hand, engine.art, -card.composts_artichokes)
        compost = add(compost, engine.art, card.composts_artichokes)
    state = state._replace(
        phase="play",
        played=state.played + 1,
        sole_done=state.sole_done or kind in state.sole,
        used=put(state.used, me, state.used[me] | 1 << kind),
        compost=compost,
        in_play=kind,
        due=(PLAY,),
    )
    state = _set_seat(state, me, seat._replace(hand=hand))
    veg = card.vegetable
    if veg == "beet":
        return state._replace(due=(SWAP, target))
    if veg == "corn":  # the Artichoke goes along to the discard; a row card on top of the deck
        seat = state.seats[me]
        seat = seat._replace(
            hand=add(seat.hand, engine.art, -card.needs_artichokes),
            discard=add(seat.discard, engine.art, card.needs_artichokes),
        )
        if target >= 0:
            seat = seat._replace(deck=(one(len(engine.kinds), target), *seat.deck))
            state = state._replace(row=add(state.row, target, -1))
        return finish(engine, _set_seat(state, me, seat))
    if veg == "eggplant":
        state = finish(engine, state)
        return start_pass(engine, state, card.passes_cards)
    if veg in ("leek", POTATO):
        whose = target if veg == "leek" else me
        owner = state.seats[whose]
        if not owner.deck:  # an empty deck: the discard is shuffled into a new one first
            state = _set_seat(
                state,
                whose,
                owner._replace(
                    deck=shuffled((owner.discard,), len(engine.kinds)), discard=_none(engine)
                ),
            )
        return state._replace(due=(REVEAL, veg, whose, 1))
    if veg == PEAS:
        turned = min(card.garden_stack_cards, pile_size(state.stack))
        return state._replace(due=(REVEAL, PEAS, me, turned))
    if veg == "pepper":
        seat = state.seats[me]
        seat = seat._replace(
            discard=add(seat.discard, target, -1), deck=(one(len(engine.kinds), target), *seat.deck)
        )
        return finish(engine, _set_seat(state, me, seat))
    if veg == RHUBARB:  # the row slides under the stack; a new row is dealt, then a harvest
        state = finish(engine, state)
        stack = state.stack + ((state.row,) if any(state.row) else ())
        return state._replace(stack=stack, row=_none(engine), due=(DEAL, RHUBARB))
    return finish(engine, state, target)


def finish(engine: Engine, state: State, target: int = -1) -> State:
    """The card just played goes where its card says; the player plays on."""
    kind = state.in_play
    afterwards = engine.kinds[kind].afterwards
    state = state._replace(in_play=-1, due=(PLAY,))
    if afterwards == COMPOST:
        return state._replace(compost=add(state.compost, kind))
    whose = target if afterwards == OPPONENT_DISCARD else state.turn
    seat = state.seats[whose]
    return _set_seat(state, whose, seat._replace(discard=add(seat.discard, kind)))


def swap(engine: Engine, state: State, mine: int, theirs: int) -> State:
    """Beet: the player took `mine` from the opponent's hand, the opponent took `theirs`."""
    me, them = state.turn, state.due[1]
    my, their = state.seats[me], state.seats[them]
    my_hand, their_hand = add(my.hand, theirs, -1), add(their.hand, mine, -1)
    if mine == theirs == engine.art:  # two Artichokes: both composted
        state = state._replace(compost=add(state.compost, engine.art, 2))
    else:
        my_hand, their_hand = add(my_hand, mine), add(their_hand, theirs)
    state = _set_seat(state, me, my._replace(hand=my_hand))
    state = _set_seat(state, them, their._replace(hand=their_hand))
    return finish(engine, state)


def revealed(engine: Engine, state: State, cards: tuple[int, ...]) -> State:
    """Cards turned over for Leek, Potato or Peas (already taken off their pile)."""
    _, purpose, whose, _ = state.due
    if purpose == POTATO:
        kind = cards[0]
        if kind == engine.art:
            state = state._replace(compost=add(state.compost, kind))
        else:
            seat = state.seats[whose]
            state = _set_seat(state, whose, seat._replace(discard=add(seat.discard, kind)))
        return finish(engine, state)
    if purpose == PEAS:
        if not cards:
            return finish(engine, state)
        return state._replace(due=(GIVE, cards))
    return state._replace(due=("leek", whose, cards[0]))


def leek_choice(engine: Engine, state: State, take: bool) -> State:
    _, them, kind = state.due
    if take:
        seat = state.seats[state.turn]
        state = _set_seat(state, state.turn, seat._replace(hand=add(seat.hand, kind)))
    else:
        seat = state.seats[them]
        state = _set_seat(state, them, seat._replace(discard=add(seat.discard, kind)))
    return finish(engine, state)


def give(engine: Engine, state: State, kind: int, them: int) -> State:
    """Peas: `kind` goes on the opponent's discard, the other card (if any) on the player's."""
    cards = list(state.due[1])
    cards.remove(kind)
    seat = state.seats[them]
    state = _set_seat(state, them, seat._replace(discard=add(seat.discard, kind)))
    for other in cards:
        seat = state.seats[state.turn]
        state = _set_seat(state, state.turn, seat._replace(discard=add(seat.discard, other)))
    return finish(engine, state)


def start_pass(engine: Engine, state: State, cards: int) -> State:
    n = len(state.names)
    aside = (_none(engine),) * n
    return next_pass(engine, state._replace(due=(PASS, state.turn, cards, aside)), first=True)


def next_pass(engine: Engine, state: State, first: bool = False) -> State:
    """The next player round the table with cards to pass; once all have chosen, every set
    of cards goes to the player on the left."""
    _, chooser, cards, aside = state.due
    n = len(state.names)
    seat = chooser if first else (chooser + 1) % n
    while seat != state.turn or first:
        first = False
        if any(state.seats[seat].hand) and cards:
            return state._replace(due=(PASS, seat, cards, aside))
        seat = (seat + 1) % n
    for giver in range(n):
        left = (giver + 1) % n
        receiver = state.seats[left]
        state = _set_seat(state, left, receiver._replace(hand=merge(receiver.hand, aside[giver])))
    return state._replace(due=(PLAY,))


def pass_cards(engine: Engine, state: State, kinds: tuple[int, ...]) -> State:
    _, chooser, cards, aside = state.due
    seat = state.seats[chooser]
    hand, set_aside = seat.hand, aside[chooser]
    for kind in kinds:
        hand, set_aside = add(hand, kind, -1), add(set_aside, kind)
    state = _set_seat(state, chooser, seat._replace(hand=hand))
    return next_pass(
        engine, state._replace(due=(PASS, chooser, cards, put(aside, chooser, set_aside)))
    )


def _set_seat(state: State, index: int, seat: Seat) -> State:
    return state._replace(seats=put(state.seats, index, seat))


def _none(engine: Engine) -> tuple[int, ...]:
    return (0,) * len(engine.kinds)
