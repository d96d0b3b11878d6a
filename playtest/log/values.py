"""What a logged game's fields may hold, checked wherever they come from: a row of the log
file (which anyone may have edited, or another program written) and the identity line of an
exported record file. A value that fails is reported, never used: it would end in a file
name, a page or a sum."""

from __future__ import annotations

import datetime as dt
import json
import re
import secrets
from typing import Any

from playtest.core.control_chars import name_problem
from playtest.core.wording import plural
from playtest.library.registry import GAME_ID
from playtest.log.entries import LoggedGame

SIMULATED = "simulated"  # the source of games bots played (`playtest simulate`)
PLAYED = "played"  # a source filter: every game people played (web, cli, import)
SOURCES = ("web", "cli", "import", SIMULATED)  # where a game may come from

UID = re.compile(r"[0-9a-f]{32}")  # 128 random bits, or a record file's SHA-256 (cut)
KIT_VERSION = re.compile(r"[\w.+-]{1,100}", re.ASCII)  # `0.3+1a2b3c4d5e6f`, `yaml-1a2b...`
MAX_ID = 2**63 - 1  # SQLite's largest integer: a larger one names no game


def new_uid() -> str:
    return secrets.token_hex(16)


def real_date(value: Any) -> str | None:
    """`value` when it is a real ISO date (YYYY-MM-DD), else None."""
    if not isinstance(value, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        return None
    try:
        return dt.date.fromisoformat(value).isoformat()
    except ValueError:
        return None


def start_seat_problem(seat: Any, seats: int) -> str | None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < max(seats, 1):
        return (
            f"start seat {seat!r} is not one of the game's {plural(seats, 'seat')} (0 = the first)"
        )
    return None


def game_problem(entry: LoggedGame) -> str | None:
    """What is wrong with a game read from the log (None when nothing is)."""
    if not isinstance(entry.game, str) or not GAME_ID.fullmatch(entry.game):
        return f"game {entry.game!r} is not a game id"
    if entry.variant is not None and not isinstance(entry.variant, str):
        return "variant is not text"
    if real_date(entry.played_on) is None:
        return f"date played {entry.played_on!r} is not a date (YYYY-MM-DD)"
    if not isinstance(entry.kit_version, str) or not KIT_VERSION.fullmatch(entry.kit_version):
        return f"kit version {entry.kit_version!r} is not a kit version"
    if entry.source not in SOURCES:
        return f"source {entry.source!r} is not one of {', '.join(SOURCES)}"
    if not isinstance(entry.uid, str) or not UID.fullmatch(entry.uid):
        return f"identity {entry.uid!r} is not 32 hexadecimal digits"
    if not isinstance(entry.record, dict):
        return "record is not a mapping"
    return _result_problem(entry.result) or start_seat_problem(
        entry.start_seat, len(entry.result["players"])
    )


def _result_problem(result: Any) -> str | None:
    if not isinstance(result, dict):
        return "result is not a mapping"
    players, winners = result.get("players"), result.get("winners")
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        return "result: players is not a list of players"
    for player in players:
        name = player.get("name")
        if not isinstance(name, str):
            return "result: a player has no name"
        if wrong := name_problem(name):
            return f"result: {wrong}"
        total = player.get("total")
        if total is not None and (not isinstance(total, int | float) or isinstance(total, bool)):
            return f"result: the total of {name!r} is not a number"
        if not isinstance(player.get("breakdown", {}), dict):
            return f"result: the breakdown of {name!r} is not a mapping"
    if not isinstance(winners, list) or not all(isinstance(w, str) for w in winners):
        return "result: winners is not a list of names"
    if not isinstance(result.get("legal"), bool):
        return "result: legal is not true or false"
    return None


def parse_json(text: Any, what: str) -> Any:
    """A column holding JSON, or ValueError saying it does not."""
    if not isinstance(text, str):
        raise ValueError(f"{what} is not JSON")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise ValueError(f"{what} is not JSON") from None
