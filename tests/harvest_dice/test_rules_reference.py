"""Harvest Dice's rules reference (issue 27): its playtest defaults marked, its readings
stated, what the issue found missing printed, a changed number printing changed, and a
template naming nothing as one error at its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from playtest.core.errors import InputError
from tests.conftest import Kit
from tests.helpers import copy_components, edit_once
from tests.kits.rules_reference import assert_marked, build, flat, reference_text

GAME = "harvest-dice"


def test_playtest_defaults_carry_the_mark(shipped_kit: Kit) -> None:
    assert_marked(
        reference_text(shipped_kit(GAME)),
        ["row 7: 1, 2, 3, 4, 5, 6, 7\u2020", "(powers spent: when_taken\u2020)"],
    )


def test_readings_of_the_write_up_are_stated(shipped_kit: Kit) -> None:
    assert "Reading: Powers are used as you take a die" in flat(reference_text(shipped_kit(GAME)))


def test_what_the_issue_found_missing_is_printed(shipped_kit: Kit) -> None:
    harvest = flat(reference_text(shipped_kit(GAME)))
    for fact in (
        "Tied: most vegetables planted wins, then most pig circles crossed; still tied, the "
        "victory is shared",
        "Every tied leader gets the 5",
        "Several powers may be used on one die",
        "most recently ate vegetables takes the dice and the start player pig",
    ):
        assert fact in harvest


def test_a_changed_value_prints_changed(tmp_path: Path) -> None:
    root = copy_components(tmp_path)
    edit_once(
        root / GAME / "game.yaml",
        "row_points: [1, 2, 3, 4, 5, 6, 7]",
        "row_points: [2, 2, 3, 4, 5, 6, 9]",
    )
    out = build(root, tmp_path / "out", (GAME,))
    harvest = flat(reference_text(out / GAME / f"{GAME}-kit.pdf"))
    assert "row 7: 2, 2, 3, 4, 5, 6, 9\u2020" in harvest


def test_a_template_naming_nothing_is_one_error_at_the_reference(tmp_path: Path) -> None:
    root = copy_components(tmp_path)
    edit_once(
        root / GAME / "reference.yaml",
        "{rules.garden.ribbon_points} points",
        "{rules.garden.ribbons} points",
    )
    with pytest.raises(InputError) as caught:
        build(root, tmp_path / "out", (GAME,))
    (problem,) = caught.value.problems
    assert problem.file.endswith(f"{GAME}/reference.yaml")
    lines = (root / GAME / "reference.yaml").read_text().splitlines()
    assert problem.line == 1 + next(n for n, ln in enumerate(lines) if '- "Ribbons:' in ln)
    assert "reference.sections[3].lines[1]" in problem.field
    assert "rules.garden has no ribbons (it has: " in problem.message
