"""Run every benchmark and print the figures as Markdown tables:

    .venv/bin/python -m benchmarks.run            # everything (a few minutes)
    .venv/bin/python -m benchmarks.run kits       # a suite: kits, incremental, scale,
                                                  # scoring, engines, json, lab, web, log, preview,
                                                  # stats, load, language, expressions

These are measurements, not tests: nothing here passes or fails.
"""

from __future__ import annotations

import sys

from benchmarks import (
    engines,
    expressions,
    incremental,
    json_text,
    kits,
    lab,
    load,
    log,
    preview,
    scale,
    scoring,
    scoring_language,
    stats_page,
    web,
)
from benchmarks.common import machine, table

SUITES = {
    "kits": (kits, ("build", "what", "wall time", "peak RSS", "ratio")),
    "incremental": (incremental, ("case", "time", "ratio", "target")),
    "scale": (
        scale,
        ("deck", "wall time", "CPU time", "per card", "peak RSS", "after loading", "drawing adds"),
    ),
    "scoring": (scoring, ("path", "records", "wall time", "throughput", "note")),
    "language": (
        scoring_language,
        ("game scored in YAML", "load (CPU)", "without its scoring", "the language", "target"),
    ),
    "expressions": (expressions, ("expressions", "how many", "read (CPU)", "each")),
    "engines": (engines, ("case", "runs", "CPU time", "throughput", "note")),
    "json": (json_text, ("writer", "records", "CPU time", "ratio")),
    "lab": (lab, ("case", "games", "time", "throughput", "note")),
    "web": (web, ("what", "count", "typical", "worst", "note")),
    "log": (log, ("what", "games", "wall time", "throughput", "note")),
    "preview": (preview, ("what", "typical", "worst", "target")),
    "stats": (stats_page, ("what", "requests", "typical", "worst", "note")),
    "load": (load, ("what", "count", "rate or typical", "worst", "verdict")),
}


def main(names: list[str]) -> None:
    print(f"Machine: {machine()}\n")
    for name in names or list(SUITES):
        module, header = SUITES[name]
        print(f"## {name}\n")
        print(table(module.run(), header))
        print()


if __name__ == "__main__":
    main(sys.argv[1:])
