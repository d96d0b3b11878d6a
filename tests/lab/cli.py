"""`playtest simulate` as a real process, for the report tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def simulate(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`playtest simulate ARGS` on one process, keeping nothing in the playtest log."""
    return subprocess.run(
        [sys.executable, "-m", "playtest.cli", "simulate", *args, "--workers", "1", "--no-log"],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
