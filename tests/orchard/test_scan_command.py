"""`playtest scan PHOTO...` on generated photos of Orchard's sheet (the test game scored only
by YAML, with box and track fields): it answers as `playtest score` does on the record it
writes, and a photo it cannot read is one line and exit 2."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest
import yaml

from playtest.library.loader import load_library
from playtest.scan.sheets import scan_sheets
from tests.helpers import make_components
from tests.scan.conftest import run_playtest
from tests.scan.corpus import sheet_photo


@pytest.fixture(scope="module")
def orchard(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("orchard-scan")
    root = make_components(tmp, "orchard", mini=False)
    return root


def test_scan_answers_as_score_on_the_record_it_writes(orchard, tmp_path):
    (spec,) = scan_sheets(load_library(orchard), ("orchard",))
    assert [kind for _, kind in spec.fields].count("track") == 3
    photos = [sheet_photo(spec, seed, (1.0, 2.5)) for seed in (1, 2)]
    for n, photo in enumerate(photos, 1):
        (tmp_path / f"ann-{n}.jpg").write_bytes(photo.jpeg)
    scanned = run_playtest(
        "scan", "ann-1.jpg", "ann-2.jpg", "--json", "--record", "game.yaml",
        "--components", orchard, cwd=tmp_path,
    )  # fmt: skip
    assert scanned.returncode == 0, scanned.stderr
    answer = json.loads(scanned.stdout)
    scored = run_playtest("score", "game.yaml", "--json", "--components", orchard, cwd=tmp_path)
    assert scored.returncode == 0, scored.stderr
    assert {k: v for k, v in answer.items() if k != "scan"} == json.loads(scored.stdout)
    record = yaml.safe_load((tmp_path / "game.yaml").read_text())
    assert record["game"] == "orchard" and len(record["players"]) == 2
    for photo, player, read in zip(photos, record["players"], answer["scan"], strict=True):
        for field_id, kind in spec.fields:
            if kind == "choice":  # something written in: which value, the player says
                assert (field_id in read["uncertain"]) >= photo.truth[field_id], field_id
                assert field_id not in player["fields"]
            if kind not in ("box", "track") or field_id in read["uncertain"]:
                continue
            truth = [v for k, v in photo.truth.items() if k.split("#")[0] == field_id]
            expected = truth[0] if kind == "box" else sum(truth)
            assert player["fields"][field_id] == expected, field_id
        # what a photo does not read yet is left for the player, and said
        assert {"pears", "tree"} <= set(read["uncertain"])


def test_a_photo_without_a_sheet_is_one_line_and_exit_2(orchard, tmp_path):
    table = np.random.default_rng(0).integers(60, 200, (600, 800, 3)).astype(np.uint8)
    encoded, jpeg = cv2.imencode(".jpg", table)
    assert encoded
    (tmp_path / "table.jpg").write_bytes(jpeg.tobytes())
    (tmp_path / "notes.txt").write_text("not a photo")
    done = run_playtest("scan", "table.jpg", "notes.txt", "--components", orchard, cwd=tmp_path)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert lines == [  # in the order given
        "table.jpg: no sheet found: none of the four corner markers is in the photo "
        "(was the kit built with --scan-marks? keep the whole sheet in the picture)",
        "notes.txt: not a picture playtest can read (expected JPEG, PNG, WebP, BMP or TIFF)",
    ]
    assert done.stdout == "" and "Traceback" not in done.stderr


def test_a_sheet_without_fields_shows_its_places_but_makes_no_record(orchard, tmp_path):
    """A sheet with only places the web scorer taps (`tap:`), no `field:`: read, not recorded."""
    root = tmp_path / "components"
    shutil.copytree(orchard, root)
    game_file = root / "orchard" / "game.yaml"
    game = yaml.safe_load(game_file.read_text())
    for key in ("scoring", "checks"):
        del game[key]
    row = game["layouts"]["sheet"]["elements"][1]["repeat"]["elements"]
    basket = row[1]["rect"]
    del basket["field"]
    basket["tap"] = "basket.{row_n}"
    game["layouts"]["sheet"]["elements"] = game["layouts"]["sheet"]["elements"][:2]
    del row[0], row[1]
    game_file.write_text(yaml.safe_dump(game, sort_keys=False))
    (spec,) = scan_sheets(load_library(root), ("orchard",))
    assert spec.fields == () and [p.id for p in spec.places] == [f"basket.{n}" for n in (1, 2, 3)]
    photo = sheet_photo(spec, 3, (1.0, 2.5))
    (tmp_path / "sheet.jpg").write_bytes(photo.jpeg)
    done = run_playtest("scan", "sheet.jpg", "--json", "--components", root, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    (read,) = json.loads(done.stdout)
    assert (read["game"], read["sheet"]) == ("orchard", "sheet")
    # every place read right but those said uncertain (a box filled solid: a correction, or a
    # dense scribble), which the player confirms
    unsure = set(read["uncertain"])
    assert len(unsure) <= 1
    assert {p: v["marked"] for p, v in read["places"].items() if p not in unsure} == {
        p: v for p, v in photo.truth.items() if p not in unsure
    }
    refused = run_playtest("scan", "sheet.jpg", "--components", root, cwd=tmp_path)
    assert refused.returncode == 2
    assert refused.stderr.strip() == (
        "playtest: scan: orchard's sheets declare no fields yet (`field:` on their "
        "elements): --json shows what was read, but no record can be made"
    )
