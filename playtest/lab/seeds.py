"""Every game's randomness comes from (run seed, game index), never from the worker that plays
it, so a run gives the same games however it is split between processes or machines."""

from __future__ import annotations

import hashlib
import random


def game_rng(run_seed: int, index: int, stream: str = "game") -> random.Random:
    """An independent generator for one game (and one use within it: chance, a seat's bot)."""
    digest = hashlib.sha256(f"{run_seed}:{index}:{stream}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))
