"""The shipped Harvest Dice and Village Green kits built with scan marks, and the scan-ready
sheets the reader knows, shared by the tests of this folder."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from playtest.generator.kit import BuildRequest, build_kits

from playtest.loader import load_library
from playtest.scan.sheets import SheetSpec, scan_sheets


@pytest.fixture(scope="session")
def library():
    return load_library(None)


@pytest.fixture(scope="session")
def scan_kits(tmp_path_factory, library) -> Path:
    out = tmp_path_factory.mktemp("scan-kits")
    request = BuildRequest(
        games=("harvest-dice", "village-green"),
        out_dir=out,
        overrides={"scan_marks": True},
    )
    list(build_kits(library, request))
    return out


@pytest.fixture(scope="session")
def sheets(library) -> list[SheetSpec]:
    return scan_sheets(library, ("harvest-dice",))


def run_playtest(*args: object, cwd: Path) -> subprocess.CompletedProcess:
    """The command line in a new process, as a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "playtest.cli", *map(str, args)],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )
