"""The engine conformance suite (conformance.py) over every registered game that has an engine:
seeded random playouts for every variant the game offers, with every number of players the
variant takes (the scorer's `seats`)."""

from __future__ import annotations

import pytest

from playtest.library.loader import Library
from playtest.library.registry import registration
from playtest.scorer.engine import engine_for, engine_games
from playtest.scorer.header import default_seats

from .conformance import NAMES, check_playouts

SEEDS = range(3)


@pytest.mark.parametrize("game_id", engine_games())
def test_every_engine_keeps_the_protocols_promises(game_id: str, library: Library) -> None:
    game = library.game(game_id)
    engine = engine_for(game)
    parts = registration(game_id)
    scorer = parts.part("scorer") if parts else None
    seats = scorer.seats if scorer else default_seats
    for variant in engine.variants() or (None,):
        allowed = seats(game, variant)
        for count in range(allowed.fewest, allowed.most + 1):
            check_playouts(engine, library, NAMES[:count], variant, SEEDS)
