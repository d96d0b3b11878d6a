"""Finished means finished (issue 26): a log that stops before the game ends is reported as
unfinished (text, JSON without winners, exit 3), never with a winner; and a position taken
mid-round carries the round's state, so `check` on its record finds no rule broken that the
game did not break. Every example log and random logs of every registered game with an engine
are cut at every event. What each game's mid-game record carries is tested in its own folder
(`tests/<package>/test_*mid_game*.py`, through `tests/engines/mid_game.py`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playtest.library.loader import load_library
from playtest.scorer.api import evaluate_data
from playtest.scorer.engine import engine_for
from playtest.scorer.replay import Replayed, random_log
from tests.conftest import REPO
from tests.engines.replay_helpers import STOPPED, replay_log_text
from tests.games import games_with

LIBRARY = load_library(None)
GAMES = games_with(lambda g: g.engine)
EXAMPLE_LOGS = sorted((REPO / "examples").glob("*/log-*.yaml"))


def answers_at_every_cut(text: str) -> list[Replayed]:
    whole = replay_log_text(text, LIBRARY)
    return [replay_log_text(text, LIBRARY, k) for k in range(whole.replayed + 1)]


def assert_honest(replayed: Replayed) -> None:
    """An unfinished position names no winner anywhere; its record, which carries the round's
    or the card's state (the fields a game's records keep for a position mid-round), breaks
    no rule, and neither does the position replay answers with."""
    answer = replayed.to_json()
    assert answer["game_over"] == replayed.over
    if not replayed.over:
        assert "winners" not in answer and replayed.result.winners == ()
        assert STOPPED.fullmatch(replayed.stopped())
    assert replayed.unfinished == (
        not replayed.over and not replayed.illegal and replayed.replayed == len(replayed.log.events)
    )
    if replayed.over or replayed.illegal:
        return
    checked = evaluate_data(replayed.record(), LIBRARY)
    assert checked.violations == (), (replayed.replayed, checked.violations)
    assert replayed.result.violations == (), (replayed.replayed, replayed.result.violations)


@pytest.mark.parametrize("path", EXAMPLE_LOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_example_log_cut_at_every_event(path: Path) -> None:
    for replayed in answers_at_every_cut(path.read_text()):
        assert_honest(replayed)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(GAMES),
    seed=st.integers(0, 10_000),
    extra=st.integers(0, 1),
    other_variant=st.booleans(),
)
def test_random_logs_cut_at_every_event(
    game: str, seed: int, extra: int, other_variant: bool
) -> None:
    """Each game's variants too: the first variant, or the last one."""
    engine: Any = engine_for(LIBRARY.game(game))
    variants = engine.variants()
    variant = variants[-1] if other_variant and variants else None
    fewest, most = LIBRARY.game(game).info.players
    players = ("Ann", "Bob", "Cid", "Dee", "Eve")[: min(most, max(fewest, 2) + extra)]
    if variant == "solo":
        players = ("Ann",)
    text = random_log(engine, players, variant, seed)
    answers = answers_at_every_cut(text)
    assert answers[-1].over  # a whole random game ends
    for replayed in answers:
        assert_honest(replayed)
