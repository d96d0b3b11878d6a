"""10,000 generated Harvest Dice and Village Green records, scored and checked through the
library API and through `playtest score` on a folder of files."""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.common import measure
from playtest.scorer.batch import usable_cores

RECORDS = 10_000


def harvest_record(rng: random.Random) -> str:
    players = rng.randint(2, 4)
    rows = []
    for p in range(players):
        garden = "\n".join(" ".join(rng.choice("LTC..") for _ in range(6)) for _ in range(3))
        garden = garden.replace("\n", "\n      ")
        rows.append(
            f"  - name: P{p}\n    garden: |\n      {garden}\n"
            f"    pig: {rng.randint(0, 42)}\n    powers_used: 0"
        )
    markets = ", ".join(f"{v}: {rng.randint(1, 6)}" for v in ("lettuce", "tomato", "carrot"))
    return (
        f"game: harvest-dice\nvariant: {rng.choice(['basic', 'advanced'])}\n"
        f"markets: {{{markets}}}\nplayers:\n" + "\n".join(rows) + "\n"
    )


def village_record(rng: random.Random) -> str:
    greens = [f"G{i:02d}" for i in range(1, 61)]
    awards = [f"A{i:02d}" for i in range(1, 31)]
    rng.shuffle(greens)
    rng.shuffle(awards)
    players = rng.randint(2, 5)
    out = ["game: village-green", "variant: multiplayer", "players:"]
    for p in range(players):
        grid = [
            [greens.pop() if rng.random() < 0.8 else "null" for _ in range(3)] for _ in range(3)
        ]
        top = [awards.pop() for _ in range(3)]
        left = [awards.pop() if rng.random() < 0.5 and awards else "null" for _ in range(3)]
        out += [
            f"  - name: P{p}",
            "    village: face-up",
            f"    top: [{', '.join(top)}]",
            f"    left: [{', '.join(left)}]",
            "    grid:",
        ]
        out += [f"      - [{', '.join(row)}]" for row in grid]
        if len(awards) < 6:
            break
    return "\n".join(out) + "\n"


API = """
from pathlib import Path
from playtest.library.loader import load_library
from playtest.scorer.api import evaluate_file
library = load_library()
for g in library.game_ids: library.game(g)
files = sorted(Path({folder!r}).iterdir())
"""


def run() -> list[tuple[str, ...]]:
    rng = random.Random(7)
    rows = []
    for name, make in (("Harvest Dice", harvest_record), ("Village Green", village_record)):
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp) / "records"
            folder.mkdir()
            for i in range(RECORDS):
                (folder / f"r{i:05d}.yaml").write_text(make(rng))
            api = measure(
                "results = [evaluate_file(f, library) for f in files]\n"
                "EXTRA = sum(1 for r in results if r.legal)",
                API.format(folder=str(folder)),
            )
            start = time.perf_counter()
            done = subprocess.run(
                [str(Path(sys.executable).with_name("playtest")), "score", str(folder), "--json"],
                capture_output=True,
                check=False,
            )
            cli = time.perf_counter() - start
            assert done.returncode == 0, done.stderr[-500:]
        rows.append(
            (
                f"{name}: library API",
                f"{RECORDS:,}",
                f"{api['seconds']:.2f} s",
                f"{RECORDS / api['seconds']:,.0f} records/s",
                f"{api['extra']:,} legal",
            )
        )
        rows.append(
            (
                f"{name}: playtest score DIR --json",
                f"{RECORDS:,}",
                f"{cli:.2f} s",
                f"{RECORDS / cli:,.0f} records/s",
                f"one process per core ({usable_cores()} here), start-up included",
            )
        )
    return rows
