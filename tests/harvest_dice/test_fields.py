"""The score sheet's declared fields (`playtest fields harvest-dice`) and the usual record
they make (scorer/games/harvest_dice/fields.py through scorer/fields_record.py): a record ->
its fields -> the same record, and a filled set of fields scores as `playtest score` does on
the record it makes."""

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

EXAMPLES = Path(__file__).parents[2] / "examples" / "harvest-dice"
RECORDS = ["basic-2-players.yaml", "advanced-4-players.yaml", "illegal-3-players.yaml"]


def test_both_sheets_list_the_garden_pig_powers_and_markets(run_cli, library: Library) -> None:
    result = run_cli("fields", "harvest-dice", "--json")
    assert result.exit_code == 0, result.output
    sheets = {s["id"]: s for s in json.loads(result.stdout)["sheets"] if s["fields"]}
    assert sorted(sheets) == ["advanced", "basic"]
    rules = library.game("harvest-dice").rules
    for sheet in sheets.values():
        fields = {f["id"]: f for f in sheet["fields"]}
        garden = [f for f in fields.values() if f["id"].startswith("garden.")]
        assert len(garden) == 18 and {f["kind"] for f in garden} == {"choice"}
        assert all(f["values"] == rules.vegetable_ids() for f in garden)
        # cells left to right, 17 mm apart, rows 15 mm apart (the printed grid)
        assert fields["garden.row1.col1"]["box"] == [7.5, 39.0, 16.0, 14.0]
        assert fields["garden.row3.col6"]["box"][:2] == [7.5 + 5 * 17, 39.0 + 2 * 15]
        for row in range(1, 8):
            assert (fields[f"pig.row{row}"]["kind"], fields[f"pig.row{row}"]["max"]) == ("track", 6)
            assert len(fields[f"pig.row{row}"]["cells"]) == 6
            assert fields[f"power.row{row}"]["kind"] == "box"
        for vegetable in rules.vegetable_ids():
            market = fields[f"market.{vegetable}"]
            assert (market["kind"], market["max"], len(market["cells"])) == ("track", 6, 6)
        assert len(fields) == 18 + 7 + 7 + 3
    text = run_cli("fields", "harvest-dice").output
    assert "sheet basic: Score sheet (basic) (140 x 198 mm), 35 fields" in text
    assert (
        "  garden.row1.col1  a choice of lettuce, tomato, carrot  at 7.5, 39 mm (16 x 14)" in text
    )


@pytest.mark.parametrize("name", RECORDS)
def test_a_record_makes_fields_that_make_the_same_record(name: str, library: Library) -> None:
    record = yaml.safe_load((EXAMPLES / name).read_text())
    reading = fields_of_record(record, library)
    assert len(reading.players) == len(record["players"])
    assert {p.sheet for p in reading.players} == {record.get("variant", "basic")}
    back = record_of_fields(reading, library)
    assert fields_of_record(back, library) == reading
    for typed, made in zip(record["players"], back["players"], strict=True):
        assert made["garden"].split() == typed["garden"].upper().split()
        assert (made["pig"], made["powers_used"]) == (typed["pig"], typed.get("powers_used", 0))
    markets = record.get("markets") or record["players"][0]["markets"]
    assert back.get("markets", back["players"][0].get("markets")) == markets
    assert evaluate_data(back, library).to_json() == evaluate_file(EXAMPLES / name).to_json()


