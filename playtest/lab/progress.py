"""A one-line progress bar on stderr: games done, games per second and the time left."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class ProgressBar:
    WIDTH = 30

    def __init__(self, stream: TextIO = sys.stderr) -> None:
        self.stream = stream
        self.shown = 0.0
        self.live = stream.isatty()

    def update(self, done: int, total: int, seconds: float) -> None:
        now = time.monotonic()
        if done < total and now - self.shown < (0.2 if self.live else 5.0):
            return
        self.shown = now
        rate = done / seconds if seconds > 0 else 0.0
        left = (total - done) / rate if rate > 0 else 0.0
        filled = int(self.WIDTH * done / max(1, total))
        line = (
            f"[{'#' * filled}{'.' * (self.WIDTH - filled)}] {done}/{total} games "
            f"{rate:,.0f}/s, {_clock(left)} left"
        )
        self.stream.write(("\r" + line) if self.live else line + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.live:
            self.stream.write("\n")
            self.stream.flush()


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds + 0.5), 60)
    return f"{minutes}:{secs:02d}"
