"""One SVG file per component (cards with their bleed, backs, dice, sheets, tokens, boards)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from playtest.core.output_folder import write_bytes
from playtest.drawing.face import DrawnFace
from playtest.drawing.geometry import Affine
from playtest.drawing.model import Group, Shape
from playtest.faces.component_faces import (
    board_face,
    card_faces,
    deck_back,
    die_faces,
    sheet_face,
    token_face,
)
from playtest.faces.painter import FacePainter
from playtest.faces.version_mark import deck_mark
from playtest.generator.backends.svg import FontCss, SvgParts, printed_by, svg_document
from playtest.generator.backends.svg_fonts import shared_font_css
from playtest.generator.impose.dice import printed_scale
from playtest.generator.kit.cache import KitCache, inputs_digest
from playtest.generator.kit.sections import printed_decks
from playtest.model.game import Game
from playtest.model.print_options import PrintOptions

DIE_GAP = 2.0
Progress = Callable[[str], None] | None


@dataclass(frozen=True)
class SvgFile:
    name: str  # without .svg
    face: DrawnFace
    bleed: float


def write_svgs(
    game: Game,
    env: FacePainter,
    options: dict[str, bool],
    folder: Path,
    progress: Progress = None,
    cache: KitCache | None = None,
    previous: Path | None = None,
    mark: str = "",
    opts: PrintOptions | None = None,
) -> list[Path]:
    """Every component's SVG file; the fonts are subset once for the whole kit (every character
    it prints with each face) and that subset is embedded in each file using the face. A file
    drawn from the same inputs as the `previous` kit's (`cache`) is linked, not written."""
    files = svg_files(game, env, options, mark, opts)
    placed = [env.symbols.used_by(file.face.shapes) for file in files]
    used: dict[str, set[str]] = {}
    symbols_used = {symbol.id: symbol for symbols in placed for symbol in symbols}
    for part in [
        *(file.face.shapes for file in files),
        *(s.children for s in symbols_used.values()),
    ]:
        for key, chars in printed_by(part).items():
            used.setdefault(key, set()).update(chars)
    css = shared_font_css(env.fonts, used, cache.subsets if cache is not None else None)
    parts = SvgParts(env.fonts)  # elements the kit's files share, made once
    # the subsets every file embeds, and the fonts they are cut from
    fonts = inputs_digest(({k: sorted(c) for k, c in sorted(used.items())}, env.fonts.files))
    folder.mkdir(parents=True, exist_ok=True)
    drawn: dict[str, str] = {}  # symbol id -> digest of its drawing
    paths: list[Path] = []
    for n, (file, symbols_placed) in enumerate(zip(files, placed, strict=True), 1):
        if progress is not None and (n % PROGRESS_EVERY == 0 or n == len(files)):
            progress(f"{game.id}: SVG files: {n} of {len(files)}")
        path = folder / f"{file.name}.svg"
        digests = []
        for symbol in symbols_placed:
            if symbol.id not in drawn:  # each symbol pickled once
                drawn[symbol.id] = inputs_digest(
                    symbol, cache.faces.names if cache is not None else None
                )
            digests.append(drawn[symbol.id])
        inputs = (file, digests, fonts)
        old = previous / path.name if previous is not None else None
        name = f"svg/{path.name}"
        if cache is None or not cache.reuse(name, inputs, old, path):
            data = svg_text(file, env, css, parts).encode("utf-8")
            write_bytes(path, data)
            if cache is not None:
                cache.wrote(name, path, data)
        paths.append(path)
    return paths


PROGRESS_EVERY = 25


def svg_text(
    file: SvgFile, env: FacePainter, css: FontCss | None = None, parts: SvgParts | None = None
) -> str:
    face, bleed = file.face, file.bleed
    return svg_document(
        face.width + 2 * bleed,
        face.height + 2 * bleed,
        face.shapes,
        env.symbols,
        env.fonts,
        face.title,
        origin=(-bleed, -bleed),
        font_css=css,
        parts=parts,
    )


def svg_files(
    game: Game,
    env: FacePainter,
    options: dict[str, bool],
    mark: str = "",
    opts: PrintOptions | None = None,
) -> list[SvgFile]:
    """The kit's SVG files, drawn, in the order they are written: cards with their bleed and
    the version `mark` the PDF prints on them, tokens with their bleed, dice drawn at the
    scale the kit (`opts`) prints their faces at."""
    files: list[SvgFile] = []
    b = env.bleed
    for deck in printed_decks(game, options):
        version = deck_mark(game, deck, mark, env.scan is not None)
        for face in card_faces(deck, env):
            files.append(SvgFile(face.id, version.on(face), b))
        back = deck_back(deck, env, 0)
        if back is not None:
            files.append(SvgFile(back.id, back, b))
    for die in game.dice:
        faces = die_faces(die, env, printed_scale(die, opts) if opts is not None else 1.0)
        strip: list[Shape] = [
            Group(f.shapes, Affine.translate(i * (die.size + DIE_GAP), 0))
            for i, f in enumerate(faces)
        ]
        width = 6 * die.size + 5 * DIE_GAP
        files.append(
            SvgFile(f"die-{die.id}", DrawnFace(die.id, die.name, width, die.size, tuple(strip)), 0)
        )
    for sheet in game.sheets:
        files.append(SvgFile(f"sheet-{sheet.id}", sheet_face(sheet, env), 0))
    for token in game.tokens:
        files.append(SvgFile(f"token-{token.id}", token_face(token, env), b))
    for board in (b for b in game.boards if b.printed):
        files.append(SvgFile(f"board-{board.id}", board_face(board, env), 0))
    return files
