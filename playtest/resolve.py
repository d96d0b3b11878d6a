"""The entries of a game as written, resolved into the components a loaded game holds: a size
preset becomes its mm, a count naming the rules (`"{rules.supply.dice}"`) becomes that number,
and each layout, colour, icon, sheet and option name becomes a checked name. Called once the
reference checks passed, so every name and preset here is known."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from playtest.model.components import Board, Deck, Die, Mm2, Sheet, Token
from playtest.model.entries import BoardEntry, DeckEntry, DieEntry, SheetEntry, TokenEntry
from playtest.model.ids import ColourName, IconId, LayoutId, OptionName, SheetId


def _mm(size: str | tuple[float, float], sizes: Mapping[str, Mm2]) -> Mm2:
    return sizes[size] if isinstance(size, str) else size


def _layout(name: str | None) -> LayoutId | None:
    return None if name is None else LayoutId(name)


def deck(entry: DeckEntry, sizes: Mapping[str, Mm2]) -> Deck:
    return Deck.model_construct(
        id=entry.id,
        name=entry.name,
        size=_mm(entry.size, sizes),
        layout=LayoutId(entry.layout),
        back=_layout(entry.back),
        optional=None if entry.optional is None else OptionName(entry.optional),
        printed_when_off=entry.printed_when_off,
        scan_marker=entry.scan_marker,
        scan_back=entry.scan_back,
        fields=entry.fields,
        cards=entry.cards,
    )


def die(entry: DieEntry, count: int) -> Die:
    return Die.model_construct(
        id=entry.id,
        name=entry.name,
        colour=ColourName(entry.colour),
        ink=ColourName(entry.ink),
        icon=None if entry.icon is None else IconId(entry.icon),
        size=entry.size,
        layout=LayoutId(entry.layout),
        faces=entry.faces,
        count=count,
    )


def sheet(entry: SheetEntry, sizes: Mapping[str, Mm2]) -> Sheet:
    return Sheet.model_construct(
        id=entry.id,
        name=entry.name,
        size=_mm(entry.size, sizes),
        layout=LayoutId(entry.layout),
        back=None if entry.back is None else SheetId(entry.back),
        copies=entry.copies,
        data=entry.data,
    )


def token(entry: TokenEntry, sizes: Mapping[str, Mm2], count: int) -> Token:
    return Token.model_construct(
        id=entry.id,
        name=entry.name,
        size=_mm(entry.size, sizes),
        shape=entry.shape,
        layout=LayoutId(entry.layout),
        back=_layout(entry.back),
        data=entry.data,
        count=count,
    )


def board(entry: BoardEntry) -> Board:
    return Board.model_construct(
        id=entry.id,
        name=entry.name,
        size=entry.size,
        layout=LayoutId(entry.layout),
        data=entry.data,
        printed=entry.printed,
    )


def count(written: int | str, rules: dict[str, Any] | None) -> tuple[int, str | None]:
    """A count as a number, and why it is not one: one written as `{rules.x.y}` takes that
    number from the rules (None: the rules are broken, reported already; left 0)."""
    if not isinstance(written, str):
        return written, None
    if rules is None:
        return 0, None
    value: Any = rules
    for part in written[1:-1].split(".")[1:]:
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return 0, f"{written} names nothing in the rules"
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 100_000:
        return 0, f"{written} is {value!r}, not a number of copies"
    return value, None
