"""The zones of the table as fields (the `zones` board of
components/abandon-all-artichokes/table.yaml, on the table, not printed) and the position
record they make (scorer/games/artichokes/fields.py through scorer/fields_record.py)."""

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

EXAMPLES = Path(__file__).parents[2] / "examples" / "abandon-all-artichokes"
GAME = "abandon-all-artichokes"


def test_the_zones_list_every_vegetable_of_every_zone(run_cli, library: Library) -> None:
    result = run_cli("fields", GAME, "--json")
    assert result.exit_code == 0, result.output
    (zones,) = [s for s in json.loads(result.stdout)["sheets"] if s["fields"]]
    assert (zones["kind"], zones["id"]) == ("board", "zones")
    fields = {f["id"]: f for f in zones["fields"]}
    vegetables = sorted({k.vegetable for k in library.game(GAME).catalogue.kinds})
    for zone in ("row", "compost", "deck", "hand", "discard"):
        assert sorted(f.split(".")[1] for f in fields if f.startswith(f"{zone}.")) == vegetables
    assert fields["phase"]["values"] == library.game(GAME).rules_data["turn_phases"]
    assert [fields[f]["kind"] for f in ("turn", "rhubarb", "stack")] == ["box", "box", "number"]
    assert len(fields) == 4 + 5 * len(vegetables)
    assert "board zones: Zones of the table, 300x140 mm (on the table: not printed)" in (
        run_cli("list").output
    )


@pytest.mark.parametrize("name", ["mid-game.yaml", "won.yaml", "illegal.yaml"])
def test_a_record_makes_fields_that_make_the_same_record(name: str, library: Library) -> None:
    record = yaml.safe_load((EXAMPLES / name).read_text())
    reading = fields_of_record(record, library)
    current = [p.name for p in reading.players if p.fields.get("turn")]
    assert current == [record["turn"]]
    back = record_of_fields(reading, library)
    assert fields_of_record(back, library) == reading
    assert (back["turn"], back["phase"]) == (record["turn"], record["phase"])
    assert back["garden_stack"] == record["garden_stack"]  # a count, or `rest`
    assert evaluate_data(back, library).to_json() == evaluate_file(EXAMPLES / name).to_json()


def _copy(name: str, zones: dict[str, dict[str, int]], **fields: object) -> PlayerFields:
    """One player's copy: the cards of each vegetable in each zone, and the other fields."""
    counts = {f"{zone}.{veg}": n for zone, cards in zones.items() for veg, n in cards.items()}
    return PlayerFields(name, {**counts, **fields}, "zones")


def test_filled_fields_check_as_check_does_on_their_record(
    run_cli, library: Library, tmp_path: Path
) -> None:
    """Ben drew no Artichoke at the end of his turn: he wins (the position of won.yaml)."""
    shared = {
        "row": {"broccoli": 1, "onion": 1, "peas": 1},
        "compost": {"artichoke": 9, "carrot": 2, "eggplant": 2},
    }
    ann = {
        "deck": {"artichoke": 4, "corn": 1, "peas": 2},
        "hand": {"artichoke": 3, "broccoli": 1, "onion": 1},
        "discard": {"artichoke": 1, "pepper": 2, "potato": 1},
    }
    ben = {
        "deck": {"artichoke": 2, "beet": 2, "leek": 1},
        "hand": {"beet": 1, "corn": 1, "leek": 1, "pepper": 1, "potato": 1},
        "discard": {"artichoke": 1, "carrot": 1, "corn": 1, "onion": 1, "eggplant": 1},
    }
    copies = (
        _copy("Ann", shared | ann, phase="draw", stack=33),
        _copy("Ben", ben, turn=True),  # a copy may leave the shared zones empty
    )
    record = record_of_fields(FieldsReading(GAME, copies), library)
    assert (record["turn"], record["garden_stack"]) == ("Ben", 33)
    (tmp_path / "game.yaml").write_text(yaml.safe_dump(record))
    checked = run_cli("check", tmp_path / "game.yaml", "--json")
    scored = run_cli("score", tmp_path / "game.yaml", "--json")
    assert (checked.exit_code, scored.exit_code) == (0, 0), scored.output
    assert json.loads(scored.stdout) == evaluate_data(record, library).to_json()
    assert json.loads(scored.stdout) == evaluate_file(EXAMPLES / "won.yaml").to_json()
    assert json.loads(scored.stdout)["winners"] == ["Ben"]


def test_copies_that_disagree_or_no_turn_are_named(library: Library) -> None:
    copies = (_copy("Ann", {}, phase="play", stack=10), _copy("Ben", {}, phase="draw"))
    with pytest.raises(InputError) as caught:
        record_of_fields(FieldsReading(GAME, copies), library)
    assert [str(p) for p in caught.value.problems] == [
        "fields: players[1].fields.phase: 'draw' here, but 'play' on the first copy that gives it",
        "fields: turn: one player's `turn` is ticked, but none is",
    ]
