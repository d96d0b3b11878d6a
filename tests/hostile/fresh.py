"""Run `playtest` in a fresh process and measure it: where time or memory is the point, an
in-process run would share caches and hide the peak."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

MAX_SECONDS = 10  # of CPU time: the work done, whatever else loads the machine
MAX_WALL_SECONDS = 30  # a read that blocks (a FIFO) uses no CPU: the clock catches it
MAX_MB = 500
# A child's own memory high-water mark, as source a probe runs: ru_maxrss keeps the parent's
# across fork and exec on Linux, so a pytest worker grown past MAX_MB (after tests/kits) would
# be counted as every probe's peak; VmHWM starts again with the new program.
PEAK_MB_SOURCE = """
def peak_mb():
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
"""
# the child reports its own peak: RUSAGE_CHILDREN would be the largest of all children so far
_PROBE = f"""
import atexit, resource, sys
{PEAK_MB_SOURCE}
use = lambda: resource.getrusage(resource.RUSAGE_SELF)
atexit.register(lambda: print(f"PEAK-MB {{peak_mb():.0f}} "
                              f"{{use().ru_utime + use().ru_stime:.2f}}", file=sys.stderr))
from playtest.cli import main
sys.argv = ["playtest", *sys.argv[1:]]
main()
"""


@dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str  # without the probe's own line
    seconds: float  # on the clock
    cpu_seconds: float
    peak_mb: float

    def within_bounds(self) -> bool:
        return (
            self.cpu_seconds < MAX_SECONDS
            and self.seconds < MAX_WALL_SECONDS
            and self.peak_mb < MAX_MB
        )


def _limit_memory() -> None:  # a regression must fail the test, not take the machine down
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


# root reads and writes through any permission: to meet a read-only or unreadable folder as
# a user does, a root run gives up the capabilities that override permissions
AS_A_USER = (
    [
        "setpriv",
        "--bounding-set=-dac_override,-dac_read_search",
        "--inh-caps=-dac_override,-dac_read_search",
        "--",
    ]
    if os.geteuid() == 0
    else []
)


def command(*args: object, as_user: bool = False) -> list[str]:
    return [*(AS_A_USER if as_user else []), sys.executable, "-c", _PROBE, *map(str, args)]


def run_fresh(
    *args: object,
    cwd: Path,
    timeout: float = 60,
    as_user: bool = False,
    file_size_limit: int | None = None,
) -> Run:
    """`playtest ARGS` in a new process; `as_user` without root's overrides of permissions,
    `file_size_limit` as if the disk filled up after that many bytes of one file."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}

    def limits() -> None:
        _limit_memory()
        if file_size_limit is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write fails instead (EFBIG)
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_size_limit, file_size_limit))

    start = time.perf_counter()
    done = subprocess.run(
        command(*args, as_user=as_user),
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=limits,
    )
    seconds = time.perf_counter() - start
    lines = done.stderr.splitlines()
    probe = [line.split()[1:] for line in lines if line.startswith("PEAK-MB ")]
    peak, cpu = (float(probe[-1][0]), float(probe[-1][1])) if probe else (0.0, 0.0)
    stderr = "".join(f"{line}\n" for line in lines if not line.startswith("PEAK-MB "))
    return Run(done.returncode, done.stdout, stderr, seconds, cpu, peak)
