"""An sdist and a wheel built from a copy of the source tree with `python -m build`, and a
fresh virtual environment with the wheel installed (not editable) and its dependencies: built
once per test run and shared by the xdist workers (a file lock), in the run's temporary
folder (tests/run_once.py)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.run_once import locked, run_root

# what a checkout holds that a release does not: environments, caches, what builds write
NOT_SOURCE = shutil.ignore_patterns(
    ".git", ".venv", "venv", "__pycache__", "*.pyc", "*.egg-info", "build", "dist",
    "output", ".hypothesis", ".ruff_cache", ".pytest_cache", ".coverage*", "*.db",
    "*.db-wal", "*.db-shm", "artefacts",
)  # fmt: skip


@dataclass(frozen=True)
class Dist:
    source: Path  # the copy of the source tree the dists were built from
    sdist: Path
    wheel: Path


@dataclass(frozen=True)
class Installed:
    venv: Path

    @property
    def playtest(self) -> Path:
        return self.venv / "bin" / "playtest"

    @property
    def python(self) -> Path:
        return self.venv / "bin" / "python"


def _run(*command: str | Path, cwd: Path | None = None) -> None:
    done = subprocess.run(
        [str(c) for c in command], cwd=cwd, capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, f"{command}: {done.stdout[-3000:]}{done.stderr[-3000:]}"


@pytest.fixture(scope="session")
def dist(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Dist:
    root = run_root(tmp_path_factory, worker_id) / "packaging"
    root.mkdir(exist_ok=True)
    with locked(root / "lock"):
        source, out, part = root / "source", root / "dist", root / "dist.part"
        if not out.exists():  # the first worker here builds; a failed try is started again
            shutil.rmtree(source, ignore_errors=True)
            shutil.rmtree(part, ignore_errors=True)
            shutil.copytree(REPO, source, ignore=NOT_SOURCE, symlinks=True)
            _run(sys.executable, "-m", "build", "--outdir", part, source)
            part.rename(out)
    (sdist,) = out.glob("*.tar.gz")
    (wheel,) = out.glob("*.whl")
    return Dist(source, sdist, wheel)


@pytest.fixture(scope="session")
def installed(dist: Dist, tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Installed:
    root = run_root(tmp_path_factory, worker_id) / "packaging"
    with locked(root / "lock"):
        venv = root / "venv"
        if not (venv / "installed").exists():
            shutil.rmtree(venv, ignore_errors=True)
            _run(sys.executable, "-m", "venv", venv)
            # the real dependencies at the lock's versions, from pip's cache when it holds them
            lock = REPO / "requirements" / "test.lock"
            _run(venv / "bin" / "python", "-m", "pip", "install", "--quiet", "-c", lock, dist.wheel)
            (venv / "installed").touch()
    return Installed(venv)
