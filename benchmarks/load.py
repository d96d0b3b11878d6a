"""The load test: 50 clients scoring and saving games at once for 60 s against one real
`playtest serve` on loopback (this process is the load generator). Each client loops, a
bounded number of times and until the time is up: score a record (as the editor does on
every tap), save it with its own idempotency key, and every fifth save send the same Save
again (a double tap). Then the log is checked: every answered save is there once, no key is
stored twice, nothing else is there, and SQLite's integrity check passes."""

from __future__ import annotations

import secrets
import sqlite3
import statistics
import tempfile
import threading
import time
from pathlib import Path

import httpx
import yaml

from benchmarks.common import REPO
from benchmarks.web import _ms, _p95, _start, _stop

CLIENTS = 50
SECONDS = 60.0
MOST_ROUNDS = 2_000  # per client: the loop is bounded by count as well as by time
RECORDS = [
    yaml.safe_load((REPO / "examples" / name).read_text())
    for name in ("harvest-dice/basic-2-players.yaml", "dice-town/final.yaml")
]


class Tally:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.saved: dict[str, int] = {}  # key -> id answered
        self.errors: list[str] = []
        self.score_times: list[float] = []
        self.save_times: list[float] = []
        self.repeats = 0


def _client(url: str, token: str, n: int, deadline: float, tally: Tally) -> None:
    headers = {"X-CSRF-Token": token}
    with httpx.Client(base_url=url, timeout=60, headers=headers) as http:
        http.cookies.set("playtest_csrf", token)
        for round_ in range(MOST_ROUNDS):
            if time.monotonic() >= deadline:
                return
            record = RECORDS[(n + round_) % len(RECORDS)]
            body = {"record": record, "key": secrets.token_hex(16)}
            try:
                started = time.perf_counter()
                scored = http.post("/api/score", json=body)
                middle = time.perf_counter()
                saved = http.post("/api/games", json=body)
                ended = time.perf_counter()
                again = http.post("/api/games", json=body) if round_ % 5 == 4 else None
            except httpx.HTTPError as exc:
                with tally.lock:
                    tally.errors.append(repr(exc))
                continue
            with tally.lock:
                tally.score_times.append(middle - started)
                tally.save_times.append(ended - middle)
                for answer in (scored, saved, again):
                    if answer is not None and answer.status_code != 200:
                        tally.errors.append(f"{answer.status_code} {answer.text[:200]}")
                if saved.status_code == 200:
                    tally.saved[body["key"]] = saved.json()["id"]
                if again is not None and again.status_code == 200:
                    tally.repeats += 1
                    if again.json()["id"] != saved.json()["id"]:
                        tally.errors.append(f"a repeated Save got another id: {body['key']}")


def run() -> list[tuple[str, ...]]:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "load.db"
        process, url = _start(db)
        tally = Tally()
        try:
            token = httpx.get(url + "/", timeout=60).cookies["playtest_csrf"]
            began = time.monotonic()
            deadline = began + SECONDS
            threads = [
                threading.Thread(target=_client, args=(url, token, n, deadline, tally))
                for n in range(CLIENTS)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=SECONDS + 120)
            took = time.monotonic() - began
        finally:
            _stop(process)
        with sqlite3.connect(db) as conn:
            integrity = conn.execute("PRAGMA integrity_check").fetchone()[0]
            rows = conn.execute("SELECT uid, id FROM games").fetchall()
            seats = conn.execute("SELECT count(*) FROM seats").fetchone()[0]
    stored = dict(rows)
    lost = [k for k in tally.saved if k not in stored]
    extra = [k for k in stored if k not in tally.saved]
    twice = len(rows) - len(stored)
    requests = len(tally.score_times) + len(tally.save_times) + tally.repeats
    verdict = (
        "ok"
        if not (tally.errors or lost or extra or twice) and integrity == "ok"
        else f"{len(tally.errors)} errors, {len(lost)} lost, {len(extra)} unanswered rows, "
        f"{twice} twice, integrity {integrity}"
    )
    return [
        (
            f"{CLIENTS} clients scoring and saving, {took:.0f} s",
            f"{requests:,} requests",
            f"{requests / took:.0f} requests/s",
            f"{len(tally.saved):,} games saved, {tally.repeats:,} Saves sent twice",
            verdict,
        ),
        (
            "score (POST /api/score)",
            f"{len(tally.score_times):,}",
            _ms(statistics.median(tally.score_times)) + " p50",
            _ms(_p95(tally.score_times)) + " p95",
            "",
        ),
        (
            "save (POST /api/games)",
            f"{len(tally.save_times):,}",
            _ms(statistics.median(tally.save_times)) + " p50",
            _ms(_p95(tally.save_times)) + " p95",
            f"log: {len(stored):,} games, {seats:,} seats, integrity_check {integrity}",
        ),
    ]
