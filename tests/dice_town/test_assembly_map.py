"""The board's assembly map names every tile readably: each name sits on a paper-white label,
also where the tile's corner falls on the Dice Town board's dark title band (red straight on it
could not be read). Checked on the rendered map page."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
from PIL import Image

from playtest.generator.backends.raster import render_png
from playtest.generator.kit.build import BuildRequest, build_kits
from playtest.library.loader import load_library
from tests.pdf_text import text_page
from tests.pictures import light_share

DPI = 200


def test_every_tile_name_on_the_map_is_on_a_light_label(tmp_path: Path) -> None:
    library = load_library()
    board = library.game("dice-town").boards[0]
    request = BuildRequest.from_cli(
        games=("dice-town",), formats="pdf", paper="a4", out_dir=tmp_path, only=board.id
    )
    list(build_kits(library, request, lambda _: None))
    pdf = next(tmp_path.rglob("*.pdf"))
    with pdfplumber.open(pdf) as doc:
        page = next(p for p in map(text_page, doc.pages) if "assembly" in (p.extract_text() or ""))
        names = [
            w for w in page.extract_words() if w["text"][:1] in "AB" and w["text"][1:].isdigit()
        ]
        number = page.page_number
    assert sorted(w["text"] for w in names) == ["A1", "A2", "A3", "B1", "B2", "B3"]
    picture = Image.open(io.BytesIO(render_png(pdf, number, DPI)))
    scale = DPI / 72
    for word in names:
        box = tuple(v * scale for v in (word["x0"], word["top"], word["x1"], word["bottom"]))
        assert light_share(picture, box) > 0.5, f"tile {word['text']} is hard to read"
