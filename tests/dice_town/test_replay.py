"""`playtest replay` on Dice Town logs: the example replays to its hand-checked score, the first
illegal event is named, bad logs exit 2 with file, line and event, and a one-event mutation of
a legal log that breaks a rule is caught exactly there."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from playtest.core.errors import InputError
from playtest.scorer.replay import random_log
from tests.conftest import REPO
from tests.dice_town.test_engine import ENGINE, LIBRARY, NAMES
from tests.engines.replay_helpers import (
    STOPPED,
    bad_log_output,
    cut,
    join_events,
    replay_log_text,
    replay_position,
    split_events,
)

EXAMPLES = REPO / "examples" / "dice-town"
GOOD = EXAMPLES.joinpath("log-2-players.yaml").read_text()


def replay_text(text: str, until: int | None = None):
    return replay_log_text(text, LIBRARY, until)


def test_the_example_log_replays_to_its_hand_checked_score(run_cli: Callable) -> None:
    """Checked by hand, round by round, from the log's comments (examples/dice-town/README.md
    shows the sums): Ann 34 deed points + 13 General Store points + 12 nuggets + $0 + the
    badge 5 = 64; Bob 17 + 2 + 8 nuggets + $11 // 2 = 32; the table's $19 all accounted for."""
    result = run_cli("replay", "--json", EXAMPLES / "log-2-players.yaml")
    assert result.exit_code == 0
    answer = json.loads(result.output)
    assert {p["name"]: p["breakdown"] for p in answer["players"]} == {
        "Ann": {"deeds": 34, "store": 13, "nuggets": 12, "money": 0, "sheriff": 5},
        "Bob": {"deeds": 17, "store": 2, "nuggets": 8, "money": 5, "sheriff": 0},
    }
    assert {p["name"]: p["total"] for p in answer["players"]} == {"Ann": 64, "Bob": 32}
    assert answer["winners"] == ["Ann"] and answer["legal"] and answer["game_over"]
    state = replay_text(GOOD).state
    assert state.dollars == (0, 11) and state.bank == 8 and state.rounds == 8


def test_the_first_illegal_event_is_named(run_cli: Callable) -> None:
    log = EXAMPLES / "log-illegal-2-players.yaml"
    result = run_cli("replay", log)
    assert result.exit_code == 1
    assert result.output.startswith(
        "illegal event 37 (line 54): DT-11 Ann: money: keeping 2 dice costs $1; Ann has $0"
    )
    answer = json.loads(run_cli("replay", "--json", log).output)
    assert answer["illegal"] == {
        "event": 37,
        "line": 54,
        "player": "Ann",
        "code": "DT-11",
        "where": "money",
        "message": "keeping 2 dice costs $1; Ann has $0",
    }
    assert answer["events_replayed"] == 36


