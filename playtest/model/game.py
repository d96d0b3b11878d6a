"""One game, as loaded from every YAML file in its folder and checked as a whole."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from playtest.model.base import Schema
from playtest.model.components import (
    Board,
    Deck,
    Die,
    DieEntry,
    GameInfo,
    Layout,
    Sheet,
    Token,
    TokenEntry,
)
from playtest.model.presets import Advised, Net, Presets, Print, SheetTemplate
from playtest.model.style import Style


class GameFile(Schema):
    """What one YAML file in a game folder may hold (each key optional)."""

    game: GameInfo | None = None
    rules: dict[str, Any] | None = None
    style: dict[str, Any] | None = None
    layouts: dict[str, Layout] = {}
    decks: list[Deck] = []
    dice: list[DieEntry] = []
    sheets: list[Sheet] = []
    tokens: list[TokenEntry] = []
    boards: list[Board] = []


class SharedFile(Schema):
    """What a file in `_shared/` may hold."""

    style: dict[str, Any] | None = None
    papers: dict[str, tuple[float, float]] | None = None
    sizes: dict[str, tuple[float, float]] | None = None
    templates: list[SheetTemplate] | None = None
    print: Print | None = None
    net: Net | None = None
    advice: dict[Advised, str] | None = None


@dataclass(frozen=True)
class Source:
    """Where something was defined, for error messages."""

    file: str
    line: int | None
    field: str
    loc: tuple = ()


@dataclass(frozen=True)
class Game:
    info: GameInfo
    folder: Path
    rules: Any  # the game's typed Rules model (or a dict when the game has no schema)
    rules_data: dict[str, Any]  # the same, as plain data for layout templates
    style: Style
    presets: Presets
    layouts: dict[str, Layout]
    decks: tuple[Deck, ...]
    dice: tuple[Die, ...]
    sheets: tuple[Sheet, ...]
    tokens: tuple[Token, ...]
    boards: tuple[Board, ...]
    icons: dict[str, Path]
    sources: dict[str, Source] = field(default_factory=dict)
    # the game's cards as its rules see them, built once at load (playtest/model/cards/)
    catalogue: Any = None

    @property
    def id(self) -> str:
        return self.info.id

    def deck(self, deck_id: str) -> Deck:
        return next(d for d in self.decks if d.id == deck_id)

    def cards(self) -> dict[str, Any]:
        """Every card of every deck by id (ids are unique within a game)."""
        return {card.id: card for deck in self.decks for card in deck.cards}

    def size(self, size: str | tuple[float, float]) -> tuple[float, float]:
        return self.presets.sizes[size] if isinstance(size, str) else size

    def option(self, name: str) -> bool:
        return self.info.options.get(name, False)

    def with_options(self, chosen: dict[str, bool]) -> Game:
        """The game with some of its options switched (on the command line, say), so layouts
        (`game.options.<name>`) and rules see the switches in force."""
        known = {name: value for name, value in chosen.items() if name in self.info.options}
        if not known:
            return self
        info = self.info.model_copy(update={"options": {**self.info.options, **known}})
        return replace(self, info=info)
