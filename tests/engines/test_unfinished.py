"""Finished means finished (issue 26): a log that stops before the game ends is reported as
unfinished (text, JSON without winners, exit 3), never with a winner; and a position taken
mid-round carries the round's state, so `check` on its record finds no rule broken that the
game did not break. Every example log and random logs of all four games are cut at every
event."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playtest.scorer.api import evaluate_data
from playtest.scorer.engine import engine_for
from playtest.scorer.replay import UNFINISHED, Replayed, random_log

from playtest.loader import load_library
from tests.conftest import REPO
from tests.engines.replay_helpers import replay_log_text

LIBRARY = load_library(None)
GAMES = ("harvest-dice", "dice-town", "village-green", "abandon-all-artichokes")
EXAMPLE_LOGS = sorted((REPO / "examples").glob("*/log-*.yaml"))
STOPPED = re.compile(r"not finished: stopped after event \d+, round \d+")


def cut(path: Path, events: int) -> str:
    """The log at `path` with only its first `events` events."""
    head, body = path.read_text().split("events:\n")
    lines = [line for line in body.splitlines() if line.lstrip().startswith("- ")]
    return head + "events:\n" + "\n".join(lines[:events]) + "\n"


def test_a_harvest_dice_log_cut_mid_round_is_not_finished(
    run_cli: Callable, tmp_path: Path
) -> None:
    log = tmp_path / "cut.yaml"
    log.write_text(cut(REPO / "examples" / "harvest-dice" / "log-basic-2-players.yaml", 33))
    result = run_cli("replay", log)
    assert result.exit_code == UNFINISHED == 3
    assert result.output.splitlines()[-1] == "not finished: stopped after event 33, round 6"
    assert "winner" not in result.output
    answer = json.loads(run_cli("replay", "--json", log).output)
    assert answer["game_over"] is False and "winners" not in answer
    assert answer["events_replayed"] == 33


def test_a_dice_town_log_without_its_last_chance_event_is_not_finished(
    run_cli: Callable, tmp_path: Path
) -> None:
    whole = REPO / "examples" / "dice-town" / "log-2-players.yaml"
    events = len(cut(whole, 10_000).split("events:\n")[1].splitlines())
    assert cut(whole, events).endswith("- deeds: P18\n")  # the last refill ends the game
    log = tmp_path / "cut.yaml"
    log.write_text(cut(whole, events - 1))
    result = run_cli("replay", log)
    assert result.exit_code == 3 and "winner" not in result.output
    assert STOPPED.fullmatch(result.output.splitlines()[-1])
    answer = json.loads(run_cli("replay", "--json", log).output)
    assert answer["game_over"] is False and "winners" not in answer
    assert run_cli("replay", whole).exit_code == 0  # the whole log is finished


def test_a_mid_round_record_has_no_false_dice_accounting(run_cli: Callable, tmp_path: Path) -> None:
    """Event 6 of the 4-player log: a die taken this round was fed to the pig. The record
    used to count it as fed but not as taken (a false HD-07)."""
    log = REPO / "examples" / "harvest-dice" / "log-advanced-4-players.yaml"
    shown = run_cli("replay", "--until", "6", "--record", tmp_path / "r.yaml", log)
    assert shown.exit_code == 0, shown.output  # asked for a position: not an error
    assert STOPPED.fullmatch(shown.output.splitlines()[-1])
    assert "winner" not in shown.output
    record = (tmp_path / "r.yaml").read_text()
    assert "dice_this_round:" in record
    checked = run_cli("check", tmp_path / "r.yaml")
    assert checked.exit_code == 0 and checked.output.strip() == "harvest-dice: legal"


def answers_at_every_cut(text: str) -> list[Replayed]:
    whole = replay_log_text(text, LIBRARY)
    return [replay_log_text(text, LIBRARY, k) for k in range(whole.replayed + 1)]


def assert_honest(replayed: Replayed, game: str) -> None:
    """An unfinished position names no winner anywhere; its record breaks no rule the game
    did not (Harvest Dice: none at all; the other games' records cannot hold a card in the
    middle of being resolved, and replay says so in a note whenever a check flags one)."""
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
    codes = {v.code for v in checked.violations}
    if game == "harvest-dice":
        assert codes == set(), (replayed.replayed, checked.violations)
    elif codes:
        assert replayed.engine.position_note(replayed.state), (replayed.replayed, codes)


@pytest.mark.parametrize("path", EXAMPLE_LOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_example_log_cut_at_every_event(path: Path) -> None:
    game = path.parent.name
    for replayed in answers_at_every_cut(path.read_text()):
        assert_honest(replayed, game)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000), extra=st.integers(0, 1))
def test_random_logs_cut_at_every_event(game: str, seed: int, extra: int) -> None:
    engine: Any = engine_for(LIBRARY.game(game))
    fewest, most = LIBRARY.game(game).info.players
    players = ("Ann", "Bob", "Cid", "Dee", "Eve")[: min(most, max(fewest, 2) + extra)]
    text = random_log(engine, players, None, seed)
    answers = answers_at_every_cut(text)
    assert answers[-1].over  # a whole random game ends
    for replayed in answers:
        assert_honest(replayed, game)
