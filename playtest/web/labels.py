"""The words a page shows for the scorer's keys (a breakdown line, an answer's field): the
names the game's YAML writes, never a raw key. `labels:` in `game:` names what has no name
elsewhere (`ribbons: Ribbons`); every other id is named where the YAML defines it (a
vegetable, a location, a deck, a card: any entry with an `id` and a `name`)."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel

from playtest.model.game import Game

RAW_KEY = re.compile(r"[a-z][a-z0-9]*(?:[_-][a-z0-9]+)*")  # `artichokes_in_deck`, `gold-mine`


def score_labels(game: Game) -> dict[str, str]:
    """Every key the game's YAML names, to the words shown for it: `labels:` first."""
    named: dict[str, str] = {}
    _named_in(_plain(game.rules), named)
    parts: list[Any] = [*game.decks, *game.dice, *game.tokens, *game.sheets, *game.boards]
    for part in parts:  # each kind has an id and a name
        named.setdefault(part.id, part.name or part.id)
    for deck in game.decks:
        for card in deck.cards:
            named.setdefault(card.id, card.name or card.id)
    return {**named, **game.info.labels}


def label_of(key: str, labels: dict[str, str]) -> str:
    """The words for a key: its label, else a key already in words as it is, else the key
    written as words (a designer's line left unnamed never shows as `best_row`)."""
    if key in labels:
        return labels[key]
    if not RAW_KEY.fullmatch(key):
        return key
    words = re.sub(r"[_-]+", " ", key)
    return words[:1].upper() + words[1:]


def _plain(value: Any) -> Any:
    return value.model_dump() if isinstance(value, BaseModel) else value


def _named_in(value: Any, named: dict[str, str]) -> None:
    """Every mapping with a text `id` and a text `name`, at any depth."""
    if isinstance(value, dict):
        if isinstance(value.get("id"), str) and isinstance(value.get("name"), str):
            named.setdefault(value["id"], value["name"])
        for item in value.values():
            _named_in(item, named)
    elif isinstance(value, list | tuple):
        for item in value:
            _named_in(item, named)
