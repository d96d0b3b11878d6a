"""A player's tableau as fields (components/village-green/table.yaml, `playtest fields
village-green`) and the usual record (records.md) back; the slots' counts come from the rules.

    village               choice of face-up, flipped   the village card's side (face up if empty)
    top.col<c>            card of the awards deck       the award seen above column c
    left.row<r>           card of the awards deck       the award seen left of row r
    grid.row<r>.col<c>    card of the green deck        the green card seen at row r, column c

Fields see the top card of each place: a record's covered cards (a stack) are not among them,
and do not score."""

from __future__ import annotations

from typing import Any

from playtest.model.game import Game
from playtest.scorer.fields_record import FieldsReading, PlayerFields, sheets_of_variant
from playtest.scorer.games.village_green.position import Position, Stack

FACE_UP, FLIPPED = "face-up", "flipped"


class VillageGreenFields:
    def to_record(self, reading: FieldsReading, game: Game) -> dict[str, Any]:
        grid = game.rules.grid  # the slots' counts (typed Rules)
        solo = len(reading.players) == 1
        return {
            "game": game.id,
            "variant": reading.variant or ("solo" if solo else "multiplayer"),
            "players": [
                {
                    "name": player.name,
                    "village": player.fields.get("village", FACE_UP),
                    "top": [player.fields.get(f"top.col{c}") for c in _to(grid.top_award_slots)],
                    "left": [player.fields.get(f"left.row{r}") for r in _to(grid.left_award_slots)],
                    "grid": [
                        [player.fields.get(_cell(r, c)) for c in _to(grid.green_columns)]
                        for r in _to(grid.green_rows)
                    ],
                }
                for player in reading.players
            ],
        }

    def to_fields(self, position: Position, game: Game) -> FieldsReading:
        surface = sheets_of_variant(game, position.variant)[0]
        players = []
        for board in position.boards:
            fields: dict[str, Any] = {"village": FACE_UP if board.village_face_up else FLIPPED}
            seen = [
                *((f"top.col{c}", s) for c, s in enumerate(board.top, 1)),
                *((f"left.row{r}", s) for r, s in enumerate(board.left, 1)),
                *(
                    (_cell(r, c), s)
                    for r, row in enumerate(board.grid, 1)
                    for c, s in enumerate(row, 1)
                ),
            ]
            fields.update((field_id, _top(stack)) for field_id, stack in seen if stack)
            players.append(PlayerFields(board.player, fields, surface))
        return FieldsReading(game.id, tuple(players), position.variant)


def _cell(row: int, column: int) -> str:
    return f"grid.row{row}.col{column}"


def _to(count: int) -> range:
    return range(1, count + 1)


def _top(stack: Stack) -> str:
    return stack[-1]


FIELDS = VillageGreenFields()
