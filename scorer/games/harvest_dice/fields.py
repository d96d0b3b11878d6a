"""The score sheet's fields (components/harvest-dice/layouts.yaml, `playtest fields
harvest-dice`) as the usual record (records.md) and back; every count comes from the rules.

    garden.row<r>.col<c>  choice of a vegetable id   the garden cell's vegetable
    pig.row<r>            track                      circles crossed in that row of the pen
    power.row<r>          box                        that row's pig power crossed off as used
    market.<vegetable>    track                      circles crossed, the pre-printed included

A market track reads at least its pre-printed crosses (the sheet shows them crossed); the pig
is the sum of its rows. The players' markets are written once when they agree (records.md)."""

from __future__ import annotations

from typing import Any

from playtest.model.game import Game
from playtest.scorer.fields_record import FieldsReading, PlayerFields, sheets_of_variant
from playtest.scorer.games.harvest_dice.garden import EMPTY
from playtest.scorer.games.harvest_dice.position import Position
from playtest.scorer.games.harvest_dice.rules import Rules


def cell_id(row: int, column: int) -> str:
    return f"garden.row{row}.col{column}"


class HarvestDiceFields:
    def to_record(self, reading: FieldsReading, game: Game) -> dict[str, Any]:
        rules: Rules = game.rules
        variant = reading.variant or "basic"
        crosses = rules.markets.start_crosses.items()
        start = next((n for side, n in crosses if side == variant), 0)  # the reader checks it
        players = []
        for player in reading.players:
            board = _board(player.fields, rules, start)
            players.append({"name": player.name, **board})
        record: dict[str, Any] = {"game": game.id, "variant": variant}
        markets = [p.pop("markets") for p in players]
        if all(m == markets[0] for m in markets):
            record["markets"] = markets[0]
        else:
            for player_record, own in zip(players, markets, strict=True):
                player_record["markets"] = own
        record["players"] = players
        return record

    def to_fields(self, position: Position, game: Game) -> FieldsReading:
        rules: Rules = game.rules
        sheet = sheets_of_variant(game, position.variant)[0]
        per_row = rules.pig.circles_per_row
        players = []
        for board in position.players:
            fields: dict[str, Any] = {}
            for index, vegetable in enumerate(rules.vegetables):
                mask = board.garden.masks[index]
                for cell in range(rules.garden.rows * rules.garden.columns):
                    if mask >> cell & 1:
                        row, column = divmod(cell, rules.garden.columns)
                        fields[cell_id(row + 1, column + 1)] = vegetable.id
            for row in range(1, rules.pig.rows + 1):
                crossed = min(per_row, max(0, board.pig - (row - 1) * per_row))
                if crossed:
                    fields[f"pig.row{row}"] = crossed
                if row <= board.powers_used:
                    fields[f"power.row{row}"] = True
            for vegetable in rules.vegetables:
                fields[f"market.{vegetable.id}"] = board.markets[vegetable.id]
            players.append(PlayerFields(board.name, fields, sheet))
        return FieldsReading(game.id, tuple(players), position.variant)


def _board(fields: Any, rules: Rules, start: int) -> dict[str, Any]:
    letters = {v.id: v.letter for v in rules.vegetables}
    garden = "\n".join(
        " ".join(
            letters.get(fields.get(cell_id(row, column)), EMPTY)
            for column in range(1, rules.garden.columns + 1)
        )
        for row in range(1, rules.garden.rows + 1)
    )
    rows = range(1, rules.pig.rows + 1)
    return {
        "garden": garden,
        "pig": sum(fields.get(f"pig.row{row}", 0) for row in rows),
        "powers_used": sum(fields.get(f"power.row{row}") is True for row in rows),
        "markets": {v.id: max(start, fields.get(f"market.{v.id}", 0)) for v in rules.vegetables},
    }


FIELDS = HarvestDiceFields()
