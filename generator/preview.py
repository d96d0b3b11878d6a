"""`playtest preview`: PNG pictures of kit pages, to see what will be printed."""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path

from playtest.generator.kit import BuildRequest, build_game
from playtest.generator.output import write_bytes
from playtest.generator.raster import page_count, render_png

from playtest.finite import require_range
from playtest.loader import Library

MIN_DPI, MAX_DPI = 10, 600


def preview(library: Library, game_id: str, pages: list[int] | None, out_dir: Path,
            request: BuildRequest, dpi: float) -> list[Path]:
    """Build the kit in a scratch folder and write the chosen pages (all by default) as PNG."""
    require_range(dpi, MIN_DPI, MAX_DPI, "playtest", "--dpi")
    game = library.game(game_id)
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as scratch:
        kit = Path(scratch) / game.id
        build_game(game, replace(request, formats=frozenset({"pdf"}), tts=False), kit, None)
        pdf = kit / f"{game.id}-kit.pdf"
        for page in pages or range(1, page_count(pdf) + 1):
            path = out_dir / f"{game.id}-page-{page}.png"
            write_bytes(path, render_png(pdf, page, dpi))
            written.append(path)
    return written
