"""The record a player types in (records.md, Harvest Dice): its schema, and the typed position
the checks and the scoring read. Shapes that cannot be read are input errors (exit 2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated

from playtest.scorer.games.harvest_dice.garden import Garden, read_garden
from playtest.scorer.header import Header
from pydantic import AfterValidator, Field, PlainValidator, ValidationInfo

from playtest.errors import InputError, Problems
from playtest.model.base import Schema
from playtest.model.game import Game
from playtest.model.rules.harvest_dice import Rules, Variant
from playtest.validation import validate
from playtest.yamlsource import Document, format_loc

Whole = Annotated[int, Field(strict=True)]  # out-of-range values are rule violations, not errors


def _rules(info: ValidationInfo) -> Rules:
    return (info.context or {})["rules"]


def _garden(value: object, info: ValidationInfo) -> Garden:
    return read_garden(value, _rules(info))


def _market_keys(value: dict[str, int], info: ValidationInfo) -> dict[str, int]:
    expected = _rules(info).vegetable_ids()
    unknown = [key for key in value if key not in expected]
    missing = [key for key in expected if key not in value]
    listed = ", ".join(expected)
    if unknown:
        raise ValueError(f"unknown market {unknown[0]!r} (expected: {listed})")
    if missing:
        raise ValueError(f"no count for the {', '.join(missing)} market (expected: {listed})")
    return {key: value[key] for key in expected}  # sheet order


MarketCounts = Annotated[dict[str, Whole], AfterValidator(_market_keys)]


class PlayerEntry(Schema):
    name: Annotated[str, Field(min_length=1, max_length=40)]
    garden: Annotated[Garden, PlainValidator(_garden)]
    pig: Whole
    powers_used: Whole = 0
    markets: MarketCounts | None = None


class RecordEntry(Schema):
    game: str
    variant: Variant
    final: Annotated[bool, Field(strict=True)] = True
    markets: MarketCounts | None = None
    players: list[PlayerEntry]  # how many, and their names, are checked by the shared header


@dataclass(frozen=True)
class PlayerBoard:
    name: str
    garden: Garden
    pig: int
    powers_used: int
    markets: Mapping[str, int]  # what this player's sheet shows
    own_markets: bool  # typed for this player rather than once for the game


@dataclass(frozen=True)
class Position:
    variant: Variant
    final: bool
    players: tuple[PlayerBoard, ...]  # seat order; the first was the first start player

    @property
    def markets(self) -> Mapping[str, int]:
        """The markets the checks and scores use: the first player's (records.md)."""
        return self.players[0].markets

    @property
    def markets_owner(self) -> str | None:
        """Whom a market violation names: nobody when the markets were typed once."""
        first = self.players[0]
        return first.name if first.own_markets else None


def read_position(header: Header, game: Game) -> Position:
    doc = header.doc
    entry, problems = validate(RecordEntry, doc, (), context={"rules": game.rules})
    if entry is None:
        raise InputError(problems)
    _require_markets(entry, doc)
    return Position(
        variant=entry.variant,
        final=entry.final,
        players=tuple(_board(p, entry.markets) for p in entry.players),
    )


def _require_markets(entry: RecordEntry, doc: Document) -> None:
    """Markets typed once for the game, or for every player (then HD-04 compares them)."""
    if entry.markets is not None:
        return
    lacking = [i for i, p in enumerate(entry.players) if p.markets is None]
    places = [("markets",)] if len(lacking) == len(entry.players) else \
        [("players", i, "markets") for i in lacking]
    missing = Problems()
    for loc in places:
        missing.add(doc.display, doc.line_of(loc), format_loc(loc), "required field is missing "
                    "(give `markets:` once for the game or for every player)")
    missing.raise_if_any()


def _board(player: PlayerEntry, shared: dict[str, int] | None) -> PlayerBoard:
    markets = player.markets if player.markets is not None else shared
    assert markets is not None  # read_position has reported every player without markets
    return PlayerBoard(name=player.name, garden=player.garden, pig=player.pig,
                       powers_used=player.powers_used, markets=markets,
                       own_markets=player.markets is not None)