def test_until_and_record_give_a_position_score_and_check_read(
    run_cli: Callable, tmp_path: Path
) -> None:
    log = EXAMPLES / "log-2-players.yaml"
    before = log.read_bytes()
    out = tmp_path / "round-2.yaml"
    shown, record = replay_position(run_cli, log, 17, out)
    assert shown.startswith("after event 17:\nround 3: a `roll` is due")
    assert record["players"][0] == {
        "name": "Ann",
        "nuggets": 5,
        "dollars": 8,
        "sheriff": True,
        "store": ["GS19"],
        "deeds": ["P09", "P12", "P20"],
    }
    assert record["final"] is False  # mid-game: no end trigger is due yet (DT-08)
    checked = run_cli("check", out)
    assert checked.exit_code == 0 and checked.output.strip() == "dice-town: legal"
    final = tmp_path / "final.yaml"
    assert run_cli("replay", "--record", final, log).exit_code == 0
    assert run_cli("check", final).exit_code == 0
    assert log.read_bytes() == before


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ("roll: {Ann: 9 9 9 A A,", "roll: {Ann: 9 9 7 A A,"),
            "event 3: a die shows 9, 10, J, Q, K, A, not '7'",
        ),
        (
            ("roll: {Ann: 9 9 9 A A,", "roll: {Ann: 9 9 A A,"),
            "event 3: impossible roll: Ann rolls 5 dice, not 4",
        ),
        (
            ("roll: {Ann: 9 9 9 A A, Bob: 10 10 J Q K}", "roll: {Ann: 9 9 9 A A}"),
            "event 3: impossible roll: the players rolling are Ann, Bob",
        ),
        (
            ("store: GS03", "store: GS19"),
            "event 13: impossible store: GS19: not all in the General Store pile",
        ),
        (
            ("deeds: P01 P05 P15", "deeds: P01 P05 P20"),
            "event 8: impossible deeds: P01 P05 P20: not all in the deed deck",
        ),
        (("store: GS19", "store: GS44"), "event 7: unknown card 'GS44'"),
        (
            ("  - store: GS19", "  - store: GS19 GS03"),
            "event 7: impossible store: 2 cards drawn; 1 is due",
        ),
        (
            ("doc: DB7 DB6 DB5", "doc: DB7 DB6 DB6"),
            "event 2: impossible doc: DB7 DB6 DB6: not all in the Doc Badluck deck",
        ),
        (
            ("Ann: keep 9 9 9 A A", "Ann: keep the nines"),
            "event 4: unknown word 'the' (expected a die face",
        ),
        (
            ("Ann: keep 9 9 9 A A", "Bob: keep 9 9 9 A A"),
            "event 4: it is Ann's turn, not Bob's (wrong player order)",
        ),
        (("Ann: keep 9 9 9 A A", "roll: {Ann: 9}"), "event 4: Ann decides next, not a roll"),
        (("  - store: GS19", "  - deeds: P01"), "event 7: a `store` is due here, not a `deeds`"),
        (("  - store: GS19", "  - Bob: keep GS19"), "event 7: a store is due, not Bob's move"),
        (("Ann: choose Ann", "Ann: choose Eve"), "unknown player 'Eve'"),
        (("players: [Ann, Bob]", "players: [Ann]"), "players: expected 2 to 5 players, got 1"),
        (
            ("players: [Ann, Bob]", "variant: basic\nplayers: [Ann, Bob]"),
            "variant: Dice Town has no variants",
        ),
    ],
)
def test_bad_logs_exit_2_naming_file_line_and_event(
    run_cli: Callable, tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    output = bad_log_output(run_cli, tmp_path, GOOD, change)
    assert "bad.yaml:" in output and message in output, output


def test_random_logs_are_deterministic_and_replay_legally() -> None:
    one = random_log(ENGINE, NAMES[:4], None, 11)
    assert one == random_log(ENGINE, NAMES[:4], None, 11) != random_log(ENGINE, NAMES[:4], None, 12)
    replayed = replay_text(one)
    assert replayed.illegal is None and ENGINE.is_over(replayed.state)


def _a_move(rng: random.Random, names: tuple[str, ...]) -> str:
    """A move of any kind, legal or not: the words a player might write."""
    faces = ["9", "10", "J", "Q", "K", "A"]
    name = rng.choice(names)
    card = rng.choice(
        [f"GS{n:02d}" for n in range(1, 20)]
        + [f"P{n:02d}" for n in range(1, 21)]
        + [f"DB{n}" for n in range(1, 8)]
    )
    return rng.choice(
        [
            "keep " + " ".join(rng.choice(faces) for _ in range(rng.randint(1, 5))),
            "keep none",
            "pass",
            f"choose {name}",
            f"from {name}",
            f"next {name}",
            card,
            f"keep {card}",
            f"take {card}",
            f"give {card}",
            f"{card} {name}",
            f"keep 9 K K with {card}",
        ]
    )


@settings(max_examples=80, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1), at=st.floats(0, 1))
def test_a_mutated_event_is_caught_exactly_when_it_breaks_a_rule(
    players: int, seed: int, at: float
) -> None:
    names = NAMES[:players]
    log = random_log(ENGINE, names, None, seed)
    head, lines = split_events(log)
    decisions = [i for i, line in enumerate(lines) if line.split(":")[0][4:] in names]
    index = decisions[int(at * (len(decisions) - 1))]
    player = lines[index].split(":")[0][4:]
    lines[index] = f"  - {player}: {_a_move(random.Random(seed), names)}"
    mutated = join_events(head, lines)
    before = replay_text(log, until=index)  # the position the mutated move is played in
    try:
        move = ENGINE.parse_move(before.state, lines[index].split(": ", 1)[1])
    except ValueError:  # unreadable here: an input error naming the event
        with pytest.raises(InputError, match=f"event {index + 1}: "):
            replay_text(mutated)
        return
    try:
        replayed = replay_text(mutated)
    except InputError:  # a later event no longer fits (the dice, the turn order changed)
        replayed = None
    if move in ENGINE.legal_moves(before.state):
        assert (
            replayed is None or replayed.illegal is None or replayed.illegal.event.index > index + 1
        )
    else:
        assert replayed is not None and replayed.illegal is not None
        assert replayed.illegal.event.index == index + 1
        assert replayed.illegal.player == player
        assert replayed.illegal.violation.code in {"DT-10", "DT-11", "DT-12", "DT-13", "DT-14"}


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1), at=st.floats(0, 1))
def test_a_mutated_chance_event_that_cannot_happen_is_an_input_error(
    players: int, seed: int, at: float
) -> None:
    """Another roll or draw in place of one: if it cannot fall there (a card not in the deck,
    the wrong dice), replay exits 2 at that event; if it can, the log replays on or stops
    later (the game went differently)."""
    names = NAMES[:players]
    log = random_log(ENGINE, names, None, seed)
    head, lines = split_events(log)
    chances = [i for i, line in enumerate(lines) if line.split(":")[0][4:] not in names]
    index = chances[int(at * (len(chances) - 1))]
    before = replay_text(log, until=index).state
    rng = random.Random(seed)
    other = ENGINE.sample_chance(before, rng)  # a chance event that can fall here ...
    key, value = ENGINE.format_chance(before, other)
    if key == "roll" and rng.random() < 0.5:  # ... or a die turned into an impossible face
        name = next(iter(value))
        value = {**value, name: "7 " + value[name].split(" ", 1)[-1]}
    elif key != "roll" and rng.random() < 0.5:  # ... or a card drawn twice
        value = f"{value} {value.split()[0]}"
    text = yaml.safe_dump({key: value}, default_flow_style=True, width=10_000).strip()[1:-1]
    lines[index] = f"  - {text}"
    mutated = join_events(head, lines)
    try:
        chance = ENGINE.parse_chance(before, key, value)
        possible = ENGINE.chance_problem(before, chance) is None
    except ValueError:
        possible = False
    if possible:
        try:
            replayed = replay_text(mutated)
        except InputError as exc:  # a later event no longer fits
            assert f"event {index + 1}:" not in str(exc)
        else:
            assert replayed.illegal is None or replayed.illegal.event.index > index + 1
    else:
        with pytest.raises(InputError, match=f"event {index + 1}: "):
            replay_text(mutated)


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
