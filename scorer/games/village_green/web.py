"""Village Green on the web: the award slots around the grid, cards picked by picture."""

from __future__ import annotations

import re
from typing import Any

from playtest.scorer.games.village_green.cards import LoadedGame
from playtest.scorer.web_game import Record, Variant, WebGame

VARIANTS = (Variant("multiplayer", "Multiplayer"), Variant("solo", "Solo"))
VILLAGE_SIDES = ("face-up", "flipped")


def _blank(game: LoadedGame, variant: str, names: list[str]) -> Record:
    grid = game.rules.grid
    return {
        "game": game.id,
        "variant": variant,
        "players": [
            {
                "name": n,
                "village": VILLAGE_SIDES[0],
                "top": [None] * grid.top_award_slots,
                "left": [None] * grid.left_award_slots,
                "grid": [[None] * grid.green_columns for _ in range(grid.green_rows)],
            }
            for n in names
        ],
    }


def _catalogue(game: LoadedGame) -> dict[str, Any]:
    return {
        "cards": [{"id": c.id, "name": c.name, "deck": d.id} for d in game.decks for c in d.cards],
        "village_sides": list(VILLAGE_SIDES),
    }


# an award's breakdown line names the award and its place: "A07 The ... Award (column 1)"
AWARD_LINE = re.compile(r"\((column|row) (\d+)\)$")
PLACEMENT = {"column": "award above column {}", "row": "award left of row {}"}


def award_placement(line: str) -> str:
    """An award line counts for its placement (above a column, left of a row), whichever award
    lay there: the stats page then says what each slot of the tableau brings on average."""
    match = AWARD_LINE.search(line)
    return PLACEMENT[match.group(1)].format(match.group(2)) if match else line


VILLAGE_GREEN = WebGame(
    id="village-green",
    variants=lambda game: list(VARIANTS),
    blank=_blank,
    catalogue=_catalogue,
    places=(
        (r"row (\d+), column (\d+)", "grid.{1-}.{2-}"),
        (r"award slot above column (\d+)", "top.{1-}"),
        (r"award slot left of row (\d+)", "left.{1-}"),
    ),
    # the tableau's fields (fields.py) -> the editor's places (`village` is its own)
    field_places=(
        (r"^grid\.row(\d+)\.col(\d+)$", "grid.{1-}.{2-}"),
        (r"^top\.col(\d+)$", "top.{1-}"),
        (r"^left\.row(\d+)$", "left.{1-}"),
    ),
    breakdown_category=award_placement,
)
