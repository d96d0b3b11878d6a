"""The engine protocol: a game as something a program can play, one surface for every game.

Like OpenSpiel, chance is kept apart from decisions: a state is either a player's turn (a
seat), a chance node (dice to roll, cards to draw: the outcome comes from a seeded
`random.Random` or is given, as in a replayed log) or over. Like boardgame.io, a state and a
move are plain data and `apply` is a pure function, so a log of moves and chance events is
the whole game. Scores come from the game's own scoring (the code `playtest score` runs) and
a state can be written as a record in the format `playtest score` and `playtest check` read.

A game's registration (playtest/library/registry.py) names its engine class in the `engine`
slot, and `engine_for(game)` makes one.

Optional hooks the balance lab (`playtest.lab`) uses when an engine has them:
- `rounds(state) -> int`: rounds finished (the running score is taken once a round; without
  it, once round the table);
- `features(state, seat) -> set[str]`: the components a seat holds or the strategies it used
  (an award in its tableau, a card played), whose weight the lab measures;
- `seat_score(state, seat) -> int`: one seat's score, faster than `scores` where it can be;
- `move_scores(state, seat, moves) -> list[int]`: `seat_score(apply(state, move), seat)` for
  each move, without making every position (the greedy bot's question);
- `determinise(state, seat, rng) -> State`: the position with everything `seat` cannot see
  dealt again at random (hands, deck orders), so a searching bot never peeks. An engine with
  hidden information must have it.

And one for logs: `chance_due(state) -> str`, the key of the chance event due, where a game
has several (`replay` names it when a player's move comes instead).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from typing import Any, Protocol, TypeVar

from playtest.model.game import Game
from playtest.scorer.result import Result, Violation

State = TypeVar("State")
Move = TypeVar("Move")
Chance = TypeVar("Chance")


class SetupError(ValueError):
    """A set-up the game cannot start from; `field` is the log's key at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def check_player_count(given: int, allowed: Collection[int]) -> None:
    """The one wording of a table the game is not for: `expected 2 to 4 players, got 5` (or
    `2, 3 or 5` where the counts have a gap)."""
    if given in allowed:
        return
    counts = sorted(allowed)
    if counts == list(range(counts[0], counts[-1] + 1)) and len(counts) > 1:
        wanted = f"{counts[0]} to {counts[-1]}"
    else:
        wanted = ", ".join(map(str, counts[:-1])) + (" or " if len(counts) > 1 else "")
        wanted += str(counts[-1])
    noun = "player" if counts == [1] else "players"
    raise SetupError("players", f"expected {wanted} {noun}, got {given}")


CHANCE = -1  # `to_move` when chance acts next
OVER = -2  # `to_move` when the game has ended


class Engine(Protocol[State, Move, Chance]):
    """What every game's engine answers. Seats are numbered from 0 in the players' order."""

    @property
    def game(self) -> Game: ...
    @property
    def chance_names(self) -> tuple[str, ...]:
        """The keys a log writes chance events under ("roll", ...)."""

    # set-up and flow
    def new_game(
        self,
        players: Sequence[str],
        variant: str | None = None,
        options: dict[str, bool] | None = None,
    ) -> State: ...
    def variants(self) -> tuple[str, ...]: ...
    def to_move(self, state: State) -> int:
        """The seat to decide next, CHANCE or OVER."""

    def players(self, state: State) -> tuple[str, ...]: ...
    def is_over(self, state: State) -> bool: ...

    # decisions
    def legal_moves(self, state: State) -> list[Move]: ...
    def move_problem(self, state: State, move: Move) -> Violation | None:
        """Why this move breaks a rule here (a code, the player and a reason), or None."""

    def apply(self, state: State, move: Move) -> State: ...

    # chance
    def sample_chance(self, state: State, rng: random.Random) -> Chance: ...
    def chance_problem(self, state: State, chance: Chance) -> str | None:
        """Why this outcome cannot happen here (a 7 on a die, a card not in the deck)."""

    def apply_chance(self, state: State, chance: Chance) -> State: ...

    # answers, from the game's own scorer
    def result(self, state: State) -> Result:
        """Violations, scores and winners, exactly as `playtest score` gives them."""

    def scores(self, state: State) -> tuple[int, ...]: ...
    def record(self, state: State) -> dict[str, Any]:
        """The position as record data (the format `playtest score` reads)."""

    # the log notation
    def format_move(self, state: State, move: Move) -> str: ...
    def parse_move(self, state: State, text: str) -> Move:
        """A move as written in a log; ValueError when the notation cannot be read."""

    def format_chance(self, state: State, chance: Chance) -> tuple[str, Any]:
        """The log entry of a chance event: its key (one of chance_names) and value."""

    def parse_chance(self, state: State, key: str, value: Any) -> Chance:
        """ValueError when the notation cannot be read."""

    def describe(self, state: State) -> list[str]:
        """The position in a few lines of text, for people."""

    def position_note(self, state: State) -> str | None:
        """What a record of this position leaves out (a hand, the bank), for people, or None.
        The record itself carries where the game stands (mid-round, mid-card), so `check`
        finds no rule broken that the game did not break (the conformance tests)."""


def play_random(engine: Engine[Any, Any, Any], state: Any, rng: random.Random) -> Any:
    """Play on to the end: chance from `rng`, every decision a uniformly random legal move."""
    while True:
        seat = engine.to_move(state)
        if seat == OVER:
            return state
        if seat == CHANCE:
            state = engine.apply_chance(state, engine.sample_chance(state, rng))
        else:
            state = engine.apply(state, rng.choice(engine.legal_moves(state)))


def engine_games() -> list[str]:
    """The ids of the registered games that have an engine, sorted."""
    from playtest.library.registry import registrations

    return [game_id for game_id, g in registrations().items() if g.declares("engine")]


def engine_for(game: Game) -> Engine[Any, Any, Any]:
    """The engine of a loaded game (KeyError for a game without one)."""
    from playtest.library.registry import registration

    found = registration(game.id)
    engine = found.part("engine") if found is not None else None
    if engine is None:
        raise KeyError(game.id)
    return engine(game)
