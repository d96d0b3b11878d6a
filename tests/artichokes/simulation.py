"""A rules-following game of Abandon All Artichokes, played at random, for property tests.

Every number comes from the loaded game (rules and card data). After every step the table can
be written as a record; a legal game must only ever produce legal records.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from playtest.model.game import Game
from playtest.scorer.games.artichokes.rules import Phase, Rules

ARTICHOKE = "artichoke"


class Stuck(Exception):
    """The Garden Row cannot avoid too many of one vegetable (a gap in the rules)."""


@dataclass
class Seat:
    name: str
    deck: list[str]  # the top card is the last one
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)

    def artichokes_in_hand(self) -> int:
        return self.hand.count(ARTICHOKE)


@dataclass
class Table:
    game: Game
    rng: random.Random
    rhubarb: bool
    seats: list[Seat]
    stack: list[str]  # the top card is the last one
    row: list[str] = field(default_factory=list)
    compost: list[str] = field(default_factory=list)
    current: int = 0
    phase: Phase = "draw"
    won: bool = False
    printed: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def rules(self) -> Rules:
        return self.game.rules

    def card(self, vegetable: str) -> dict[str, Any]:
        """The printed data of a vegetable's card (its numbers)."""
        return self.printed[vegetable]

    def record(self, stack_form: str = "list") -> dict[str, Any]:
        stack: Any = {
            "list": list(self.stack),
            "mapping": dict(Counter(self.stack)),
            "count": len(self.stack),
            "rest": "rest",
        }[stack_form]
        return {
            "game": self.game.id,
            "rhubarb": self.rhubarb,
            "turn": self.seats[self.current].name,
            "phase": self.phase,
            "garden_stack": stack,
            "garden_row": list(self.row),
            "compost": dict(Counter(self.compost)),
            "players": [
                {
                    "name": s.name,
                    "deck": list(s.deck),
                    "hand": list(s.hand),
                    "discard": dict(Counter(s.discard)),
                }
                for s in self.seats
            ],
        }


def set_up(game: Game, players: int, rhubarb: bool, rng: random.Random) -> Table:
    rules: Rules = game.rules
    seats = [Seat(f"P{i + 1}", [ARTICHOKE] * rules.artichokes_per_player) for i in range(players)]
    stack = [
        card.data()["vegetable"]
        for deck in game.decks
        if deck.optional is None or rhubarb
        for card in deck.cards
        for _ in range(card.count)
        if card.data().get("vegetable") not in (None, ARTICHOKE)
    ]
    rng.shuffle(stack)
    printed = {
        c.data()["vegetable"]: c.data() for c in game.cards().values() if "vegetable" in c.data()
    }
    table = Table(game, rng, rhubarb, seats, stack, current=players - 1, printed=printed)
    replenish_row(table)
    for seat in seats:
        draw(table, seat, rules.hand_size)
    return table


def replenish_row(table: Table) -> None:
    rules = table.rules
    for _ in range(200):
        while len(table.row) < rules.garden_row_size and table.stack:
            table.row.append(table.stack.pop())
        if max(Counter(table.row).values(), default=0) < rules.reshuffle_threshold:
            return
        table.stack += table.row
        table.row.clear()
        table.rng.shuffle(table.stack)
    raise Stuck


def refill_deck(table: Table, seat: Seat) -> None:
    """Shuffle the discard into a new deck, only when the deck is empty and a card is needed."""
    if not seat.deck:
        seat.deck, seat.discard = seat.discard, []
        table.rng.shuffle(seat.deck)


def draw(table: Table, seat: Seat, cards: int) -> None:
    for _ in range(cards):
        refill_deck(table, seat)
        if not seat.deck:
            return
        seat.hand.append(seat.deck.pop())


def take(table: Table, cards: list[str], vegetable: str | None = None) -> str:
    """Remove a random card (of one vegetable, if named) from a list of cards."""
    choices = [i for i, c in enumerate(cards) if vegetable is None or c == vegetable]
    return cards.pop(table.rng.choice(choices))


def play_turn(table: Table) -> Iterator[Table]:
    """Play the next player's turn, yielding the table after every step and every card."""
    table.current = (table.current + 1) % len(table.seats)
    seat = table.seats[table.current]
    replenish_row(table)
    table.phase = "replenish"
    yield table
    if table.row:
        seat.hand.append(take(table, table.row))
    table.phase = "harvest"
    yield table
    table.phase = "play"
    played = 0
    while table.rng.random() < 0.8:
        playable = [v for v in dict.fromkeys(seat.hand) if can_play(table, seat, v, played)]
        if not playable:
            break
        vegetable = table.rng.choice(playable)
        seat.hand.remove(vegetable)
        PLAYS[vegetable](table, seat)
        played += 1
        yield table
        if sole_play(table, vegetable):
            break
    seat.discard += seat.hand
    seat.hand.clear()
    table.phase = "discard"
    yield table
    draw(table, seat, table.rules.hand_size)
    table.phase = "draw"
    table.won = seat.artichokes_in_hand() == 0
    yield table


