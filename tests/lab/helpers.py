"""What the lab's tests share: the game the shared ones play (any game with an engine; a case
about one game's own values, e.g. a `--set` of one of its rules, is in that game's folder),
`playtest simulate` as a real process, and a report page's tables read back."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from contextlib import AbstractContextManager
from pathlib import Path

from tests.games import a_game

GAME = a_game(lambda g: g.engine)


def dask_scratch_in(folder: Path) -> AbstractContextManager[object]:
    """Dask's workers keep their scratch space (`dask-scratch-space/`, left when they end) in
    `folder`, not in the temp folder."""
    import dask

    return dask.config.set({"temporary-directory": str(folder)})


def run_cli(
    *args: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """`playtest ARGS` as a real process (with `env` added to this one's environment)."""
    return subprocess.run(
        [sys.executable, "-m", "playtest.cli", *args],
        cwd=cwd,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def simulate(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`playtest simulate ARGS` on one process, keeping nothing in the playtest log."""
    return run_cli("simulate", *args, "--workers", "1", "--no-log", cwd=cwd)


def simulate_logged(cwd: Path, game: str, *args: str) -> subprocess.CompletedProcess[str]:
    """`playtest simulate GAME ARGS` of three seats, greedy and random, keeping its games."""
    return run_cli(
        *("simulate", game, "--players", "3", "--bots", "greedy,random", "--workers", "1"),
        *("-q", "--out", str(cwd / "report"), *args),
        cwd=cwd,
    )


def assert_refused(cwd: Path, game: str, *args: str, message: str) -> None:
    """A bad option of `simulate` is one line, exit 2, before anything is written."""
    done = run_cli(
        *("simulate", game, "--players", "2", "--games", "2", "--workers", "1", *args), cwd=cwd
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert message in done.stderr and "Traceback" not in done.stderr
    assert not (cwd / "output").exists()


def cells(page: str) -> list[list[str]]:
    """Every table row of the page as its cells' text."""
    return [
        [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<t[hd]>(.*?)</t[hd]>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", page)
    ]
