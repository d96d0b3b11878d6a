"""What a test run makes once for all its xdist workers (a built wheel, a fresh virtual
environment): in a folder of the run that every worker sees, under a file lock that the
first worker holds while it makes the thing and the others wait on before they use it."""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def run_root(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """A folder of this test run that every xdist worker sees."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if worker_id != "master" else base


@contextmanager
def locked(path: Path) -> Iterator[None]:
    with path.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
