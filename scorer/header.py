"""The part of a record every game shares, read once for all games: which game, which variant,
and who plays (how many, each named once).

A wrong number of players is an input error (exit 2) in every game, like any other wrong shape
(records.md): a position of seven players in a game for two to five is not a position of that
game, and its rules (dice per seat, cards per player) cannot be applied to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from playtest.core.control_chars import name_problem
from playtest.core.errors import InputError, Problem
from playtest.core.game_ids import unknown_game_message
from playtest.core.limits import MAX_NAME
from playtest.core.yamlsource import Document, format_loc
from playtest.model.game import Game


@dataclass(frozen=True)
class Seats:
    """How many may play, and who the message names ("the game", "a solo game")."""

    fewest: int
    most: int
    who: str = "the game"

    def describe(self) -> str:
        if self.fewest == self.most:
            return f"exactly {self.fewest} player{'s' * (self.fewest != 1)}"
        return f"{self.fewest} to {self.most} players"


def default_seats(game: Game, variant: str | None) -> Seats:
    fewest, most = game.info.players
    return Seats(fewest, most)


@dataclass(frozen=True)
class Header:
    doc: Document
    game: str
    variant: str | None  # as typed when it is text; the game's schema checks its value
    players: tuple[Any, ...] | None  # the entries as typed; None when `players` is no list

    @property
    def data(self) -> dict[str, Any]:
        data: dict[str, Any] = self.doc.data  # a record is a mapping (the header checked)
        return data

    def names(self) -> list[tuple[int, str]]:
        """(index, name) of every player entry whose name is text."""
        return [
            (i, p["name"])
            for i, p in enumerate(self.players or ())
            if isinstance(p, dict) and isinstance(p.get("name"), str)
        ]


def read_header(doc: Document, known: list[str]) -> Header:
    """The header of a record; raises InputError when it is not a record of a known game."""
    if not isinstance(doc.data, dict):
        raise doc.error((), "a record must be a mapping with a `game:` field")
    if "events" in doc.data:  # a whole game, not a position: say which command reads it
        raise doc.error(
            ("events",),
            "this is a game log, not a record: `playtest replay` plays it "
            "(`--record OUT` writes the position it reaches as a record)",
        )
    game_id = doc.data.get("game")
    expected = f"(expected one of: {', '.join(sorted(known))})"
    if game_id is None:
        raise doc.error(("game",), f"required field is missing {expected}")
    if not isinstance(game_id, str):
        raise doc.error(("game",), f"unknown game {game_id!r} {expected}")
    if game_id not in known:  # with the near miss, or how to name a game of one's own
        raise doc.error(("game",), unknown_game_message(game_id, known))
    variant = doc.data.get("variant")
    players = doc.data.get("players")
    return Header(
        doc=doc,
        game=game_id,
        variant=variant if isinstance(variant, str) else None,
        players=tuple(players) if isinstance(players, list) else None,
    )


def seat_problems(header: Header, seats: Seats) -> list[Problem]:
    """The player count against the game's seats, every name that is not one line of text
    (every door into the log reads records here: files, the web, imports), and every name
    given twice."""
    doc, found = header.doc, []

    def report(loc: tuple[str | int, ...], message: str) -> None:
        found.append(Problem(doc.display, doc.line_of(loc), format_loc(loc), message))

    if header.players is not None:
        count = len(header.players)
        if not seats.fewest <= count <= seats.most:
            report(("players",), f"{seats.who} has {seats.describe()}, got {count}")
    seen: set[str] = set()
    for index, name in header.names():
        wrong = name_problem(name)
        if wrong is None and len(name) > MAX_NAME:
            wrong = f"player name is {len(name)} characters long (at most {MAX_NAME})"
        if wrong:
            report(("players", index, "name"), wrong)
        elif name in seen:
            report(("players", index, "name"), f"player {name!r} is named twice")
        seen.add(name)
    return found


__all__ = ["Header", "InputError", "Seats", "default_seats", "read_header", "seat_problems"]
