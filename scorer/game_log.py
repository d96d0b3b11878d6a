"""A game log: the set-up, then every event in order (docs/records.md, "Game logs").

    game: GAME-ID
    variant: basic
    players: [Ann, Bob]
    events:
      - roll: 3 5 1 6               # a chance event, as it fell
      - Ann: 5 row 2                # a decision: the player's name and the move
      - Bob: 3 pass

Each event is a one-key mapping: the name of a chance event of the game (`roll`, `draw`, ...)
or the name of the player deciding. The notation of values is the game engine's.
Reading a log checks only its shape; `replay` checks the events against the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from playtest.core.errors import InputError
from playtest.core.game_ids import unknown_game_message
from playtest.core.yamlsource import Document, load_document

MAX_LOG_BYTES = 4 * 1024 * 1024
HEADER_KEYS = ("game", "variant", "options", "players", "events")


@dataclass(frozen=True)
class Event:
    index: int  # from 1, as people count
    line: int | None
    key: str  # a chance event's name or a player's name
    value: Any


@dataclass(frozen=True)
class GameLog:
    doc: Document
    game: str
    variant: str | None
    players: tuple[str, ...]
    events: tuple[Event, ...]
    options: dict[str, bool] = field(default_factory=dict)

    def error(self, loc: tuple[str | int, ...], message: str) -> InputError:
        return self.doc.error(loc, message)

    def event_error(self, event: Event, message: str) -> InputError:
        return InputError.one(
            self.doc.display,
            event.line,
            f"events[{event.index - 1}]",
            f"event {event.index}: {message}",
        )


def _names_boards(players: Any) -> bool:
    """Whether a `players:` list holds boards (mappings with a `name:`), as a record's does."""
    return isinstance(players, list) and any(isinstance(p, dict) for p in players)


def read_log(doc: Document, known_games: list[str]) -> GameLog:
    data = doc.data
    if not isinstance(data, dict):
        raise doc.error((), "a game log must be a mapping with `game:`, `players:` and `events:`")
    if "events" not in data and _names_boards(data.get("players")):
        raise doc.error(  # a record's players are boards; a log's are names
            ("players",),
            "this is a record, not a game log: `playtest score` scores it "
            "(`playtest check` checks it)",
        )
    for key in data:
        if key not in HEADER_KEYS:
            raise doc.error((key,), f"unknown field (expected one of: {', '.join(HEADER_KEYS)})")
    game = data.get("game")
    if not isinstance(game, str) or game not in known_games:
        raise doc.error(("game",), unknown_game_message(str(game), known_games))
    variant = data.get("variant")
    if variant is not None and not isinstance(variant, str):
        raise doc.error(("variant",), f"expected a variant name, got {variant!r:.40}")
    players = data.get("players")
    if (
        not isinstance(players, list)
        or not players
        or not all(isinstance(p, str) and p.strip() for p in players)
    ):
        raise doc.error(
            ("players",),
            "expected the players' names in seat order, the first one starting, e.g. [Ann, Bob]",
        )
    seen: set[str] = set()  # one pass: a log may name any number of players
    for name in players:
        if name in seen:
            raise doc.error(("players",), f"two players are named {name!r} (names must differ)")
        seen.add(name)
    options = data.get("options") or {}
    if not isinstance(options, dict) or not all(isinstance(v, bool) for v in options.values()):
        raise doc.error(("options",), "expected options as `name: true|false`")
    raw = data.get("events")
    if not isinstance(raw, list):
        raise doc.error(("events",), "expected a list of events, each `name: value`")
    events = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict) or len(item) != 1:
            raise doc.error(
                ("events", i),
                f"event {i + 1}: expected one `name: value` "
                f"(a player's move or a chance event), got {item!r:.60}",
            )
        ((key, value),) = item.items()
        events.append(Event(i + 1, doc.line_of(("events", i)), str(key), value))
    return GameLog(
        doc=doc,
        game=game,
        variant=variant,
        players=tuple(players),
        events=tuple(events),
        options=options,
    )


def load_log(path: Path, known_games: list[str]) -> GameLog:
    return read_log(load_document(path, max_bytes=MAX_LOG_BYTES), known_games)


def log_text(
    game: str,
    variant: str | None,
    players: tuple[str, ...],
    events: list[tuple[str, Any]],
    options: dict[str, bool] | None = None,
) -> str:
    """A log as YAML, one event a line (what `replay` reads)."""
    head: dict[str, Any] = {"game": game}
    if variant:
        head["variant"] = variant
    if options:
        head["options"] = options
    head["players"] = list(players)
    lines = [
        yaml.safe_dump(head, sort_keys=False, default_flow_style=None, allow_unicode=True).rstrip(),
        "events:",
    ]
    lines += [
        "  - "
        + yaml.safe_dump({k: v}, default_flow_style=True, allow_unicode=True, width=10_000).strip()[
            1:-1
        ]
        for k, v in events
    ]
    return "\n".join(lines) + "\n"
