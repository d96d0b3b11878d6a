"""Dice Town on the web: a final position (nuggets, dollars, badge, cards by picture) or a
round (each player's dice, the sheriff and the bank)."""

from __future__ import annotations

from typing import Any

from playtest.scorer.games.dice_town.cards import LoadedGame
from playtest.scorer.web_game import Record, Variant, WebGame

KINDS = (Variant("final", "Final position"), Variant("round", "A round (who wins each location)"))


def _blank(game: LoadedGame, kind: str, names: list[str]) -> Record:
    if kind == "round":
        first = game.rules.dice.faces[0].label
        return {
            "game": game.id,
            "kind": "round",
            "sheriff": names[0] if names else None,
            "bank": 0,
            "players": [{"name": n, "dice": [first] * game.rules.dice.per_player} for n in names],
        }
    return {
        "game": game.id,
        "kind": "final",
        "players": [
            {"name": n, "nuggets": 0, "dollars": 0, "sheriff": i == 0, "store": [], "deeds": []}
            for i, n in enumerate(names)
        ],
    }


def _catalogue(game: LoadedGame) -> dict[str, Any]:
    return {
        "cards": [{"id": c.id, "name": c.name, "deck": d.id} for d in game.decks for c in d.cards],
        "piles": {"store": "general-store", "deeds": "deeds"},
        "faces": [f.label for f in game.rules.dice.faces],
        "die": game.dice[0].id if game.dice else None,
        "mine": game.rules.supply.nuggets,  # the most nuggets anyone, or the mine, holds
        "money": game.rules.supply.money,  # the most dollars anyone, or the bank, holds
        "display_deeds": game.rules.display.deeds,  # face-up deeds beside the Town Hall
        "tokens": {t.id: t.name for t in game.tokens},
    }


DICE_TOWN = WebGame(
    id="dice-town",
    variants=lambda game: list(KINDS),
    blank=_blank,
    catalogue=_catalogue,
    places=((r"^(store|deeds)\[(\d+)\]$", "{1}.{2}"), (r"^card (\S+)$", "card.{1}")),
)
