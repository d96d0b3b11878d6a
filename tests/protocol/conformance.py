"""The engine conformance suite, written once for every game (in the manner of OpenSpiel's shared
game tests): seeded random playouts of a game's engine, and what every engine promises along
them. `check_playouts` runs them all; the registered games run it (test_conformance.py) and so
does a throwaway game registered from a temporary folder (test_fifth_game.py)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playtest.core.yamlsource import parse_document
from playtest.library.loader import Library
from playtest.scorer.api import evaluate_data
from playtest.scorer.engine import CHANCE, OVER, Engine
from playtest.scorer.replay import random_log, replay_document

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")


@dataclass(frozen=True)
class Playout:
    """One game played at random from a seed: every state, and the events as a log writes them."""

    states: tuple[Any, ...]
    events: tuple[tuple[str, Any], ...]


def playout(
    engine: Engine[Any, Any, Any], players: tuple[str, ...], variant: str | None, seed: int
) -> Playout:
    """Chance from `Random(seed)`, every decision uniform among the legal moves; asserts at
    every step what the protocol promises of the flow."""
    rng = random.Random(seed)
    state = engine.new_game(players, variant)
    states, events = [state], []
    while (seat := engine.to_move(state)) != OVER:
        assert not engine.is_over(state)
        if seat == CHANCE:
            chance = engine.sample_chance(state, rng)
            assert engine.chance_problem(state, chance) is None
            events.append(engine.format_chance(state, chance))
            state = engine.apply_chance(state, chance)
        else:
            assert 0 <= seat < len(players)
            moves = engine.legal_moves(state)
            assert moves, f"no legal move for seat {seat} before the end"
            move = rng.choice(moves)
            assert engine.move_problem(state, move) is None
            text = engine.format_move(state, move)
            assert engine.parse_move(state, text) == move  # the notation reads back
            events.append((players[seat], text))
            state = engine.apply(state, move)
        states.append(state)
        assert len(states) < 100_000, "the game does not end"
    assert engine.is_over(state) and engine.legal_moves(state) == []
    return Playout(tuple(states), tuple(events))


def check_playouts(
    engine: Engine[Any, Any, Any],
    library: Library,
    players: tuple[str, ...],
    variant: str | None,
    seeds: range,
) -> None:
    """Every shared property on the playouts of these seeds."""
    for seed in seeds:
        played = playout(engine, players, variant, seed)
        again = playout(engine, players, variant, seed)
        assert again.events == played.events  # the seed decides the whole game
        assert engine.players(played.states[-1]) == players
        check_positions(engine, library, played)
        check_final_scores(engine, library, played)
        check_log_replays(engine, library, players, variant, seed, played)
        if hasattr(engine, "determinise"):
            check_determinise(engine, played, seed)


def check_positions(engine: Engine[Any, Any, Any], library: Library, played: Playout) -> None:
    """Every position reached, mid-round and mid-card included, passes `check`: its record
    carries where the game stands (a note says only what the record leaves out, never a rule
    it seems to break), and so does the engine's own answer (issue 26)."""
    for state in played.states:
        answer = evaluate_data(engine.record(state), library)
        assert answer.violations == (), (engine.describe(state), answer.violations)
        assert engine.result(state).violations == ()


def check_final_scores(engine: Engine[Any, Any, Any], library: Library, played: Playout) -> None:
    """The engine's final answer (totals, breakdowns, winners) is `score`'s of the record it
    writes. (`engine.scores` is the bots' reading, higher is better: a game where fewest wins
    gives minus its totals.)"""
    final = played.states[-1]
    scored = evaluate_data(engine.record(final), library)
    assert engine.result(final).to_json() == scored.to_json()
    assert len(engine.scores(final)) == len(scored.players)


def check_log_replays(
    engine: Engine[Any, Any, Any],
    library: Library,
    players: tuple[str, ...],
    variant: str | None,
    seed: int,
    played: Playout,
) -> None:
    """A log written from the playout replays, event by event, to the same end and scores."""
    text = random_log(engine, players, variant, seed)
    replayed = replay_document(parse_document(text.encode(), Path("log.yaml"), "log.yaml"), library)
    assert replayed.illegal is None
    assert engine.is_over(replayed.state)
    assert replayed.result.to_json() == engine.result(played.states[-1]).to_json()
    assert replayed.record() == engine.record(played.states[-1])


def check_determinise(engine: Any, played: Playout, seed: int) -> None:
    """`determinise` keeps what the seat sees of the flow (whose turn, the players, and, when it
    is the seat's own turn, its choices, which its hand decides) and is decided by its
    generator. What each game hides is its own tests' (a hand dealt again, a deck order)."""
    rng = random.Random(seed)
    for state in rng.sample(played.states, min(25, len(played.states))):
        seat = engine.to_move(state)
        for looker in range(len(engine.players(state))):
            seen = engine.determinise(state, looker, random.Random(seed))
            assert seen == engine.determinise(state, looker, random.Random(seed))
            assert engine.to_move(seen) == seat
            assert engine.players(seen) == engine.players(state)
            if seat == looker:
                assert engine.legal_moves(seen) == engine.legal_moves(state)
