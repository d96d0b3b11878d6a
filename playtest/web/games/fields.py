"""The web editor of every game scored in YAML (`scoring:` in its folder, no code): one generic
`WebGame` for all of them. The page draws each sheet and board that has fields, as printed,
and lays a control over each field at its box in mm (playtest/faces/fields.py): a box to tick,
a track's circles to cross, a choice to pick, a number or a card id to type (static/fields.js).
What is entered is the record `playtest score` reads; the server scores it with the same YAML."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playtest.core.errors import InputError
from playtest.faces.fields import game_fields
from playtest.library.loader import Library
from playtest.model.game import Game
from playtest.scorer.web_game import Record, Variant, WebGame

SCRIPT = "fields.js"
ONE_WAY = [Variant("", "The rules as written")]  # a game scored in YAML has no variants


def _blank(game: Game, variant: str, names: list[str]) -> Record:
    return {"game": game.id, "players": [{"name": name, "fields": {}} for name in names]}


def _catalogue(game: Game) -> dict[str, Any]:
    """Each sheet and board with fields (its size in mm and its fields with their boxes), and
    the names of the cards a card slot may hold (the ids are the fields' values)."""
    return {
        "surfaces": [
            {**surface.to_json(), "template": f"{surface.kind}-{surface.id}"}
            for surface in game_fields(game)
            if surface.fields
        ],
        "card_names": {card.id: card.name or card.id for card in game.cards().values()},
    }


def _drawn(kind: str) -> Callable[[Game, Record, dict[str, Any]], dict[str, str]]:
    """The sheets (or boards) with fields the editor draws, by id: every one, for every record."""
    return lambda game, record, catalogue: {
        surface["id"]: surface["id"] for surface in catalogue["surfaces"] if surface["kind"] == kind
    }


def _places(game: Game) -> tuple[tuple[str, str], ...]:
    """A violation of a check made once per group of fields is shown on the fields of the
    group it found broken: its place in words (`row 2`) names no field, its pattern does
    (`row2.*`, which the page matches as the expressions do). Any other place is a field's
    id (`tree`) or shown on none."""
    rules = game.scoring.rules if game.scoring is not None else ()
    return tuple((f"^{re.escape(rule.place)}$", rule.fields) for rule in rules if rule.fields)


def fields_web_game(game: Game) -> WebGame:
    return WebGame(
        id=game.id,
        variants=lambda _: list(ONE_WAY),
        blank=_blank,
        catalogue=_catalogue,
        places=_places(game),
        script=SCRIPT,
        sheets=_drawn("sheet"),
        boards=_drawn("board"),
    )


def scored_in_yaml(library: Library, game_id: str) -> bool:
    """Whether a game of the library is scored by its own YAML: it loads, it has `scoring:`,
    and no registered code scores it (as `playtest score` decides, scorer/api.py)."""
    from playtest.library.registry import registration

    registered = registration(game_id)
    if registered is not None and registered.declares("scorer"):
        return False
    try:
        return library.game(game_id).scoring is not None
    except InputError:  # its own pages say nothing; `playtest build` and `score` say why
        return False


__all__ = ["fields_web_game", "scored_in_yaml"]
