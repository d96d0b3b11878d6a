"""`playtest replay` on Abandon All Artichokes logs: the example replays to its hand-checked
score, the first illegal event is named, bad logs exit 2 with file and line, and any one-event
mutation is caught exactly where it breaks a rule."""

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
from tests.artichokes.engine_helpers import ENGINE, LIBRARY, NAMES
from tests.conftest import REPO
from tests.engines.replay_helpers import (
    bad_log_output,
    join_events,
    replay_log_text,
    replay_position,
    split_events,
)

EXAMPLES = REPO / "examples" / "abandon-all-artichokes"
GOOD = EXAMPLES.joinpath("log-2-players.yaml").read_text()


def replay_text(text: str, until: int | None = None):
    return replay_log_text(text, LIBRARY, until)


def test_the_example_log_replays_to_its_hand_checked_score(run_cli: Callable) -> None:
    """Checked by hand, turn by turn (examples/abandon-all-artichokes/README.md writes the
    count out): each starts with 10 Artichokes. Ann's Carrot composts 2 (turn 1), Ben's
    Eggplant 1 (turn 2; the passes swap Artichokes for Artichokes), Ann's Beet takes one of
    Ben's and gives one of hers, both composted (turn 5: 1 each), Ben's Carrot 2 (turn 6),
    Ann's Potato turns over her deck's last card, an Artichoke: composted (turn 7). Ann:
    10 - 2 - 1 - 1 = 6, all in her deck after she reshuffles her discard and draws Potato,
    Beet, Pepper, Corn, Corn: no Artichoke, she wins. Ben: 10 - 1 - 1 - 2 = 6 (4 in hand,
    2 in the discard)."""
    result = run_cli("replay", "--json", EXAMPLES / "log-2-players.yaml")
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)
    assert {p["name"]: p["total"] for p in answer["players"]} == {"Ann": 6, "Ben": 6}
    ann = answer["players"][0]["breakdown"]
    assert (ann["artichokes_in_deck"], ann["artichokes_in_hand"]) == (6, 0)
    assert answer["winners"] == ["Ann"] and answer["legal"] and answer["game_over"]
    assert answer["events_replayed"] == 36


def test_the_rhubarb_example_plays_every_card_and_every_position_is_legal() -> None:
    text = EXAMPLES.joinpath("log-rhubarb-3-players.yaml").read_text()
    played = {
        line.split(": ", 1)[1].split()[0]
        for line in text.splitlines()
        if line.startswith(("  - Ann:", "  - Ben:", "  - Cy:"))
    }
    cards = {k.vegetable for k in ENGINE.kinds} - {"artichoke"}
    assert cards | {"take", "leave", "give"} <= played
    events = len(yaml.safe_load(text)["events"])
    for until in range(events + 1):
        replayed = replay_text(text, until)
        assert replayed.illegal is None
        if ENGINE.resting(replayed.state):
            assert replayed.result.violations == (), until
    assert replayed.state.rhubarb and not replayed.state.sole
    assert replayed.result.winners == ("Ben",) and ENGINE.is_over(replayed.state)


def test_the_first_illegal_event_is_named(run_cli: Callable) -> None:
    log = EXAMPLES / "log-illegal-2-players.yaml"
    result = run_cli("replay", log)
    assert result.exit_code == 1
    assert result.output.startswith(
        "illegal event 9 (line 14): AA-25 Ann: hand: 1 card passed; with 5 in hand, 2 must be"
    )
    answer = json.loads(run_cli("replay", "--json", log).output)
    assert answer["illegal"]["code"] == "AA-25" and answer["illegal"]["player"] == "Ann"
    assert answer["events_replayed"] == 8


def test_until_and_record_give_a_position_check_accepts(run_cli: Callable, tmp_path: Path) -> None:
    log = EXAMPLES / "log-2-players.yaml"
    shown, record = replay_position(run_cli, log, 13, tmp_path / "turn-3.yaml")
    assert shown.startswith("after event 13:\nturn 3, Ann (after play): Ann plays")
    assert "Ann: hand artichoke 4; deck 1 card (beet on top);" in shown
    assert record["turn"] == "Ann" and record["phase"] == "play"
    assert record["garden_row"] == {"beet": 1, "carrot": 1, "leek": 1}
    assert record["players"][0]["deck"] == {"beet": 1}  # Corn put it on top of her deck
    assert run_cli("check", tmp_path / "turn-3.yaml").exit_code == 0


