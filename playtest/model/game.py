"""One game, as loaded from every YAML file in its folder and checked as a whole."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Generic

from typing_extensions import TypeVar

from playtest.core.schema import Schema
from playtest.expr.schema import Check, Scoring
from playtest.model.components import Board, Deck, Die, GameInfo, Layout, Sheet, Token
from playtest.model.entries import BoardEntry, DeckEntry, DieEntry, SheetEntry, TokenEntry
from playtest.model.presets import Advised, Net, Presets, SheetTemplate
from playtest.model.reference import Reference
from playtest.model.style import Style


class GameFile(Schema):
    """What one YAML file in a game folder may hold (each key optional)."""

    game: GameInfo | None = None
    """The game itself (once per game folder)."""
    rules: dict[str, Any] | None = None
    """Every number of the rules, as you name them: layouts read `{rules.x.y}`, a scorer reads the
    same values."""
    style: dict[str, Any] | None = None
    """Colours, text styles and fonts added to (or replacing) `_shared/style.yaml`."""
    layouts: dict[str, Layout] = {}
    """Named layouts: how each face is drawn."""
    decks: list[DeckEntry] = []
    """Decks of cards."""
    dice: list[DieEntry] = []
    """Six-sided dice (sticker sheets and paper nets)."""
    sheets: list[SheetEntry] = []
    """Score sheets and player aids."""
    tokens: list[TokenEntry] = []
    """Tokens (cut out round or square)."""
    boards: list[BoardEntry] = []
    """Boards (tiled across pages)."""
    reference: Reference | None = None
    """The rules reference printed in the kit (once per game folder)."""
    scoring: Scoring | None = None
    """How the game is scored, in expressions over its sheets' fields and `rules:` (a game
    with no scorer in Python); see docs/adding-a-game.md."""
    checks: list[Check] = []
    """Rules a player's sheet must keep, each an expression with a code (with `scoring:`)."""


class SharedFile(Schema):
    """What a file in `_shared/` may hold."""

    style: dict[str, Any] | None = None
    """Fonts, colours and text styles every game starts from."""
    papers: dict[str, tuple[float, float]] | None = None
    """Paper sizes by name: `[width, height]` in mm."""
    sizes: dict[str, tuple[float, float]] | None = None
    """Component size presets by name: `[width, height]` in mm."""
    templates: list[SheetTemplate] | None = None
    """Sheet templates: how many items of a size go on a page."""
    print: dict[str, Any] | None = None  # the loader checks it as `Print`, with the fallback
    """Print settings (each one can be overridden on the command line); a key left out of a
    components folder's own `_shared/` takes the installed `components/_shared/print.yaml`'s."""
    net: Net | None = None
    """The paper cube net of dice."""
    advice: dict[Advised, str] | None = None
    """Printing advice shown in the kit, by topic."""


@dataclass(frozen=True)
class Source:
    """Where something was defined, for error messages."""

    file: str
    line: int | None
    field: str
    loc: tuple[str | int, ...] = ()


@dataclass(frozen=True)
class GameEntries:
    """A game as written, before the loader resolves it: what the reference checks read (they
    decide whether its names, sizes and counts can be resolved at all)."""

    info: GameInfo
    folder: Path
    style: Style
    presets: Presets
    layouts: dict[str, Layout]
    decks: tuple[DeckEntry, ...]
    dice: tuple[DieEntry, ...]
    sheets: tuple[SheetEntry, ...]
    tokens: tuple[TokenEntry, ...]
    boards: tuple[BoardEntry, ...]
    icons: dict[str, Path]
    sources: dict[str, Source]


# what a game's code reads of a loaded game: `Game[Rules, Catalogue]` (its package's types);
# shared code, which knows no game, reads a bare `Game` (both Any)
RulesT = TypeVar("RulesT", default=Any)
CatalogueT = TypeVar("CatalogueT", default=Any)


@dataclass(frozen=True)
class Game(Generic[RulesT, CatalogueT]):
    """A loaded game: every component resolved (sizes in mm, counts as numbers, names checked).
    Its `rules` are the game's `Rules` model (a dict for a game without one) and its
    `catalogue` what its `catalogue(game)` built (None for a game without one): a game package
    names them with its own types, `Game[Rules, Catalogue]`."""

    info: GameInfo
    folder: Path
    rules: RulesT
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
    # the game's cards as its rules see them, built once at load (its game package's cards.py)
    catalogue: CatalogueT = None  # type: ignore[assignment]  # None until built, or none
    reference: Reference | None = None  # the rules reference the kit prints
    # `scoring:` and `checks:` compiled at load (playtest/expr/plan.py), or None
    scoring: Any = None

    @property
    def id(self) -> str:
        return self.info.id

    def deck(self, deck_id: str) -> Deck:
        return next(d for d in self.decks if d.id == deck_id)

    def cards(self) -> dict[str, Any]:
        """Every card of every deck by id (ids are unique within a game)."""
        return {card.id: card for deck in self.decks for card in deck.cards}

    def size(self, size: str | tuple[float, float]) -> tuple[float, float]:
        """A size preset's mm (a loaded component's `size` is already in mm)."""
        return self.presets.sizes[size] if isinstance(size, str) else size

    def option(self, name: str) -> bool:
        return self.info.options.get(name, False)

    def with_options(self, chosen: dict[str, bool]) -> Game[RulesT, CatalogueT]:
        """The game with some of its options switched (on the command line, say), so layouts
        (`game.options.<name>`) and rules see the switches in force."""
        known = {name: value for name, value in chosen.items() if name in self.info.options}
        if not known:
            return self
        info = self.info.model_copy(update={"options": {**self.info.options, **known}})
        return replace(self, info=info)
