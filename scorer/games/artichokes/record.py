"""The record format (documented in examples/abandon-all-artichokes/README.md) and its parsing.

A zone is a list of card names (`[artichoke, beet, beet]`) or a mapping of name to copies
(`{artichoke: 4, beet: 2}`); a name is a vegetable or a printed card id, in any case.
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Discriminator, Field, Tag, ValidationInfo

from playtest.core.errors import Problems
from playtest.core.schema import Schema
from playtest.core.validation import RECORDS_DOC, validate
from playtest.core.yamlsource import Document
from playtest.scorer.games.artichokes.cards import RHUBARB_OPTION, Catalogue, LoadedGame
from playtest.scorer.games.artichokes.piles import Pile
from playtest.scorer.games.artichokes.position import GardenStack, PlayerZones, Position
from playtest.scorer.games.artichokes.rules import GAME_ID, RecordPhase
from playtest.scorer.header import Header

REST = "rest"


def _known_card(typed: str, info: ValidationInfo) -> str:
    cards: Catalogue = (info.context or {})["cards"]
    cards.lookup.get(typed)  # raises the message people read for an unknown card
    return typed  # resolved later: two spellings of one vegetable in a mapping add up


def _shape(value: Any) -> str | None:
    """Pick the zone form by the typed value's shape, so a mistake yields one clear message."""
    if isinstance(value, list):
        return "[list]"  # tags hold '[' so error locations skip them (playtest.core.validation)
    if isinstance(value, dict):
        return "[mapping]"
    if isinstance(value, int) and not isinstance(value, bool):
        return "[count]"
    if isinstance(value, str):
        return "[rest]"
    return None


CardName = Annotated[str, AfterValidator(_known_card)]
Copies = Annotated[int, Field(ge=0, le=1000)]
CardList = Annotated[list[CardName], Tag("[list]")]
CardCounts = Annotated[dict[CardName, Copies], Tag("[mapping]")]
ZONE_SHAPE = "expected a list of cards or a mapping of card: copies"
Zone = Annotated[
    CardList | CardCounts,
    Discriminator(_shape, custom_error_type="zone_shape", custom_error_message=ZONE_SHAPE),
]
Stack = Annotated[
    CardList
    | CardCounts
    | Annotated[Copies, Tag("[count]")]
    | Annotated[Literal["rest"], Tag("[rest]")],
    Discriminator(
        _shape,
        custom_error_type="zone_shape",
        custom_error_message=f"{ZONE_SHAPE}, a number of cards or `rest`",
    ),
]


class PlayerRecord(Schema):
    name: Annotated[str, Field(min_length=1)]
    deck: Zone | None = None
    hand: Zone | None = None
    discard: Zone | None = None


class PositionRecord(Schema):
    game: str  # the shared header has checked it
    rhubarb: bool | None = None  # default: the game's option
    turn: str
    phase: RecordPhase
    garden_stack: Stack
    garden_row: Zone | None = None
    compost: Zone | None = None
    set_aside: Zone | None = None  # mid-card: cards out of every zone until the card is done
    harvest_due: Copies = 0  # mid-card: cards still to harvest from a row a card dealt
    players: list[PlayerRecord]


def read_position(header: Header, game: LoadedGame) -> Position:
    doc, cards = header.doc, game.catalogue
    record, errors = validate(PositionRecord, doc, context={"cards": cards}, reference=RECORDS_DOC)
    problems = Problems()
    problems.extend(errors)
    if record is not None:
        _check_turn(record, doc, problems)
    problems.raise_if_any()
    assert record is not None and record.game == GAME_ID
    rhubarb = game.option(RHUBARB_OPTION) if record.rhubarb is None else record.rhubarb
    return Position(
        rhubarb=rhubarb,
        turn=record.turn,
        phase=record.phase,
        garden_stack=_stack(record.garden_stack, cards),
        garden_row=_pile(record.garden_row, cards),
        compost=_pile(record.compost, cards),
        players=tuple(
            PlayerZones(p.name, _pile(p.deck, cards), _pile(p.hand, cards), _pile(p.discard, cards))
            for p in record.players
        ),
        set_aside=_pile(record.set_aside, cards),
        harvest_due=record.harvest_due,
    )


def _check_turn(record: PositionRecord, doc: Document, problems: Problems) -> None:
    """Whose turn it is names a player (how many play, each named once: the shared header)."""
    names = [p.name for p in record.players]
    if names and record.turn not in names:
        problems.add(
            doc.display,
            doc.line_of(("turn",)),
            "turn",
            f"{record.turn!r} is not a player (expected one of: {', '.join(names)})",
        )


def _pile(zone: list[str] | dict[str, int] | None, cards: Catalogue) -> Pile:
    counts: Counter[str] = Counter()
    items = zone.items() if isinstance(zone, dict) else ((name, 1) for name in zone or [])
    for typed, copies in items:
        vegetable = cards.resolve(typed)
        assert vegetable is not None  # every name was checked while validating
        counts[vegetable] += copies
    return Pile.from_counts(counts)


def _stack(stack: list[str] | dict[str, int] | int | str, cards: Catalogue) -> GardenStack:
    if stack == REST:
        return GardenStack()
    if isinstance(stack, int):
        return GardenStack(size=stack)
    assert not isinstance(stack, str)
    return GardenStack(cards=_pile(stack, cards))
