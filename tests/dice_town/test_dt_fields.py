"""A player's holdings as fields (the `holdings` board of components/dice-town/table.yaml,
on the table, not printed) and the final record they make (scorer/games/dice_town/fields.py
through scorer/fields_record.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from playtest.core.errors import InputError
from playtest.library.loader import Library
from playtest.scorer.api import evaluate_data, evaluate_file
from playtest.scorer.fields_record import (
    FieldsReading,
    PlayerFields,
    fields_of_record,
    record_of_fields,
)

EXAMPLES = Path(__file__).parents[2] / "examples" / "dice-town"


def test_the_holdings_list_a_place_per_card_and_the_counts(run_cli, library: Library) -> None:
    result = run_cli("fields", "dice-town", "--json")
    assert result.exit_code == 0, result.output
    (holdings,) = [s for s in json.loads(result.stdout)["sheets"] if s["fields"]]
    assert (holdings["kind"], holdings["id"]) == ("board", "holdings")
    fields = {f["id"]: f for f in holdings["fields"]}
    assert (fields["nuggets"]["kind"], fields["dollars"]["kind"]) == ("number", "number")
    assert fields["sheriff"]["kind"] == "box"
    game = library.game("dice-town")
    for pile, deck in (("deeds", "deeds"), ("store", "general-store")):
        places = [f for f in fields if f.startswith(f"{pile}.card")]
        assert len(places) == sum(c.count for c in game.deck(deck).cards)  # one per card
        assert all(fields[p]["kind"] == "card" for p in places)
    assert "board holdings: A player's holdings, 540x160 mm (on the table: not printed)" in (
        run_cli("list").output
    )


@pytest.mark.parametrize("name", ["final.yaml", "illegal.yaml"])
def test_a_record_makes_fields_that_make_the_same_record(name: str, library: Library) -> None:
    record = yaml.safe_load((EXAMPLES / name).read_text())
    reading = fields_of_record(record, library)
    back = record_of_fields(reading, library)
    assert fields_of_record(back, library) == reading
    for typed, made in zip(record["players"], back["players"], strict=True):
        assert made == {
            "name": typed["name"],
            "nuggets": typed.get("nuggets", 0),
            "dollars": typed.get("dollars", 0),
            "sheriff": typed.get("sheriff", False),
            "deeds": [c.upper() for c in typed.get("deeds", [])],
            "store": [c.upper() for c in typed.get("store", [])],
        }
    assert evaluate_data(back, library).to_json() == evaluate_file(EXAMPLES / name).to_json()


def test_a_round_record_has_no_fields(library: Library) -> None:
    with pytest.raises(InputError, match="a round record has no fields"):
        fields_of_record(yaml.safe_load((EXAMPLES / "round.yaml").read_text()), library)


def test_filled_fields_score_as_score_does_on_their_record(
    run_cli, library: Library, tmp_path: Path
) -> None:
    ann = {"nuggets": 5, "dollars": 9, "sheriff": True, "deeds.card2": "P20", "store.card1": "GS19"}
    bob = {"nuggets": 2, "dollars": 3, "deeds.card1": "P01"}
    reading = FieldsReading(
        "dice-town", (PlayerFields("Ann", ann, "holdings"), PlayerFields("Bob", bob, "holdings"))
    )
    record = record_of_fields(reading, library)
    assert record["players"][0]["deeds"] == ["P20"] and record["players"][1]["store"] == []
    (tmp_path / "game.yaml").write_text(yaml.safe_dump(record))
    scored = run_cli("score", tmp_path / "game.yaml", "--json")
    assert scored.exit_code == 0, scored.output
    answer = json.loads(scored.stdout)
    assert answer == evaluate_data(record, library).to_json()
    # Ann: deed 5, Horse 8, 5 nuggets, $9 = 4, the badge 5; Bob: deed 1, 2 nuggets, $3 = 1
    assert [(p["name"], p["total"]) for p in answer["players"]] == [("Ann", 27), ("Bob", 4)]
    assert answer["winners"] == ["Ann"]
