"""One protocol suite for every game: the same test functions, parametrised over the games.

Each game is a package with the same modules (record, checks, scoring) declared in one
`GameInterface`, the `scorer` of its registration; its records share one header (game, variant,
players, unique names) and its card ids are read in any case. The suite runs over every
registered game that has a scorer; a game gives its examples and codes in its own tests'
`protocol_case.py` (tests/protocol/cases.py).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from playtest.core.errors import InputError
from playtest.library.loader import Library
from playtest.library.registry import registration
from playtest.scorer.api import evaluate_data, evaluate_file, evaluate_text, game_interface
from playtest.scorer.interface import GameInterface, games
from tests.games import own_codes
from tests.protocol.cases import ProtocolCase, protocol_cases

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CASES = protocol_cases()
GAMES = sorted(games())  # every registered game that has a scorer
BY_ID = pytest.mark.parametrize("game_id", GAMES)


def case_of(game_id: str) -> ProtocolCase:
    assert game_id in CASES, f"add tests/<package>/protocol_case.py for {game_id}"
    return CASES[game_id]


def example(case: ProtocolCase, name: str) -> dict[str, Any]:
    return yaml.safe_load((EXAMPLES / case.game / name).read_text())


def test_every_game_with_components_has_an_interface(library: Library) -> None:
    # the games with code have their own; a game scored in YAML has the one they all share
    in_yaml = [g for g in library.game_ids if registration(g) is None]
    assert sorted(games()) == sorted(set(library.game_ids) - set(in_yaml)) == sorted(CASES)
    assert in_yaml and all(library.game(g).scoring is not None for g in in_yaml)


@BY_ID
def test_the_interface_is_the_same_modules_in_every_game(game_id: str) -> None:
    case = case_of(game_id)
    interface = game_interface(case.game)
    assert isinstance(interface, GameInterface)
    package = interface.record.__name__.rpartition(".")[0]  # the game's one package
    for part, function in (
        ("record", "read_position"),
        ("checks", "violations"),
        ("scoring", "score"),
    ):
        module = getattr(interface, part)
        assert isinstance(module, ModuleType)
        assert module.__name__ == f"{package}.{part}"
        assert callable(getattr(module, function))
    # the registration's engine is the game package's engine module's Engine
    found = registration(case.game)
    assert found is not None and found.part("scorer") is interface
    engine = found.part("engine")
    assert engine is not None and engine.__module__ == f"{package}.engine"


@BY_ID
def test_a_legal_example_answers_as_records_md_says(game_id: str, library: Library) -> None:
    case = case_of(game_id)
    result = evaluate_file(EXAMPLES / case.game / case.legal, library)
    answer = result.to_json()
    assert answer["game"] == case.game and answer["legal"] is True
    assert answer["violations"] == []
    assert [p["name"] for p in answer["players"]] == [
        p["name"] for p in example(case, case.legal)["players"]
    ]
    for player in answer["players"]:
        assert isinstance(player["total"], int) and isinstance(player["breakdown"], dict)
    assert set(answer["winners"]) <= {p["name"] for p in answer["players"]}
    json.dumps(answer)


@BY_ID
def test_an_illegal_example_names_its_codes(game_id: str, library: Library) -> None:
    case = case_of(game_id)
    result = evaluate_file(EXAMPLES / case.game / case.illegal, library)
    assert not result.legal
    owns = own_codes(library.game(case.game))  # its registration's `code_prefix`
    assert all(owns(v.code) for v in result.violations), result.violations


@BY_ID
@pytest.mark.parametrize("name", ["legal", "illegal"])
def test_data_text_and_file_give_the_same_answer(game_id: str, name: str, library: Library) -> None:
    case = case_of(game_id)
    path = EXAMPLES / case.game / getattr(case, name)
    from_file = evaluate_file(path, library).to_json()
    assert evaluate_data(yaml.safe_load(path.read_text()), library).to_json() == from_file
    assert evaluate_text(path.read_text(), library).to_json() == from_file


@BY_ID
def test_card_ids_are_read_in_any_case(game_id: str, library: Library) -> None:
    case = case_of(game_id)
    record = example(case, case.legal)
    retyped = copy.deepcopy(record)
    case.retyped(retyped)
    assert retyped != record
    assert evaluate_data(retyped, library).to_json() == evaluate_data(record, library).to_json()


@BY_ID
def test_a_name_given_twice_cannot_be_read(game_id: str, library: Library) -> None:
    case = case_of(game_id)
    record = example(case, case.legal)
    record["players"][1]["name"] = record["players"][0]["name"]
    with pytest.raises(InputError) as caught:
        evaluate_data(record, library, name="twice.yaml")
    named = [p for p in caught.value.problems if p.field == "players[1].name"]
    assert [p.message for p in named] == [f"player {record['players'][0]['name']!r} is named twice"]


@BY_ID
def test_too_many_players_is_an_input_error_with_one_meaning(
    game_id: str, run_cli: Callable, library: Library, tmp_path: Path
) -> None:
    case = case_of(game_id)
    record = example(case, case.legal)
    most = library.game(case.game).info.players[1]
    record["players"] += [
        dict(record["players"][0], name=f"Extra {i}")
        for i in range(most + 1 - len(record["players"]))
    ]
    path = tmp_path / "crowded.yaml"
    path.write_text(yaml.safe_dump(record, sort_keys=False))
    for command in ("score", "check"):
        result = run_cli(command, path, "--json")
        assert result.exit_code == 2  # not a violation: a position of no game that exists
        assert f"players, got {most + 1}" in result.output
        assert "crowded.yaml:" in result.output and ": players: " in result.output


@BY_ID
@settings(max_examples=25, deadline=None)
@given(count=st.integers(0, 9))
def test_the_player_count_is_checked_alike_in_every_game(
    game_id: str, library: Library, count: int
) -> None:
    case = case_of(game_id)
    record = example(case, case.legal)
    template = record["players"][0]
    record["players"] = (record["players"] + [dict(template, name=f"P{i}") for i in range(count)])[
        :count
    ]
    seats = game_interface(case.game).seats(library.game(case.game), record.get("variant"))
    try:
        evaluate_data(record, library)
        problems = []
    except InputError as exc:
        problems = [p for p in exc.problems if p.field == "players"]
    allowed = seats.fewest <= count <= seats.most
    assert [p.message for p in problems] == (
        [] if allowed else [f"{seats.who} has {seats.describe()}, got {count}"]
    )
