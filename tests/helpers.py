"""Test helpers: throw-away components folders holding the real presets and chosen games."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from playtest import components

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def make_components(tmp: Path, *games: str, mini: bool = True) -> Path:
    """A components folder in `tmp` with _shared, the mini test game and the named real games."""
    root = tmp / "components"
    shutil.copytree(components.ROOT / "_shared", root / "_shared")
    if mini:
        shutil.copytree(FIXTURES / "mini-game", root / "mini-game")
    for game in games:
        shutil.copytree(components.ROOT / game, root / game)
    return root


def copy_components(tmp: Path) -> Path:
    """A full copy of the real components folder, to change a number and see what follows."""
    root = tmp / "components"
    shutil.copytree(components.ROOT, root)
    return root


def edit_once(path: Path, old: str, new: str) -> None:
    """Replace text that must occur exactly once (so a test never edits the wrong place)."""
    text = path.read_text()
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new))


def line_of(path: Path, text: str) -> int:
    """The (1-based) line of the one line of `path` holding `text`: what an error must name,
    found in the file rather than counted by hand (a file's lines move when it is edited)."""
    lines = [n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line]
    assert len(lines) == 1, (text, lines)
    return lines[0]


def kit_sections(pdf: Path) -> dict[str, list[int]]:
    """Section title -> its page numbers (1-based), read from the PDF's bookmarks."""
    from pypdf import PdfReader

    reader = PdfReader(pdf)
    starts = [(item.title, reader.get_destination_page_number(item) + 1) for item in reader.outline]
    ends = [first - 1 for _, first in starts[1:]] + [len(reader.pages)]
    return {
        title: list(range(first, end + 1)) for (title, first), end in zip(starts, ends, strict=True)
    }


def assert_unreadable(
    folder: Path, name: str, expected: list[str], command: str, run_cli, monkeypatch
) -> None:
    """`playtest score/check NAME` on a record of `folder` that cannot be read: exit 2, nothing
    on stdout, exactly the `NAME:line: field: message` lines expected, the file untouched."""
    monkeypatch.chdir(folder)
    before = (folder / name).read_bytes()
    result = run_cli(command, name)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [f"{name}:{line}" for line in expected]
    assert (folder / name).read_bytes() == before


def fresh_python(code: str) -> str:
    """What `code` prints, run by a new Python process (what it imports, from nothing)."""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return done.stdout
