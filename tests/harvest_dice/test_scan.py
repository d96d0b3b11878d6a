"""`playtest scan` on generated photos of filled Harvest Dice sheets (playtest/scan/corpus.py):
the photos make the record of records.md (scorer/games/harvest_dice/fields.py) and are answered
as `playtest score` answers it."""

from __future__ import annotations

import json

import yaml

from playtest.loader import load_library
from playtest.scan.corpus import sheet_photo, true_fields
from playtest.scan.sheets import scan_sheets
from tests.scan.conftest import run_playtest

LIBRARY = load_library(None)


def test_two_sheets_make_the_usual_record_and_its_score(tmp_path):
    """Two players' basic sheets: their garden cells (a vegetable crossed among three icons),
    pig rows, powers and markets read into the record of records.md
    (scorer/games/harvest_dice/fields.py), answered as `score` answers it."""
    sheets = scan_sheets(LIBRARY, ("harvest-dice",))
    assert [s.sheet for s in sheets] == ["basic", "advanced"]
    photos = [sheet_photo(sheets[0], seed, (1.0, 2.5)) for seed in (3, 4)]
    for n, photo in enumerate(photos, 1):
        (tmp_path / f"p{n}.jpg").write_bytes(photo.jpeg)
    scanned = run_playtest(
        "scan", "p1.jpg", "p2.jpg", "--json", "--record", "game.yaml", cwd=tmp_path
    )
    assert scanned.returncode == 0, scanned.stderr
    answer = json.loads(scanned.stdout)
    scored = run_playtest("score", "game.yaml", "--json", cwd=tmp_path)
    assert scored.returncode == 0, scored.stderr
    assert {k: v for k, v in answer.items() if k != "scan"} == json.loads(scored.stdout)
    written = (tmp_path / "game.yaml").read_text()
    assert "  garden: |-\n    " in written  # as people type it (records.md)
    record = yaml.safe_load(written)
    assert (record["game"], record["variant"]) == ("harvest-dice", "basic")
    assert [p["name"] for p in record["players"]] == ["Player 1", "Player 2"]
    for photo, player, read in zip(photos, record["players"], answer["scan"], strict=True):
        unsure = set(read["uncertain"])
        marked = {k.split("#")[0] for k, v in photo.truth.items() if v}
        fields = set(read["fields"])
        pig_rows = {f for f in fields if f.startswith("pig.")}
        if not pig_rows & unsure:  # the pig is the sum of its rows' crossed circles
            assert player["pig"] == sum(v for k, v in photo.truth.items() if k.startswith("pig."))
        powers = {f for f in fields if f.startswith("power.")}
        if not powers & unsure:
            assert player["powers_used"] == len(powers & marked)
        # every garden cell's vegetable is read (or said uncertain), and makes the garden
        truth = true_fields(sheets[0], photo.truth)
        garden = sorted(f for f in fields if f.startswith("garden."))
        assert len(garden) == 18 and sum(truth[f] is not None for f in garden) > 2
        letters = {v.id: v.letter for v in LIBRARY.game("harvest-dice").rules.vegetables}
        rows = [row.split() for row in player["garden"].splitlines()]
        for f in garden:
            row, column = (int(part[3:]) - 1 for part in f.split(".")[1:])
            assert rows[row][column] == letters.get(read["fields"][f]["value"], ".")
            if f not in unsure:
                assert read["fields"][f]["value"] == truth[f], f
    markets = record.get("markets") or record["players"][0]["markets"]
    for vegetable, crossed in markets.items():
        pen = [
            sum(v for k, v in p.truth.items() if k.startswith(f"market.{vegetable}#"))
            for p in photos
        ]
        if not any(f"market.{vegetable}" in r["uncertain"] for r in answer["scan"]):
            assert crossed == 1 + pen[0]  # the printed cross counts (the basic sheet)


def test_the_scan_ready_sheet_marks_a_garden_cell_by_crossing_one_of_three_icons():
    """The usual sheet's garden cell is written in; the scan-ready one (--scan-marks) draws the
    vegetables as icons to cross, in the order of the choice's values, inside the cell."""
    from playtest.generator.render.scan_marks import ScanMarks

    from playtest.sheet_fields import game_fields, scan_ready_fields

    game = LIBRARY.game("harvest-dice")
    usual = {f.id: f for f in game_fields(game)[0].fields}
    ready = {
        f.id: f
        for f in scan_ready_fields(game, ScanMarks(scan_sheets(LIBRARY)[0].sizes, "x"))[0].fields
    }
    assert set(usual) == set(ready)
    vegetables = tuple(v.id for v in game.rules.vegetables)
    for field_id, field in usual.items():
        if not field_id.startswith("garden."):
            assert ready[field_id].cells == field.cells
            continue
        assert field.cells == () and ready[field_id].values == field.values == vegetables
        x, y, w, h = field.box
        assert len(ready[field_id].cells) == 3
        for cx, cy, cw, ch in ready[field_id].cells:
            assert x < cx and cx + cw < x + w and y < cy and cy + ch < y + h
            assert cw >= 4 and ch >= 4  # big enough to cross by hand
