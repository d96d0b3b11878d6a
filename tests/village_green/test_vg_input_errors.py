"""Records that cannot be read: exit 2, one `file:line: field: message` per problem, no
traceback."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from .vg_helpers import player, record_text

BEN = player("Ben", top="[A28, A29, A30]")


def errors(run_cli: Callable, tmp_path: Path, text: str) -> list[str]:
    record = tmp_path / "record.yaml"
    record.write_text(text)
    result = run_cli("score", record)
    assert result.exit_code == 2
    shown = os.path.relpath(record)
    lines = result.output.splitlines()
    assert all(line.startswith(f"{shown}:") for line in lines), lines
    return [line.removeprefix(f"{shown}:") for line in lines]


HINT = "(expected a green card G01–G60 or an award A01–A30)"


def test_unknown_ids_anywhere(run_cli: Callable, tmp_path: Path) -> None:
    text = record_text(
        player(
            "Ann", top="[A01, A02, A31]", grid=("[G61, ., .]", "[., [G55, V1], .]", "[., ., .]")
        ),
        BEN,
    )
    assert errors(run_cli, tmp_path, text) == [
        f"6: players[0].top[2]: unknown card id 'A31' {HINT}",
        f"9: players[0].grid[0][0]: unknown card id 'G61' {HINT}",
        f"10: players[0].grid[1][1][1]: unknown card id 'V1' {HINT}",
    ]


def test_ids_are_read_case_insensitively(evaluate: Callable) -> None:
    result = evaluate(
        record_text(
            player("Ann", top="[a01, A02, a03]", grid=("[g01, ., .]", "[., ., .]", "[., ., .]")),
            BEN,
        )
    )
    assert result.legal and result.players[0].breakdown["ponds"] == 2


def test_wrong_sizes_all_reported_at_once(run_cli: Callable, tmp_path: Path) -> None:
    text = record_text(
        player(
            "Ann",
            top="[A01, A02]",
            left="[null, null, null, null]",
            grid=("[., ., ., .]", "[., ., .]", "[., ., .]"),
        ),
        BEN,
    )
    text = text.replace("      - [., ., .]\n  - name: Ben", "  - name: Ben")  # 2 rows only
    assert errors(run_cli, tmp_path, text) == [
        "6: players[0].top: expected 3 award slots (one above each grid column), got 2",
        "7: players[0].left: expected 3 award slots (one left of each grid row), got 4",
        "8: players[0].grid: expected 3 rows, got 2",
        "9: players[0].grid[0]: expected 3 cells in a row, got 4",
    ]


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            "village: face-up",
            "village: face up",
            "5: players[0].village: unknown value 'face up' (expected one of: face-up, flipped)",
        ),
        (
            "    left: [null, null, null]\n    grid",
            "    left: [null, [], 5]\n    grid",
            "7: players[0].left[1]: empty stack: write null (or .) for an empty slot",
        ),
        ("  - name: Ann\n", "  - name: Ben\n", "12: players[1].name: player 'Ben' is named twice"),
        (
            "variant: multiplayer",
            "variant: coop",
            "2: variant: unknown value 'coop' (expected one of: multiplayer, solo)",
        ),
        (
            "variant: multiplayer",
            "variant: solo",
            "3: players: a solo game has exactly 1 player, got 2",
        ),
        ("    village: face-up\n", "", "4: players[0].village: required field is missing"),
        (
            "    top: [A01, A02, A03]",
            "    top: [A01, A02, A03]\n    score: 12",
            "7: players[0].score: unknown field (check the spelling; every field is in "
            "docs/records.md)",
        ),
    ],
)
def test_one_problem_one_line(
    run_cli: Callable, tmp_path: Path, old: str, new: str, expected: str
) -> None:
    text = record_text(player("Ann"), BEN)
    assert old in text
    found = errors(run_cli, tmp_path, text.replace(old, new, 1))
    assert found[0] == expected


def test_a_number_in_a_slot(run_cli: Callable, tmp_path: Path) -> None:
    text = record_text(player("Ann", left="[null, [G01, 7], 5]"), BEN)
    assert errors(run_cli, tmp_path, text) == [
        "7: players[0].left[1][1]: expected text, got 7",
        "7: players[0].left[2]: expected a card id, a stack [bottom, ..., top] or null, got 5",
    ]


def test_too_many_players(run_cli: Callable, tmp_path: Path) -> None:
    names = ["Ann", "Ben", "Cy", "Di", "Ed", "Flo"]
    awards = [f"A{n:02d}" for n in range(1, 19)]
    players = [
        player(name, top=f"[{', '.join(awards[3 * i : 3 * i + 3])}]")
        for i, name in enumerate(names)
    ]
    assert errors(run_cli, tmp_path, record_text(*players)) == [
        "3: players: a multiplayer game has 2 to 5 players, got 6"
    ]
