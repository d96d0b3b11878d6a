"""Fonts are known by path and content, not by file name: a game's own Lato-Regular.ttf stays
its own when another game using the shared one is built in the same run."""

from __future__ import annotations

import random
import shutil
import struct
from pathlib import Path

import pytest

from playtest.faces.fonts import FontSet
from tests.helpers import edit_once, make_components

SHARED_FONTS = Path(__file__).resolve().parents[2] / "components" / "_shared" / "fonts"


def _two_games(tmp_path: Path) -> Path:
    """`aaa-game` (built first, shared fonts) and `mini-game` with its own Lato-Regular.ttf,
    which is really another face."""
    root = make_components(tmp_path)
    shutil.copytree(root / "mini-game", root / "aaa-game")
    edit_once(root / "aaa-game" / "game.yaml", "id: mini-game", "id: aaa-game")
    own = root / "mini-game" / "fonts"
    own.mkdir()
    shutil.copy(SHARED_FONTS / "Lato-Italic.ttf", own / "Lato-Regular.ttf")
    return root


def test_a_game_builds_the_same_alone_and_with_others(tmp_path: Path, run_cli, monkeypatch) -> None:
    root = _two_games(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert (
        run_cli("build", "--components", root, "--format", "pdf", "-q", "--out", "all").exit_code
        == 0
    )
    assert (
        run_cli(
            "build", "mini-game", "--components", root, "--format", "pdf", "-q", "--out", "alone"
        ).exit_code
        == 0
    )
    kit = Path("mini-game") / "mini-game-kit.pdf"
    assert (tmp_path / "all" / kit).read_bytes() == (tmp_path / "alone" / kit).read_bytes()
    shared = tmp_path / "all" / "aaa-game" / "aaa-game-kit.pdf"
    assert b"Lato-Italic" in (tmp_path / "all" / kit).read_bytes()  # its own face, embedded
    assert b"Lato-Italic" not in shared.read_bytes()


def test_two_files_of_one_name_are_two_fonts(tmp_path: Path) -> None:
    own = tmp_path / "Lato-Regular.ttf"
    shutil.copy(SHARED_FONTS / "Lato-Italic.ttf", own)
    shared = FontSet("Lato", "sans-serif", {"regular": SHARED_FONTS / "Lato-Regular.ttf"})
    mine = FontSet("Lato", "sans-serif", {"regular": own})
    assert shared.faces["regular"].pdf_name != mine.faces["regular"].pdf_name
    assert shared.width("Harvest", "regular", 10) != mine.width("Harvest", "regular", 10)


def test_a_broken_font_file_is_one_clear_line(tmp_path: Path, run_cli, monkeypatch) -> None:
    root = make_components(tmp_path)
    (root / "mini-game" / "fonts").mkdir()
    (root / "mini-game" / "fonts" / "Lato-Regular.ttf").write_bytes(b"\0\1\0\0" + b"x" * 200)
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", "--components", root, "-q")
    assert result.exit_code == 2
    assert result.stderr.startswith(
        "components/mini-game/fonts/Lato-Regular.ttf: not a usable TrueType font ("
    ), result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert not (tmp_path / "output").exists()


def _damaged(offset_of: str, length: int, tail: int | None = None) -> bytes:
    """Lato Regular with `length` random bytes written over the start of one table (or, with
    `tail`, cut after `tail` bytes)."""
    data = bytearray((SHARED_FONTS / "Lato-Regular.ttf").read_bytes())
    if tail is not None:
        return bytes(data[:tail])
    tables = struct.unpack(">H", data[4:6])[0]
    for i in range(tables):
        tag, _, offset, _ = struct.unpack(">4sIII", data[12 + 16 * i : 28 + 16 * i])
        if tag == offset_of.encode():
            noise = random.Random(1)
            data[offset : offset + length] = bytes(noise.randrange(256) for _ in range(length))
            return bytes(data)
    raise AssertionError(offset_of)


@pytest.mark.parametrize(
    ("font", "why"),
    [
        (lambda: _damaged("", 0, tail=5000), "not a usable TrueType font (unpack requires"),
        (lambda: _damaged("glyf", 4000), "not a usable TrueType font ("),
        (lambda: _damaged("loca", 2000), "not a usable TrueType font ("),
        (lambda: _damaged("OS/2", 96), "the font cannot be subset ("),
    ],
    ids=["truncated", "glyph table", "glyph index", "OS/2 table"],
)
def test_a_damaged_font_is_one_located_line_and_nothing_is_written(
    font, why: str, tmp_path: Path, run_cli, monkeypatch
) -> None:
    root = make_components(tmp_path)
    (root / "mini-game" / "fonts").mkdir()
    (root / "mini-game" / "fonts" / "Lato-Regular.ttf").write_bytes(font())
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", "mini-game", "--components", root, "-q", "--out", "kits")
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"components/mini-game/fonts/Lato-Regular.ttf: {why}"), line
    assert not (tmp_path / "kits").exists()