@pytest.mark.parametrize(
    ("change", "line", "message"),
    [
        (
            ("row: beet carrot eggplant corn carrot", "row: beet carrot eggplant corn carrots"),
            7,
            "events[0]: event 1: unknown card 'carrots'",
        ),
        (
            ("row: beet carrot eggplant corn carrot", "row: beet carrot eggplant corn artichoke"),
            7,
            "event 1: impossible row: card 5, artichoke, is not in the Garden Stack",
        ),
        (
            ("row: beet carrot eggplant corn carrot", "row: beet carrot eggplant corn rhubarb"),
            7,
            "event 1: impossible row: card 5, rhubarb, is not in the Garden Stack",
        ),
        (
            ("row: beet carrot eggplant corn carrot", "row: beet carrot eggplant corn"),
            7,
            "event 1: impossible row: 5 cards to turn over here, not 4",
        ),
        (
            ("row: beet carrot eggplant corn carrot", "draw: beet carrot eggplant corn carrot"),
            7,
            "event 1: a row is due here (the cards dealt into the Garden Row), not a draw",
        ),
        (
            ("Ann: harvest carrot", "Ben: harvest carrot"),
            8,
            "event 2: it is Ann's turn, not Ben's (wrong player order)",
        ),
        (
            ("Ann: harvest carrot", "Ann: harvest the carrot"),
            8,
            "event 2: `harvest` names one card",
        ),
        (
            ("Ann: harvest carrot", "Ann: plant carrot"),
            8,
            "event 2: cannot read move 'plant carrot'",
        ),
        (("Ann: harvest carrot", "row: beet"), 8, "event 2: Ann decides next, not a row"),
        (
            ("  - draw: beet artichoke*4", "  - draw: artichoke*5"),
            21,
            "event 15: impossible draw: card 1, artichoke, is not in Ann's deck (it can be: beet)",
        ),
        (
            ("swap: artichoke*2", "swap: corn artichoke"),
            29,
            "event 23: impossible swap: Ann took from Ben's hand a Corn, but it holds none",
        ),
        (
            ("players: [Ann, Ben]", "players: [Ann, Ben, Cy, Dee, Eve]"),
            5,
            "players: expected 2 to 4 players, got 5",
        ),
    ],
)
def test_bad_logs_exit_2_naming_file_line_and_event(
    run_cli: Callable, tmp_path: Path, change: tuple[str, str], line: int, message: str
) -> None:
    output = bad_log_output(run_cli, tmp_path, GOOD, change)
    assert f"bad.yaml:{line}: " in output and message in output, output


def test_options_in_the_log_switch_the_rules(tmp_path: Path) -> None:
    head, events = GOOD.split("events:\n")
    off = head + "options: {carrot-only-play: false}\nevents:\n" + events
    assert replay_text(off).illegal is None
    with pytest.raises(InputError, match="unknown option 'turbo'"):
        replay_text(head + "options: {turbo: true}\nevents:\n" + events)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_logs_are_deterministic_and_replay_legally(players: int) -> None:
    one = random_log(ENGINE, NAMES[:players], "rhubarb", 11)
    assert one == random_log(ENGINE, NAMES[:players], "rhubarb", 11)
    replayed = replay_text(one)
    assert replayed.illegal is None and ENGINE.is_over(replayed.state)


def _move_text(rng: random.Random) -> str:
    card = lambda: rng.choice(ENGINE.vegetables)  # noqa: E731
    player = lambda: rng.choice(NAMES[:3])  # noqa: E731
    return rng.choice(
        [
            f"harvest {card()}",
            "end",
            "take",
            "leave",
            f"give {card()} to {player()}",
            f"pass {card()} {card()}",
            f"pass {card()}",
            card(),
            f"{card()} {player()}",
            f"corn {card()}",
            f"pepper {card()}",
            f"beet {player()}",
            f"leek {player()}",
            f"onion {player()}",
        ]
    )


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 3), seed=st.integers(0, 2**32 - 1), at=st.floats(0, 1))
def test_a_mutated_event_is_caught_exactly_when_it_breaks_a_rule(
    players: int, seed: int, at: float
) -> None:
    log = random_log(ENGINE, NAMES[:players], None, seed)
    head, lines = split_events(log)
    index = int(at * (len(lines) - 1))
    key = lines[index][4:].split(":")[0]
    rng = random.Random(seed)
    before = replay_text(log, until=index)  # the position the mutated event happens in
    if key in ENGINE.chance_names:  # a chance event: another card is possible or exit 2
        value = lines[index].split(": ", 1)[1].split()
        value[rng.randrange(len(value))] = rng.choice(ENGINE.vegetables)
        lines[index] = f"  - {key}: {' '.join(value)}"
        chance = ENGINE.parse_chance(before.state, key, " ".join(value))
        impossible = ENGINE.chance_problem(before.state, chance)
        try:
            replayed = replay_text(join_events(head, lines))
        except InputError as exc:
            assert impossible or f"event {index + 1}:" not in str(exc)
            return
        assert impossible is None and (
            replayed.illegal is None or replayed.illegal.event.index > index + 1
        )
        return
    lines[index] = f"  - {key}: {_move_text(rng)}"
    text = lines[index].split(": ", 1)[1]
    try:
        move = ENGINE.parse_move(before.state, text)
    except ValueError:  # notation the game cannot read (an unknown player, say): exit 2
        with pytest.raises(InputError, match=f"event {index + 1}: "):
            replay_text(join_events(head, lines))
        return
    try:
        replayed = replay_text(join_events(head, lines))
    except InputError:  # a later event no longer fits (a card drawn that is not there)
        replayed = None
    if move in ENGINE.legal_moves(before.state):
        assert (
            replayed is None or replayed.illegal is None or replayed.illegal.event.index > index + 1
        )
    else:
        assert replayed is not None and replayed.illegal is not None
        assert replayed.illegal.event.index == index + 1
        assert replayed.illegal.player == key
        assert replayed.illegal.violation.code.startswith("AA-2")
