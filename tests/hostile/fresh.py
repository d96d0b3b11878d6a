"""Run `playtest` in a fresh process and measure it: where time or memory is the point, an
in-process run would share caches and hide the peak."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

MAX_SECONDS = 10
MAX_MB = 500
# the child reports its own peak: RUSAGE_CHILDREN would be the largest of all children so far
_PROBE = """
import atexit, resource, sys
peak = lambda: resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
atexit.register(lambda: print(f"PEAK-MB {peak():.0f}", file=sys.stderr))
from playtest.cli import main
sys.argv = ["playtest", *sys.argv[1:]]
main()
"""


@dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str  # without the probe's own line
    seconds: float
    peak_mb: float

    def within_bounds(self) -> bool:
        return self.seconds < MAX_SECONDS and self.peak_mb < MAX_MB


def _limit_memory() -> None:  # a regression must fail the test, not take the machine down
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def run_fresh(*args: object, cwd: Path, timeout: float = 60) -> Run:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _PROBE, *map(str, args)], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout,
                          preexec_fn=_limit_memory)
    seconds = time.perf_counter() - start
    lines = done.stderr.splitlines()
    peak = [float(line.split()[1]) for line in lines if line.startswith("PEAK-MB ")]
    stderr = "".join(f"{line}\n" for line in lines if not line.startswith("PEAK-MB "))
    return Run(done.returncode, done.stdout, stderr, seconds, peak[-1] if peak else 0.0)
