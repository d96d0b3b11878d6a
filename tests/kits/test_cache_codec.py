"""The kit cache's records as JSON (generator/kit/cache_codec.py): what a build drew reads back
equal, field for field and type for type (so a kept face draws the bytes a drawn one does),
and a line can make the cache's own classes only, from data."""

from __future__ import annotations

from pathlib import Path

import pytest

from playtest.drawing.model import INHERIT, Rect, Stroke
from playtest.generator.kit import cache as kit_cache
from playtest.generator.kit import cache_codec
from playtest.generator.kit.build import BuildRequest, build_kits
from playtest.library.loader import load_library
from tests.helpers import make_components


def test_every_record_a_build_keeps_reads_back_equal(tmp_path: Path) -> None:
    root = make_components(tmp_path)
    out = tmp_path / "out"
    list(build_kits(load_library(root), BuildRequest(games=("mini-game",), out_dir=out)))
    path = out / "mini-game" / kit_cache.CACHE_DIR / kit_cache.CACHE_FILE
    drawn = kit_cache._SAVED[path][1]  # what the build kept in memory, as drawn
    read = kit_cache._parse(path.read_bytes())  # the file, read as a new process reads it
    assert read is not None
    for section in ("faces", "symbols", "pages", "subsets", "documents"):
        mine, theirs = getattr(drawn, section), getattr(read, section)
        assert mine and set(mine) == set(theirs), section
        for key, entry in mine.items():
            assert theirs[key].record == entry.record, (section, key)
            # equal is not enough (1 == 1.0): the same JSON again, so the same types
            as_json = cache_codec.data_dumps if section == "documents" else cache_codec.dumps
            value = (lambda e: e.record.data) if section == "documents" else (lambda e: e.record)
            assert as_json(value(theirs[key])) == as_json(value(entry))
    assert read.files == drawn.files and read.fonts == drawn.fonts


def test_numbers_keep_their_type_and_sign() -> None:
    rect = Rect(1, 1.0, -0.0, 1e-300, 2**60, (0.1, 0.2, 0.3), Stroke(INHERIT, 0.25, (1, 2.5)))
    back = cache_codec.loads(cache_codec.dumps(rect))
    assert back == rect
    assert [type(v) for v in (back.x, back.y, back.r)] == [int, float, int]
    assert str(back.w) == "-0.0" and back.stroke.paint is INHERIT
    assert isinstance(back.fill, tuple) and isinstance(back.stroke.dash, tuple)


@pytest.mark.parametrize(
    "line",
    [
        b'{"t":"system","v":["touch pwned"]}',  # no such class: a plain object
        b'{"t":"Rect","v":[1,2,3]}',  # not its fields
        b'{"t":"bytes","v":"not base64!"}',
    ],
)
def test_a_line_makes_nothing_but_the_caches_own_classes(line: bytes) -> None:
    try:
        made = cache_codec.loads(line)
    except ValueError:
        return
    assert type(made) is dict  # left as data


def test_a_yaml_document_whose_keys_are_not_text_reads_back_as_it_was() -> None:
    data = {"rules": {"dice": {2: 3, 4: [1.5, True, None]}, "t": "x", "v": 1}, 3.5: "a"}
    assert cache_codec.loads(cache_codec.data_dumps(data)) == data
    with pytest.raises(ValueError):
        cache_codec.data_dumps({"when": __import__("datetime").date(2026, 1, 1)})
