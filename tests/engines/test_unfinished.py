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
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playtest.scorer.api import evaluate_data
from playtest.scorer.engine import engine_for
from playtest.scorer.replay import Replayed, random_log

from playtest.loader import load_library
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
    or the card's state (Harvest Dice `dice_this_round`, Dice Town `final: false`,
    Artichokes `phase: setup`, `set_aside`, `harvest_due`), breaks no rule, and neither does
    the position replay answers with."""
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
    """Each game's variants too (Artichokes with Rhubarb, advanced Harvest Dice, solo
    Village Green): the first variant, or the last one."""
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


# (log, cut, what the record written there carries, the false violation without it)
CARRIED = [
    ("dice-town/log-2-players.yaml", 20, {"final": False}, "DT-08"),
    ("abandon-all-artichokes/log-2-players.yaml", 0, {"phase": "setup"}, "AA-12"),
    ("abandon-all-artichokes/log-rhubarb-3-players.yaml", 13, {"harvest_due": 1}, "AA-07"),
    ("abandon-all-artichokes/log-rhubarb-3-players.yaml", 48, {"set_aside": None}, "AA-01"),
    ("abandon-all-artichokes/log-2-players.yaml", 8, {"set_aside": {"artichoke": 2}}, "AA-02"),
]


@pytest.mark.parametrize(("log", "until", "carried", "code"), CARRIED)
def test_a_mid_game_record_carries_the_state_that_keeps_check_honest(
    run_cli: Callable, tmp_path: Path, log: str, until: int, carried: dict[str, Any], code: str
) -> None:
    """`replay --until N --record` writes the field that says where the game stands; `check`
    finds the record legal. The same record without what the field says (the first player
    and `replenish` for the set-up) breaks the rule: the check itself was not weakened."""
    out = tmp_path / "r.yaml"
    shown = run_cli("replay", "--until", until, "--record", out, REPO / "examples" / log)
    assert shown.exit_code == 0 and STOPPED.fullmatch(shown.output.splitlines()[-1])
    record = yaml.safe_load(out.read_text())
    for key, value in carried.items():
        assert key in record and (value is None or record[key] == value), record
    assert run_cli("check", out).output.strip().endswith(": legal")
    if "phase" in carried:
        record["phase"] = "draw"  # the turn before the first, as the engine holds it
        record["turn"] = record["players"][-1]["name"]
    else:
        for key in carried:
            del record[key]
    out.write_text(yaml.safe_dump(record))
    checked = run_cli("check", "--json", out)
    assert checked.exit_code == 1
    assert code in {v["code"] for v in json.loads(checked.output)["violations"]}


def test_a_table_without_a_card_is_the_set_up_but_one_dealt_board_needs_its_awards(
    run_cli: Callable, tmp_path: Path
) -> None:
    """Village Green before the deal: no card anywhere, and VG-03 (the top award slots are
    dealt at set-up) does not apply yet; once any card lies on the table, it does."""
    out = tmp_path / "r.yaml"
    log = REPO / "examples" / "village-green" / "log-2-players.yaml"
    assert run_cli("replay", "--until", 0, "--record", out, log).exit_code == 0
    assert run_cli("check", out).output.strip() == "village-green: legal"
    record = yaml.safe_load(out.read_text())
    record["players"][0]["grid"][0][0] = "G05"
    out.write_text(yaml.safe_dump(record))
    answer = json.loads(run_cli("check", "--json", out).output)
    assert {(v["code"], v["player"]) for v in answer["violations"]} == {
        ("VG-03", "Ann"),
        ("VG-03", "Bob"),
    }


@pytest.mark.parametrize(
    ("game", "field", "value"),
    [
        ("dice-town/final.yaml", "final", "no"),
        ("abandon-all-artichokes/mid-game.yaml", "harvest_due", -1),
        ("abandon-all-artichokes/mid-game.yaml", "set_aside", "leek"),
        ("abandon-all-artichokes/mid-game.yaml", "phase", "setupp"),
    ],
)
def test_the_mid_game_fields_typed_wrong_are_one_located_line(
    run_cli: Callable, tmp_path: Path, game: str, field: str, value: Any
) -> None:
    record = yaml.safe_load((REPO / "examples" / game).read_text())
    record[field] = value
    out = tmp_path / "r.yaml"
    out.write_text(yaml.safe_dump(record, sort_keys=False))
    checked = run_cli("check", out)
    assert checked.exit_code == 2
    (line,) = checked.output.strip().splitlines()
    assert re.fullmatch(rf"\S*r\.yaml:\d+: {field}: .+", line), line
