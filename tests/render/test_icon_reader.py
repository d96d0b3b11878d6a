"""The lean icon reader draws every shipped icon as svgelements does (compared as pictures),
and hands anything beyond its subset to svgelements."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from playtest import components
from playtest.drawing.geometry import Affine
from playtest.drawing.model import Page, Symbol, Use
from playtest.drawing.svgpath import Unsupported, read_icon
from playtest.drawing.symbols import SymbolTable
from playtest.faces.fonts import fonts_for
from playtest.faces.icons import load_icon, parse_with_svgelements
from playtest.generator.backends.pdf import PdfWriter
from playtest.generator.backends.raster import render_png
from playtest.library.loader import load_library
from tests.games import a_game

ICONS = sorted(components.ROOT.glob("*/icons/*.svg")) + sorted(
    (Path(__file__).parents[1] / "fixtures").glob("*/icons/*.svg")
)
FONTS = fonts_for(load_library().game(a_game()))


def picture(shapes: tuple) -> Image.Image:
    symbols = SymbolTable()
    symbols.get_or_make("icon", lambda: Symbol("icon", (0, 0, 100, 100), shapes))
    buffer = io.BytesIO()
    writer = PdfWriter(buffer, FONTS, symbols)
    writer.add_page(Page(40, 40, (Use("icon", Affine.scale(0.4), (0.8, 0.1, 0.1)),)))
    writer.close()
    return Image.open(io.BytesIO(render_png(buffer.getvalue(), 1, 150))).convert("L")


def test_there_are_icons() -> None:
    assert len(ICONS) >= 60


@pytest.mark.parametrize("path", ICONS, ids=[f"{p.parent.parent.name}/{p.stem}" for p in ICONS])
def test_lean_reader_draws_what_svgelements_draws(path: Path) -> None:
    ours = picture(tuple(read_icon(path, 100)))
    theirs = picture(parse_with_svgelements(path))
    diff = ImageChops.difference(ours, theirs)
    differing = sum(diff.histogram()[48:])  # pixels off by more than anti-aliasing
    assert differing / (diff.width * diff.height) < 0.002, path.name


def test_beyond_the_subset_falls_back(tmp_path: Path) -> None:
    styled = tmp_path / "styled.svg"
    styled.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        '<rect x="10" y="10" width="80" height="80" style="fill:#00ff00"/></svg>'
    )
    with pytest.raises(Unsupported):
        read_icon(styled, 100)
    (rect,) = load_icon("s", styled).children
    assert rect.fill == (0.0, 1.0, 0.0)  # svgelements read the CSS style


def test_path_commands_relative_and_shorthand(tmp_path: Path) -> None:
    icon = tmp_path / "i.svg"
    icon.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 50 50">'
        '<path d="m10 10 h20 v20 H10 z M5 5 q5 -5 10 0 t10 0 '
        'c5 5 5 10 0 10 s-5 -5 0 -10" fill="currentColor"/></svg>'
    )
    (shape,) = read_icon(icon, 100)  # a 50 viewBox scaled by 2
    assert shape.ops[:5] == (("M", 20, 20), ("L", 60, 20), ("L", 60, 60), ("L", 20, 60), ("Z",))
    assert shape.ops[5] == ("M", 10, 10)
    assert all(op[0] == "C" for op in shape.ops[6:])
    assert shape.ops[-1][-2:] == (50, 10)  # the smooth curve returns to where `c` set out


def _path_icon(tmp_path: Path, d: str) -> Path:
    icon = tmp_path / "i.svg"
    icon.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f'<path d="{d}" fill="currentColor"/></svg>'
    )
    return icon


def test_numbers_after_a_closed_path_go_to_svgelements(tmp_path: Path) -> None:
    """`Z` takes no numbers: numbers after it once closed the path again and again, for ever."""
    icon = _path_icon(tmp_path, "M10 10 L90 10 L90 90 Z 5 5")
    with pytest.raises(Unsupported, match="numbers after Z"):
        read_icon(icon, 100)
    (shape,) = load_icon("z", icon).children
    assert shape.ops[:2] == (("M", 10, 10), ("L", 90, 10))


def test_a_command_where_a_number_should_be_is_refused_as_before(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="could not convert string to float: 'L'"):
        read_icon(_path_icon(tmp_path, "M10 10 L90 L 5 5"), 100)
