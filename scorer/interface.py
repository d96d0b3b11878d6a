"""The scorer's part of a game, so the CLI, the web scorer, engines and bots never import a
game by name.

A game package has the same modules in every game:

    record.py   read_position(header, game) -> Position  a record read into a typed position
    checks.py   violations(position, game) -> [Violation] every rule the position breaks
    scoring.py  score(position, game) -> Scores           each player's breakdown and the winners

and declares them in one `GameInterface`, the `scorer` of its registration
(`playtest/library/registry.py`, `GAME` in the package's `game.py`). The record's
header (game, variant, player count, unique names) is read once for every game
(`scorer/header.py`); card ids are looked up by `playtest.model.card_lookup`. What a game derives
from its components (its card catalogue) is built when the game is loaded, with the component
checks, so the loaded `Game` is the one object per game that every call receives.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from playtest.core.errors import InputError
from playtest.model.game import Game
from playtest.scorer.header import Header, Seats, default_seats, seat_problems
from playtest.scorer.result import PlayerScore, Result, Violation


class Position(Protocol):
    """What every game's typed position tells the shared code."""

    @property
    def variant(self) -> str | None: ...


@dataclass(frozen=True)
class Scores:
    """What a game's scoring answers for one position."""

    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]
    extra: dict[str, Any] = field(default_factory=dict)  # game-specific additions to the JSON
    notes: tuple[str, ...] = ()  # game-specific lines for the text answer (not in the JSON)


class RecordModule(Protocol):
    def read_position(self, header: Header, game: Game) -> Any:
        """The typed position; raises InputError (exit 2) for what cannot be read."""


class ChecksModule(Protocol):
    def violations(self, position: Any, game: Game) -> Sequence[Violation]:
        """Every broken rule, one violation per rule per place."""


class ScoringModule(Protocol):
    def score(self, position: Any, game: Game) -> Scores:
        """Every player's score (illegal positions too) and the winners."""


@dataclass(frozen=True)
class GameInterface:
    record: RecordModule
    checks: ChecksModule
    scoring: ScoringModule
    # how many may play with a variant (default: the game's `players:` in game.yaml)
    seats: Callable[[Game, str | None], Seats] = default_seats

    def read(self, header: Header, game: Game) -> Any:
        """The position, with the shared header problems and the game's own reported together
        in the order of the file."""
        shared = seat_problems(header, self.seats(game, header.variant))
        try:
            position = self.record.read_position(header, game)
        except InputError as exc:
            raise InputError(sorted([*exc.problems, *shared], key=lambda p: p.line or 0)) from None
        if shared:
            raise InputError(shared)
        return position

    def evaluate(self, position: Any, game: Game) -> Result:
        return evaluate(self.checks, self.scoring, position, game)


def evaluate(checks: ChecksModule, scoring: ScoringModule, position: Any, game: Game) -> Result:
    """A position's violations, scores and winners: what `playtest score` answers (engines ask
    it too, with their own game's modules)."""
    scores = scoring.score(position, game)
    return Result(
        game=game.id,
        variant=position.variant,
        violations=tuple(checks.violations(position, game)),
        players=scores.players,
        winners=scores.winners,
        extra=scores.extra,
        notes=scores.notes,
    )


def games() -> dict[str, GameInterface]:
    """Every registered game that has a scorer, by game id."""
    from playtest.library.registry import parts

    return parts("scorer")
