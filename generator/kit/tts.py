"""Tabletop Simulator deck sheets: 10 x 7 card faces per PNG, the last slot the deck's back."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from playtest.core.output_folder import write_bytes
from playtest.drawing.geometry import Affine
from playtest.drawing.model import Group, Page, Rect, Shape
from playtest.faces.component_faces import card_faces, deck_back
from playtest.faces.painter import FacePainter
from playtest.generator.backends.pdf import PdfWriter
from playtest.generator.backends.raster import render_png
from playtest.generator.impose.cards import expand
from playtest.generator.kit.sections import enabled_decks
from playtest.model.game import Game

COLS, ROWS = 10, 7
MAX_PIXELS = 4096  # TTS handles larger sheets, but 4096 px loads quickly and stays sharp


def write_tts(
    game: Game,
    env: FacePainter,
    options: dict[str, bool],
    folder: Path,
    progress: Callable[[str], None] | None = None,
) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    decks = enabled_decks(game, options)
    for index, deck in enumerate(decks, start=1):
        if progress is not None:  # a sheet takes seconds to render
            progress(
                f"{game.id}: Tabletop Simulator sheets: {deck.name} (deck {index} of {len(decks)})"
            )
        w, h = deck.size
        faces = list(expand(card_faces(deck, env)))
        back = deck_back(deck, env, 0)
        per_sheet = COLS * ROWS - 1
        for number, start in enumerate(range(0, len(faces), per_sheet), start=1):
            shapes: list[Shape] = [Rect(0, 0, COLS * w, ROWS * h, 0, (1, 1, 1))]
            chunk = faces[start : start + per_sheet]
            for i, face in enumerate(chunk):
                shapes.append(_cell(face.shapes, i, w, h))
            if back is not None:
                shapes.append(_cell(back.shapes, COLS * ROWS - 1, w, h))
            buffer = io.BytesIO()
            writer = PdfWriter(buffer, env.fonts, env.symbols, title=f"{deck.name} (TTS)")
            writer.add_page(Page(COLS * w, ROWS * h, tuple(shapes)))
            writer.close()
            dpi = min(150.0, MAX_PIXELS / (COLS * w / 25.4))
            path = folder / f"{deck.id}-{number}.png"
            write_bytes(path, render_png(buffer.getvalue(), 1, dpi))
            files.append(path)
    return files


def _cell(shapes: tuple[Shape, ...], index: int, w: float, h: float) -> Shape:
    x, y = (index % COLS) * w, (index // COLS) * h
    return Group((Group(shapes, Affine.translate(x, y)),), clip=(x, y, w, h))
