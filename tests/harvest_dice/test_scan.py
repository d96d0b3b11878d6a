"""`playtest scan` on generated photos of filled Harvest Dice sheets (tests/scan/corpus.py):
the photos make the record of records.md (scorer/games/harvest_dice/fields.py) and are answered
as `playtest score` answers it."""

from __future__ import annotations

import json
from functools import cache

import yaml

from playtest.library.loader import load_library
from playtest.scan.sheets import scan_sheets
from tests.scan.conftest import run_playtest
from tests.scan.corpus import sheet_photo, true_fields

LIBRARY = load_library(None)


def test_two_sheets_make_the_usual_record_and_its_score(tmp_path, run_cli):
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
    # a file in the way of the record's folder: one line, exit 2, before any photo is read
    # (it was a traceback after reading them)
    refused = run_cli("scan", tmp_path / "p1.jpg", "--record", tmp_path / "game.yaml" / "a.yaml")
    assert refused.exit_code == 2
    in_the_way = tmp_path / "game.yaml"
    assert (
        refused.output == f"{in_the_way}: --record: cannot make this folder: a file is in the way\n"
    )
    assert in_the_way.read_text() == written
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
    from playtest.faces.fields import game_fields, scan_ready_fields
    from playtest.faces.scan_marks import ScanMarks

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


# The rules of playtest/scan/ink.py on the scan-ready sheet's own places, drawn with the
# corpus's pens onto the blank sheet and softened like a phone's photo (no photo is made).
PENCIL, BLUE = (105, 105, 105), (150, 60, 25)


@cache
def _basic():
    return scan_sheets(LIBRARY, ("harvest-dice",))[0]


def _seen(page, blur: float = 1.2):
    import cv2

    from playtest.scan.ink import ink_map

    return ink_map(cv2.GaussianBlur(page, (0, 0), blur), _basic().template)


def _place(place_id: str):
    spec = _basic()
    return spec, next(p for p in spec.places if p.id == place_id)


def test_a_garden_icon_filled_solid_is_cancelled_and_a_dense_scribble_is_a_mark():
    """Where a fill takes a mark back (`game.correction: fill`), a correction (a cross, then
    the icon filled solid to a hair inside its edge) reads unmarked with confidence; a dense
    scribble as full inside the icon, whose turns leave notches and spill past its sides,
    still reads marked (uncertain). Under Harvest Dice's own rule (rub it out), both are marks."""
    import numpy as np

    from playtest.scan.ink import NEARLY_FULL, read_place
    from tests.scan.corpus import _fill, _mark, _stroke

    spec, filled = _place("garden.row1.col1#lettuce")
    _, scribbled = _place("garden.row2.col2#tomato")
    page = spec.template.copy()
    rng = np.random.default_rng(5)
    _mark(page, filled, "cross", BLUE, 0.5, rng)
    _fill(page, filled, BLUE, rng)
    x, y, w, h = scribbled.box
    turns = 7
    zigzag = [
        (x + w / 2 + 0.55 * w * (1 if i % 2 else -1), y + 0.08 * h + 0.84 * h * i / turns)
        for i in range(turns + 1)
    ]
    _stroke(page, zigzag, BLUE, 0.8, rng)
    seen = _seen(page)
    fill, scribble = read_place(seen, filled, True), read_place(seen, scribbled, True)
    assert fill.ink >= NEARLY_FULL and scribble.ink >= NEARLY_FULL  # both full of ink
    assert (fill.marked, fill.uncertain) == (False, False)
    assert scribble.marked
    assert LIBRARY.game("harvest-dice").info.correction == "erase"
    for place in (filled, scribbled):
        assert (read_place(seen, place).marked, read_place(seen, place).uncertain) == (True, False)


def test_a_thin_pencil_tick_on_the_pink_power_icon_is_never_confidently_unmarked():
    """A thin pencil tick on the pig-power icon's pink print, blurred as a small photo blurs
    it, leaves only a trace under the ink threshold: on coloured print that trace is already
    uncertain (on white paper as little ink reads unmarked with confidence)."""
    import numpy as np

    from playtest.scan.ink import UNSURE, _on_colour, read_place
    from tests.scan.corpus import _stroke

    spec, power = _place("power.row1")
    _, circle = _place("pig.row1#1")
    page = spec.template.copy()
    x, y, w, h = power.box
    cx, cy, r = x + w / 2, y + h / 2, w * 0.3
    tick = [(cx - r, cy), (cx - r * 0.3, cy + r * 0.8), (cx + r, cy - r)]
    _stroke(page, tick, PENCIL, 0.3, np.random.default_rng(1))
    seen = _seen(page, 1.4)
    assert _on_colour(seen, power) and not _on_colour(seen, circle)
    read = read_place(seen, power)
    assert 0 < read.ink < UNSURE[0]  # the case: a trace a grey threshold calls paper
    assert read.uncertain


def test_a_stray_stroke_along_a_garden_icons_edge_is_not_a_cross():
    """A slip of a thick pen along the bottom edge of an icon puts ink in it but none in its
    middle: the icon reads unmarked, uncertain (every mark in a box crosses its middle)."""
    import numpy as np

    from playtest.scan.ink import MARKED, read_place
    from tests.scan.corpus import _stroke

    spec, icon = _place("garden.row2.col1#carrot")
    page = spec.template.copy()
    x, y, w, h = icon.box
    _stroke(
        page,
        [(x + 0.2 * w, y + h - 0.3), (x + 0.7 * w, y + h - 0.2)],
        BLUE,
        0.8,
        np.random.default_rng(2),
    )
    read = read_place(_seen(page), icon)
    assert read.ink >= MARKED  # enough ink to mark it, were it in the middle
    assert (read.marked, read.uncertain) == (False, True)
