"""Read a record into a position (`kind: final`, the default, or `kind: round`): check its
shape, resolve card ids and die faces; anything unreadable is an InputError (exit 2) naming the
file, the line and the field. The schemas are in record_schema.py."""

from __future__ import annotations

import re
from typing import Any

from playtest.core.errors import InputError, Problems
from playtest.core.validation import RECORDS_DOC, validate
from playtest.core.yamlsource import Document, Loc, format_loc
from playtest.scorer.games.dice_town.cards import CardInfo, LoadedGame
from playtest.scorer.games.dice_town.position import (
    FinalPlayer,
    FinalPosition,
    RoundPlayer,
    RoundPosition,
)
from playtest.scorer.games.dice_town.record_schema import FinalRecord, RoundRecord
from playtest.scorer.games.dice_town.rules import Rules
from playtest.scorer.header import Header

KINDS = ("final", "round")


def read_position(header: Header, game: LoadedGame) -> FinalPosition | RoundPosition:
    doc = header.doc
    kind = doc.data.get("kind", "final")
    if kind not in KINDS:
        raise doc.error(("kind",), f"unknown value {kind!r} (expected one of: {', '.join(KINDS)})")
    return _parse_round(doc, game) if kind == "round" else _parse_final(doc, game)


def _report(problems: Problems, doc: Document, loc: Loc, message: str) -> None:
    problems.add(doc.display, doc.line_of(loc), format_loc(loc), message)


def _parse_final(doc: Document, game: LoadedGame) -> FinalPosition:
    record, errors = validate(FinalRecord, doc, reference=RECORDS_DOC)
    if record is None:
        raise InputError(errors)
    problems = Problems()
    lookup = game.catalogue.lookup

    def resolve(i: int, pile: str, ids: list[str]) -> tuple[CardInfo, ...]:
        found = []
        for j, card_id in enumerate(ids):
            card = lookup.find(card_id)
            if card is None:
                _report(problems, doc, ("players", i, pile, j), lookup.unknown(card_id))
            else:
                found.append(card)
        return tuple(found)

    players = tuple(
        FinalPlayer(
            name=p.name,
            nuggets=p.nuggets,
            dollars=p.dollars,
            sheriff=p.sheriff,
            store=resolve(i, "store", p.store),
            deeds=resolve(i, "deeds", p.deeds),
        )
        for i, p in enumerate(record.players)
    )
    problems.raise_if_any()
    return FinalPosition(players=players, final=record.final)


def _parse_round(doc: Document, game: LoadedGame) -> RoundPosition:
    record, errors = validate(RoundRecord, doc, reference=RECORDS_DOC)
    if record is None:
        raise InputError(errors)
    problems = Problems()
    names = [p.name for p in record.players]
    if record.sheriff not in names:
        _report(
            problems,
            doc,
            ("sheriff",),
            f"{record.sheriff!r} is not one of the players ({', '.join(names)})",
        )
    players = tuple(
        RoundPlayer(
            name=p.name, dice=_read_dice(p.dice, ("players", i, "dice"), game.rules, doc, problems)
        )
        for i, p in enumerate(record.players)
    )
    problems.raise_if_any()
    return RoundPosition(
        sheriff=record.sheriff,
        bank=record.bank,
        mine=record.mine,
        deeds=tuple(record.deeds) if record.deeds is not None else None,
        players=players,
    )


def _read_dice(
    dice: list[Any] | str, loc: Loc, rules: Rules, doc: Document, problems: Problems
) -> tuple[str, ...]:
    """Faces as printed, case-insensitive: `[9, 10, J, q, K]` or `"9 10 J Q K"`."""
    labels = {face.label.upper(): face.label for face in rules.dice.faces}
    typed = (
        [(token, loc) for token in re.split(r"[\s,]+", dice.strip()) if token]
        if isinstance(dice, str)
        else [(str(d).strip(), (*loc, j)) for j, d in enumerate(dice)]
    )
    faces = []
    for token, where in typed:
        face = labels.get(token.upper())
        if face is None:
            expected = ", ".join(f.label for f in rules.dice.faces)
            _report(
                problems, doc, where, f"unknown die face {token!r} (expected one of: {expected})"
            )
        else:
            faces.append(face)
    return tuple(faces)
