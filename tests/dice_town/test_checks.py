"""`playtest check`: every DT- code on a record that breaks exactly that rule, and legal
positions pass. Exit codes: check 0 legal / 1 illegal; score 0 with warnings, 1 with --strict."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from .helpers import RECORDS

CASES = [
    ("check-dt01-nuggets.yaml", [("DT-01", None, "nuggets")]),
    ("check-dt02-money.yaml", [("DT-02", None, "dollars")]),
    ("check-dt03-card-twice.yaml", [("DT-03", None, "card GS19"), ("DT-03", "Ann", "card P20")]),
    ("check-dt04-display.yaml", [("DT-04", None, "deeds"), ("DT-04", None, "deeds")]),
    ("check-dt05-two-sheriffs.yaml", [("DT-05", None, "sheriff")]),
    ("check-dt05-no-sheriff.yaml", [("DT-05", None, "sheriff")]),
    (
        "check-dt06-wrong-pile.yaml",
        [("DT-06", "Ann", "store[0]"), ("DT-06", "Ann", "deeds[0]"), ("DT-06", "Bob", "store[0]")],
    ),
    ("check-dt07-dice.yaml", [("DT-07", "Ann", "dice"), ("DT-07", "Bob", "dice")]),
    ("check-dt08-not-over.yaml", [("DT-08", None, "end of game")]),
]


def check_json(run_cli: Callable[..., Any], name: str) -> tuple[int, dict[str, Any]]:
    result = run_cli("check", RECORDS / name, "--json")
    return result.exit_code, json.loads(result.output)


@pytest.mark.parametrize(("name", "expected"), CASES)
def test_each_code(
    run_cli: Callable[..., Any], name: str, expected: list[tuple[str, str | None, str]]
) -> None:
    code, reply = check_json(run_cli, name)
    assert code == 1
    assert reply["legal"] is False
    assert [(v["code"], v["player"], v["where"]) for v in reply["violations"]] == expected


def test_messages_say_what_is_wrong(run_cli: Callable[..., Any]) -> None:
    messages = {}
    for name, _ in CASES:
        for v in check_json(run_cli, name)[1]["violations"]:
            messages.setdefault(v["code"], []).append(v["message"])
    assert messages["DT-01"] == ["players hold 31 nuggets but the game has 30"]
    # money is conserved per table: 2 players start with $8 each and $3 go on the bank
    assert messages["DT-02"] == [
        "players hold $44 but a 2-player table has $19 ($8 each and $3 on the bank)"
    ]
    assert messages["DT-03"][0] == (
        "GS19 (Horse) is listed 2 times (Ann, Bob) but 1 copy is printed"
    )
    assert messages["DT-04"] == [
        "4 face-up deeds; the Town Hall shows 3",
        "3 face-up deeds worth 5; the deck has 2",
    ]
    assert messages["DT-05"] == [
        "2 players (Ann, Bob) hold the sheriff badge; the game has 1",
        "nobody holds the sheriff badge; the game has 1",
    ]
    assert messages["DT-06"] == [
        "P07 (Barber Shop): it is a property deed, not a General Store card",
        "GS12 (Sack of Flour): it is a General Store card, not a property deed",
        "DB3 (Power): a Doc Badluck card is used at once and discarded, never kept",
    ]
    assert messages["DT-07"][0] == "6 dice instead of 5 (no Town Hall hand)"
    assert messages["DT-08"] == [
        "the game is not over: the mine still holds 1 of 30 nuggets "
        "and 3 deeds can still fill the 3 face-up places"
    ]


def test_a_player_count_the_game_does_not_allow_cannot_be_read(run_cli: Callable[..., Any]) -> None:
    """Formerly DT-09, a violation; now an input error, as in every game (records.md)."""
    for command in ("check", "score"):
        result = run_cli(command, RECORDS / "six-players.yaml", "--json")
        assert result.exit_code == 2
        error = json.loads(result.stdout)["error"]  # --json answers an unreadable record in JSON
        assert (
            error["file"].endswith("six-players.yaml"),
            error["line"],
            error["field"],
            error["message"],
        ) == (True, 5, "players", "the game has 2 to 5 players, got 6")


def test_check_text_and_exit_codes(run_cli: Callable[..., Any]) -> None:
    result = run_cli("check", RECORDS / "check-dt05-no-sheriff.yaml")
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "dice-town: 1 broken rule",
        "  DT-05 sheriff: nobody holds the sheriff badge; the game has 1",
    ]
    scored = run_cli("score", RECORDS / "check-dt05-no-sheriff.yaml")
    assert scored.exit_code == 0  # still scored, with the warning
    assert "warning: the position breaks the rules:" in scored.output
    assert "winners: Ann, Bob" in scored.output  # 15 + 4 each
    assert run_cli("score", "--strict", RECORDS / "check-dt05-no-sheriff.yaml").exit_code == 1


@pytest.mark.parametrize(
    "name",
    [
        "final-01-two-players.yaml",
        "final-03-deeds-run-out.yaml",
        "round-01-ties-for-the-sheriff.yaml",
    ],
)
def test_legal_positions_pass(run_cli: Callable[..., Any], name: str) -> None:
    result = run_cli("check", RECORDS / name)
    assert result.exit_code == 0
    assert result.output == "dice-town: legal\n"
