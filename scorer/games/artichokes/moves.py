"""A player's decisions: the legal ones, why another breaks a rule (its AA- code), applying one.

A move is a tuple, its verb first:
    ("harvest", card)          take a Garden Row card into your hand
    ("play", card, target)     play a card; target: an opponent's seat, a Garden Row card
                               (Corn), a discard card (Pepper), or -1 when the card names none
    ("end",)                   end the play step: discard the hand, draw a new one
    ("pass", card, ...)        Eggplant: the cards this player passes to the left
    ("take",) / ("leave",)     Leek: the card turned over into your hand, or onto their discard
    ("give", card, seat)       Peas: this card to that opponent's discard, the other to yours
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from playtest.scorer.games.artichokes import abilities
from playtest.scorer.games.artichokes.abilities import DISCARD_CARD, OPPONENT, ROW_CARD
from playtest.scorer.games.artichokes.state import GIVE, HARVEST, LEEK, PASS, PLAY, State
from playtest.scorer.result import Violation

if TYPE_CHECKING:
    from playtest.scorer.games.artichokes.engine import Engine, Move

CODES = {
    "AA-20": "a step out of the turn's order: harvest first, then play; a choice only when a "
    "card asks for it",
    "AA-21": "the card is not there: not in the Garden Row, the hand or the discard named, "
    "not among the cards turned over",
    "AA-22": "the card's condition is not met (Artichokes in hand, a card to swap, a deck, a "
    "discard, cards in the Garden Stack)",
    "AA-23": "an Artichoke is never played on its own",
    "AA-24": "a card that must be the only play of the turn (Carrot with carrot-only-play) "
    "played after another card, or another card after it",
    "AA-25": "a choice the card does not allow: yourself as the opponent, a target missing or "
    "not wanted, the wrong number of cards passed",
}
VERB_OF = {HARVEST: "harvest", PLAY: "play", PASS: "pass", LEEK: "take", GIVE: "give"}
WHAT_IS_DUE = {
    HARVEST: "a harvest from the Garden Row",
    PLAY: "a card played or `end`",
    PASS: "the cards passed to the left (Eggplant)",
    LEEK: "`take` or `leave` for the card Leek turned over",
    GIVE: "which card Peas gives to an opponent",
}


def legal_moves(engine: Engine, state: State) -> list[Move]:
    step = state.due[0]
    if step == HARVEST:
        return [("harvest", k) for k, n in enumerate(state.row) if n]
    if step == PLAY:
        return [*_plays(engine, state), ("end",)]
    if step == PASS:
        _, chooser, cards, _ = state.due
        hand = state.seats[chooser].hand
        held = [k for k, n in enumerate(hand) if n]
        size = min(cards, sum(hand))
        return [
            ("pass", *c)
            for c in combinations_with_replacement(held, size)
            if all(c.count(k) <= hand[k] for k in set(c))
        ]
    if step == LEEK:
        return [("take",), ("leave",)]
    if step == GIVE:
        return [
            ("give", k, seat) for k in dict.fromkeys(state.due[1]) for seat in _opponents(state)
        ]
    return []


def _plays(engine: Engine, state: State) -> list[Move]:
    if state.sole_done:
        return []
    seat = state.seats[state.turn]
    found: list[Move] = []
    for kind, n in enumerate(seat.hand):
        if not n or kind == engine.art or (kind in state.sole and state.played):
            continue
        for target in _targets(engine, state, kind):
            if abilities.condition_problem(engine, state, kind, target) is None:
                found.append(("play", kind, target))
    return found


def _targets(engine: Engine, state: State, kind: int) -> list[int]:
    wanted = abilities.target_of(engine, kind)
    if wanted == OPPONENT:
        return _opponents(state)
    if wanted == ROW_CARD:
        return [k for k, n in enumerate(state.row) if n] or [-1]
    if wanted == DISCARD_CARD:
        return [k for k, n in enumerate(state.seats[state.turn].discard) if n] or [-1]
    return [-1]


def _opponents(state: State) -> list[int]:
    return [s for s in range(len(state.names)) if s != state.turn]


def apply_move(engine: Engine, state: State, move: Move) -> State:
    verb = move[0]
    if verb == "harvest":
        return engine.harvested(state, move[1])
    if verb == "play":
        return abilities.play(engine, state, move[1], move[2])
    if verb == "end":
        return engine.end_play(state)
    if verb == "pass":
        return abilities.pass_cards(engine, state, move[1:])
    if verb in ("take", "leave"):
        return abilities.leek_choice(engine, state, verb == "take")
    return abilities.give(engine, state, move[1], move[2])


def move_problem(engine: Engine, state: State, move: Move) -> Violation | None:
    if move in legal_moves(engine, state):
        return None
    step = state.due[0]
    seat = state.due[1] if step == PASS else state.turn
    name = state.names[seat]
    code, where, why = _diagnose(engine, state, move)
    return Violation(code, name, where, why)


def _diagnose(engine: Engine, state: State, move: Move) -> tuple[str, str, str]:
    step, verb = state.due[0], move[0]
    expected = VERB_OF.get(step)
    if (
        verb != expected
        and not (step == PLAY and verb == "end")
        and not (step == LEEK and verb == "leave")
    ):
        return "AA-20", "turn", f"{WHAT_IS_DUE.get(step, 'nothing')} is due, not `{verb}`"
    card = engine.kinds[move[1]].name if len(move) > 1 and move[1] >= 0 else ""
    if verb == "harvest":
        return "AA-21", "garden row", f"no {card} in the Garden Row"
    if verb == "play":
        return _play_problem(engine, state, move[1], move[2], card)
    if verb == "pass":
        return _pass_problem(engine, state, move[1:])
    if verb == "give":
        if move[1] not in state.due[1]:
            turned = ", ".join(engine.kinds[k].name for k in state.due[1])
            return "AA-21", "peas", f"no {card} among the cards turned over ({turned})"
        return "AA-25", "peas", "the card goes to an opponent's discard, not your own"
    return "AA-20", "turn", f"{WHAT_IS_DUE.get(step, 'nothing')} is due"


def _play_problem(
    engine: Engine, state: State, kind: int, target: int, card: str
) -> tuple[str, str, str]:
    seat = state.seats[state.turn]
    if kind == engine.art:
        return "AA-23", "hand", "an Artichoke cannot be played on its own"
    if not seat.hand[kind]:
        return "AA-21", "hand", f"no {card} in hand"
    if state.sole_done:
        sole = engine.kinds[next(iter(state.sole))].name if state.sole else "card"
        return "AA-24", "play", f"{sole} was played this turn: it must be the only play"
    if kind in state.sole and state.played:
        return (
            "AA-24",
            "play",
            (f"{card} must be the only card played this turn; {state.played} already played"),
        )
    # the card's own condition first, as the card states it ("if you have a card in your
    # discard pile, ..."), then what it names
    own = abilities.condition_problem(engine, state, kind, None)
    if own is not None:
        return "AA-22", "play", own
    wanted = abilities.target_of(engine, kind)
    if wanted is None and target >= 0:
        return "AA-25", "play", f"{card} names no target"
    if wanted == OPPONENT:
        if target < 0 or target == state.turn:
            return "AA-25", "play", f"{card} names an opponent, not the player"
    elif wanted == ROW_CARD and target not in _targets(engine, state, kind):
        return (
            "AA-21",
            "garden row",
            (
                f"no {engine.kinds[target].name} in the Garden Row"
                if target >= 0
                else f"{card} names a Garden Row card"
            ),
        )
    elif wanted == DISCARD_CARD and target not in _targets(engine, state, kind):
        return (
            "AA-21",
            "discard",
            (
                f"no {engine.kinds[target].name} in the discard pile"
                if target >= 0
                else f"{card} names a discard card"
            ),
        )
    problem = abilities.condition_problem(engine, state, kind, target)
    return "AA-22", "play", problem or f"{card} cannot be played here"


def _pass_problem(engine: Engine, state: State, kinds: tuple[Any, ...]) -> tuple[str, str, str]:
    _, chooser, cards, _ = state.due
    hand = state.seats[chooser].hand
    for kind in set(kinds):
        if kinds.count(kind) > hand[kind]:
            return (
                "AA-21",
                "hand",
                (
                    f"{kinds.count(kind)} {engine.kinds[kind].name} passed; "
                    f"the hand holds {hand[kind]}"
                ),
            )
    size = min(cards, sum(hand))
    return (
        "AA-25",
        "hand",
        (
            f"{len(kinds)} card{'s' if len(kinds) != 1 else ''} passed; with "
            f"{sum(hand)} in hand, {size} must be (Eggplant: {cards}, or the "
            "whole hand when it holds fewer)"
        ),
    )
