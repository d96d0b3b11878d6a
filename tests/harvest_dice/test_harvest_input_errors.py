"""Records that cannot be read: exit 2, one `file:line: field: message` line per problem."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from playtest.core.errors import InputError
from playtest.library.loader import Library
from tests.harvest_dice.helpers import RECORDS, evaluate_text
from tests.helpers import edit_once
from tests.hostile.fresh import run_fresh

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "harvest-dice" / "basic-2-players.yaml"

CASES = [
    (
        "bad_many_problems.yaml",
        [
            "2: variant: unknown value 'expert' (expected one of: basic, advanced)",
            "3: final: expected true or false, got 'maybe'",
            "4: markets: unknown market 'potato' (expected: lettuce, tomato, carrot)",
            "10: players[0].garden: row 2 has 5 cells (expected 6)",
            "14: players[0].pig: expected a whole number, got '14'",
            "15: players[0].colour: unknown field (check the spelling; every field is in "
            "docs/records.md)",
            "17: players[1].garden: expected 3 rows of 6 cells, got 2 rows",
        ],
    ),
    (
        "bad_garden_letter.yaml",
        [
            "12: players[1].garden: row 1, column 3: unknown cell 'X' (expected one of: L, T, C, .)"
            "; row 2, column 6: unknown cell 'P' (expected one of: L, T, C, .)",
        ],
    ),
    ("bad_one_player.yaml", ["4: players: the game has 2 to 4 players, got 1"]),
    (
        "bad_markets_missing.yaml",
        [
            "8: players[1].markets: required field is missing (give `markets:` once for the game "
            "or for every player)",
        ],
    ),
    (
        "bad_market_count.yaml",
        [
            "3: markets: no count for the carrot market (expected: lettuce, tomato, carrot)",
            "10: players[1].pig: expected a whole number, got 1.5",
        ],
    ),
]


@pytest.mark.parametrize("command", ["score", "check"])
@pytest.mark.parametrize(("name", "lines"), CASES, ids=[c[0] for c in CASES])
def test_unreadable_record(run_cli: Callable, command: str, name: str, lines: list[str]) -> None:
    path = RECORDS / name
    result = run_cli(command, path)
    assert result.exit_code == 2
    shown = os.path.relpath(path)
    assert result.output.splitlines() == [f"{shown}:{line}" for line in lines]


@pytest.mark.parametrize(
    ("garden", "message"),
    [
        ("5", "expected 3 rows of 6 cells as text, one line per row, got 5"),
        ("[LLLLLL, TTTTTT, CCCCCC, ......]", "expected 3 rows of 6 cells, got 4 rows"),
        ("[LLLLLLL, TTTTTT, CCCCCC]", "row 1 has 7 cells (expected 6)"),
        (
            "[L.L.L., T-TTTT, CCCCCC]",
            "row 2, column 2: unknown cell '-' (expected one of: L, T, C, .)",
        ),
    ],
)
def test_garden_shapes(library: Library, garden: str, message: str) -> None:
    text = (
        "game: harvest-dice\nvariant: basic\nmarkets: {lettuce: 1, tomato: 1, carrot: 1}\n"
        f"players:\n  - {{name: A, pig: 0, garden: [......, ......, ......]}}\n"
        f"  - {{name: B, pig: 0, garden: {garden}}}\n"
    )
    with pytest.raises(InputError) as caught:
        evaluate_text(text, library)
    assert [str(p) for p in caught.value.problems] == [
        f"record.yaml:6: players[1].garden: {message}"
    ]


def test_duplicate_names_and_too_many_players(library: Library) -> None:
    row = "{name: %s, pig: 0, garden: [......, ......, ......]}"
    for names, message in (
        (["A", "A"], "6: players[1].name: player 'A' is named twice"),
        (["A", "B", "C", "D", "E"], "4: players: the game has 2 to 4 players, got 5"),
    ):
        text = (
            "game: harvest-dice\nvariant: basic\nmarkets: {lettuce: 1, tomato: 1, carrot: 1}\n"
            "players:\n" + "".join(f"  - {row % n}\n" for n in names)
        )
        with pytest.raises(InputError) as caught:
            evaluate_text(text, library)
        assert [str(p) for p in caught.value.problems] == [f"record.yaml:{message}"]


def test_unreadable_record_json_error_on_stdout(tmp_path: Path, run_cli, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("r.yaml").write_text("game: harvest-dice\nvariant: expert\nplayers: [{name: Ann}]\n")
    result = run_cli("score", "r.yaml", "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"] == {
        "file": "r.yaml",
        "line": 2,
        "field": "variant",
        "message": "unknown value 'expert' (expected one of: basic, advanced)",
    }


def test_a_record_with_a_4300_digit_number_is_refused(tmp_path: Path) -> None:
    record = EXAMPLE.read_text().replace("lettuce: 3", "lettuce: " + "9" * 4300)
    (tmp_path / "r.yaml").write_text(record)
    run = run_fresh("score", "r.yaml", cwd=tmp_path)
    assert run.returncode == 2 and run.within_bounds(), run
    assert run.stderr == (
        "r.yaml:6: markets.lettuce: '99999999999999999999...' is not a usable "
        "number (expected a finite number of at most 1e+15 either way)\n"
    )


@pytest.mark.parametrize("value", ["1.0e+400", ".nan", "-.inf", "10000000000000000"])
def test_no_record_number_is_unbounded(value: str, tmp_path: Path, run_cli, monkeypatch) -> None:
    shutil.copy(EXAMPLE, tmp_path / "r.yaml")
    edit_once(tmp_path / "r.yaml", "pig: 26", f"pig: {value}")
    monkeypatch.chdir(tmp_path)
    result = run_cli("score", "r.yaml")
    assert result.exit_code == 2
    assert result.stderr.startswith(
        f"r.yaml:15: players[0].pig: '{value}' is not a usable number"
    ), result.stderr
