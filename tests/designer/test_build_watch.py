"""`playtest build --watch` as a designer runs it: a real process, real saves of a card file,
a save that breaks the YAML (the error is printed and the watch goes on, the kit kept), and a
real Ctrl-C (SIGINT) that stops it cleanly."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from tests.helpers import make_components


class Watched:
    """A running `playtest build --watch`, its stderr read line by line as it comes."""

    def __init__(self, *args: str, cwd: Path) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "playtest.cli", "build", "--watch", *args],
            cwd=cwd,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        for stream in (self.process.stdout, self.process.stderr):
            threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream) -> None:
        for line in stream:
            self.lines.put(line.rstrip("\n"))

    def wait_for(self, text: str, timeout: float = 120) -> list[str]:
        """Lines up to the first that contains `text` (after those already read)."""
        end = time.monotonic() + timeout
        got: list[str] = []
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=0.5)
            except queue.Empty:
                if self.process.poll() is not None:
                    break
                continue
            got.append(line)
            self.seen.append(line)
            if text in line:
                return got
        raise AssertionError(f"no line with {text!r}; got:\n" + "\n".join(self.seen))


def test_watch_rebuilds_on_save_survives_an_error_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    root = make_components(tmp_path)
    cards = root / "mini-game" / "cards.yaml"
    svg = tmp_path / "out" / "mini-game" / "svg" / "deck-M1.svg"
    watched = Watched("mini-game", "--components", str(root), "--out", "out", cwd=tmp_path)
    try:
        watched.wait_for("watching (Ctrl-C to stop)")
        assert "Red One" in svg.read_text()

        time.sleep(0.05)  # a later modification time than the first build read
        cards.write_text(cards.read_text().replace("name: Red One,", "name: Crimson One,"))
        lines = watched.wait_for("watching (Ctrl-C to stop)")
        assert any(line.endswith("mini-game/cards.yaml") and "changed:" in line for line in lines)
        assert "Crimson One" in svg.read_text()
        # what it rebuilt: one card face drawn again, the other files kept
        assert any("mini-game: drew 1 of " in line for line in lines), lines

        good = cards.read_text()
        cards.write_text(good.replace("points: 3,", "points: three,"))
        lines = watched.wait_for("build failed; watching")
        assert any("cards.yaml:" in line and "points" in line for line in lines), lines
        assert "Crimson One" in svg.read_text()  # the last good kit is kept
        assert watched.process.poll() is None  # still watching

        cards.write_text(good.replace("name: Crimson One,", "name: Scarlet One,"))
        watched.wait_for("watching (Ctrl-C to stop)")
        assert "Scarlet One" in svg.read_text()
    finally:
        watched.process.send_signal(signal.SIGINT)
        code = watched.process.wait(timeout=60)
    watched.wait_for("stopped watching")
    assert code == 0
    leftovers = [p.name for p in (tmp_path / "out").iterdir() if ".partial-" in p.name]
    assert leftovers == []
