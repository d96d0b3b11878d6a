"""A Village Green record (records.md): its schema, and reading it into boards.

Every slot holds nothing (`null` or `.`), one card id, or a stack of ids, bottom card first.
Anything that cannot be read is an input error (exit 2) naming the file, line and field; what
can be read but breaks the rules is left to the checks.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field, ValidationInfo

from playtest.core.errors import Problems
from playtest.core.schema import Schema
from playtest.core.validation import RECORDS_DOC, validate
from playtest.core.yamlsource import Document, Loc, format_loc
from playtest.scorer.games.village_green.cards import Catalogue, LoadedGame
from playtest.scorer.games.village_green.position import Board, Position
from playtest.scorer.games.village_green.rules import Rules
from playtest.scorer.header import Header, Seats


def _known_card(typed: str, info: ValidationInfo) -> str:
    catalogue: Catalogue = (info.context or {})["catalogue"]
    return catalogue.lookup.get(typed)


def _slot_as_stack(value: Any) -> Any:
    if value is None or value == ".":
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        if not value:
            raise ValueError("empty stack: write null (or .) for an empty slot")
        return value
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
    raise ValueError(f"expected a card id, a stack [bottom, ..., top] or null, got {shown}")


CardId = Annotated[str, AfterValidator(_known_card)]
Slot = Annotated[tuple[CardId, ...], BeforeValidator(_slot_as_stack)]


class PlayerEntry(Schema):
    name: str = Field(min_length=1)
    village: Literal["face-up", "flipped"]
    top: list[Slot]
    left: list[Slot]
    grid: list[list[Slot]]


class RecordEntry(Schema):
    game: str  # the shared header has checked it
    variant: Literal["multiplayer", "solo"] | None = None  # default: solo for one player
    players: list[PlayerEntry]  # how many, and their names, are checked by the shared header


def seats(game: LoadedGame, variant: str | None) -> Seats:
    """Solo is one player, multiplayer two or more; with no variant, as many as the game takes
    (and one player means solo)."""
    fewest, most = game.info.players
    if variant == "solo":
        return Seats(1, 1, "a solo game")
    if variant == "multiplayer":
        return Seats(2, most, "a multiplayer game")
    return Seats(fewest, most)


def read_position(header: Header, game: LoadedGame) -> Position:
    doc, catalogue = header.doc, game.catalogue
    entry, errors = validate(
        RecordEntry, doc, context={"catalogue": catalogue}, reference=RECORDS_DOC
    )
    problems = Problems()
    problems.extend(errors)
    _check_sizes(doc, game.rules, problems)
    problems.items.sort(key=lambda p: p.line or 0)  # in the order of the file
    problems.raise_if_any()
    assert entry is not None
    variant = entry.variant or ("solo" if len(entry.players) == 1 else "multiplayer")
    boards = tuple(
        Board(
            player=p.name,
            village_face_up=p.village == "face-up",
            top=tuple(p.top),
            left=tuple(p.left),
            grid=tuple(tuple(row) for row in p.grid),
        )
        for p in entry.players
    )
    return Position(variant=variant, boards=boards, catalogue=catalogue)


def _check_sizes(doc: Document, rules: Rules, problems: Problems) -> None:
    """What the schema cannot know: the sizes of the player's area, from the rules. Read from
    the raw data, so these problems are reported together with the schema's."""

    def report(loc: Loc, message: str) -> None:
        problems.add(doc.display, doc.line_of(loc), format_loc(loc), message)

    def expect_length(loc: Loc, value: Any, wanted: int, what: str) -> None:
        if isinstance(value, list) and len(value) != wanted:
            report(loc, f"expected {what}, got {len(value)}")

    data = doc.data if isinstance(doc.data, dict) else {}
    players = data.get("players")
    if not isinstance(players, list):
        return
    grid = rules.grid
    for i, player in enumerate(players):
        if not isinstance(player, dict):
            continue
        here: Loc = ("players", i)
        expect_length(
            (*here, "top"),
            player.get("top"),
            grid.top_award_slots,
            f"{grid.top_award_slots} award slots (one above each grid column)",
        )
        expect_length(
            (*here, "left"),
            player.get("left"),
            grid.left_award_slots,
            f"{grid.left_award_slots} award slots (one left of each grid row)",
        )
        rows = player.get("grid")
        expect_length((*here, "grid"), rows, grid.green_rows, f"{grid.green_rows} rows")
        for r, row in enumerate(rows if isinstance(rows, list) else []):
            expect_length(
                (*here, "grid", r), row, grid.green_columns, f"{grid.green_columns} cells in a row"
            )
