"""The Dice Town cards as its rules see them: id, deck and printed points, from cards.yaml."""

from __future__ import annotations

from dataclasses import dataclass

from playtest.model.card_lookup import CardLookup
from playtest.model.game import Game
from playtest.scorer.games.dice_town.rules import GAME_ID, Rules

__all__ = ["DEED_DECK", "DOC_DECK", "GAME_ID", "STORE_DECK", "CardInfo", "Catalogue", "catalogue"]

# deck ids in components/dice-town/cards.yaml (names, not numbers)
STORE_DECK = "general-store"
DEED_DECK = "deeds"
DOC_DECK = "doc-badluck"


@dataclass(frozen=True)
class CardInfo:
    id: str
    name: str
    deck: str
    points: int
    copies: int
    power: str | None = None  # what the card does in play (`power` in cards.yaml), None: goods
    amount: int = 0  # the number its effect states (`amount` in cards.yaml)


@dataclass(frozen=True)
class Catalogue:
    lookup: CardLookup[CardInfo]  # a printed id in any case (records may type `gs01`)
    deed_values: tuple[int, ...]  # the printed value of every physical deed, copies included


# a loaded game of this package, as its code reads it: its rules and its catalogue typed
LoadedGame = Game[Rules, Catalogue]


def catalogue(game: Game[Rules, None]) -> Catalogue:
    cards = [
        CardInfo(
            id=card.id,
            name=card.name or card.id,
            deck=deck.id,
            points=int(extra.get("points", 0)),
            copies=card.count,
            power=extra.get("power"),
            amount=int(extra.get("amount", 0)),
        )
        for deck in game.decks
        for card in deck.cards
        for extra in [card.model_extra or {}]
    ]
    ranges = ", ".join(f"{deck.cards[0].id}..{deck.cards[-1].id}" for deck in game.decks)
    lookup = CardLookup.of(
        ((card.id, card) for card in cards), expected=f"expected a printed id: {ranges}"
    )
    deeds = tuple(
        card.points for card in cards if card.deck == DEED_DECK for _ in range(card.copies)
    )
    return Catalogue(lookup=lookup, deed_values=deeds)