def _others(table: Table, seat: Seat) -> list[Seat]:
    return [s for s in table.seats if s is not seat]


def sole_play(table: Table, vegetable: str) -> bool:
    """The card must be the only play of the turn when its game option is on."""
    option = table.card(vegetable).get("sole_play_option")
    return bool(option) and table.game.option(option)


def can_play(table: Table, seat: Seat, vegetable: str, played: int) -> bool:
    if vegetable not in PLAYS:
        return False
    data = table.card(vegetable)
    others = _others(table, seat)
    artichokes_needed = data.get("needs_artichokes", 0)
    if sole_play(table, vegetable) and played:
        return False
    checks = {
        "beet": lambda: len(seat.hand) > 1 and any(s.hand for s in others),
        "leek": lambda: any(s.deck or s.discard for s in others),
        "peas": lambda: len(table.stack) >= data["needs_stack_cards"],
        "pepper": lambda: bool(seat.discard),
        "potato": lambda: bool(seat.deck or seat.discard),
        "rhubarb": lambda: bool(table.row or table.stack),
    }
    return seat.artichokes_in_hand() >= artichokes_needed and checks.get(vegetable, _always)()


def _always() -> bool:
    return True


def _compost_artichokes(table: Table, seat: Seat, vegetable: str) -> None:
    for _ in range(table.card(vegetable)["composts_artichokes"]):
        table.compost.append(take(table, seat.hand, ARTICHOKE))


def _put_away(table: Table, seat: Seat, vegetable: str) -> None:
    """Where a played card goes, as its card says."""
    afterwards = table.card(vegetable)["afterwards"]
    if afterwards == "compost":
        table.compost.append(vegetable)
    elif afterwards == "opponent-discard":
        table.rng.choice(_others(table, seat)).discard.append(vegetable)
    else:
        seat.discard.append(vegetable)


def _simple(vegetable: str) -> Any:
    def play(table: Table, seat: Seat) -> None:
        _compost_artichokes(table, seat, vegetable)
        _put_away(table, seat, vegetable)

    return play


def _beet(table: Table, seat: Seat) -> None:
    opponent = table.rng.choice([s for s in _others(table, seat) if s.hand])
    mine, theirs = take(table, opponent.hand), take(table, seat.hand)
    if mine == theirs == ARTICHOKE:
        table.compost += [mine, theirs]
    else:
        seat.hand.append(mine)
        opponent.hand.append(theirs)
    _put_away(table, seat, "beet")


def _corn(table: Table, seat: Seat) -> None:
    seat.discard.append(take(table, seat.hand, ARTICHOKE))
    if table.row:
        seat.deck.append(take(table, table.row))
    _put_away(table, seat, "corn")


def _eggplant(table: Table, seat: Seat) -> None:
    _compost_artichokes(table, seat, "eggplant")
    passes = table.card("eggplant")["passes_cards"]
    passed = [[take(table, s.hand) for _ in range(min(passes, len(s.hand)))] for s in table.seats]
    for i, cards in enumerate(passed):
        table.seats[(i + 1) % len(table.seats)].hand += cards
    _put_away(table, seat, "eggplant")


def _leek(table: Table, seat: Seat) -> None:
    opponent = table.rng.choice([s for s in _others(table, seat) if s.deck or s.discard])
    refill_deck(table, opponent)
    card = opponent.deck.pop()
    (seat.hand if table.rng.random() < 0.5 else opponent.discard).append(card)
    _put_away(table, seat, "leek")


def _peas(table: Table, seat: Seat) -> None:
    turned = min(table.card("peas")["garden_stack_cards"], len(table.stack))
    revealed = [table.stack.pop() for _ in range(turned)]
    if len(revealed) > 1:  # a single last card goes to an opponent (needs_stack_cards: 1)
        seat.discard.append(revealed.pop(0))
    for card in revealed:
        table.rng.choice(_others(table, seat)).discard.append(card)
    _put_away(table, seat, "peas")


def _pepper(table: Table, seat: Seat) -> None:
    seat.deck.append(take(table, seat.discard))
    _put_away(table, seat, "pepper")


def _potato(table: Table, seat: Seat) -> None:
    refill_deck(table, seat)
    card = seat.deck.pop()
    (table.compost if card == ARTICHOKE else seat.discard).append(card)
    _put_away(table, seat, "potato")


def _rhubarb(table: Table, seat: Seat) -> None:
    _put_away(table, seat, "rhubarb")
    table.stack[:0] = table.row  # under the stack: drawn last
    table.row.clear()
    replenish_row(table)
    if table.row:
        seat.hand.append(take(table, table.row))


PLAYS = {
    "beet": _beet,
    "broccoli": _simple("broccoli"),
    "carrot": _simple("carrot"),
    "corn": _corn,
    "eggplant": _eggplant,
    "leek": _leek,
    "onion": _simple("onion"),
    "peas": _peas,
    "pepper": _pepper,
    "potato": _potato,
    "rhubarb": _rhubarb,
}
