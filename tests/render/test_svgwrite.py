"""SVG files are written by svgwrite, the design card's SVG library (generator/backends/svg.py):
every file of every kit is the text of an svgwrite Drawing, valid SVG 1.1 Full by svgwrite's
own validator, and the elements a kit's files share (`SvgParts`) write each file exactly as it
is written alone, whatever the order."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from svgwrite.drawing import Drawing

from playtest import components
from playtest.drawing.geometry import Affine
from playtest.drawing.model import Group, Rect, Shape, Stroke, Symbol, Text, Use
from playtest.drawing.symbols import SymbolTable
from playtest.faces.fonts import FontSet
from playtest.faces.painter import FacePainter
from playtest.generator.backends.svg import SvgParts, svg_document
from playtest.generator.kit.build import BuildRequest, build_kits
from playtest.generator.kit.svg_files import SvgFile, svg_files
from playtest.library.loader import load_library

LIBRARY = load_library(components.ROOT)
BLACK = (0.0, 0.0, 0.0)
GAME = min(LIBRARY.game_ids, key=lambda g: len(LIBRARY.game(g).decks))  # a small kit to build
# the games whose cards have backs, which place their icons as symbols in symbols
BACKED = [g for g in sorted(LIBRARY.game_ids) if any(d.back for d in LIBRARY.game(g).decks)]


def _kit_files(game_id: str) -> tuple[FacePainter, list[SvgFile]]:
    game = LIBRARY.game(game_id)
    env = FacePainter.for_game(game, SymbolTable(), 3)
    return env, svg_files(game, env, {})


def _written(env: FacePainter, file: SvgFile, parts: SvgParts | None = None, **how: bool) -> str:
    face = file.face
    return svg_document(
        face.width,
        face.height,
        face.shapes,
        env.symbols,
        env.fonts,
        face.title,
        embed_fonts=False,
        parts=parts,
        **how,
    )


def test_every_svg_file_of_every_kit_is_an_svgwrite_drawing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[str] = []
    tostring = Drawing.tostring

    def kept(drawing: Drawing) -> str:  # svgwrite's own serialiser, its text noted
        text = tostring(drawing)
        drawn.append(text)
        return text

    monkeypatch.setattr(Drawing, "tostring", kept)
    request = BuildRequest(formats=frozenset({"svg"}), out_dir=tmp_path / "kits")
    files = [p for p in build_kits(LIBRARY, request) if p.suffix == ".svg"]
    assert len(files) > 150  # the five kits' SVG folders
    assert sorted(p.read_text(encoding="utf-8") for p in files) == sorted(drawn)


@pytest.mark.parametrize("game_id", sorted(LIBRARY.game_ids))
def test_every_svg_file_is_valid_svg_by_svgwrites_validator(game_id: str) -> None:
    """Drawn with svgwrite's checks on (every attribute's name and value for its element, and
    every element's place), which the build leaves off for speed: the same text either way."""
    env, files = _kit_files(game_id)
    assert files
    for file in files:
        assert _written(env, file, validate=True) == _written(env, file), file.name


def test_the_validator_refuses_what_svg_1_1_does_not_allow() -> None:
    # the web scorer's tap names (`data-tap`) are not SVG 1.1: only kits are checked
    fonts = _fonts()
    shapes: list[Shape] = [Group((Rect(0, 0, 1, 1, 0, BLACK),), tap="garden.1")]
    svg_document(5, 5, shapes, SymbolTable(), fonts, embed_fonts=False)
    with pytest.raises(ValueError, match="data-tap"):
        svg_document(5, 5, shapes, SymbolTable(), fonts, embed_fonts=False, validate=True)


@pytest.mark.parametrize("game_id", BACKED)
def test_a_kits_shared_parts_write_each_file_as_it_is_written_alone(game_id: str) -> None:
    """Backs place icons (symbols in symbols), numbered by each file in its own order."""
    env, files = _kit_files(game_id)
    alone = {file.name: _written(env, file) for file in files}
    for order in (files, files[::-1]):
        parts = SvgParts(env.fonts)
        assert {file.name: _written(env, file, parts) for file in order} == alone


def test_a_shared_symbol_takes_each_files_names_and_clips() -> None:
    """A symbol is named by its file, and so are the symbols it places and its clip paths: the
    leaf is S3 in both files, placing S2-stem in the first and S1-stem in the second; the box
    is S5 in both, holding clip-1 in the first and clip-2 (after the frame's) in the second."""
    fonts = _fonts()
    symbols = SymbolTable()
    square = (Rect(0, 0, 9, 9, 0, BLACK),)
    drawn = {
        "plain": square,
        "dot": (Rect(4, 4, 1, 1, 0, BLACK),),
        "stem": (Rect(0, 0, 1, 4, 0, BLACK, Stroke(BLACK, 0.2)),),
        "leaf": (Use("stem", Affine.translate(1, 1)), Text(0, 0, "leaf", "regular", 2, BLACK)),
        "frame": (Group(square, clip=(1, 1, 7, 7)),),
        "box": (Group(square, clip=(0, 0, 5, 5)),),
    }
    for name, children in drawn.items():
        symbols.get_or_make(name, lambda name=name, c=children: Symbol(name, (0, 0, 9, 9), c))
    first: list[Shape] = [Use(s, Affine()) for s in ("plain", "leaf", "dot", "box")]
    second: list[Shape] = [Use(s, Affine()) for s in ("stem", "plain", "leaf", "frame", "box")]
    parts = SvgParts(fonts)
    shared = [svg_document(9, 9, page, symbols, fonts, parts=parts) for page in (first, second)]
    alone = [svg_document(9, 9, page, symbols, fonts) for page in (first, second)]
    assert shared == alone
    for text in shared:
        assert '<symbol id="S3-leaf"' in text and '<symbol id="S5-box"' in text
    assert 'xlink:href="#S2-stem"' in shared[0] and 'xlink:href="#S1-stem"' in shared[1]
    assert 'id="clip-1"' in shared[0] and 'id="clip-2"' in shared[1]
    assert "@font-face" in shared[1]  # the symbol's text is printed by the file placing it


def _fonts() -> FontSet:
    shared = components.ROOT / "_shared" / "fonts"
    return FontSet("Lato", "sans-serif", {"regular": shared / "Lato-Regular.ttf"})


def test_a_pdf_build_does_not_import_svgwrite(tmp_path: Path) -> None:
    """svgwrite compiles its validator's patterns as it is imported (~0.07 s of CPU): a build of
    the PDF alone does not pay it."""
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from playtest.library.loader import load_library\n"
        "from playtest.generator.kit.build import BuildRequest, build_kits\n"
        "pdf = frozenset({'pdf'})\n"
        f"request = BuildRequest(games=({GAME!r},), formats=pdf, out_dir=Path('k'))\n"
        "assert any(p.suffix == '.pdf' for p in build_kits(load_library(), request))\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'svgwrite'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        cwd=tmp_path,
    )
    assert done.stdout.strip() == "[]"
