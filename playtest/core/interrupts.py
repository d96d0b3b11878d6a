"""SIGTERM and SIGHUP (a closed terminal, `kill`, a CI timeout) end a build the way Ctrl-C
does: as an exception, so the staging folder is removed and the previous kit stays. SIGKILL
cannot be caught; the next build removes what such a build left (see
playtest/core/output_folder.py)."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

SIGNALS = (signal.SIGTERM, signal.SIGHUP)


class Terminated(SystemExit):
    """The process was asked to end; its exit status is 128 + the signal's number."""


def _terminate(signum: int, frame: FrameType | None) -> None:
    raise Terminated(128 + signum)


@contextmanager
def signals_end_cleanly() -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise `Terminated`; the old handlers come back
    after it (a no-op outside the main thread, where handlers cannot be set)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {sig: signal.signal(sig, _terminate) for sig in SIGNALS}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def leave_interrupts_to_parent() -> None:
    """A worker process's start: Ctrl-C reaches every process of the terminal's group, and it
    is the parent's to handle (it stops the workers and says so once)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Interrupted(Exception):
    """A signal noted by `NotedSignals`, raised where stopping is safe."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


class NotedSignals:
    """Within the block, Ctrl-C, SIGTERM and SIGHUP are only noted; `check()` raises
    `Interrupted` at the points where stopping is safe (before a transaction commits), so a
    signal can never land between a commit and the words that report it."""

    def __init__(self) -> None:
        self.received: int | None = None
        self._previous: dict[int, object] = {}

    def check(self) -> None:
        if self.received is not None:
            raise Interrupted(self.received)

    def _note(self, signum: int, frame: FrameType | None) -> None:
        self.received = self.received or signum

    def __enter__(self) -> NotedSignals:
        if threading.current_thread() is threading.main_thread():
            for sig in (signal.SIGINT, *SIGNALS):
                self._previous[sig] = signal.signal(sig, self._note)
        return self

    def __exit__(self, *exc: object) -> None:
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)  # type: ignore[arg-type]
