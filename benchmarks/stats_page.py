"""The stats page with 500 played games in the log (Harvest Dice, one kit version), against a
real `playtest serve` on loopback: the first request after a change of the log (stats worked
out and plots drawn), then 100 requests of an unchanged log (served as worked out)."""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

import httpx

from benchmarks.common import REPO
from benchmarks.web import _ms, _p95, _start, _stop

GAMES = 500
REQUESTS = 100
EXAMPLE = REPO / "examples/harvest-dice/basic-2-players.yaml"


def _fill(db: Path) -> None:
    from playtest.library.loader import load_library
    from playtest.log import PlaytestLog
    from playtest.log.records import read_entry

    library = load_library()
    text = EXAMPLE.read_text()
    entries = []
    for i in range(GAMES):  # other names, other gardens' owners: each file its own game
        raw = text.replace("name: Ann", f"name: Ann {i}").encode()
        entries.append(read_entry(raw, EXAMPLE, EXAMPLE.name, library, "2026-01-01"))
    PlaytestLog(db).save_all(entries)


def run() -> list[tuple[str, ...]]:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        _fill(db)
        process, url = _start(db)
        try:
            with httpx.Client(base_url=url, timeout=120) as client:
                started = time.perf_counter()
                first = client.get("/stats/harvest-dice")
                first.raise_for_status()
                cold = time.perf_counter() - started
                assert f">{GAMES}</strong> games played" in first.text
                times = []
                for _ in range(REQUESTS):
                    started = time.perf_counter()
                    client.get("/stats/harvest-dice").raise_for_status()
                    times.append(time.perf_counter() - started)
        finally:
            _stop(process)
    return [
        ("stats page, first request after a change of the log", "1", _ms(cold), "", ""),
        (
            "stats page, log unchanged",
            str(REQUESTS),
            _ms(statistics.median(times)) + " p50",
            _ms(_p95(times)) + " p95",
            f"{GAMES} games; target p95 < 300 ms",
        ),
    ]
