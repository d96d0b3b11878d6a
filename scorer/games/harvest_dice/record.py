"""The record a player types in (records.md, Harvest Dice): its schema, and the typed position
the checks and the scoring read. Shapes that cannot be read are input errors (exit 2)."""

from __future__ import annotations

from typing import Annotated, get_args

from pydantic import AfterValidator, Field, PlainValidator, ValidationInfo

from playtest.core.errors import InputError, Problems
from playtest.core.schema import Schema
from playtest.core.validation import RECORDS_DOC, validate
from playtest.core.yamlsource import Document, format_loc
from playtest.scorer.games.harvest_dice.garden import (
    Garden,
    GardenReader,
    garden_reader,
    read_garden,
)
from playtest.scorer.games.harvest_dice.position import PlayerBoard, Position
from playtest.scorer.games.harvest_dice.rules import LoadedGame, Rules, Variant
from playtest.scorer.header import Header

Whole = Annotated[int, Field(strict=True)]  # out-of-range values are rule violations, not errors
NAME_LENGTH = (1, 40)  # the fewest and most characters of a player's name


def _rules(info: ValidationInfo) -> Rules:
    rules: Rules = (info.context or {})["rules"]
    return rules


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
    name: Annotated[str, Field(min_length=NAME_LENGTH[0], max_length=NAME_LENGTH[1])]
    garden: Annotated[Garden, PlainValidator(_garden)]
    pig: Whole
    powers_used: Whole = 0
    markets: MarketCounts | None = None
    dice_this_round: Annotated[int, Field(strict=True, ge=0)] = 0
    """Dice this player has taken in the round under way: a position written mid-round (as
    `replay --record` writes one) is not the end of a round, and the dice accounting (HD-07)
    counts these with the rounds the markets show."""


class RecordEntry(Schema):
    game: str
    variant: Variant
    final: Annotated[bool, Field(strict=True)] = True
    markets: MarketCounts | None = None
    players: list[PlayerEntry]  # how many, and their names, are checked by the shared header


def read_position(header: Header, game: LoadedGame) -> Position:
    position = _usual_position(header.doc.data, game.rules)
    return position if position is not None else _validated_position(header, game)


def _validated_position(header: Header, game: LoadedGame) -> Position:
    doc = header.doc
    entry, problems = validate(
        RecordEntry, doc, (), context={"rules": game.rules}, reference=RECORDS_DOC
    )
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
    places = (
        [("markets",)]
        if len(lacking) == len(entry.players)
        else [("players", i, "markets") for i in lacking]
    )
    missing = Problems()
    for loc in places:
        missing.add(
            doc.display,
            doc.line_of(loc),
            format_loc(loc),
            "required field is missing (give `markets:` once for the game or for every player)",
        )
    missing.raise_if_any()


def _board(player: PlayerEntry, shared: dict[str, int] | None) -> PlayerBoard:
    markets = player.markets if player.markets is not None else shared
    assert markets is not None  # read_position has reported every player without markets
    return PlayerBoard(
        name=player.name,
        garden=player.garden,
        pig=player.pig,
        powers_used=player.powers_used,
        markets=markets,
        own_markets=player.markets is not None,
        this_round=player.dice_this_round,
    )


# -- the usual record, read without the schema -----------------------------------------------
# Nearly every record has the usual shape, and validating it with the schema took most of the
# time of scoring a folder. This reading takes only what the schema takes and reads it the same
# way (tests/harvest_dice/test_usual_record.py compares the two); anything else is left to the
# schema, which says what is wrong and where.

_RECORD_FIELDS = frozenset(RecordEntry.model_fields)
_PLAYER_FIELDS = frozenset(PlayerEntry.model_fields)
_VARIANTS = get_args(Variant)


class _Unusual(Exception):
    """Something the schema must read."""


def _usual_position(data: object, rules: Rules) -> Position | None:
    try:
        return _read_usual(data, rules)
    except (_Unusual, KeyError, ValueError):  # a required key missing, an unreadable garden
        return None


def _read_usual(data: object, rules: Rules) -> Position:
    if type(data) is not dict or not data.keys() <= _RECORD_FIELDS:
        raise _Unusual
    variant, final, players = data["variant"], data.get("final", True), data["players"]
    if (
        type(data["game"]) is not str
        or type(variant) is not str
        or variant not in _VARIANTS
        or type(final) is not bool
        or type(players) is not list
        or not players
    ):
        raise _Unusual
    ids = rules.vegetable_ids()
    shared = _usual_markets(data.get("markets"), ids)
    gardens = garden_reader(rules)
    return Position(
        variant,  # type: ignore[arg-type] # one of _VARIANTS
        final,
        tuple(_usual_board(p, shared, ids, gardens) for p in players),
    )


def _usual_board(
    player: object, shared: dict[str, int] | None, ids: list[str], gardens: GardenReader
) -> PlayerBoard:
    if type(player) is not dict or not player.keys() <= _PLAYER_FIELDS:
        raise _Unusual
    name, pig, used = player["name"], player["pig"], player.get("powers_used", 0)
    this_round = player.get("dice_this_round", 0)
    if (
        type(name) is not str
        or not NAME_LENGTH[0] <= len(name) <= NAME_LENGTH[1]
        or type(pig) is not int
        or type(used) is not int
        or type(this_round) is not int
        or this_round < 0
    ):
        raise _Unusual
    own = _usual_markets(player.get("markets"), ids)
    markets = own if own is not None else shared
    if markets is None:
        raise _Unusual
    garden = gardens.read(player["garden"])
    return PlayerBoard(name, garden, pig, used, markets, own is not None, this_round)


def _usual_markets(value: object, ids: list[str]) -> dict[str, int] | None:
    """A count for each market, in sheet order; None when not given."""
    if value is None:
        return None
    if type(value) is not dict or len(value) != len(ids):
        raise _Unusual
    counts = {key: value[key] for key in ids}  # a market missing: KeyError, unusual
    if set(map(type, counts.values())) != {int}:
        raise _Unusual
    return counts
