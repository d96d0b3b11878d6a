"""Every shipped kit is byte-identical to the recorded digests (kit-digests.sha256), on the
Python running the tests (CI: 3.11) and on 3.12 and 3.13 where they are installed with
playtest's dependencies. The other interpreters are found through PLAYTEST_PYTHON_3_12 /
PLAYTEST_PYTHON_3_13 or as python3.12 / python3.13 on PATH; the test is skipped where none
can import playtest (CI has 3.11 only; `.ci/other-pythons` makes them and runs this test)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.kits.kit_digests import build, differences, recorded

REGENERATE = "a kit changed: if on purpose, run `python -m tests.kits.kit_digests --write`"


def test_every_kit_matches_the_recorded_digests(tmp_path: Path) -> None:
    found = build(sys.executable, tmp_path / "kits")
    assert len(found) > 150  # 4 PDFs, their SVG folders and markers
    assert differences(found, recorded()) == [], REGENERATE


def _interpreter(version: str) -> str | None:
    """An interpreter of `version` that can build a kit, or None."""
    python = os.environ.get(f"PLAYTEST_PYTHON_{version.replace('.', '_')}") or shutil.which(
        f"python{version}"
    )
    if python is None:
        return None
    probe = subprocess.run(
        [
            python,
            "-c",
            "import sys, playtest.generator.kit.build; print('%d.%d' % sys.version_info[:2])",
        ],
        capture_output=True,
        text=True,
    )
    return python if probe.returncode == 0 and probe.stdout.strip() == version else None


@pytest.mark.parametrize("version", ["3.12", "3.13"])
def test_other_pythons_build_the_same_bytes(version: str, tmp_path: Path) -> None:
    if f"{sys.version_info[0]}.{sys.version_info[1]}" == version:
        pytest.skip(f"the test itself runs on {version}")
    python = _interpreter(version)
    if python is None:
        pytest.skip(
            f"no Python {version} with playtest installed (set "
            f"PLAYTEST_PYTHON_{version.replace('.', '_')}; see .ci/other-pythons)"
        )
    assert differences(build(python, tmp_path / "kits"), recorded()) == [], (
        f"Python {version} builds different bytes than the recorded digests"
    )
