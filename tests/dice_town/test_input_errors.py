"""Records that cannot be read: exit 2, one `file:line: field: message` line per problem,
never a traceback (unknown card ids and die faces included)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playtest.core.errors import InputError
from playtest.core.yamlsource import display_path
from playtest.library.loader import Library

from .helpers import evaluate_text

ROUND = """game: dice-town
kind: round
sheriff: Ann
bank: 2
players:
  - {name: Ann, dice: [9, 9, K, K, A]}
  - {name: Bob, dice: %s}
"""


def errors(run_cli: Callable[..., Any], tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "record.yaml"
    path.write_text(text)
    result = run_cli("score", path)
    assert result.exit_code == 2
    prefix = f"{display_path(path)}:"  # records are named as the user would type them
    lines = result.output.splitlines()
    assert all(line.startswith(prefix) for line in lines), lines
    return [line.removeprefix(prefix) for line in lines]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            ROUND % "[9, 8, K, K, A]",
            ["7: players[1].dice[1]: unknown die face '8' (expected one of: 9, 10, J, Q, K, A)"],
        ),
        (
            ROUND % '"9 9 X K A"',
            ["7: players[1].dice: unknown die face 'X' (expected one of: 9, 10, J, Q, K, A)"],
        ),
        (
            ROUND.replace("sheriff: Ann", "sheriff: Zed") % "[9, 9, K, K, A]",
            ["3: sheriff: 'Zed' is not one of the players (Ann, Bob)"],
        ),
        (
            ROUND.replace("Bob", "Ann") % "[9, 9, K, K, A]",
            ["7: players[1].name: player 'Ann' is named twice"],
        ),
        (
            ROUND.replace("bank: 2", "bank: -2") % "[9, 9, K, K, A]",
            ["4: bank: -2 is out of range (expected at least 0)"],
        ),
        (
            ROUND.replace("bank: 2\n", "") % "[9, 9, K, K, A]",
            ["1: bank: required field is missing"],
        ),
        (
            "game: dice-town\nkind: rond\n",
            ["2: kind: unknown value 'rond' (expected one of: final, round)"],
        ),
        (
            "game: dice-town\nplayers:\n  - {name: Ann, store: [GS44], deeds: [P01, P1]}\n",
            [
                "2: players: the game has 2 to 5 players, got 1",
                "3: players[0].store[0]: unknown card 'GS44' (expected a printed id: GS01..GS19, "
                "P01..P20, DB1..DB7)",
                "3: players[0].deeds[1]: unknown card 'P1' (expected a printed id: GS01..GS19, "
                "P01..P20, DB1..DB7)",
            ],
        ),
        (
            "game: dice-town\nplayers:\n  - name: Ann\n    nugets: 3\n",
            [
                "2: players: the game has 2 to 5 players, got 1",
                "4: players[0].nugets: unknown field (check the spelling; "
                "every field is in docs/records.md)",
            ],
        ),
        (
            "game: dice-town\nplayers:\n  - {name: Ann, dollars: lots}\n",
            [
                "2: players: the game has 2 to 5 players, got 1",
                "3: players[0].dollars: expected a whole number, got 'lots'",
            ],
        ),
        ("game: dice-town\nplayers: []\n", ["2: players: the game has 2 to 5 players, got 0"]),
    ],
)
def test_exact_messages(
    run_cli: Callable[..., Any], tmp_path: Path, text: str, expected: list[str]
) -> None:
    assert errors(run_cli, tmp_path, text) == expected


def test_check_also_exits_2(run_cli: Callable[..., Any], tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(ROUND % "[9, 9, 9, 9, 7]")
    result = run_cli("check", path, "--json")
    assert result.exit_code == 2
    assert result.stderr == (
        f"{display_path(path)}:7: players[1].dice[4]: unknown die face '7' "
        "(expected one of: 9, 10, J, Q, K, A)\n"
    )
    # issue 13: with --json the error is JSON on stdout too
    assert json.loads(result.stdout) == {
        "error": {
            "file": display_path(path),
            "line": 7,
            "field": "players[1].dice[4]",
            "message": "unknown die face '7' (expected one of: 9, 10, J, Q, K, A)",
        }
    }


FACE_WORDS = ["9", "10", "J", "Q", "K", "A", "j", "q", "k", "a"]
# anything a player might type into a quoted YAML string: letters, digits, some punctuation
typed = st.text(
    st.sampled_from("0123456789TtJjQqKkAaBxZ .+=~$^()<>;/_"), min_size=1, max_size=3
).filter(str.strip)
tokens = st.one_of(st.sampled_from(FACE_WORDS), typed)


@settings(max_examples=120, deadline=None)
@given(st.lists(tokens, min_size=5, max_size=5))
def test_any_typed_dice_read_or_fail_cleanly(library: Library, dice: list[str]) -> None:
    text = ROUND % ("[" + ", ".join(f'"{d}"' for d in dice) + "]")
    known = {"9", "10", "J", "Q", "K", "A"}
    try:
        result = evaluate_text(text, library)
    except InputError as exc:
        bad = [d for d in dice if d.strip().upper() not in known]
        assert bad, exc
        assert all(str(p).startswith("record.yaml:7: players[1].dice[") for p in exc.problems)
        assert len(exc.problems) == len(bad)
    else:
        assert all(d.strip().upper() in known for d in dice)
        assert result.players[1].extra["hand"]["dice"]  # Bob has a hand


@settings(max_examples=120, deadline=None)
@given(st.lists(st.from_regex(r"(GS|P|DB|gs|p|X)[0-9]{1,2}", fullmatch=True), max_size=6))
def test_card_ids_known_or_input_errors(library: Library, ids: list[str]) -> None:
    known = set(library.game("dice-town").cards())
    text = (
        f"game: dice-town\nplayers:\n  - {{name: Ann, store: [{', '.join(ids)}]}}\n"
        "  - {name: Bob}\n"
    )  # two players: the game's fewest
    unknown = [i for i in ids if i.upper() not in known]
    try:
        evaluate_text(text, library)
    except InputError as exc:
        assert [p.field for p in exc.problems] == [
            f"players[0].store[{j}]" for j, i in enumerate(ids) if i.upper() not in known
        ]
        assert unknown
    else:
        assert not unknown


def test_a_huge_integer_in_a_record_is_not_pythons_message(tmp_path: Path, run_cli) -> None:
    record = tmp_path / "r.yaml"
    record.write_text(
        "game: dice-town\nkind: final\nplayers:\n"
        f"  - {{name: Ann, nuggets: {'7' * 4400}, dollars: 0}}\n"
        "  - {name: Bob, nuggets: 0, dollars: 0}\n"
    )
    result = run_cli("score", record)
    assert result.exit_code == 2
    assert "set_int_max_str_digits" not in result.stderr
    assert result.stderr.strip().endswith(
        "players[0].nuggets: '77777777777777777777...' is not a usable number "
        "(expected a finite number of at most 1e+15 either way)"
    )
