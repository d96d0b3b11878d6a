"""The PDF backend names its forms from a registry and leaks no paint between shapes: two
icons whose names differ only by `-` and `_` each print their own art, and an icon placed
with no `fill` after a coloured shape paints the same colours in the PDF as in the SVG."""

from __future__ import annotations

import shutil
from pathlib import Path

from PIL import Image

from playtest.drawing.symbols import SymbolTable
from playtest.faces.component_faces import token_face
from playtest.faces.painter import FacePainter
from playtest.library.loader import load_library
from tests.golden.cases import Case
from tests.helpers import make_components
from tests.kits.mini_kit import build
from tests.pictures import assert_same_colours, pdf_picture, svg_picture

BLUE_SQUARE = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
    '<rect x="10" y="10" width="80" height="80" fill="#0000ff"/></svg>\n'
)
RED, BLACK, BLUE = (204, 0, 0), (0, 0, 0), (0, 0, 255)

# a red band, then a black (no `fill`) leaf on it, then a blue square; 30 mm each
PAIR = """
layouts:
  pair:
    elements:
      - rect: {x: 0, y: 0, w: 60, h: 30, fill: "#cc0000"}
      - icon: {name: leaf-big, x: 0, y: 0, w: 30, h: 30}
      - icon: {name: leaf_big, x: 30, y: 0, w: 30, h: 30}
tokens:
  - {id: pair, name: Pair, size: [60, 30], layout: pair}
"""


def _pair_game(tmp: Path) -> Path:
    root = make_components(tmp)
    icons = root / "mini-game" / "icons"
    shutil.copy(icons / "leaf.svg", icons / "leaf-big.svg")  # `currentColor` art
    (icons / "leaf_big.svg").write_text(BLUE_SQUARE)
    (root / "mini-game" / "pair.yaml").write_text(PAIR)
    return root


def _pair_pictures(root: Path) -> tuple[Image.Image, Image.Image]:
    game = load_library(root).game("mini-game")
    env = FacePainter.for_game(game, SymbolTable(), 0)
    token = next(t for t in game.tokens if t.id == "pair")
    case = Case(game.id, "token-pair", token_face(token, env), 0, env)
    pdf = pdf_picture(case.pdf(), dpi=100)
    return pdf, svg_picture(case.svg(), pdf.size)


def _near(pixel: tuple[int, ...], colour: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 40 for a, b in zip(pixel, colour, strict=False))


def test_icons_differing_only_by_dash_and_underscore_build_and_keep_their_art(
    tmp_path: Path,
) -> None:
    _pair_game(tmp_path)
    kit = build(tmp_path)
    assert (kit / "mini-game-kit.pdf").stat().st_size > 10_000
    pdf, svg = _pair_pictures(tmp_path / "components")
    # 100 dpi: the leaf's body at (10, 15) mm, the square's middle at (45, 15) mm
    for picture in (pdf, svg):
        assert _near(picture.getpixel((39, 59)), BLACK)
        assert _near(picture.getpixel((177, 59)), BLUE)


def test_a_no_fill_icon_after_a_coloured_shape_paints_as_in_the_svg(tmp_path: Path) -> None:
    pdf, svg = _pair_pictures(_pair_game(tmp_path))
    assert _near(pdf.getpixel((3, 3)), RED)  # the band itself
    assert not _near(pdf.getpixel((39, 59)), RED), "the red fill leaked into the icon"
    assert_same_colours(pdf, svg, "red band, no-fill leaf, blue square")
