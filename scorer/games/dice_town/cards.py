"""The printed cards as the scorer sees them: id, deck and printed points, from cards.yaml."""

from __future__ import annotations

from dataclasses import dataclass

from playtest.scorer.mechanics.per_game import per_game

from playtest.model.game import Game

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


@per_game
def card_index(game: Game) -> dict[str, CardInfo]:
    """Every card by its id in upper case (records may type `gs01`)."""
    return {
        card.id.upper(): CardInfo(id=card.id, name=card.name or card.id, deck=deck.id,
                                  points=int((card.model_extra or {}).get("points", 0)),
                                  copies=card.count)
        for deck in game.decks for card in deck.cards
    }


def id_ranges(game: Game) -> str:
    """`GS01..GS19, P01..P20, DB1..DB7`: the printed ids, for error messages."""
    return ", ".join(f"{deck.cards[0].id}..{deck.cards[-1].id}" for deck in game.decks)


def deed_values(game: Game) -> list[int]:
    """The printed value of every physical deed (copies included)."""
    return [info.points for info in card_index(game).values() if info.deck == DEED_DECK
            for _ in range(info.copies)]
