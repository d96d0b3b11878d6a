"""Records that cannot be read: one line per problem (`file:line: field: message`), exit 2."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playtest.core.errors import InputError
from playtest.core.yamlsource import display_path
from playtest.library.loader import Library

from .helpers import RECORDS, evaluate, load_record

NAMES = (
    "artichoke, beet, broccoli, carrot, corn, eggplant, leek, onion, peas, pepper, potato, "
    "rhubarb, or a printed card id"
)


def errors(run_cli: Any, name: str) -> list[str]:
    result = run_cli("check", RECORDS / name)
    assert result.exit_code == 2
    return result.output.splitlines()


def test_every_shape_problem_at_once(run_cli: Any) -> None:
    shown = display_path(RECORDS / "bad-shape.yaml")
    assert errors(run_cli, "bad-shape.yaml") == [
        f"{shown}:4: phase: unknown value 'drawing' (expected one of: setup, replenish, harvest, "
        "play, discard, draw)",
        f"{shown}:5: garden_stack: unknown value 'lots' (expected one of: rest)",
        f"{shown}:6: garden_row[0]: unknown card 'beets' (expected one of: {NAMES})",
        f"{shown}:7: compost.artichoke: -1 is out of range (expected at least 0)",
        f"{shown}:10: players[0].deck: expected a list of cards or a mapping of card: copies",
        f"{shown}:12: players[0].discrad: unknown field (check the spelling; every field "
        "is in docs/records.md)",
    ]


def test_player_problems(run_cli: Any) -> None:
    shown = display_path(RECORDS / "bad-players.yaml")
    assert errors(run_cli, "bad-players.yaml") == [  # in the order of their lines (issue 13)
        f"{shown}:2: turn: 'Bob' is not a player (expected one of: Ann, Ann, Cy, Di, Ed)",
        f"{shown}:5: players: the game has 2 to 4 players, got 5",
        f"{shown}:7: players[1].name: player 'Ann' is named twice",
    ]


def test_printed_ids_and_names_in_any_case_are_cards(library: Library) -> None:
    mid = load_record("mid-game.yaml")
    mid["players"][2]["hand"] = {"ARTICHOKE-2": 2, "Artichoke": 2, "artichoke-5": 1}
    mid["garden_row"] = ["Beet", "CORN", "leek", "peas"]
    assert evaluate(mid, library).legal


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        (
            "garden_stack",
            True,
            "expected a list of cards or a mapping of card: copies, a number of cards or `rest`",
        ),
        (
            "garden_stack",
            2.5,
            "expected a list of cards or a mapping of card: copies, a number of cards or `rest`",
        ),
        ("garden_row", "beet", "expected a list of cards or a mapping of card: copies"),
        ("rhubarb", "maybe", "expected true or false, got 'maybe'"),
        ("turn", None, "expected text, got None"),
        ("players", [], "the game has 2 to 4 players, got 0"),
        ("compost", {"artichoke": "four"}, "expected a whole number, got 'four'"),
        ("compost", {"reference": 1}, f"unknown card 'reference' (expected one of: {NAMES})"),
    ],
)
def test_bad_values(library: Library, field: str, value: Any, message: str) -> None:
    mid = load_record("mid-game.yaml")
    mid[field] = value
    with pytest.raises(InputError) as caught:
        evaluate(mid, library)
    assert [p.message for p in caught.value.problems] == [message]
    assert caught.value.problems[0].field.startswith(field)


def test_missing_fields(library: Library) -> None:
    mid = load_record("mid-game.yaml")
    del mid["garden_stack"], mid["phase"]
    with pytest.raises(InputError) as caught:
        evaluate(mid, library)
    assert [(p.field, p.message) for p in caught.value.problems] == [
        ("phase", "required field is missing"),
        ("garden_stack", "required field is missing"),
    ]


def test_json_records_work_too(run_cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "mid.json"
    path.write_text(
        '{"game": "abandon-all-artichokes", "turn": "A", "phase": "play", '
        '"garden_stack": "rest", "players": [{"name": "A"}, {"name": "B"}]}'
    )
    result = run_cli("check", "--json", path)
    assert result.exit_code == 1
    assert '"code": "AA-02"' in result.output


JUNK = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 50)
    | st.floats(allow_nan=False)
    | st.sampled_from(["artichoke", "beet", "rest", "Ann", "play", "x"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["artichoke", "beet", "name", "hand", "zz"]), inner, max_size=4
        )
    ),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    field=st.sampled_from(
        [
            "turn",
            "phase",
            "garden_stack",
            "garden_row",
            "compost",
            "rhubarb",
            "players",
            "deck",
            "hand",
            "discard",
            "name",
        ]
    ),
    value=JUNK,
)
def test_junk_is_an_input_error_or_a_position(library: Library, field: str, value: Any) -> None:
    """Any value anywhere either reads as a position or is refused with located messages."""
    mid = load_record("mid-game.yaml")
    target = mid["players"][0] if field in ("deck", "hand", "discard", "name") else mid
    target[field] = value
    try:
        evaluate(mid, library)
    except InputError as exc:
        assert exc.problems
        assert all(p.file == "test.yaml" and p.message for p in exc.problems)
