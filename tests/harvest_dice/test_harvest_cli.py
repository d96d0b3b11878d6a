"""The commands end to end: exit codes, text and JSON answers, and the examples' README."""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Callable
from pathlib import Path

import pytest

from playtest.log import PlaytestLog
from tests.conftest import REPO
from tests.harvest_dice.helpers import RECORDS

EXAMPLES = REPO / "examples" / "harvest-dice"


def test_score_prints_the_table_and_exits_0(run_cli: Callable) -> None:
    result = run_cli("score", RECORDS / "b01_basic_2p_total.yaml")
    assert result.exit_code == 0
    assert result.output == (
        "harvest-dice (basic)\n"
        "player  lettuce  tomato  carrot  ribbons  pig  total\n"
        "Ann          30      12       8        5    6     61\n"
        "Bob          12       9      10        0   15     46\n"
        "winner: Ann\n"
    )


def test_check_exit_codes(run_cli: Callable) -> None:
    legal = run_cli("check", RECORDS / "b01_basic_2p_total.yaml")
    assert (legal.exit_code, legal.output) == (0, "harvest-dice: legal\n")
    illegal = run_cli("check", RECORDS / "hd05_two_full_markets.yaml")
    assert illegal.exit_code == 1
    assert illegal.output.splitlines()[0] == "harvest-dice: 1 broken rule"


def test_score_warns_and_strict_fails(run_cli: Callable) -> None:
    path = RECORDS / "hd02_disconnected.yaml"
    lenient = run_cli("score", path)
    assert lenient.exit_code == 0
    assert "warning: the position breaks the rules:" in lenient.output
    assert run_cli("score", "--strict", path).exit_code == 1
    assert run_cli("score", "--strict", RECORDS / "b01_basic_2p_total.yaml").exit_code == 0


def test_json_answer(run_cli: Callable) -> None:
    result = run_cli("score", "--json", RECORDS / "b11_advanced_2p_zero_counts.yaml")
    assert json.loads(result.output) == {
        "game": "harvest-dice",
        "variant": "advanced",
        "legal": True,
        "violations": [],
        "players": [
            {
                "name": "Ann",
                "total": 8,
                "breakdown": {
                    "lettuce": 0,
                    "tomato": 0,
                    "carrot": 0,
                    "ribbons": 0,
                    "pig": 3,
                    "most_lettuce": 5,
                    "most_tomato": 0,
                    "most_carrot": 0,
                    "most_pig": 0,
                },
            },
            {
                "name": "Bob",
                "total": 19,
                "breakdown": {
                    "lettuce": 0,
                    "tomato": 6,
                    "carrot": 0,
                    "ribbons": 0,
                    "pig": 3,
                    "most_lettuce": 0,
                    "most_tomato": 5,
                    "most_carrot": 0,
                    "most_pig": 5,
                },
            },
        ],
        "winners": ["Bob"],
    }


def test_the_record_file_is_not_written(run_cli: Callable) -> None:
    path = RECORDS / "hd07_dice_accounting.yaml"
    before = path.read_bytes()
    run_cli("check", path)
    run_cli("score", "--json", path)
    assert path.read_bytes() == before


def _readme_commands() -> list[tuple[str, str]]:
    text = (EXAMPLES / "README.md").read_text()
    blocks = re.findall(r"```console\n\$ (playtest [^\n]+)\n(.*?)```", text, re.S)
    return [(command, output) for command, output in blocks]


def test_readme_shows_every_example() -> None:
    named = {shlex.split(c)[-1].rsplit("/", 1)[-1] for c, _ in _readme_commands()}
    assert named == {p.name for p in EXAMPLES.glob("*.yaml")}


@pytest.mark.parametrize(("command", "output"), _readme_commands())
def test_readme_output_is_real(run_cli: Callable, command: str, output: str) -> None:
    *args, record = shlex.split(command)[1:]
    result = run_cli(*args, REPO / record)
    assert result.output == output
    expected_exit = 1 if args[0] in ("check", "replay") and "illegal" in record else 0
    assert result.exit_code == expected_exit


def test_score_log_saves_every_record_and_still_prints_the_scores(tmp_path: Path, run_cli) -> None:
    db = tmp_path / "p.db"
    records = sorted(p for p in (REPO / "examples" / "harvest-dice").glob("[!l]*.yaml"))
    result = run_cli("score", *records, "--log", "--db", db)
    assert result.exit_code == 0 and "winner: Bob" in result.output
    games = PlaytestLog(db).games()
    assert sorted(g.game for g in games) == ["harvest-dice"] * 3
    listed = run_cli("log", "list", "--db", db).output.splitlines()
    assert len(listed) == 3 and all("harvest-dice" in line for line in listed)
    assert any("Ann 75, Bob 81  winner: Bob" in line for line in listed)
