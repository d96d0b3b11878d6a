"""A player's holdings as fields (the `holdings` board of components/dice-town/table.yaml,
`playtest fields dice-town`) and the final record (records.md, `kind: final`) back.

    nuggets, dollars      number   what the player holds
    sheriff               box      the player holds the sheriff badge
    deeds.card<n>         card     the property deeds, in any order
    store.card<n>         card     the General Store cards kept

Only a final position has fields: a round record (the dice) has none."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from playtest.core.errors import InputError
from playtest.model.game import Game
from playtest.scorer.fields_record import FieldsReading, PlayerFields, sheets_of_variant
from playtest.scorer.games.dice_town.position import FinalPosition, RoundPosition

PILES = ("deeds", "store")  # the record's card lists, and the prefix of their fields


class DiceTownFields:
    def to_record(self, reading: FieldsReading, game: Game) -> dict[str, Any]:
        return {
            "game": game.id,
            "kind": "final",
            "players": [
                {
                    "name": player.name,
                    "nuggets": player.fields.get("nuggets", 0),
                    "dollars": player.fields.get("dollars", 0),
                    "sheriff": player.fields.get("sheriff", False),
                    **{pile: _cards(player.fields, pile) for pile in PILES},
                }
                for player in reading.players
            ],
        }

    def to_fields(self, position: FinalPosition | RoundPosition, game: Game) -> FieldsReading:
        if isinstance(position, RoundPosition):
            raise InputError.one(
                "record", None, "kind", "a round record has no fields (only a final position)"
            )
        surface = sheets_of_variant(game, position.variant)[0]
        players = []
        for player in position.players:
            fields: dict[str, Any] = {"nuggets": player.nuggets, "dollars": player.dollars}
            if player.sheriff:
                fields["sheriff"] = True
            for pile, cards in (("deeds", player.deeds), ("store", player.store)):
                fields.update((f"{pile}.card{n}", card.id) for n, card in enumerate(cards, 1))
            players.append(PlayerFields(player.name, fields, surface))
        return FieldsReading(game.id, tuple(players), position.variant)


def _cards(fields: Mapping[str, Any], pile: str) -> list[str]:
    """The card ids of a pile's places, in the order of the places."""
    place = re.compile(rf"^{pile}\.card(\d+)$")
    found = [(int(m.group(1)), v) for k, v in fields.items() if (m := place.match(k))]
    return [card for _, card in sorted(found)]


FIELDS = DiceTownFields()
