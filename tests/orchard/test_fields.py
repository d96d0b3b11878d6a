"""Fields declared on layout elements: `playtest fields GAME [--json]` lists each with its
kind, allowed values and box in mm on its sheet; fields never change what is printed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from playtest.generator.kit.cache import CACHE_DIR
from tests.helpers import edit_once, line_of


def strip_fields(node: object) -> int:
    """Remove every `field:` of every layout element; how many were removed."""
    removed = 0
    if isinstance(node, dict):
        removed += node.pop("field", None) is not None
        for value in node.values():
            removed += strip_fields(value)
    elif isinstance(node, list):
        for value in node:
            removed += strip_fields(value)
    return removed


def fields_json(run_cli, root: Path) -> dict:
    result = run_cli("fields", "orchard", "--json", "--components", root)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_every_field_with_its_kind_values_and_box_in_mm(run_cli, orchard: Path) -> None:
    answer = fields_json(run_cli, orchard)
    assert answer["game"] == "orchard"
    (sheet,) = answer["sheets"]
    assert (sheet["kind"], sheet["id"], sheet["size"]) == ("sheet", "sheet", [148.0, 210.0])
    fields = {f["id"]: f for f in sheet["fields"]}
    assert list(fields) == [
        *(f"row{r}.{name}" for r in (1, 2, 3) for name in ("apples", "basket", "fruit")),
        "pears",
        "tree",
    ]
    # a track: 5 circles of r 3 from cx 15, one every 10 mm; row 2 is 20 mm lower
    apples = fields["row2.apples"]
    assert (apples["kind"], apples["min"], apples["max"]) == ("track", 0, 5)
    assert apples["box"] == [12.0, 52.0, 46.0, 6.0]
    assert apples["cells"] == [[12.0 + 10 * i, 52.0, 6.0, 6.0] for i in range(5)]
    assert fields["row3.basket"] == {
        "id": "row3.basket",
        "kind": "box",
        "box": [70.0, 72.0, 6.0, 6.0],
    }
    assert fields["row1.fruit"]["values"] == ["apple", "pear", "plum"]  # from {rules.fruits}
    assert fields["pears"] == {
        "id": "pears",
        "kind": "number",
        "min": 0,
        "max": 50,
        "box": [10.0, 100.0, 30.0, 12.0],
    }
    assert fields["tree"]["values"] == ["T1", "T2"]  # the cards of its deck


def test_the_text_listing(run_cli, orchard: Path) -> None:
    result = run_cli("fields", "orchard", "--components", orchard)
    lines = result.stdout.splitlines()
    assert lines[0] == "sheet sheet: Orchard sheet (148 x 210 mm), 11 fields"
    assert "  row1.apples  a track of 0 to 5  at 12, 32 mm (46 x 6)" in lines
    assert "  row1.fruit  a choice of apple, pear, plum  at 80, 30 mm (20 x 10)" in lines


def test_a_game_without_fields_lists_its_sheets_empty(run_cli, orchard: Path) -> None:
    game = orchard / "orchard" / "game.yaml"
    data = yaml.safe_load(game.read_text())
    del data["scoring"], data["checks"]
    strip_fields(data)
    game.write_text(yaml.safe_dump(data, sort_keys=False))
    result = run_cli("fields", "orchard", "--components", orchard)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == ["sheet sheet: Orchard sheet (148 x 210 mm), 0 fields"]


def test_fields_never_change_what_is_printed(
    run_cli, orchard: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # one build date for both: the date printed is the newest component file's, and the file
    # rewritten here is newer (a day later than the checkout's, the two kits differed)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    with_fields = tmp_path / "with"
    assert run_cli("build", "orchard", "--components", orchard, "--out", with_fields).exit_code == 0
    game = orchard / "orchard" / "game.yaml"
    data = yaml.safe_load(game.read_text())
    del data["scoring"], data["checks"]
    assert strip_fields(data) == 5  # declared once, drawn 11 times
    game.write_text(yaml.safe_dump(data))
    without = tmp_path / "without"
    assert run_cli("build", "orchard", "--components", orchard, "--out", without).exit_code == 0
    built = sorted(
        p.relative_to(with_fields)
        for p in with_fields.rglob("*")
        # the incremental build's cache keys on every input (fields too): not a printed file
        if p.is_file() and CACHE_DIR not in p.parts
    )
    assert built
    for path in built:
        assert (with_fields / path).read_bytes() == (without / path).read_bytes(), path


def test_a_field_drawn_twice_is_an_error_at_its_element(run_cli, orchard: Path) -> None:
    edit_once(orchard / "orchard" / "game.yaml", 'id: "row{row_n}.basket"', "id: basket")
    result = run_cli("fields", "orchard", "--components", orchard)
    assert result.exit_code == 2
    assert re.search(
        r"orchard/game.yaml:\d+: layouts.sheet.elements\[1\].repeat.elements\[1\].rect.field: "
        r"sheet sheet: field 'basket' is drawn twice",
        result.stderr,
    ), result.stderr


def test_an_id_that_is_not_dotted_words_is_an_error(run_cli, orchard: Path) -> None:
    game = orchard / "orchard" / "game.yaml"
    edit_once(game, 'id: "row{row_n}.basket"', 'id: "Row {row_n}"')
    result = run_cli("fields", "orchard", "--components", orchard)
    assert result.exit_code == 2
    assert "field id 'Row 1' is not dotted lower-case words" in result.stderr
    assert f"orchard/game.yaml:{line_of(game, 'Row {row_n}')}:" in result.stderr


def test_a_choice_without_values_is_a_schema_error(run_cli, orchard: Path) -> None:
    edit_once(orchard / "orchard" / "game.yaml", ', values: "{rules.fruits}"', "")
    result = run_cli("fields", "orchard", "--components", orchard)
    assert result.exit_code == 2
    assert "a choice field needs `values`" in result.stderr
