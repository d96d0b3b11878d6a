"""What a game declares for the web scorer, the shape every game's `web.py` fills in: part of a
game's interface (like `GameInterface` and `FieldsMapping`), so a game package imports it from
its own wing, and the web scorer (above) reads it."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from playtest.model.game import Game

Record = dict[str, Any]


@dataclass(frozen=True)
class Variant:
    id: str
    label: str


@dataclass(frozen=True)
class WebGame:
    id: str
    variants: Callable[[Game], list[Variant]]
    blank: Callable[[Game, str, list[str]], Record]  # variant, player names -> a record
    catalogue: Callable[[Game], dict[str, Any]]  # what the editor offers (cards, faces, ...)
    # violation `where` patterns -> the editor places that show them (`{1}`: a group; a place
    # with `*` is every place it matches, as a pattern of field names in expressions)
    places: tuple[tuple[str, str], ...] = ()
    # field id patterns (`playtest fields`) -> the editor places that enter that field, where
    # a photo's uncertain reading is shown; a field no pattern matches is its own place
    field_places: tuple[tuple[str, str], ...] = ()
    # the names of what a record may hold of a player's cards, for "cards with the winners"
    card_names: Callable[[Game], dict[str, str]] = lambda game: {
        card.id: card.name or card.id for card in game.cards().values()
    }
    # the stats page's scoring category of a breakdown line (default: the line itself)
    breakdown_category: Callable[[str], str] = str
    # the editor's script under playtest/web/static/ (default: games/<id>.js)
    script: str | None = None
    # the sheets the editor draws for a record: {template name: sheet id} (default: the
    # catalogue's `sheets`, {variant: sheet id}, for the record's variant only)
    sheets: Callable[[Game, Record, dict[str, Any]], dict[str, str]] = (
        lambda game, record, catalogue: {
            variant: sheet
            for variant, sheet in catalogue.get("sheets", {}).items()
            if variant == record.get("variant")
        }
    )

    # the boards the editor draws for a record: {template name: board id} (default: none; a
    # game scored in YAML draws each board that has fields)
    boards: Callable[[Game, Record, dict[str, Any]], dict[str, str]] = (
        lambda game, record, catalogue: {}
    )

    @property
    def script_path(self) -> str:
        return self.script or f"games/{self.id}.js"

    def places_of(self, where: str) -> list[str]:
        """The editor places (`data-place` names) where a violation at `where` is shown."""
        return _placed(self.places, where)

    def places_of_field(self, field_id: str) -> list[str]:
        """The editor places (`data-place` names) that enter a field."""
        return _placed(self.field_places, field_id)


def _placed(patterns: tuple[tuple[str, str], ...], text: str) -> list[str]:
    """The places the first matching pattern names; the text itself when none matches."""
    found: list[str] = []
    for pattern, template in patterns:
        for match in re.finditer(pattern, text):
            found.append(_fill(template, match))
        if found:
            return found
    return [text]


def _fill(template: str, match: re.Match[str]) -> str:
    """`{1}` is group 1; `{1-}` is group 1 minus one (records count from 1, lists from 0)."""

    def group(ref: re.Match[str]) -> str:
        value = match.group(int(ref.group(1)))
        return str(int(value) - 1) if ref.group(2) else value

    return re.sub(r"\{(\d)(-?)\}", group, template)
