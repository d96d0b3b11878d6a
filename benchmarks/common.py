"""Shared helpers: run a case in a fresh interpreter and report its wall time and peak RSS."""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

CHILD = """
import json, resource, sys, time
sys.path.insert(0, {repo!r})
{setup}
def _children_cpu():
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime
start, cpu, kids = time.perf_counter(), time.process_time(), _children_cpu()
{body}
elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
kids = _children_cpu() - kids  # worker processes, once they have ended
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({{"seconds": elapsed, "cpu": cpu, "children_cpu": kids, "peak_mb": peak,
                  "extra": globals().get("EXTRA")}}))
"""


def measure(body: str, setup: str = "", cwd: Path | None = None, repeat: int = 1) -> dict:
    """Run `body` (timed) after `setup` (not timed) in a new Python process, `repeat` times;
    the fastest run counts (the others met a busier machine), and the largest memory."""
    code = CHILD.format(repo=str(REPO), setup=textwrap.dedent(setup), body=textwrap.dedent(body))
    runs = []
    for _ in range(repeat):
        done = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            cwd=cwd or REPO,
            check=False,
        )
        if done.returncode != 0:
            raise SystemExit(f"benchmark case failed:\n{done.stderr[-2000:]}")
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    best = min(runs, key=lambda r: r["seconds"])
    return {
        **best,
        "cpu": min(r["cpu"] for r in runs),
        "children_cpu": min(r["children_cpu"] for r in runs),
        "peak_mb": max(r["peak_mb"] for r in runs),
    }


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        model = next(
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if "model name" in line
        )
    except (OSError, StopIteration):
        model = cpu
    return (
        f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{platform.system()} {platform.release()}"
    )


def table(rows: list[tuple[str, ...]], header: tuple[str, ...]) -> str:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]

    def line(r: tuple[str, ...]) -> str:
        return "| " + " | ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)) + " |"

    return "\n".join(
        [line(header), "|" + "|".join("-" * (w + 2) for w in widths) + "|", *map(line, rows)]
    )
