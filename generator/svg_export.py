"""One SVG file per component (cards with their bleed, backs, dice, sheets, tokens, boards)."""

from __future__ import annotations

from pathlib import Path

from playtest.generator.backends.svg import svg_document
from playtest.generator.draw.geometry import Affine
from playtest.generator.draw.model import Group, Shape
from playtest.generator.output import write_bytes
from playtest.generator.render.env import RenderEnv
from playtest.generator.render.faces import (
    DrawnFace,
    board_face,
    card_faces,
    deck_back,
    die_faces,
    sheet_face,
    token_face,
)
from playtest.generator.sections import enabled_decks

from playtest.model.game import Game

DIE_GAP = 2.0


def _write(folder: Path, name: str, face: DrawnFace, env: RenderEnv, bleed: float) -> Path:
    path = folder / f"{name}.svg"
    text = svg_document(
        face.width + 2 * bleed,
        face.height + 2 * bleed,
        face.shapes,
        env.symbols,
        env.fonts,
        face.title,
        origin=(-bleed, -bleed),
    )
    write_bytes(path, text.encode("utf-8"))
    return path


def write_svgs(game: Game, env: RenderEnv, options: dict[str, bool], folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    files: list[Path] = []
    b = env.bleed
    for deck in enabled_decks(game, options):
        for face in card_faces(deck, env):
            files.append(_write(folder, face.id, face, env, b))
        back = deck_back(deck, env, 0)
        if back is not None:
            files.append(_write(folder, back.id, back, env, b))
    for die in game.dice:
        faces = die_faces(die, env)
        strip: list[Shape] = [
            Group(f.shapes, Affine.translate(i * (die.size + DIE_GAP), 0))
            for i, f in enumerate(faces)
        ]
        width = 6 * die.size + 5 * DIE_GAP
        files.append(
            _write(
                folder,
                f"die-{die.id}",
                DrawnFace(die.id, die.name, width, die.size, tuple(strip)),
                env,
                0,
            )
        )
    for sheet in game.sheets:
        files.append(_write(folder, f"sheet-{sheet.id}", sheet_face(sheet, env), env, 0))
    for token in game.tokens:
        files.append(_write(folder, f"token-{token.id}", token_face(token, env), env, 0))
    for board in game.boards:
        files.append(_write(folder, f"board-{board.id}", board_face(board, env), env, 0))
    return files
