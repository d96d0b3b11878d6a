"""`playtest replay` on Village Green logs: the example replays to its hand-checked scores,
the first illegal event is named, bad logs exit 2 with file and line, and a one-event mutation
that breaks a rule is caught exactly where it happens."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playtest.core.errors import InputError
from playtest.scorer.replay import random_log
from tests.conftest import REPO
from tests.engines.replay_helpers import (
    bad_log_output,
    join_events,
    replay_log_text,
    replay_position,
    split_events,
)
from tests.village_green.test_vg_engine import ENGINE, LIBRARY, NAMES

EXAMPLES = REPO / "examples" / "village-green"
GOOD = EXAMPLES.joinpath("log-2-players.yaml").read_text()


def replay_text(text: str, until: int | None = None):
    return replay_log_text(text, LIBRARY, until)


def test_the_example_log_replays_to_its_hand_checked_scores(run_cli: Callable) -> None:
    """Checked by hand from the final boards and the award cards (examples/village-green/
    README.md lists each line): Ann 1 (village) + 6 (A25, three species in column 1) + 4 (A26,
    one tree in column 3) + 3 (A14, three cards in row 3) = 14; Bob 2 (pond G37) + 2 (A17, two
    willows) + 9 (A16, three oaks) + 6 (A28, three blue cards) + 2 (A18, a willow pair) − 2
    (A22, no lawn) = 19, his village card used for the awards display."""
    result = run_cli("replay", "--json", EXAMPLES / "log-2-players.yaml")
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)
    assert {p["name"]: p["total"] for p in answer["players"]} == {"Ann": 14, "Bob": 19}
    assert (
        answer["players"][1]["breakdown"]["A16 Award for Outstanding Oak Plantation (column 2)"]
        == 9
    )
    assert answer["winners"] == ["Bob"] and answer["legal"] and answer["game_over"]
    assert answer["events_replayed"] == 76


def test_the_first_illegal_event_is_named(run_cli: Callable) -> None:
    log = EXAMPLES / "log-illegal-2-players.yaml"
    result = run_cli("replay", log)
    assert result.exit_code == 1
    assert result.output.startswith(
        "illegal event 49 (line 55): VG-04 Bob: grid row 1, "
        "column 3: red rose G05 next to blue petunia G50"
    )
    answer = json.loads(run_cli("replay", "--json", log).output)
    assert {k: answer["illegal"][k] for k in ("event", "line", "player", "code")} == {
        "event": 49,
        "line": 55,
        "player": "Bob",
        "code": "VG-04",
    }
    assert answer["events_replayed"] == 48
    readme = (EXAMPLES / "README.md").read_text()  # the README shows the answer as printed
    assert (
        f"$ playtest replay examples/village-green/log-illegal-2-players.yaml\n"
        f"{result.output}```" in readme
    )
    assert run_cli("replay", EXAMPLES / "log-2-players.yaml").output in readme


def test_until_and_record_give_a_position_score_and_check_accept(
    run_cli: Callable, tmp_path: Path
) -> None:
    log = EXAMPLES / "log-2-players.yaml"
    out = tmp_path / "after-25.yaml"
    shown, record = replay_position(run_cli, log, 25, out)
    assert shown.startswith("after event 25:\nround 4: Ann is to take an award for a structure")
    assert record["players"][0]["grid"][0] == ["G33", None, None]
    assert run_cli("check", out).exit_code == 0


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ("  - draw: G06", "  - draw: G29"),
            "event 3: impossible draw: G29 is not in the deck: it is in Ann's hand",
        ),
        (("  - draw: G06", "  - draw: A06"), "event 3: impossible draw: A06 is not a green card"),
        (("  - draw: G06", "  - draw: G61"), "event 3: unknown card id 'G61'"),
        (("  - Ann: G36 r3c3", "  - Ann: G36 r4c3"), "event 4: r4c3 is not in the grid"),
        (("  - Ann: G36 r3c3", "  - Ann: G36 somewhere"), "event 4: cannot read move"),
        (("  - Ann: G36 r3c3", "  - Bob: G36 r3c3"), "event 4: it is Ann's turn, not Bob's"),
        (("  - Ann: G36 r3c3", "  - draw: G07"), "event 4: Ann decides next, not a draw"),
        (("  - Ann: take G38", "  - deal: {Ann: G01}"), "event 2: Ann decides next, not a deal"),
        (("Ann: G29 G36 G56", "Ann: G29 G36 G33"), "event 1: impossible deal: G33 is dealt twice"),
        (("Ann: G29 G36 G56 A07 A06 A26, ", ""), "event 1: the deal has no 'Ann'"),
        (
            ("players: [Ann, Bob]", "players: [Ann, Bob, Cid, Dee, Eve, Fay]"),
            "players: a multiplayer game is for 2 to 5 players, got 6",
        ),
    ],
)
def test_bad_logs_exit_2_naming_file_line_and_event(
    run_cli: Callable, tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    output = bad_log_output(run_cli, tmp_path, GOOD, change)
    assert re.search(r"bad\.yaml:\d+: ", output) and message in output


def test_random_logs_replay_legally_for_every_player_count() -> None:
    for players in range(1, 6):
        log = random_log(ENGINE, NAMES[:players], None, players)
        replayed = replay_text(log)
        assert replayed.illegal is None and ENGINE.is_over(replayed.state)


CARDS = [*(f"G{n:02d}" for n in range(1, 61)), *(f"A{n:02d}" for n in range(1, 31))]


def _move_text(rng: random.Random) -> str:
    card = rng.choice(CARDS)
    return rng.choice(
        [
            f"{card} r{rng.randint(1, 3)}c{rng.randint(1, 3)}",
            f"take {card}",
            f"{card} bottom",
            f"{card} {rng.choice(['top', 'left'])} {rng.randint(1, 3)}",
            "draw green",
            "draw award",
            "village greens",
            "stop",
            "pass",
        ]
    )


@settings(max_examples=40, deadline=None)
@given(players=st.integers(1, 4), seed=st.integers(0, 2**32 - 1), at=st.floats(0, 1))
def test_a_mutated_event_is_caught_exactly_when_it_breaks_a_rule(
    players: int, seed: int, at: float
) -> None:
    """One decision replaced by another move: replay stops exactly there, naming the player,
    when the move breaks a rule. Whether it does is judged apart from the engine's own
    verdict where the checks can judge it: a green card placed while the village card is
    face up is legal exactly when `playtest check` accepts the position after it."""
    log = random_log(ENGINE, NAMES[:players], None, seed)
    head, lines = split_events(log)
    decisions = [
        i for i, line in enumerate(lines) if not line.startswith(("  - draw:", "  - deal:"))
    ]
    index = decisions[int(at * (len(decisions) - 1))]
    player = lines[index].split(":")[0][4:]
    lines[index] = f"  - {player}: {_move_text(random.Random(seed))}"
    before = replay_text(log, until=index).state
    move = ENGINE.parse_move(before, lines[index].split(": ", 1)[1])
    legal = move in ENGINE.legal_moves(before)
    if (
        move[0] == "place"
        and before.phase == "green"
        and move[1] in before.hands[before.seat]
        and before.boards[before.seat].village_face_up
    ):
        assert legal == (ENGINE.result(ENGINE.apply(before, move)).violations == ())
    try:
        replayed = replay_text(join_events(head, lines))
    except InputError:  # a later event no longer fits (a chance event, or the game ended)
        assert legal
        return
    if legal:
        assert replayed.illegal is None or replayed.illegal.event.index > index + 1
    else:
        assert replayed.illegal is not None and replayed.illegal.event.index == index + 1
        assert replayed.illegal.player == player
