"""The games the shared tests run over, found the way everything else finds them: through the
registry (`playtest.library.registry`), never from a list of names. A shared test runs over every
game, or asks for one game by the part it needs; a case about one game's own rules or
wording belongs in that game's folder, `tests/<package>/`."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playtest.library.registry import GameRegistration, registration, registrations
from playtest.model.game import Game

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def game_ids() -> list[str]:
    """Every registered game, by id."""
    return sorted(registrations())


def games_with(part: Callable[[GameRegistration], object]) -> list[str]:
    """The registered games that have a part: `games_with(lambda g: g.engine)`."""
    return [game_id for game_id, parts in sorted(registrations().items()) if part(parts)]


def a_game(part: Callable[[GameRegistration], object] = lambda g: g.scorer) -> str:
    """One registered game with a part (the first by id): for a test of shared code that
    needs a real game, not a particular one."""
    return games_with(part)[0]


def example_records(game_id: str) -> list[Path]:
    """The game's example records (its game logs left out), sorted."""
    return [
        path
        for path in sorted((EXAMPLES / game_id).glob("*.yaml"))
        if not path.name.startswith("log-")
    ]


def example_logs(game_id: str) -> list[Path]:
    """The game's example game logs, sorted."""
    return sorted((EXAMPLES / game_id).glob("log-*.yaml"))


def finished_records(game_id: str) -> list[Path]:
    """The game's example records that are legal and name a winner."""
    from playtest.scorer.api import evaluate_file

    return [
        path
        for path in example_records(game_id)
        if (answer := evaluate_file(path)).legal and answer.winners
    ]


def a_legal_record(game_id: str) -> Path:
    """The game's first legal example record (by name)."""
    from playtest.scorer.api import evaluate_file

    return next(path for path in example_records(game_id) if evaluate_file(path).legal)


def package_of(game_id: str) -> str:
    """The game's package, `my_game` of `playtest.scorer.games.my_game.rules`, which names its
    tests' folder (`tests/my_game/`); for a game with no code (scored in YAML), its id written
    as a package name."""
    parts = registrations().get(game_id, GameRegistration(id=game_id))
    code = parts.rules or parts.catalogue or parts.part("engine") or parts.part("scorer")
    if code is None:
        return game_id.replace("-", "_")
    return getattr(code, "__module__", type(code).__module__).rsplit(".", 1)[0].rsplit(".", 1)[1]


def own_codes(game: Game) -> Callable[[str], object]:
    """Whether a violation code is one of the game's own: its registration's `code_prefix` and
    a number, or for a game scored in YAML one of its `checks:` codes."""
    registered = registration(game.id)
    if registered is not None:
        return re.compile(rf"{registered.code_prefix}-[0-9]+").fullmatch
    return {rule.code for rule in game.scoring.rules}.__contains__
