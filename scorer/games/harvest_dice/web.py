"""Harvest Dice on the web: the score sheet of the variant, garden cells, pig and markets."""

from __future__ import annotations

from typing import Any, cast

from playtest.scorer.games.harvest_dice import rules as game_rules
from playtest.scorer.games.harvest_dice.rules import LoadedGame
from playtest.scorer.web_game import Record, Variant, WebGame


def _variants(game: LoadedGame) -> list[Variant]:
    return [Variant(v, v.capitalize()) for v in game.rules.markets.start_crosses]


def _blank(game: LoadedGame, variant: str, names: list[str]) -> Record:
    rules = game.rules
    empty = (
        "\n".join(
            " ".join("." for _ in rules.garden.column_faces) for _ in range(rules.garden.rows)
        )
        + "\n"
    )
    # the editor offers only the variants `_variants` lists
    start = rules.markets.start_crosses[cast(game_rules.Variant, variant)]
    return {
        "game": game.id,
        "variant": variant,
        "final": True,
        "markets": {v.id: start for v in rules.vegetables},
        "players": [{"name": n, "garden": empty, "pig": 0, "powers_used": 0} for n in names],
    }


def _catalogue(game: LoadedGame) -> dict[str, Any]:
    rules = game.rules
    colours = game.style.colours
    return {
        "sheets": {s.data.get("variant"): s.id for s in game.sheets},
        "vegetables": [
            {
                "id": v.id,
                "letter": v.letter,
                "name": v.name,
                "colour": colours.get(v.die_colour, "#888888"),
            }
            for v in rules.vegetables
        ],
        "pig_max": rules.pig.rows * rules.pig.circles_per_row,
        "pig_rows": rules.pig.rows,
        "pig_per_row": rules.pig.circles_per_row,
        "market_circles": rules.markets.circles,
        "start_crosses": dict(rules.markets.start_crosses),
    }


HARVEST_DICE = WebGame(
    id="harvest-dice",
    variants=_variants,
    blank=_blank,
    catalogue=_catalogue,
    places=(
        (r"garden row (\d+), column (\d+)", "garden.{1-}.{2-}"),
        (r"^garden$", "garden.*.*"),  # every cell of the garden
        (r"^pig pen$", "pig"),
        (r"^pig powers$", "power"),
        (r"^(\w+) market$", "market.{1}"),
        (r"^markets$", "markets"),
    ),
    # the sheet's fields (fields.py) -> the editor's places
    field_places=(
        (r"^garden\.row(\d+)\.col(\d+)$", "garden.{1-}.{2-}"),
        (r"^pig\.row\d+$", "pig"),
        (r"^power\.row\d+$", "power"),
    ),
)
