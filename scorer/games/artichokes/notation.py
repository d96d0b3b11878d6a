"""Abandon All Artichokes' log notation (docs/records.md): a card is its vegetable (or printed
id), `name*n` is n of them in a row; chance events list the cards turned over, in order:

    row: beet corn leek peas potato     the cards dealt into the Garden Row
    draw: artichoke*3 beet artichoke    the hand a player draws (deck top first)
    reveal: corn                        Leek or Potato's card; Peas' two cards
    swap: artichoke beet                Beet: the card taken from the opponent, the one given

and a decision is a verb or the card played, with what it names:

    harvest beet      end               pass beet artichoke     take / leave
    beet Bob          leek Bob          onion Bob               corn leek     pepper beet
    broccoli          carrot            eggplant                peas          potato   rhubarb
    give corn to Bob
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from playtest.core.wording import plural
from playtest.scorer.games.artichokes.abilities import OPPONENT, target_of
from playtest.scorer.games.artichokes.state import DEAL, DRAW, GIVE, LEEK, PASS, REVEAL, SWAP
from playtest.scorer.games.artichokes.table import pile_size

if TYPE_CHECKING:
    from playtest.scorer.games.artichokes.engine import Engine, Move
    from playtest.scorer.games.artichokes.state import State

_REPEAT = re.compile(r"(.+?)\*(\d{1,3})")
MOVE_HELP = (
    "expected e.g. `harvest beet`, `beet Bob`, `corn leek`, `broccoli`, `end`, "
    "`pass beet artichoke`, `take`, `leave` or `give corn to Bob`"
)
CHANCE_HELP = {
    "row": "the cards dealt into the Garden Row",
    "draw": "the cards a player draws",
    "reveal": "the cards turned over",
    "swap": "the card taken from the opponent, then the card given",
}


def chance_help(key: str) -> str:
    return CHANCE_HELP[key]


def card(engine: Engine, text: str) -> int:
    """A card as typed (vegetable, printed id or name, any case); ValueError when unknown."""
    return engine.vegetables.index(engine.game.catalogue.lookup.get(text))


def parse_cards(engine: Engine, value: Any) -> tuple[int, ...]:
    if isinstance(value, list):
        words = [str(v) for v in value]
    elif isinstance(value, str):
        words = value.replace(",", " ").split()
    elif value is None:
        words = []
    else:
        raise ValueError(f"expected cards, e.g. `beet artichoke*2`, got {value!r:.40}")
    cards: list[int] = []
    for word in words:
        repeat = _REPEAT.fullmatch(word)
        name, n = (repeat.group(1), int(repeat.group(2))) if repeat else (word, 1)
        cards += [card(engine, name)] * n
    return tuple(cards)


def format_cards(engine: Engine, cards: tuple[int, ...]) -> str:
    out: list[str] = []
    i = 0
    while i < len(cards):
        j = i
        while j < len(cards) and cards[j] == cards[i]:
            j += 1
        name = engine.vegetables[cards[i]]
        out.append(name if j - i == 1 else f"{name}*{j - i}")
        i = j
    return " ".join(out)


def _player(state: State, text: str) -> int:
    if text not in state.names:
        raise ValueError(f"unknown player {text!r} (expected one of: {', '.join(state.names)})")
    return state.names.index(text)


def parse_move(engine: Engine, state: State, text: Any) -> Move:
    if not isinstance(text, str) or not text.split():
        raise ValueError(f"cannot read move {text!r:.60} ({MOVE_HELP})")
    verb, *words = text.split()
    rest = " ".join(words)
    verb = verb.lower()
    if verb in ("end", "take", "leave"):
        if words:
            raise ValueError(f"`{verb}` takes nothing after it, got {rest!r:.40}")
        return (verb,)
    if verb == "harvest":
        return ("harvest", _one_card(engine, rest, "harvest"))
    if verb == "pass":
        return ("pass", *sorted(parse_cards(engine, rest)))
    if verb == "give":
        found = re.fullmatch(r"(\S+)\s+(?:to\s+)?(.+)", rest)
        if not found:
            raise ValueError(f"cannot read move {text!r:.60} (expected `give CARD to PLAYER`)")
        return ("give", card(engine, found.group(1)), _player(state, found.group(2)))
    try:
        kind = card(engine, verb)
    except ValueError:
        raise ValueError(f"cannot read move {text!r:.60} ({MOVE_HELP})") from None
    wanted = target_of(engine, kind)
    if not words:
        return ("play", kind, -1)
    if wanted == OPPONENT:
        return ("play", kind, _player(state, rest))
    if wanted is None:
        raise ValueError(f"{engine.kinds[kind].name} names nothing, got {rest!r:.40} after it")
    return ("play", kind, _one_card(engine, rest, verb))


def _one_card(engine: Engine, text: str, verb: str) -> int:
    if len(text.split()) != 1:
        raise ValueError(f"`{verb}` names one card, got {text!r:.40}")
    return card(engine, text)


def format_move(engine: Engine, state: State, move: Move) -> str:
    verb = move[0]
    if verb == "harvest":
        return f"harvest {engine.vegetables[move[1]]}"
    if verb == "pass":
        return " ".join(("pass", *(engine.vegetables[k] for k in move[1:])))
    if verb == "give":
        return f"give {engine.vegetables[move[1]]} to {state.names[move[2]]}"
    if verb == "play":
        kind, target = move[1], move[2]
        text = engine.vegetables[kind]
        if target < 0:
            return text
        if target_of(engine, kind) == OPPONENT:
            return f"{text} {state.names[target]}"
        return f"{text} {engine.vegetables[target]}"
    return str(verb)


def describe(engine: Engine, state: State) -> list[str]:
    seat = engine.to_move(state)
    names = state.names
    step = state.due[0]
    if state.over:
        won = f"{names[state.winner]} wins" if state.winner >= 0 else "no winner"
        head = f"game over after {plural(state.turns, 'turn')}: {won}"
    else:
        due = {
            DEAL: "the Garden Row is dealt",
            DRAW: "a hand is drawn",
            REVEAL: "cards are turned over",
            SWAP: "Beet's swap",
            PASS: f"{names[seat]} passes cards (Eggplant)" if seat >= 0 else "",
            LEEK: f"{names[state.turn]} takes or leaves the card (Leek)",
            GIVE: f"{names[state.turn]} gives a card (Peas)",
        }.get(step, f"{names[state.turn]} {'harvests' if step == 'harvest' else 'plays'}")
        head = f"turn {state.turns + 1}, {names[state.turn]} (after {state.phase}): {due}"
    lines = [
        head,
        f"garden row: {_zone(engine, state.row)}",
        f"garden stack: {_cards(pile_size(state.stack))}",
        f"compost: {_zone(engine, state.compost)}",
    ]
    for name, s in zip(names, state.seats, strict=True):
        lines.append(
            f"{name}: hand {_zone(engine, s.hand)}; deck {_deck(engine, s.deck)}; "
            f"discard {_zone(engine, s.discard)}"
        )
    return lines


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def _deck(engine: Engine, deck: tuple[tuple[int, ...], ...]) -> str:
    """How many cards, and those known on top (laid there face up by Corn or Pepper)."""
    known = []
    for layer in deck:
        if sum(layer) != 1:
            break
        known.append(engine.vegetables[layer.index(1)])
    top = f" ({', '.join(known)} on top)" if known else ""
    return _cards(pile_size(deck)) + top


def _zone(engine: Engine, counts: tuple[int, ...]) -> str:
    parts = [
        f"{v} {n}" if n > 1 else v for v, n in zip(engine.vegetables, counts, strict=True) if n
    ]
    return ", ".join(parts) or "empty"
