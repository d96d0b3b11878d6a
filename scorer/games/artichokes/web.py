"""Abandon All Artichokes on the web: every zone of a position as card counts."""

from __future__ import annotations

from typing import Any

from playtest.scorer.games.artichokes.cards import ARTICHOKE, RHUBARB_OPTION, LoadedGame
from playtest.scorer.games.artichokes.rules import PHASES
from playtest.scorer.web_game import Record, Variant, WebGame


def _variants(game: LoadedGame) -> list[Variant]:
    return [Variant("base", "Base game"), Variant(RHUBARB_OPTION, "With the Rhubarb promo")]


def _blank(game: LoadedGame, variant: str, names: list[str]) -> Record:
    rules = game.rules
    in_hand = min(rules.hand_size, rules.artichokes_per_player)
    return {
        "game": game.id,
        "rhubarb": variant == RHUBARB_OPTION,
        "turn": names[0] if names else None,
        "phase": rules.turn_phases[-1],
        "garden_stack": "rest",
        "garden_row": [],
        "compost": {},
        "players": [
            {
                "name": n,
                "deck": {ARTICHOKE: rules.artichokes_per_player - in_hand},
                "hand": {ARTICHOKE: in_hand},
                "discard": {},
            }
            for n in names
        ],
    }


def _catalogue(game: LoadedGame) -> dict[str, Any]:
    cards = game.catalogue
    pictures = {}
    for deck in game.decks:
        for card in deck.cards:
            vegetable = card.data().get("vegetable")
            if vegetable and vegetable not in pictures:
                pictures[vegetable] = card.id
    return {
        "kinds": [
            {
                "id": k.vegetable,
                "name": k.name,
                "card": pictures.get(k.vegetable),
                "option": k.option,
                "copies": k.copies,  # the most of it any zone may hold
            }
            for k in cards.kinds
        ],
        "cards": sum(k.copies for k in cards.kinds),  # the most the garden stack may hold
        "phases": list(PHASES),
        "zones": ["deck", "hand", "discard"],
        "row_size": game.rules.garden_row_size,
    }


def _card_names(game: LoadedGame) -> dict[str, str]:
    return {k.vegetable: k.name for k in game.catalogue.kinds}


ARTICHOKES = WebGame(
    id="abandon-all-artichokes",
    variants=_variants,
    blank=_blank,
    catalogue=_catalogue,
    card_names=_card_names,
)
