"""The zones of the table as fields (the `zones` board of
components/abandon-all-artichokes/table.yaml, one copy per player) and the position record
(records.md) back.

    turn                       box      it is this player's turn
    <zone>.<vegetable>         number   cards of that vegetable in the zone: the player's own
                                        deck, hand, discard; the shared row and compost
    stack                      number   cards in the Garden Stack (empty: the rest)
    phase                      choice   the last step of the turn done
    rhubarb                    box      the Rhubarb promo is in (empty: the game's option)

The shared fields are the same on every player's copy (they are read once: copies that
disagree are an input error). Mid-card zones (`set_aside`, `harvest_due`) have no fields."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from playtest.core.errors import Problems
from playtest.model.game import Game
from playtest.scorer.fields_record import FieldsReading, PlayerFields, sheets_of_variant
from playtest.scorer.games.artichokes.piles import Pile
from playtest.scorer.games.artichokes.position import Position
from playtest.scorer.games.artichokes.record import REST

OWN = ("deck", "hand", "discard")  # each player's zones: the record's keys and the fields'
SHARED_ZONES = {"row": "garden_row", "compost": "compost"}  # field prefix -> record key
SHARED = ("stack", "phase", "rhubarb")


class ArtichokesFields:
    def to_record(self, reading: FieldsReading, game: Game) -> dict[str, Any]:
        problems = Problems()
        shared = _shared(reading, problems)
        turns = [p.name for p in reading.players if p.fields.get("turn") is True]
        if len(turns) != 1:
            ticked = f"{len(turns)} are ({', '.join(turns)})" if turns else "none is"
            problems.add("fields", None, "turn", f"one player's `turn` is ticked, but {ticked}")
        problems.raise_if_any()
        record: dict[str, Any] = {"game": game.id}
        if shared.get("rhubarb") is True:
            record["rhubarb"] = True
        record["turn"] = turns[0]
        if "phase" in shared:
            record["phase"] = shared["phase"]
        record["garden_stack"] = shared.get("stack", REST)
        for prefix, key in SHARED_ZONES.items():
            record[key] = _zone(shared, prefix)
        record["players"] = [
            {"name": p.name, **{zone: _zone(p.fields, zone) for zone in OWN}}
            for p in reading.players
        ]
        return record

    def to_fields(self, position: Position, game: Game) -> FieldsReading:
        surface = sheets_of_variant(game, None)[0]
        shared: dict[str, Any] = {"phase": position.phase, **_counts("row", position.garden_row)}
        shared.update(_counts("compost", position.compost))
        if position.garden_stack.size is not None:
            shared["stack"] = position.garden_stack.size
        elif position.garden_stack.cards is not None:
            shared["stack"] = position.garden_stack.cards.size
        if position.rhubarb:
            shared["rhubarb"] = True
        players = []
        for zones in position.players:
            fields = dict(shared)
            if zones.name == position.turn:
                fields["turn"] = True
            for zone in OWN:
                fields.update(_counts(zone, getattr(zones, zone)))
            players.append(PlayerFields(zones.name, fields, surface))
        return FieldsReading(game.id, tuple(players))


def _shared(reading: FieldsReading, problems: Problems) -> dict[str, Any]:
    """The shared fields as every copy gives them (a copy may leave them empty)."""
    found: dict[str, Any] = {}
    for seat, player in enumerate(reading.players):
        for field_id, value in player.fields.items():
            if field_id.split(".")[0] not in (*SHARED, *SHARED_ZONES):
                continue
            if found.setdefault(field_id, value) != value:
                problems.add(
                    "fields",
                    None,
                    f"players[{seat}].fields.{field_id}",
                    f"{value!r} here, but {found[field_id]!r} on the first copy that gives it",
                )
    return found


def _zone(fields: Mapping[str, Any], zone: str) -> dict[str, int]:
    prefix = f"{zone}."
    return {k[len(prefix) :]: v for k, v in fields.items() if k.startswith(prefix) and v}


def _counts(zone: str, pile: Pile) -> dict[str, int]:
    return {f"{zone}.{vegetable}": copies for vegetable, copies in pile.counts}


FIELDS = ArtichokesFields()
