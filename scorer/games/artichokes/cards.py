"""The Abandon All Artichokes cards as its rules see them, from the game's decks.

Cards carrying a `vegetable` field are playing cards; cards sharing a vegetable (the five
Artichoke arts) are one kind in play. Reference cards carry none and never enter a position.
That there are Artichokes, and enough of them for the most players, is checked at load by
`scorer/games/artichokes/rules.py`, before this runs.
"""

from __future__ import annotations

from dataclasses import dataclass

from playtest.model.card_lookup import CardLookup
from playtest.model.components import Card, Deck
from playtest.model.game import Game
from playtest.scorer.games.artichokes.rules import ARTICHOKE, GAME_ID, Rules

__all__ = [
    "ARTICHOKE",
    "COMPOST",
    "GAME_ID",
    "RHUBARB_OPTION",
    "CardKind",
    "Catalogue",
    "catalogue",
]

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
    # the numbers the rules engine plays by (cards.yaml documents each field)
    needs_artichokes: int = 0
    sole_play_option: str | None = None
    garden_stack_cards: int = 0
    needs_stack_cards: int = 0
    passes_cards: int = 0

    @property
    def composts_itself(self) -> bool:
        return self.afterwards == COMPOST


@dataclass(frozen=True)
class Catalogue:
    kinds: tuple[CardKind, ...]
    lookup: CardLookup[str]  # a vegetable, card id or card name in any case -> vegetable

    def resolve(self, typed: str) -> str | None:
        return self.lookup.find(typed)

    def kind(self, vegetable: str) -> CardKind:
        return next(k for k in self.kinds if k.vegetable == vegetable)

    def in_play(self, options: frozenset[str]) -> tuple[CardKind, ...]:
        """Kinds in a game with these options on."""
        return tuple(k for k in self.kinds if k.option is None or k.option in options)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(k.vegetable for k in self.kinds)


# a loaded game of this package, as its code reads it: its rules and its catalogue typed
LoadedGame = Game[Rules, Catalogue]


def catalogue(game: Game[Rules, None]) -> Catalogue:
    """Every playing card kind, with as many copies as the cards' `count:` says."""
    groups: dict[str, list[tuple[Deck, Card]]] = {}
    for deck in game.decks:
        for card in deck.cards:
            vegetable = card.data().get("vegetable")
            if isinstance(vegetable, str):
                groups.setdefault(vegetable, []).append((deck, card))
    kinds = tuple(_kind(vegetable, cards) for vegetable, cards in groups.items())
    spellings = [(vegetable, vegetable) for vegetable in groups]
    for vegetable, cards in groups.items():
        for _, card in cards:
            spellings += [(card.id, vegetable), (card.name or card.id, vegetable)]
    expected = f"expected one of: {', '.join(groups)}, or a printed card id"
    return Catalogue(kinds, CardLookup.of(spellings, expected))


def _kind(vegetable: str, cards: list[tuple[Deck, Card]]) -> CardKind:
    first_deck, first = cards[0]
    data = first.data()
    copies = sum(card.count for _, card in cards)
    return CardKind(
        vegetable=vegetable,
        name=str(data["name"]),
        copies=copies,
        option=first_deck.optional,
        afterwards=data.get("afterwards"),
        composts_artichokes=int(data.get("composts_artichokes") or 0),
        needs_artichokes=int(data.get("needs_artichokes") or 0),
        sole_play_option=data.get("sole_play_option"),
        garden_stack_cards=int(data.get("garden_stack_cards") or 0),
        needs_stack_cards=int(data.get("needs_stack_cards") or 0),
        passes_cards=int(data.get("passes_cards") or 0),
    )
