"""A scored record as the log keeps it: the record, the answer of `playtest score`, and what
says which rules it was scored by (the kit version)."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from playtest.core.errors import InputError
from playtest.core.input_files import read_bounded
from playtest.core.limits import MAX_COMPONENT_BYTES
from playtest.core.yamlsource import Document, parse_document
from playtest.library.loader import Library
from playtest.model.game import Game
from playtest.scorer.api import evaluate_document
from playtest.scorer.result import Result


@dataclass(frozen=True)
class NewGame:
    """A game about to be saved: validated and scored, not yet in the log."""

    game: str
    variant: str | None
    played_on: str  # ISO date
    kit_version: str
    record: dict[str, Any]
    result: dict[str, Any]  # Result.to_json()
    start_seat: int = 0
    source: str = "cli"
    # the game's identity, kept in its exported file: a game imported twice is stored once,
    # and a Save sent twice (a double tap, a retried request) stores one game
    uid: str | None = None

    @property
    def players(self) -> list[dict[str, Any]]:
        return self.result["players"]


@dataclass(frozen=True)
class LoggedGame(NewGame):
    id: int = 0
    created_at: str = ""
    updated_at: str = ""

    @property
    def winners(self) -> list[str]:
        return self.result["winners"]

    @property
    def legal(self) -> bool:
        return bool(self.result["legal"])


def kit_version(game: Game) -> str:
    """The game's `version:` with a short hash of its YAML files (`0.3+1a2b3c4d5e6f`), or the
    hash alone (`yaml-1a2b3c4d5e6f`): a number changed without a new `version:` is still
    another version, so results scored under different rules are never mixed silently."""
    declared = getattr(game.info, "version", None)
    digest = _yaml_hash(game.folder)
    return f"{declared}+{digest}" if declared else f"yaml-{digest}"


@cache
def _yaml_hash(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*.yaml")):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(read_bounded(path, MAX_COMPONENT_BYTES) + b"\0")
    return digest.hexdigest()[:12]


def parse_date(value: str, field: str) -> str:
    """An ISO date (YYYY-MM-DD), or InputError naming `field`."""
    try:
        return dt.date.fromisoformat(value).isoformat()
    except ValueError:
        raise InputError.one(
            "playtest", None, field, f"{value!r} is not a date (expected YYYY-MM-DD)"
        ) from None


YAML_LINE_BREAKS = "\x85\u2028\u2029"  # line breaks to YAML 1.1, not to JSON


def record_document(record: Any, shown: str = "record") -> Document:
    """A record held as data (a web form, a database row) read like a record file, through the
    same parser and limits, so the same validators answer."""
    try:
        text = json.dumps(record, ensure_ascii=False, indent=1)
    except RecursionError:
        raise InputError.one(shown, None, "", "nested too deeply") from None
    for char in YAML_LINE_BREAKS:  # the YAML reader would fold them: keep them, as escapes
        text = text.replace(char, f"\\u{ord(char):04x}")
    return parse_document(text.encode("utf-8"), Path(shown), shown)


def new_game(
    doc: Document,
    library: Library,
    *,
    played_on: str | None = None,
    start_seat: int = 0,
    source: str = "cli",
    uid: str | None = None,
    version: str | None = None,
) -> tuple[NewGame, Result]:
    """Score a record (InputError when it cannot be read) and make it a log entry. `version`
    keeps the kit version an imported game was played with (default: the kit's own now)."""
    result = evaluate_document(doc, library)
    game = library.game(result.game)
    seats = len(result.players)
    if not 0 <= start_seat < max(seats, 1):
        start_seat = 0
    entry = NewGame(
        game=result.game,
        variant=result.variant,
        played_on=played_on or dt.date.today().isoformat(),
        kit_version=version or kit_version(game),
        record=doc.data,
        result=result.to_json(),
        start_seat=start_seat,
        source=source,
        uid=uid,
    )
    return entry, result
