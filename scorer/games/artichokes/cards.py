"""The cards in play, read from the game's decks and checked against its `rules:` block.

Cards carrying a `vegetable` field are playing cards; cards sharing a vegetable (the five
Artichoke arts) are one kind in play. Reference cards carry none and never enter a position.
"""

from __future__ import annotations

from dataclasses import dataclass

from playtest.scorer.mechanics.per_game import per_game

from playtest.errors import Problems
from playtest.model.components import Card, Deck
from playtest.model.game import Game
from playtest.model.rules.artichokes import Rules

ARTICHOKE = "artichoke"
RHUBARB_OPTION = "rhubarb"  # the option in game.yaml, and the record key that switches it
COMPOST = "compost"  # a card's `afterwards` when it composts itself


@dataclass(frozen=True)
class CardKind:
    vegetable: str
    name: str
    copies: int
    option: str | None  # the game option that brings these cards into play
    afterwards: str | None
    composts_artichokes: int

    @property
    def composts_itself(self) -> bool:
        return self.afterwards == COMPOST


@dataclass(frozen=True)
class CardSet:
    kinds: tuple[CardKind, ...]
    spellings: tuple[tuple[str, str], ...]  # lower-case vegetable, card id or name -> vegetable

    def resolve(self, typed: str) -> str | None:
        return dict(self.spellings).get(typed.strip().lower())

    def kind(self, vegetable: str) -> CardKind:
        return next(k for k in self.kinds if k.vegetable == vegetable)

    def in_play(self, options: frozenset[str]) -> tuple[CardKind, ...]:
        """Kinds in a game with these options on."""
        return tuple(k for k in self.kinds if k.option is None or k.option in options)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(k.vegetable for k in self.kinds)


@per_game
def card_set(game: Game) -> CardSet:
    """Every playing card kind, with as many copies as the cards' `count:` says; raises
    InputError when there are too few Artichokes for the most players."""
    rules: Rules = game.rules
    problems = Problems()
    groups: dict[str, list[tuple[Deck, Card]]] = {}
    for deck in game.decks:
        for card in deck.cards:
            vegetable = card.data().get("vegetable")
            if isinstance(vegetable, str):
                groups.setdefault(vegetable, []).append((deck, card))
    kinds = tuple(_kind(vegetable, cards) for vegetable, cards in groups.items())
    if ARTICHOKE not in groups:
        problems.add(str(game.folder), None, "decks", "no card has `vegetable: artichoke`")
    else:
        artichokes = sum(card.count for _, card in groups[ARTICHOKE])
        if rules.artichokes_per_player * game.info.players[1] > artichokes:
            src = game.sources["game"]
            problems.add(src.file, src.line, "rules.artichokes_per_player",
                         f"{game.info.players[1]} players need {rules.artichokes_per_player} "
                         f"Artichokes each, more than the {artichokes} Artichoke cards")
    problems.raise_if_any()
    spellings = {vegetable: vegetable for vegetable in groups}
    for vegetable, cards in groups.items():
        for _, card in cards:
            spellings[card.id.lower()] = vegetable
            spellings[(card.name or card.id).lower()] = vegetable
    return CardSet(kinds, tuple(sorted(spellings.items())))


def _kind(vegetable: str, cards: list[tuple[Deck, Card]]) -> CardKind:
    first_deck, first = cards[0]
    data = first.data()
    copies = sum(card.count for _, card in cards)
    return CardKind(vegetable=vegetable, name=str(data["name"]), copies=copies,
                    option=first_deck.optional, afterwards=data.get("afterwards"),
                    composts_artichokes=int(data.get("composts_artichokes") or 0))
