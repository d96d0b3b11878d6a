"""What the shared web tests need of each game with its own editor, given by the game's own
tests: a `web_case.py` in its test package (tests/<package>/) defining `CASE`. A game scored
in YAML needs none: the editor all such games share is entered field by field
(tests/web/entering.py: `fields`)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.games import games_with, package_of

Record = dict[str, Any]


@dataclass(frozen=True)
class WebCase:
    game: str
    # a record's boards entered on the editor page by taps, as a player would
    enter: Callable[[Any, str, Record], None]
    # its pictures the scorer serves (`/pictures/<game>/<this>`), and some it must not (404)
    pictures: tuple[str, ...] = ()
    missing_pictures: tuple[str, ...] = ()


def web_cases() -> dict[str, WebCase]:
    """The case of every registered game with a web editor, by id; a game without one fails."""
    found = {}
    for game_id in games_with(lambda g: g.web):
        module = importlib.import_module(f"tests.{package_of(game_id)}.web_case")
        found[game_id] = module.CASE
        assert module.CASE.game == game_id
    return found
