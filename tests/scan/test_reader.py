"""Reading generated phone photos of filled scan-ready sheets of every registered game that
has one (a few here; hundreds in benchmarks/scan.py), and the messages for photos that cannot
be read."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from playtest.scan.reader import ScanError, decode, read_photo
from tests.scan.conftest import SHEETS, sheet_id
from tests.scan.corpus import sheet_photo

SMALL = (1.0, 2.5)  # megapixels: quick to make and still the hardest for the markers


def test_a_registered_game_has_a_scan_ready_sheet():
    assert SHEETS, "no registered game has a sheet with places to fill in"


@pytest.mark.parametrize("seed", [2, 3])
@pytest.mark.parametrize("spec", SHEETS, ids=sheet_id)
def test_a_photo_is_named_and_every_misread_place_is_marked_uncertain(sheets, spec, seed):
    photo = sheet_photo(spec, seed, SMALL)
    reading = read_photo(decode(photo.jpeg), sheets)
    assert (reading.spec.game, reading.spec.sheet) == (spec.game, spec.sheet)
    assert [p.id for p in reading.places] == [p.id for p in spec.places]
    wrong = [p.id for p in reading.places if p.marked != photo.truth[p.id]]
    assert set(wrong) <= set(reading.uncertain)
    assert len(wrong) <= 2
    assert sum(photo.truth.values()) > 5  # the photo has marks to read


def test_the_corpus_is_the_same_for_the_same_seed(sheets):
    assert sheet_photo(sheets[0], 7, SMALL) == sheet_photo(sheets[0], 7, SMALL)
    assert sheet_photo(sheets[0], 7, SMALL).jpeg != sheet_photo(sheets[0], 8, SMALL).jpeg


def _photo(sheets) -> np.ndarray:
    return decode(sheet_photo(sheets[0], 11, SMALL).jpeg)


def test_no_sheet_in_the_photo(sheets):
    blank = np.full((900, 1200, 3), 200, np.uint8)
    cv2.putText(blank, "a table", (100, 400), cv2.FONT_HERSHEY_SIMPLEX, 4, (20, 20, 20), 8)
    with pytest.raises(ScanError, match="no sheet found: none of the four corner markers"):
        read_photo(blank, sheets)


def test_a_photo_missing_corners_names_them(sheets):
    image = _photo(sheets)
    # keep only the two markers found nearest the picture's top
    from playtest.scan.reader import find_corners

    found = find_corners(image)
    lowest = sorted(found, key=lambda c: -found[c][1][:, 1].mean())[:2]
    for corner in lowest:
        x0, y0 = found[corner][1].min(axis=0).astype(int) - 10
        x1, y1 = found[corner][1].max(axis=0).astype(int) + 10
        image[max(0, y0) : y1, max(0, x0) : x1] = 128
    names = ("top left", "top right", "bottom right", "bottom left")
    with pytest.raises(ScanError, match="only 2 of the 4 corner markers found; missing: ") as err:
        read_photo(image, sheets)
    for corner in lowest:
        assert names[corner] in str(err.value)


def test_a_sheet_too_blurred_to_show_a_marker_is_no_sheet_found(sheets):
    """Nothing tells it from a wall or a table (tests/scan/test_scan_command.py): "too
    blurred" is said of a sheet whose markers are found."""
    blurred = cv2.GaussianBlur(_photo(sheets), (0, 0), 6)
    with pytest.raises(ScanError, match=r"^no sheet found: none of the four corner markers"):
        read_photo(blurred, sheets)


def test_a_sheet_of_another_kit_is_not_taken_for_ours(sheets):
    from dataclasses import replace

    other = [replace(s, version="9.9") for s in sheets]
    with pytest.raises(ScanError, match="name no sheet of the loaded games"):
        read_photo(_photo(sheets), other)


def test_a_file_that_is_not_a_picture():
    with pytest.raises(ScanError, match="not a picture"):
        decode(b"game: a-game\n")
