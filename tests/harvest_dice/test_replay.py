"""`playtest replay`: example logs replay to hand-checked scores, the first illegal event is
named, bad logs exit 2 with file and line, and any one-event mutation that breaks a rule is
caught exactly where it happens."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playtest.core.errors import InputError
from playtest.scorer.replay import UNFINISHED, random_log
from tests.conftest import REPO
from tests.engines.replay_helpers import (
    STOPPED,
    bad_log_output,
    cut,
    join_events,
    replay_log_text,
    replay_position,
    split_events,
)
from tests.harvest_dice.test_engine import ENGINE, LIBRARY, SETUPS, _legal_by_the_book

EXAMPLES = REPO / "examples" / "harvest-dice"
NAMES = ("Ann", "Bob", "Cid", "Dee")


def replay_text(text: str, until: int | None = None):
    return replay_log_text(text, LIBRARY, until)


@pytest.mark.parametrize(
    ("log", "totals", "winners"),
    [
        ("log-basic-2-players.yaml", {"Ann": 26, "Bob": 27}, ["Bob"]),
        ("log-advanced-4-players.yaml", {"Ann": 39, "Bob": 26, "Cid": 26, "Dee": 44}, ["Dee"]),
    ],
)
def test_example_logs_replay_to_hand_checked_scores(
    run_cli: Callable, log: str, totals: dict[str, int], winners: list[str]
) -> None:
    result = run_cli("replay", "--json", EXAMPLES / log)
    assert result.exit_code == 0
    answer = json.loads(result.output)
    assert {p["name"]: p["total"] for p in answer["players"]} == totals
    assert answer["winners"] == winners and answer["legal"] and answer["game_over"]


def test_the_first_illegal_event_is_named(run_cli: Callable) -> None:
    result = run_cli("replay", EXAMPLES / "log-illegal-2-players.yaml")
    assert result.exit_code == 1
    assert result.output.startswith(
        "illegal event 11 (line 16): HD-13 Ann: pig pen: L2 can be planted"
    )
    answer = json.loads(run_cli("replay", "--json", EXAMPLES / "log-illegal-2-players.yaml").output)
    assert answer["illegal"] == {
        "event": 11,
        "line": 16,
        "player": "Ann",
        "code": "HD-13",
        "where": "pig pen",
        "message": answer["illegal"]["message"],
    }
    assert answer["events_replayed"] == 10


def test_until_and_record_give_a_position_score_and_check_accept(
    run_cli: Callable, tmp_path: Path
) -> None:
    log = EXAMPLES / "log-basic-2-players.yaml"
    before = log.read_bytes()
    out = tmp_path / "round-2.yaml"
    shown, record = replay_position(run_cli, log, 12, out)
    assert shown.startswith("after event 12:\nround 3: Ann rolls")
    assert record["final"] is False and record["markets"] == {
        "lettuce": 3,
        "tomato": 1,
        "carrot": 1,
    }
    assert record["players"][1]["garden"] == ". . . . . .\n. C . . . .\nL C . . T .\n"
    assert run_cli("check", out).exit_code == 0
    refused = run_cli("replay", "--record", log, log)
    assert (
        refused.exit_code == 2 and "an input of this command; not writing over it" in refused.output
    )
    assert log.read_bytes() == before


GOOD = EXAMPLES.joinpath("log-basic-2-players.yaml").read_text()


@pytest.mark.parametrize(
    ("change", "line", "message"),
    [
        (
            ("roll: L1 L1 T1 T3 C2 C6", "roll: L1 L7 T1 T3 C2 C6"),
            7,
            "events[0]: event 1: impossible roll: L7: a die shows 1 to 6",
        ),
        (
            ("roll: L1 L1 T1 T3 C2 C6", "roll: L1 L1 L1 T3 C2 C6"),
            7,
            "event 1: impossible roll: 3 L dice rolled; 2 players roll 2 of each colour",
        ),
        (
            ("roll: L1 L1 T1 T3 C2 C6", "roll: L1 T1 T1 T3 C2 C6"),
            7,
            "event 1: impossible roll: 1 L die rolled; 2 players roll 2 of each colour",
        ),
        (
            ("roll: L1 L1 T1 T3 C2 C6", "roll: L1 X1 T1 T3 C2 C6"),
            7,
            "event 1: unknown die 'X1': no vegetable has the letter 'X'",
        ),
        (("Ann: C6 row 1", "Ann: C6 to the pig"), 8, "event 2: cannot read move 'C6 to the pig'"),
        (("Ann: C6 row 1", "Ann: C6 row 4"), 8, "event 2: row 4 is not in the garden"),
        (
            ("Ann: C6 row 1", "Bob: C6 row 1"),
            8,
            "event 2: it is Ann's turn, not Bob's (wrong player order)",
        ),
        (("Ann: C6 row 1", "Eve: C6 row 1"), 8, "event 2: unknown player or event 'Eve'"),
        (("Ann: C6 row 1", "roll: L1 L1 T1 T3 C2 C6"), 8, "event 2: Ann decides next, not a roll"),
        (("game: harvest-dice", "game: harvest-dicey"), 3, "game: unknown game 'harvest-dicey'"),
        (
            ("players: [Ann, Bob]", "players: [Ann, Bob, Cid, Dee, Eve]"),
            5,
            "players: expected 2 to 4 players, got 5",
        ),
        (("players: [Ann, Bob]", "players: [Ann, Ann]"), 5, "two players are named 'Ann'"),
        (("variant: basic", "variant: expert"), 4, "variant: unknown variant 'expert'"),
    ],
)
def test_bad_logs_exit_2_naming_file_line_and_event(
    run_cli: Callable, tmp_path: Path, change: tuple[str, str], line: int, message: str
) -> None:
    output = bad_log_output(run_cli, tmp_path, GOOD, change)
    assert f"bad.yaml:{line}: " in output and message in output


def test_events_after_the_end_and_bad_shapes_exit_2(run_cli: Callable, tmp_path: Path) -> None:
    path = tmp_path / "long.yaml"
    path.write_text(GOOD + "  - roll: L1 L1 T1 T3 C2 C6\n")
    result = run_cli("replay", path)
    assert result.exit_code == 2 and "event 37: the game is already over" in result.output
    path.write_text("game: harvest-dice\nplayers: [Ann, Bob]\nevents:\n  - [roll, L1]\n")
    result = run_cli("replay", path)
    assert result.exit_code == 2 and "log.yaml" not in result.output
    assert "long.yaml:4: events[0]: event 1: expected one `name: value`" in result.output
    assert run_cli("replay", "--until", "99", EXAMPLES / "log-basic-2-players.yaml").exit_code == 2


def test_random_logs_are_deterministic_and_replay_legally() -> None:
    one = random_log(ENGINE, NAMES, "advanced", 11)
    assert (
        one
        == random_log(ENGINE, NAMES, "advanced", 11)
        != random_log(ENGINE, NAMES, "advanced", 12)
    )
    replayed = replay_text(one)
    assert replayed.illegal is None and ENGINE.is_over(replayed.state)


def _move_texts(rng: random.Random) -> str:
    die = lambda: rng.choice("LTC") + str(rng.randint(1, 6))  # noqa: E731
    power = f" as {die()}" if rng.random() < 0.3 else ""
    return f"{die()}{power} " + (rng.choice(["pig", "row 1", "row 2", "row 3"]))


@settings(max_examples=150, deadline=None)
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 2**32 - 1), at=st.floats(0, 1))
def test_a_mutated_event_is_caught_exactly_when_it_breaks_a_rule(
    setup: tuple[int, str], seed: int, at: float
) -> None:
    players, variant = setup
    log = random_log(ENGINE, NAMES[:players], variant, seed)
    head, lines = split_events(log)
    decisions = [i for i, line in enumerate(lines) if not line.startswith("  - roll:")]
    index = decisions[int(at * (len(decisions) - 1))]
    rng = random.Random(seed)
    player = lines[index].split(":")[0][4:]
    lines[index] = f"  - {player}: {_move_texts(rng)}"
    mutated = join_events(head, lines)
    before = replay_text(log, until=index)  # the position the mutated move is played in
    move = ENGINE.parse_move(before.state, lines[index].split(": ", 1)[1])
    try:
        replayed = replay_text(mutated)
    except InputError:  # a later event no longer fits (say, the game ended earlier)
        replayed = None
    if move in _legal_by_the_book(before.state):
        assert (
            replayed is None or replayed.illegal is None or replayed.illegal.event.index > index + 1
        )
    else:
        assert replayed is not None and replayed.illegal is not None
        assert replayed.illegal.event.index == index + 1
        assert replayed.illegal.player == player


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
