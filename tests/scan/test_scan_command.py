"""`playtest scan` keeps every reading: one photo of a game for more players gives its readings
and then says so (exit 1); a photo it cannot read is one line and the others are still read;
sheets of different variants are each read into a record of their own; a picture without a
single marker is "no sheet found". Photos of a registered game with sheets of two variants
(tests/scan/corpus.py)."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import yaml

from playtest.library.loader import load_library
from playtest.scan.reader import ScanError, read_photo
from tests.scan.conftest import SHEETS
from tests.scan.corpus import sheet_photo, wall_photo

SMALL = (1.0, 2.5)  # megapixels
LIBRARY = load_library(None)


def _variant_of(spec) -> str | None:
    return next(s for s in LIBRARY.game(spec.game).sheets if s.id == spec.sheet).data.get("variant")


# a game whose sheets name two variants, and that needs more than one player
GAME = next(
    g
    for g in dict.fromkeys(s.game for s in SHEETS)
    if len({_variant_of(s) for s in SHEETS if s.game == g} - {None}) > 1
    and LIBRARY.game(g).info.players[0] > 1
)
FIRST, SECOND = (s for s in SHEETS if s.game == GAME and _variant_of(s) is not None)
FEWEST, MOST = LIBRARY.game(GAME).info.players


def _photos(tmp_path: Path, *shots: tuple[str, object, int]) -> list:
    taken = []
    for name, spec, seed in shots:
        photo = sheet_photo(spec, seed, SMALL)
        (tmp_path / name).write_bytes(photo.jpeg)
        taken.append(photo)
    return taken


def _scored(run_cli, record: Path) -> dict:
    done = run_cli("score", record, "--json")
    assert done.exit_code == 0, done.output
    return json.loads(done.stdout)


def test_one_photo_of_a_game_for_more_players_gives_its_readings_then_says_so(tmp_path, run_cli):
    (photo,) = _photos(tmp_path, ("ann.jpg", FIRST, 3))
    too_few = f"the game has {FEWEST} to {MOST} players, got 1"
    done = run_cli("scan", tmp_path / "ann.jpg", "--json", "--record", tmp_path / "game.yaml")
    assert done.exit_code == 1, done.output
    answer = json.loads(done.stdout)  # the readings are printed, not lost
    (read,) = answer["scan"]
    assert (read["photo"], read["game"], read["sheet"]) == (
        str(tmp_path / "ann.jpg"),
        GAME,
        FIRST.sheet,
    )
    assert [f for f, _ in FIRST.fields] == list(read["fields"])
    marked = {k.split("#")[0] for k, v in photo.truth.items() if v}
    assert any(read["fields"][f]["value"] for f in marked if f in read["fields"])
    assert answer["error"] == {"file": "scan", "line": None, "field": "players", "message": too_few}
    assert "players" not in answer  # no score was made
    assert done.stderr.splitlines()[-1] == f"scan: players: {too_few}"
    # the record keeps what was read, for the others' sheets to join
    record = yaml.safe_load((tmp_path / "game.yaml").read_text())
    assert [p["name"] for p in record["players"]] == ["Player 1"]
    # without --json: each field as read, then the same line
    text = run_cli("scan", tmp_path / "ann.jpg")
    assert text.exit_code == 1, text.output
    lines = text.stdout.splitlines()
    assert lines[0] == f"== {tmp_path / 'ann.jpg'}: {GAME}, sheet {FIRST.sheet}"
    shown = dict(line.split(": ", 1) for line in lines[1:])
    for field_id, value in read["fields"].items():
        assert shown[field_id] == ("-" if value["value"] is None else str(value["value"]))
    assert text.stderr.splitlines()[-1] == f"scan: players: {too_few}"


def test_a_photo_it_cannot_read_is_one_line_and_the_others_are_still_read(tmp_path, run_cli):
    _photos(tmp_path, ("ann.jpg", FIRST, 3), ("cat.jpg", FIRST, 4))
    (tmp_path / "wall.jpg").write_bytes(wall_photo())
    (tmp_path / "notes.jpg").write_bytes(b"pears: 12")
    args = [tmp_path / n for n in ("ann.jpg", "wall.jpg", "cat.jpg", "notes.jpg")]
    done = run_cli("scan", *args, "--json", "--record", tmp_path / "game.yaml")
    assert done.exit_code == 2, done.output
    wall, notes = done.stderr.splitlines()  # one line each, in the order given
    # (the shipped games have a tableau too: "no sheet and no card found")
    assert wall.startswith(f"{tmp_path / 'wall.jpg'}: no sheet ") and "blurred" not in wall
    assert notes == (
        f"{tmp_path / 'notes.jpg'}: not a picture playtest can read "
        "(expected JPEG, PNG, WebP, BMP or TIFF)"
    )
    answer = json.loads(done.stdout)
    assert [r["photo"] for r in answer["scan"]] == [str(a) for a in args]
    assert [sorted(r) for r in answer["scan"][1::2]] == [["error", "photo"]] * 2
    assert wall.endswith(answer["scan"][1]["error"])
    assert all(r["sheet"] == FIRST.sheet for r in answer["scan"][::2])
    # the two sheets read make the record, answered as `score` answers it
    assert {k: v for k, v in answer.items() if k != "scan"} == _scored(
        run_cli, tmp_path / "game.yaml"
    )
    assert len(answer["players"]) == 2


def test_sheets_of_different_variants_are_each_read_into_their_own_record(tmp_path, run_cli):
    _photos(
        tmp_path,
        ("ann.jpg", FIRST, 3),
        ("bob.jpg", SECOND, 5),
        ("cat.jpg", FIRST, 4),
        ("dan.jpg", SECOND, 6),
    )
    args = [tmp_path / n for n in ("ann.jpg", "bob.jpg", "cat.jpg", "dan.jpg")]
    done = run_cli("scan", *args, "--json", "--record", tmp_path / "game.yaml")
    assert done.exit_code == 0, done.output
    answers = json.loads(done.stdout)
    assert [[r["photo"] for r in a["scan"]] for a in answers] == [
        [str(args[0]), str(args[2])],
        [str(args[1]), str(args[3])],
    ]
    assert not (tmp_path / "game.yaml").exists()  # one record a variant, named by it
    for answer, spec in zip(answers, (FIRST, SECOND), strict=True):
        variant = _variant_of(spec)
        assert {r["sheet"] for r in answer["scan"]} == {spec.sheet}
        record_file = tmp_path / f"game-{variant}.yaml"
        record = yaml.safe_load(record_file.read_text())
        assert (record["game"], record["variant"]) == (GAME, variant)
        assert [p["name"] for p in record["players"]] == ["Player 1", "Player 2"]
        assert {k: v for k, v in answer.items() if k != "scan"} == _scored(run_cli, record_file)
    # as text: each record's score under the photos it was read from
    text = run_cli("scan", *args)
    assert text.exit_code == 0, text.output
    heads = [line for line in text.stdout.splitlines() if line.startswith("== ")]
    assert heads == [
        f"== {_variant_of(FIRST)}: {args[0]}, {args[2]}",
        f"== {_variant_of(SECOND)}: {args[1]}, {args[3]}",
    ]


def test_a_picture_without_a_single_marker_is_no_sheet_found_not_too_blurred(sheets):
    picture = cv2.imdecode(np.frombuffer(wall_photo(), np.uint8), cv2.IMREAD_COLOR)
    try:
        read_photo(picture, sheets)
    except ScanError as said:
        assert str(said).startswith("no sheet found: none of the four corner markers"), said
    else:
        raise AssertionError("a wall was read as a sheet")