def test_the_fields_of_a_basic_game_as_its_record(library: Library) -> None:
    record = yaml.safe_load((EXAMPLES / "basic-2-players.yaml").read_text())
    ann = fields_of_record(record, library).players[0]
    assert ann.fields["garden.row1.col1"] == "lettuce" and "garden.row2.col6" not in ann.fields
    assert ann.fields["garden.row1.col4"] == "carrot"
    # pig 26: four full rows and 2 circles; 3 powers used
    assert [ann.fields.get(f"pig.row{r}") for r in range(1, 8)] == [6, 6, 6, 6, 2, None, None]
    assert [r for r in range(1, 8) if ann.fields.get(f"power.row{r}")] == [1, 2, 3]
    assert (ann.fields["market.lettuce"], ann.fields["market.tomato"]) == (3, 6)
    assert record_of_fields(fields_of_record(record, library), library) == {
        "game": "harvest-dice",
        "variant": "basic",
        "markets": {"lettuce": 3, "tomato": 6, "carrot": 4},
        "players": [
            {
                "name": "Ann",
                "garden": "L L L C C C\nT T L C C .\nT T . . C .",
                "pig": 26,
                "powers_used": 3,
            },
            {
                "name": "Bob",
                "garden": "T T T T T .\nC . . . T .\nC C C L L L",
                "pig": 33,
                "powers_used": 2,
            },
        ],
    }


def _sheet_of(name: str, sheet: str, **fields: object) -> PlayerFields:
    return PlayerFields(name, {k.replace("__", "."): v for k, v in fields.items()}, sheet)


def test_filled_fields_score_as_score_does_on_their_record(
    run_cli, library: Library, tmp_path: Path
) -> None:
    market = {"market__lettuce": 3, "market__tomato": 2}  # carrot: only its printed cross
    ann = _sheet_of(
        "Ann",
        "basic",
        **{f"garden__row1__col{c}": "lettuce" for c in range(1, 7)},
        pig__row1=6,
        pig__row2=3,
        power__row1=True,
        **market,
    )
    bob = _sheet_of(
        "Bob",
        "basic",
        garden__row3__col1="tomato",
        garden__row3__col2="tomato",
        garden__row3__col3="carrot",
        garden__row3__col4="carrot",
        **market,
    )
    record = record_of_fields(FieldsReading("harvest-dice", (ann, bob)), library)
    assert record["variant"] == "basic"
    assert record["markets"] == {"lettuce": 3, "tomato": 2, "carrot": 1}
    (tmp_path / "game.yaml").write_text(yaml.safe_dump(record))
    scored = run_cli("score", tmp_path / "game.yaml", "--json")
    assert scored.exit_code == 0, scored.output
    answer = json.loads(scored.stdout)
    assert answer == evaluate_data(record, library).to_json()
    # Ann: 6 lettuces x 3, a ribbon 5, pig row 1 complete (1); Bob: 2 tomatoes x 2, 2 carrots x 1
    assert [(p["name"], p["total"]) for p in answer["players"]] == [("Ann", 24), ("Bob", 6)]
    assert answer["players"][0]["breakdown"] == {
        "lettuce": 18,
        "tomato": 0,
        "carrot": 0,
        "ribbons": 5,
        "pig": 1,
    }
    assert answer["winners"] == ["Ann"]


def test_players_whose_markets_differ_keep_their_own(library: Library) -> None:
    ann = _sheet_of("Ann", "advanced", market__lettuce=2)
    bob = _sheet_of("Bob", "advanced", market__lettuce=3)
    record = record_of_fields(FieldsReading("harvest-dice", (ann, bob)), library)
    assert record["variant"] == "advanced" and "markets" not in record
    assert [p["markets"]["lettuce"] for p in record["players"]] == [2, 3]
    codes = {v["code"] for v in evaluate_data(record, library).to_json()["violations"]}
    assert "HD-04" in codes


def test_fields_that_cannot_be_read_are_named(library: Library) -> None:
    ann = _sheet_of("Ann", "basic", garden__row1__col1="potato", pig__row9=1, pig__row2=7)
    bob = _sheet_of("Bob", "advanced")
    with pytest.raises(InputError) as caught:
        record_of_fields(FieldsReading("harvest-dice", (ann, bob)), library, "web")
    assert [str(p) for p in caught.value.problems] == [
        "web: players[0].fields.garden.row1.col1: unknown value 'potato' "
        "(expected one of: lettuce, tomato, carrot)",
        "web: players[0].fields.pig.row9: harvest-dice has no field 'pig.row9'",
        "web: players[0].fields.pig.row2: 7 is not from 0 to 6",
        "web: players: the sheets are of different variants: advanced, basic",
    ]
