"""The version mark reads on every card, whatever its colour: printed on Village Green's
purple award and green cards, it sits on a small paper-white label (grey straight on the
card's colour could hardly be read). Checked on the rendered page, round each mark."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image

from playtest.generator.backends.raster import render_png
from playtest.generator.kit.build import BuildRequest, build_kits
from playtest.library.loader import load_library
from tests.helpers import kit_sections
from tests.impose.painted import mark_words
from tests.pictures import light_share

DPI = 300


@pytest.mark.parametrize("deck", ["awards", "green"])
def test_the_mark_sits_on_a_light_label_on_a_coloured_card(tmp_path: Path, deck: str) -> None:
    library = load_library()
    game = library.game("village-green")
    mark = f"v{game.info.version}"
    request = BuildRequest.from_cli(
        games=("village-green",), formats="pdf", paper="a4", out_dir=tmp_path, only=deck
    )
    list(build_kits(library, request, lambda _: None))
    pdf = next(tmp_path.rglob("*.pdf"))
    front = next(pages[0] for title, pages in kit_sections(pdf).items() if "cards" in title)
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[front - 1]
        words = mark_words(page, mark)
        scale = DPI / 72
    assert len(words) == 9  # one per card on the sheet
    picture = Image.open(io.BytesIO(render_png(pdf, front, DPI))).convert("L")
    for word in words:
        box = tuple(v * scale for v in (word["x0"], word["top"], word["x1"], word["bottom"]))
        light = light_share(picture, box)
        ink = picture.crop(tuple(round(v) for v in box)).getextrema()[0]
        assert light > 0.5, (
            f"the mark at {word['x0']:.0f},{word['top']:.0f} pt is not on a "
            f"light label ({light:.0%} light pixels)"
        )
        assert ink < 140  # and the letters are dark enough on it
