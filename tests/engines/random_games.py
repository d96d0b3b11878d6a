"""One random game as the engine tests walk it: every state from the set-up to the end, chance
from a seeded generator, every decision uniform among the legal moves."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

from playtest.scorer.engine import CHANCE, OVER


def random_states(
    engine: Any, state: Any, seed: int, limit: int | None = None, check_chance: bool = False
) -> Iterator[Any]:
    """`state` and every state after it; at most `limit` steps; with `check_chance`, every
    sampled chance event is asserted possible by the engine's own `chance_problem`."""
    rng = random.Random(seed)
    yield state
    for _ in itertools.count() if limit is None else range(limit):
        seat = engine.to_move(state)
        if seat == OVER:
            return
        if seat == CHANCE:
            chance = engine.sample_chance(state, rng)
            if check_chance:
                assert engine.chance_problem(state, chance) is None
            state = engine.apply_chance(state, chance)
        else:
            state = engine.apply(state, rng.choice(engine.legal_moves(state)))
        yield state
