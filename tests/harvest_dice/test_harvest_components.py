"""The scorer reads its numbers from components/harvest-dice: the real values, and a changed
copy of the folder that changes the scores."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from playtest import components
from playtest.core.errors import InputError
from playtest.library.loader import Library, load_library
from playtest.scorer.api import evaluate_file
from tests.harvest_dice.helpers import RECORDS

GAME_YAML = Path("harvest-dice") / "game.yaml"


def test_the_real_rules(library: Library) -> None:
    game = library.game("harvest-dice")
    rules = game.rules
    assert (game.info.name, game.info.players) == ("Harvest Dice", (2, 4))
    assert [(v.id, v.letter, v.glyph, v.die_colour) for v in rules.vegetables] == [
        ("lettuce", "L", "square", "green"),
        ("tomato", "T", "circle", "red"),
        ("carrot", "C", "triangle", "orange"),
    ]
    assert (rules.garden.rows, rules.garden.columns, rules.garden.ribbon_points) == (3, 6, 5)
    assert rules.garden.column_faces == [1, 2, 3, 4, 5, 6]
    assert (rules.pig.rows, rules.pig.circles_per_row, rules.pig.circles) == (7, 6, 42)
    assert rules.pig.row_points == [1, 2, 3, 4, 5, 6, 7]
    assert (rules.markets.circles, rules.markets.start_crosses) == (6, {"basic": 1, "advanced": 0})
    assert (rules.majorities.points, rules.majorities.variants) == (5, ["advanced"])
    assert [a.counts for a in rules.majorities.awards] == ["lettuce", "tomato", "carrot", "pig"]
    assert rules.dice.rolled_per_colour == {2: 2, 3: 3, 4: 3}
    assert rules.round.dice_taken == {2: [3, 2], 3: [3, 3, 2], 4: [2, 2, 2, 2]}
    assert sorted(rules.round.dice_taken) == list(
        range(game.info.players[0], game.info.players[1] + 1)
    )


def test_playtest_defaults_are_marked() -> None:
    lines = (components.ROOT / GAME_YAML).read_text().splitlines()
    row_points = next(line for line in lines if line.strip().startswith("row_points:"))
    assert row_points.rstrip().endswith("# playtest default")


@pytest.fixture
def components_copy(tmp_path: Path) -> Callable[[str, str], Library]:
    """A copy of the real components with one line of harvest-dice/game.yaml replaced."""

    def change(old: str, new: str) -> Library:
        root = tmp_path / "components"
        shutil.copytree(components.ROOT, root)
        path = root / GAME_YAML
        text = path.read_text()
        assert text.count(old) == 1
        path.write_text(text.replace(old, new))
        return load_library(root)

    return change


def test_ribbon_points_come_from_the_yaml(components_copy: Callable[[str, str], Library]) -> None:
    # board 1: Ann has one full row. With 5 a ribbon, 61; with 8, 64. Bob has none: 46.
    library = components_copy("ribbon_points: 5 ", "ribbon_points: 8 ")
    result = evaluate_file(RECORDS / "b01_basic_2p_total.yaml", library)
    assert [p.breakdown["ribbons"] for p in result.players] == [8, 0]
    assert [p.total for p in result.players] == [64, 46]


def test_pig_row_points_come_from_the_yaml(components_copy: Callable[[str, str], Library]) -> None:
    # board 1: Ann's 20 circles complete 3 rows, Bob's 30 complete 5: 10+10+10 = 30 and 50
    library = components_copy(
        "row_points: [1, 2, 3, 4, 5, 6, 7]", "row_points: [10, 10, 10, 10, 10, 10, 10]"
    )
    result = evaluate_file(RECORDS / "b01_basic_2p_total.yaml", library)
    assert [p.breakdown["pig"] for p in result.players] == [30, 50]
    assert result.winners == ("Ann",)  # 30+12+8+5+30 = 85 against 12+9+10+0+50 = 81


def test_end_triggers_come_from_the_yaml(components_copy: Callable[[str, str], Library]) -> None:
    # board 1 ends on the full lettuce market; without that trigger it did not end
    library = components_copy(
        "end_triggers: [full_garden, full_pig, full_market]",
        "end_triggers: [full_garden, full_pig]",
    )
    result = evaluate_file(RECORDS / "b01_basic_2p_total.yaml", library)
    assert [(v.code, v.where) for v in result.violations] == [("HD-06", "game end")]


def test_inconsistent_dice_are_a_components_error(
    components_copy: Callable[[str, str], Library],
) -> None:
    library = components_copy("4: [2, 2, 2, 2]", "4: [2, 2, 2, 3]")
    with pytest.raises(InputError) as caught:
        library.game("harvest-dice")
    shown = os.path.relpath(library.root / GAME_YAML)
    line = next(
        i
        for i, text in enumerate((library.root / GAME_YAML).read_text().splitlines(), start=1)
        if text.startswith("rules:")
    )
    assert [str(p) for p in caught.value.problems] == [
        f"{shown}:{line}: rules: round.dice_taken: 4 players take 9 of 9 dice, which must leave 1"
    ]
