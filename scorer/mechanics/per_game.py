"""Data a scorer derives from a game's components (its card catalogue, say) is computed once
per loaded game, not once per record: scoring a folder of records stays fast."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from functools import wraps
from typing import TypeVar

from playtest.model.game import Game

T = TypeVar("T")


def per_game(derive: Callable[[Game], T]) -> Callable[[Game], T]:
    # keyed by identity: a Game holds dicts, so it cannot be hashed; the weak reference makes
    # sure a recycled id never returns another game's data
    cache: dict[int, tuple[weakref.ref, T]] = {}

    @wraps(derive)
    def cached(game: Game) -> T:
        hit = cache.get(id(game))
        if hit is None or hit[0]() is not game:
            hit = (weakref.ref(game), derive(game))
            cache[id(game)] = hit
        return hit[1]

    return cached
