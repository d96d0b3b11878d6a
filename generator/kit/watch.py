"""`playtest build --watch`: build, then rebuild whenever a component file is saved. The files
are polled (their size and modification time, a few times a second): no system service or
extra package, and it works the same on every platform and network drive. A rebuild is
incremental (generator/kit/cache.py), so it costs what the change costs."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

POLL_SECONDS = 0.1
SETTLE_SECONDS = 0.05  # an editor may write a file in steps: wait until it stops changing

Snapshot = dict[Path, tuple[int, int]]


def snapshot(folders: list[Path]) -> Snapshot:
    """Every file under `folders` with its modification time and size."""
    found: Snapshot = {}
    for folder in folders:
        try:
            paths = [p for p in folder.rglob("*") if not p.name.startswith(".")]
        except OSError:
            continue
        for path in paths:
            try:
                info = path.stat()
            except OSError:
                continue  # removed while we looked: the next look sees it gone
            if path.is_file():
                found[path] = (info.st_mtime_ns, info.st_size)
    return found


def changes(before: Snapshot, after: Snapshot) -> list[Path]:
    """Files added, removed or changed, in order of name."""
    return sorted(p for p in before.keys() | after.keys() if before.get(p) != after.get(p))


def watch(
    folders: Callable[[], list[Path]],
    rebuild: Callable[[list[Path]], None],
    *,
    poll: float = POLL_SECONDS,
    rounds: int | None = None,
) -> None:
    """Call `rebuild(changed files)` once at the start (with no files) and after each change
    under `folders()` (asked again each time: a game added is watched too), until
    KeyboardInterrupt (Ctrl-C) or `rounds` polls (for tests). `rebuild` reports its own
    errors: the watch goes on after them."""
    seen = snapshot(folders())
    rebuild([])
    done = 0
    while rounds is None or done < rounds:
        done += 1
        time.sleep(poll)
        now = snapshot(folders())
        if now == seen:
            continue
        while True:  # settle: the editor has finished writing
            time.sleep(SETTLE_SECONDS)
            settled = snapshot(folders())
            if settled == now:
                break
            now = settled
        changed = changes(seen, now)
        seen = now
        rebuild(changed)
