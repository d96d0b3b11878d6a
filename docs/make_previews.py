"""Regenerate docs/previews/*.png (the README's "What is in a kit"): per game, page 1 and one
sheet of its kit as it prints, front and back. Run: .venv/bin/python docs/make_previews.py"""

from __future__ import annotations

import io
import tempfile
from pathlib import Path

from PIL import Image
from pypdf import PdfReader

from playtest import components
from playtest.generator.backends.raster import render_png
from playtest.generator.kit.build import BuildRequest, build_game
from playtest.library.loader import load_library

SHOWN = {
    "harvest-dice": "score sheets and aids, full page",
    "village-green": "Award cards",
    "dice-town": "General Store cards",
    "abandon-all-artichokes": "Garden cards",
}
DPI, GAP, GREY = 50, 12, (214, 214, 214)
OUT = Path(__file__).resolve().parent / "previews"


def sheet(pdf: Path, title: str) -> Image.Image:
    reader = PdfReader(pdf)
    first = next(
        reader.get_destination_page_number(item) + 1
        for item in reader.outline
        if item.title.startswith(title)
    )
    pages = [
        Image.open(io.BytesIO(render_png(pdf, n, DPI))).convert("RGB")
        for n in (1, first, first + 1)
    ]
    w = sum(p.width for p in pages) + GAP * (len(pages) + 1)
    h = max(p.height for p in pages) + 2 * GAP
    out = Image.new("RGB", (w, h), GREY)
    x = GAP
    for page in pages:
        out.paste(page, (x, GAP))
        x += page.width + GAP
    return out


def main() -> None:
    library = load_library(components.ROOT)
    with tempfile.TemporaryDirectory() as scratch:
        for game_id, title in SHOWN.items():
            folder = Path(scratch) / game_id
            build_game(
                library.game(game_id), BuildRequest(formats=frozenset({"pdf"})), folder, None
            )
            sheet(folder / f"{game_id}-kit.pdf", title).save(OUT / f"{game_id}.png", optimize=True)
            print(OUT / f"{game_id}.png")


if __name__ == "__main__":
    main()
