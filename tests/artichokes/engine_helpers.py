"""Abandon All Artichokes engine tests: the engine, random games, and tables set by hand."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from playtest.library.loader import Library, load_library
from playtest.scorer.engine import engine_for
from playtest.scorer.games.artichokes.engine import Engine
from playtest.scorer.games.artichokes.state import PLAY, State
from playtest.scorer.games.artichokes.table import Seat
from tests.engines.random_games import random_states

LIBRARY = load_library()
GAME_ID = "abandon-all-artichokes"
ENGINE: Engine = engine_for(LIBRARY.game(GAME_ID))  # type: ignore[assignment]
NAMES = ("Ann", "Ben", "Cy", "Dee")


def engine_of(library: Library) -> Engine:
    return engine_for(library.game(GAME_ID))  # type: ignore[return-value]


def states(
    engine: Engine,
    players: int,
    seed: int,
    variant: str | None = None,
    options: dict[str, bool] | None = None,
    limit: int = 5000,
) -> Iterator[State]:
    """Every state of one random game (chance from the seed, decisions uniform)."""
    return random_states(engine, engine.new_game(NAMES[:players], variant, options), seed, limit)


def counts(engine: Engine, zone: dict[str, int] | None = None) -> tuple[int, ...]:
    zone = zone or {}
    return tuple(zone.get(v, 0) for v in engine.vegetables)


def table(
    engine: Engine = ENGINE,
    *,
    hands: list[dict[str, int]],
    decks: list[dict[str, int]] | None = None,
    discards: list[dict[str, int]] | None = None,
    row: dict[str, int] | None = None,
    stack: dict[str, int] | None = None,
    turn: int = 0,
    options: dict[str, bool] | None = None,
    **changes: Any,
) -> State:
    """A table set by hand, the current player (`turn`) in the play step; cards not placed
    are in the compost, so every card is somewhere."""
    n = len(hands)
    decks = decks or [{}] * n
    discards = discards or [{}] * n
    seats = tuple(
        Seat(counts(engine, h), (counts(engine, d),) if any(d.values()) else (), counts(engine, x))
        for h, d, x in zip(hands, decks, discards, strict=True)
    )
    state = engine.new_game(NAMES[:n], options=options)
    stack_counts = counts(engine, stack)
    state = state._replace(
        seats=seats,
        row=counts(engine, row),
        stack=(stack_counts,) if any(stack_counts) else (),
        turn=turn,
        phase="harvest",
        due=(PLAY,),
        played=0,
        sole_done=False,
    )
    return state._replace(compost=compost_rest(engine, state), **changes)


def compost_rest(engine: Engine, state: State) -> tuple[int, ...]:
    """The compost that keeps every card somewhere (the Artichokes of the players in it)."""
    placed = [
        state.row,
        *state.stack,
        *(c for s in state.seats for c in (s.hand, s.discard, *s.deck)),
    ]
    in_play = engine.game.catalogue.in_play(frozenset({"rhubarb"} if state.rhubarb else ()))
    out = []
    for i, kind in enumerate(engine.kinds):
        copies = (
            engine.rules.artichokes_per_player * len(state.names)
            if i == engine.art
            else kind.copies
            if kind in in_play
            else 0
        )
        out.append(copies - sum(zone[i] for zone in placed))
    return tuple(out)


def kind(name: str, engine: Engine = ENGINE) -> int:
    return engine.vegetables.index(name)


def changed_library(tmp_path: Path, file: str, old: str, new: str) -> Library:
    """The shipped games with one value of the Artichokes YAML changed."""
    import shutil

    from tests.conftest import REPO

    root = tmp_path / "components"
    shutil.copytree(REPO / "components", root)
    path = root / GAME_ID / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return load_library(root)
