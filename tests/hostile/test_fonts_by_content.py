"""Fonts are known by path and content, not by file name: a game's own Lato-Regular.ttf stays
its own when another game using the shared one is built in the same run."""

from __future__ import annotations

import shutil
from pathlib import Path

from playtest.generator.draw.fonts import FontSet

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
