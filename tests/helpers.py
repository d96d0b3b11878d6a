"""Test helpers: throw-away components folders holding the real presets and chosen games."""

from __future__ import annotations

import shutil
from pathlib import Path

import components

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
