"""The guard against files a test run leaves behind: the checkout and the folder pytest was
started from must hold, after the run, exactly the files they held before (tests write only in
their temporary folders). Python's own bytecode caches are the one exception, and the run
removes the ones it made, so `git status --porcelain --ignored` shows nothing new."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

# folders whose contents are not the suite's business: version control, virtual environments
# (a folder with pyvenv.cfg), the linters' caches and the bytecode caches handled apart
SKIPPED = {".git", "__pycache__", ".ruff_cache", ".mypy_cache"}

Snapshot = dict[str, tuple[int, int]]  # path -> (size, modification time in ns)


def _skipped(folder: Path) -> bool:
    return folder.name in SKIPPED or (folder / "pyvenv.cfg").exists()


def _walk(top: Path) -> Iterator[Path]:
    for folder, subfolders, files in os.walk(top):
        subfolders[:] = [name for name in subfolders if not _skipped(Path(folder, name))]
        for name in files:
            yield Path(folder, name)


def snapshot(tops: list[Path], shallow: Path | None = None) -> Snapshot:
    """Every file under `tops`, and the entries right inside `shallow` (a folder that may be
    too big to walk, or shared: its new files and folders show, not what is inside them)."""
    taken: Snapshot = {}
    for path in (path for top in tops for path in _walk(top)):
        try:
            stat = path.lstat()
        except FileNotFoundError:  # removed while we looked
            continue
        taken[str(path)] = (stat.st_size, stat.st_mtime_ns)
    if shallow is not None:
        for entry in shallow.iterdir():
            if entry.is_dir() and not _skipped(entry):
                taken[str(entry)] = (0, 0)  # a folder: only whether it is there
            elif entry.is_file():
                stat = entry.lstat()
                taken[str(entry)] = (stat.st_size, stat.st_mtime_ns)
    return taken


def bytecode_caches(tops: list[Path]) -> set[Path]:
    found = set()
    for top in tops:
        for folder, subfolders, _ in os.walk(top):
            if "__pycache__" in subfolders:
                found.add(Path(folder, "__pycache__"))
            subfolders[:] = [name for name in subfolders if not _skipped(Path(folder, name))]
    return found


def left_behind(
    before: Snapshot, after: Snapshot, tracked: frozenset[str] | set[str] = frozenset()
) -> list[str]:
    """Files made, changed or removed by the run. Files under version control (`tracked`) are
    left to git, which shows their changes, so editing the code while the suite runs is no
    failure; a new file always is, and so is a change to an untracked one (./playtest.db)."""
    made = [f"new: {p}" for p in sorted(after.keys() - before.keys())]
    kept = sorted((before.keys() & after.keys()) - tracked)
    changed = [f"changed: {p}" for p in kept if before[p] != after[p]]
    gone = [f"removed: {p}" for p in sorted(before.keys() - after.keys() - tracked)]
    return made + changed + gone


def tracked_files(top: Path) -> set[str]:
    """The files git tracks under `top` (none when it is not a git checkout)."""
    try:
        done = subprocess.run(
            ["git", "-C", str(top), "ls-files", "-z"], capture_output=True, check=True
        )
    except (OSError, subprocess.CalledProcessError):
        return set()
    return {str(top / name) for name in done.stdout.decode().split("\0") if name}


def remove_new_caches(before: set[Path], tops: list[Path]) -> None:
    for cache in bytecode_caches(tops) - before:
        shutil.rmtree(cache, ignore_errors=True)
