"""The registered games' kits built with scan marks, and the scan-ready sheets the reader
knows, shared by the tests of this folder (and of the games' own scan tests). Games are found
through the registry: those with a scan-ready sheet or a deck that carries card markers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from playtest.faces.scan_marks import card_numbers
from playtest.generator.kit.build import BuildRequest, build_kits
from playtest.library.loader import Library, load_library
from playtest.scan.sheets import SheetSpec, scan_sheets
from tests.games import game_ids

LIBRARY = load_library(None)
# every scan-ready sheet of a registered game, and the registered games with scanned decks
SHEETS: list[SheetSpec] = scan_sheets(LIBRARY, tuple(game_ids()))
CARD_GAMES: list[str] = [g for g in game_ids() if card_numbers(LIBRARY.game(g))]
SCAN_GAMES: list[str] = sorted({s.game for s in SHEETS} | set(CARD_GAMES))


def sheet_id(spec: SheetSpec) -> str:
    return f"{spec.game}-{spec.sheet}"


@pytest.fixture(scope="session")
def library() -> Library:
    return LIBRARY


@pytest.fixture(scope="session")
def scan_kits(tmp_path_factory) -> Path:
    """Every game with scan marks to print, built with them (`out/<game>/...`)."""
    out = tmp_path_factory.mktemp("scan-kits")
    request = BuildRequest(games=tuple(SCAN_GAMES), out_dir=out, overrides={"scan_marks": True})
    list(build_kits(LIBRARY, request))
    return out


@pytest.fixture(scope="session")
def sheets() -> list[SheetSpec]:
    return SHEETS


def run_playtest(*args: object, cwd: Path) -> subprocess.CompletedProcess:
    """The command line in a new process, as a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "playtest.cli", *map(str, args)],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )
