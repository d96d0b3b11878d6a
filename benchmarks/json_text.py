"""The JSON text of `playtest score DIR --json` for 3,000 finished Harvest Dice records (the
engine's, as in the engines suite): json.dumps(indent=2) against playtest.core.json_text, on the
answers the command writes. CPU time of one process, fastest of three runs of five writes."""

from __future__ import annotations

import tempfile
from pathlib import Path

from benchmarks.common import measure
from benchmarks.engines import write_finished_records

RECORDS = 3000
WRITES = 5

ANSWERS = """
import json
from pathlib import Path
from playtest.core.json_text import indented_json
from playtest.scorer.api import evaluate_file
answers = [{{"record": str(path), **evaluate_file(path).to_json()}}
           for path in sorted(Path({folder!r}).iterdir())]
assert indented_json(answers) == json.dumps(answers, indent=2, ensure_ascii=False)
"""

WRITERS = {
    "json.dumps(answers, indent=2, ensure_ascii=False)": (
        "json.dumps(answers, indent=2, ensure_ascii=False)"
    ),
    "playtest.core.json_text.indented_json(answers)": "indented_json(answers)",
}


def run() -> list[tuple[str, ...]]:
    with tempfile.TemporaryDirectory() as tmp:
        write_finished_records(Path(tmp), RECORDS)
        cpu = {
            name: measure(
                f"for _ in range({WRITES}):\n    {call}", ANSWERS.format(folder=tmp), repeat=3
            )["cpu"]
            / WRITES
            for name, call in WRITERS.items()
        }
    slow = cpu[next(iter(WRITERS))]
    return [
        (
            name,
            f"{RECORDS:,}",
            f"{seconds * 1000:.0f} ms",
            "" if seconds == slow else f"{slow / seconds:.2f}x faster (target: 2.5x)",
        )
        for name, seconds in cpu.items()
    ]
