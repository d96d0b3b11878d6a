"""A player's tableau as fields (components/village-green/table.yaml, a board on the table,
not printed) and the usual record they make (scorer/games/village_green/fields.py through
scorer/fields_record.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from playtest.library.loader import Library
from playtest.scorer.api import evaluate_data, evaluate_file
from playtest.scorer.fields_record import (
    FieldsReading,
    PlayerFields,
    fields_of_record,
    record_of_fields,
)

EXAMPLES = Path(__file__).parents[2] / "examples" / "village-green"


def test_the_tableau_lists_the_village_the_award_slots_and_the_grid(run_cli) -> None:
    result = run_cli("fields", "village-green", "--json")
    assert result.exit_code == 0, result.output
    (tableau,) = [s for s in json.loads(result.stdout)["sheets"] if s["fields"]]
    assert (tableau["kind"], tableau["id"]) == ("board", "tableau")
    fields = {f["id"]: f for f in tableau["fields"]}
    assert fields["village"]["values"] == ["face-up", "flipped"]
    slots = [f"top.col{c}" for c in (1, 2, 3)] + [f"left.row{r}" for r in (1, 2, 3)]
    slots += [f"grid.row{r}.col{c}" for r in (1, 2, 3) for c in (1, 2, 3)]
    assert sorted(fields) == sorted(["village", *slots])
    assert all(fields[s]["kind"] == "card" and "G01" in fields[s]["values"] for s in slots)
    # the places of a 4 x 4 area of poker cards: the village in the corner
    assert fields["village"]["box"] == [6.0, 6.0, 63.0, 88.0]
    assert fields["top.col3"]["box"][:2] == [6 + 3 * 69, 6.0]
    assert fields["grid.row3.col3"]["box"][:2] == [6 + 3 * 69, 6 + 3 * 94]


def test_the_tableau_is_not_printed(run_cli) -> None:
    listed = run_cli("list").output
    assert "board tableau: Tableau, 282x382 mm (on the table: not printed)" in listed


@pytest.mark.parametrize("name", ["three-players.yaml", "solo.yaml", "illegal-solo.yaml"])
def test_a_record_makes_fields_that_score_the_same(name: str, library: Library) -> None:
    record = yaml.safe_load((EXAMPLES / name).read_text())
    reading = fields_of_record(record, library)
    back = record_of_fields(reading, library)
    assert fields_of_record(back, library) == reading
    assert back["variant"] == record["variant"]
    made, typed = evaluate_data(back, library).to_json(), evaluate_file(EXAMPLES / name).to_json()
    # covered cards are not seen and do not score: the same scores, the same winners
    assert (made["players"], made["winners"]) == (typed["players"], typed["winners"])
    for player, board in zip(record["players"], back["players"], strict=True):
        assert board["village"] == player["village"]
        seen = [s[-1] if isinstance(s, list) else s for s in player["top"]]
        assert board["top"] == seen


def test_a_tableau_without_stacks_makes_the_same_record(library: Library) -> None:
    record = yaml.safe_load((EXAMPLES / "three-players.yaml").read_text())
    carl = record["players"][2]  # no stacks; `.` is an empty cell
    carl["grid"] = [[None if c == "." else c for c in row] for row in carl["grid"]]
    record["players"] = [record["players"][2], {**carl, "name": "Cy", "village": "flipped"}]
    back = record_of_fields(fields_of_record(record, library), library)
    assert back == record | {"players": back["players"]} and back["players"] == [
        carl,
        {**carl, "name": "Cy", "village": "flipped"},
    ]
    assert evaluate_data(back, library).to_json() == evaluate_data(record, library).to_json()


def test_filled_fields_score_as_score_does_on_their_record(
    run_cli, library: Library, tmp_path: Path
) -> None:
    """The rules' own scoring example (village-green.md: it must score 16), entered as fields:
    village face up 1, two ponds 4, and the awards 0 + 6 + 3 - 2 + 4."""
    fields = {
        "top.col1": "A12",  # Floral Variety over a column of roses only: 0
        "top.col2": "A02",  # Diane Yeller over 2 yellow lilies: 6
        "top.col3": "A24",  # Hard & Soft Wood over a column whose only species is birch: 3
        "left.row1": "A20",  # Best Man-Made Features over a row of 2 structures: -2
        "left.row2": "A13",  # Best Use of Space over 3 cards with 2 trees: 6 - 2 = 4
        "grid.row1.col1": "G20",  # yellow rose structure
        "grid.row1.col2": "G26",  # yellow lily structure
        "grid.row1.col3": "G34",  # yellow petunia, a birch
        "grid.row2.col1": "G19",  # yellow rose pond
        "grid.row2.col2": "G25",  # yellow lily pond
        "grid.row2.col3": "G22",  # yellow rose, two birches
    }
    reading = FieldsReading("village-green", (PlayerFields("Sam", fields, "tableau"),))
    record = record_of_fields(reading, library)
    assert record["variant"] == "solo"
    assert record["players"][0]["village"] == "face-up"
    assert record["players"][0]["left"] == ["A20", "A13", None]
    (tmp_path / "game.yaml").write_text(yaml.safe_dump(record))
    scored = run_cli("score", tmp_path / "game.yaml", "--json")
    assert scored.exit_code == 0, scored.output
    answer = json.loads(scored.stdout)
    assert answer == evaluate_data(record, library).to_json()
    assert [(p["name"], p["total"]) for p in answer["players"]] == [("Sam", 16)]
    assert answer["legal"] and answer["players"][0]["rank"] == "Honourable mention"
