"""The Village Green cards as its rules see them, from the game's decks (`cards.yaml`): the
green cards (feature, flower, colour, trees) and the awards (their scoring).

What these rely on (a flower card has a flower and a colour, an award a valid scoring, ...) is
checked at load by `scorer/games/village_green/rules.py`, before this runs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from playtest.model.card_lookup import CardLookup
from playtest.model.game import Game
from playtest.scorer.games.village_green.rules import (
    AWARD_DECK,
    GAME_ID,
    GREEN_DECK,
    AwardScoring,
    Rules,
)

__all__ = ["GAME_ID", "AwardCard", "Catalogue", "GreenCard", "catalogue"]


@dataclass(frozen=True)
class GreenCard:
    id: str
    name: str
    feature: str  # pond, structure, trees or lawn
    flower: str | None  # None on lawns
    colour: str | None
    trees: tuple[str, ...]  # species of each tree icon; empty unless a tree card
    structure: str | None  # gazebo, fountain, ... (art only)

    @property
    def is_lawn(self) -> bool:
        return self.feature == "lawn"

    def describe(self) -> str:
        return f"{self.id} ({self.name.lower()})"


@dataclass(frozen=True)
class AwardCard:
    id: str
    name: str
    scoring: AwardScoring


@dataclass(frozen=True)
class Catalogue:
    green: dict[str, GreenCard]
    awards: dict[str, AwardCard]
    copies: dict[str, int]  # physical copies of each card (its `count:`)
    lookup: CardLookup[str]  # a card id in any case -> the id


def _span(ids: dict[str, Any]) -> str:
    first, *rest = list(ids)
    return f"{first}–{rest[-1]}" if rest else first


# a loaded game of this package, as its code reads it: its rules and its catalogue typed
LoadedGame = Game[Rules, Catalogue]


def catalogue(game: Game[Rules, None]) -> Catalogue:
    green: dict[str, GreenCard] = {}
    awards: dict[str, AwardCard] = {}
    copies: dict[str, int] = {}
    for card in game.deck(GREEN_DECK).cards:
        data = card.model_extra or {}
        green[card.id] = GreenCard(
            id=card.id,
            name=card.name or card.id,
            feature=data.get("feature", ""),
            flower=data.get("flower"),
            colour=data.get("colour"),
            trees=tuple(data.get("trees", ())),
            structure=data.get("structure"),
        )
        copies[card.id] = card.count
    for card in game.deck(AWARD_DECK).cards:
        data = card.model_extra or {}
        awards[card.id] = AwardCard(
            id=card.id,
            name=card.name or card.id,
            scoring=AwardScoring.model_validate(data.get("scoring")),
        )
        copies[card.id] = card.count
    lookup = CardLookup.of(
        ((cid, cid) for cid in (*green, *awards)),
        noun="card id",
        expected=f"expected a green card {_span(green)} or an award {_span(awards)}",
    )
    return Catalogue(green=green, awards=awards, copies=copies, lookup=lookup)
