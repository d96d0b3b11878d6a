"""Bots: `random` (uniform legal moves), `greedy` (the best immediate gain by the game's own
scoring) and `montecarlo` (the stronger one: flat Monte-Carlo search with a rollout budget,
determinised where information is hidden). Every bot sees only what its player sees: before a
search, an engine with hidden information re-deals what the seat cannot see (`determinise`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from playtest.core.errors import InputError
from playtest.scorer.engine import CHANCE, OVER, Engine

AnyEngine = Engine[Any, Any, Any]


class Bot(Protocol):
    @property
    def name(self) -> str: ...

    def choose(
        self, engine: AnyEngine, state: Any, seat: int, moves: Sequence[Any], rng: random.Random
    ) -> Any: ...


def seat_score(engine: AnyEngine, state: Any, seat: int) -> int:
    """One seat's score by the game's own scoring (a faster per-seat hook when the engine has
    one, else the whole table's scores)."""
    fast = getattr(engine, "seat_score", None)
    return fast(state, seat) if fast is not None else engine.scores(state)[seat]


@dataclass(frozen=True)
class RandomBot:
    name: str = "random"

    def choose(
        self, engine: AnyEngine, state: Any, seat: int, moves: Sequence[Any], rng: random.Random
    ) -> Any:
        return moves[rng.randrange(len(moves))]


@dataclass(frozen=True)
class GreedyBot:
    """The move after which its own score is highest; equal moves are drawn at random."""

    name: str = "greedy"

    def choose(
        self, engine: AnyEngine, state: Any, seat: int, moves: Sequence[Any], rng: random.Random
    ) -> Any:
        return rng.choice(best_moves(engine, state, seat, moves))


def move_scores(engine: AnyEngine, state: Any, seat: int, moves: Sequence[Any]) -> list[int]:
    """The seat's score after each of its moves (the engine's `move_scores` hook when it has
    one: the same numbers without making every position)."""
    fast = getattr(engine, "move_scores", None)
    if fast is not None:
        return fast(state, seat, moves)
    return [seat_score(engine, engine.apply(state, move), seat) for move in moves]


def best_moves(engine: AnyEngine, state: Any, seat: int, moves: Sequence[Any]) -> list[Any]:
    best: list[Any] = []
    top = None
    for move, value in zip(moves, move_scores(engine, state, seat, moves), strict=True):
        if top is None or value > top:
            top, best = value, [move]
        elif value == top:
            best.append(move)
    return best


@dataclass(frozen=True)
class MonteCarloBot:
    """Flat Monte-Carlo search: each candidate move is played out `budget / candidates` times
    to the end with random moves and chance, from a determinised copy of the position; the
    move with the best share of wins is chosen. `candidates` bounds the moves searched (the
    greedy ones first), so the budget is spent where it matters."""

    name: str = "montecarlo"
    budget: int = 48  # playouts per decision
    candidates: int = 6
    max_steps: int = 5000  # a playout longer than this counts as no win

    def choose(
        self, engine: AnyEngine, state: Any, seat: int, moves: Sequence[Any], rng: random.Random
    ) -> Any:
        if len(moves) == 1:
            return moves[0]
        ranked = _ranked(engine, state, seat, moves)[: self.candidates]
        playouts = max(1, self.budget // len(ranked))
        determinise: Callable[[Any, int, random.Random], Any] | None = getattr(
            engine, "determinise", None
        )
        best, best_value = ranked[0], -1.0
        for move in ranked:
            value = 0.0
            for _ in range(playouts):
                start = determinise(state, seat, rng) if determinise else state
                value += _playout(engine, engine.apply(start, move), seat, rng, self.max_steps)
            if value > best_value:
                best, best_value = move, value
        return best


def _ranked(engine: AnyEngine, state: Any, seat: int, moves: Sequence[Any]) -> list[Any]:
    scored = sorted(enumerate(move_scores(engine, state, seat, moves)), key=lambda p: (-p[1], p[0]))
    return [moves[i] for i, _ in scored]


def _playout(engine: AnyEngine, state: Any, seat: int, rng: random.Random, max_steps: int) -> float:
    """1 for a win, 1/k for a win shared by k, 0 otherwise."""
    for _ in range(max_steps):
        to_move = engine.to_move(state)
        if to_move == OVER:
            winners = engine.result(state).winners
            name = engine.players(state)[seat]
            return 1 / len(winners) if name in winners else 0.0
        if to_move == CHANCE:
            state = engine.apply_chance(state, engine.sample_chance(state, rng))
        else:
            moves = engine.legal_moves(state)
            state = engine.apply(state, moves[rng.randrange(len(moves))])
    return 0.0


BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "montecarlo": MonteCarloBot,
}


def make_bot(name: str) -> Bot:
    try:
        return BOTS[name]()
    except KeyError:
        raise InputError.one(
            "playtest", None, "--bots", f"unknown bot {name!r} (expected one of: {', '.join(BOTS)})"
        ) from None
