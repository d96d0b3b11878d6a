"""The web scorer on loopback: the score update round trip (POST /api/score with each
game's example records, as the editor sends on every tap) and the first page load, over
HTTP and in Chromium with an empty cache (navigation start to the load event), with the bytes
the page fetched. The server starts with an empty font cache (its own XDG_CACHE_HOME): the
time until its warm-up has drawn the sheets and made the web fonts is reported too."""

from __future__ import annotations

import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import yaml

from benchmarks.common import REPO
from tests.browser import CHROMIUM_ARGS, PHONE
from tests.setup_browser import CHROMIUM

ROUND_TRIPS = 200  # per example record
EXAMPLES = sorted(
    p for p in (REPO / "examples").glob("*/*.yaml") if not p.name.startswith("log-")
)  # records, not game logs
EDITOR = "/play/harvest-dice?variant=basic&player=Ann&player=Bob&played_on=2026-01-01"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _start(db: Path) -> tuple[subprocess.Popen, str]:
    port = _free_port()
    env = {**os.environ, "XDG_CACHE_HOME": str(db.parent / "cache")}  # nothing made before
    process = subprocess.Popen(
        [sys.executable, "-m", "playtest.cli", "serve", "--port", str(port), "--db", str(db)],
        cwd=db.parent,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            httpx.get(url + "/favicon.ico", timeout=1)
            return process, url
        except httpx.HTTPError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def run() -> list[tuple[str, ...]]:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        began = time.perf_counter()
        process, url = _start(Path(tmp) / "bench.db")
        try:
            started = time.perf_counter()
            cold = httpx.get(url + EDITOR, timeout=30)
            cold_time = time.perf_counter() - started
            with httpx.Client(base_url=url, timeout=30) as client:
                token = client.get("/").cookies["playtest_csrf"]
                client.headers["X-CSRF-Token"] = token
                client.cookies.set("playtest_csrf", token)
                warm = []
                for _ in range(50):
                    started = time.perf_counter()
                    client.get(EDITOR).raise_for_status()
                    warm.append(time.perf_counter() - started)
                rows.append(
                    (
                        "first page (editor, HTTP)",
                        "1 cold, 50 warm",
                        f"{_ms(cold_time)} cold",
                        f"{_ms(_p95(warm))} warm p95",
                        f"{len(cold.content) // 1024} KB; target < 300 ms",
                    )
                )
                every: list[float] = []
                for path in EXAMPLES:
                    body = {"record": yaml.safe_load(path.read_text())}
                    times = []
                    for _ in range(ROUND_TRIPS):
                        started = time.perf_counter()
                        client.post("/api/score", json=body).raise_for_status()
                        times.append(time.perf_counter() - started)
                    every += times
                    rows.append(
                        (
                            f"score round trip: {path.parent.name}/{path.name}",
                            str(ROUND_TRIPS),
                            _ms(statistics.median(times)) + " p50",
                            _ms(_p95(times)) + " p95",
                            "",
                        )
                    )
                rows.append(
                    (
                        "score round trip: all examples",
                        str(len(every)),
                        _ms(statistics.median(every)) + " p50",
                        _ms(_p95(every)) + " p95",
                        "target: p95 < 50 ms",
                    )
                )
            rows.append(_warmed(url, Path(tmp) / "cache", began))
            rows += _browser(url)
        finally:
            _stop(process)
    return rows


def _stop(process: subprocess.Popen) -> None:
    os.kill(process.pid, signal.SIGTERM)
    process.wait(timeout=10)


def _warmed(url: str, cache: Path, began: float) -> tuple[str, ...]:
    """Wait for the server's warm-up (its web fonts in its cache folder)."""
    fonts = len(list((REPO / "components" / "_shared" / "fonts").glob("*.ttf")))
    while len(list(cache.rglob("*.woff"))) < fonts and time.perf_counter() - began < 120:
        time.sleep(0.05)
    return (
        "server warm-up (games, sheets, web fonts)",
        "1",
        _ms(time.perf_counter() - began) + " after start",
        "-",
        "the server answers meanwhile",
    )


def _browser(url: str) -> list[tuple[str, ...]]:
    if not CHROMIUM.exists():
        return [("first page (Chromium)", "-", "-", "-", f"no {CHROMIUM}")]
    from playwright.sync_api import sync_playwright

    loads, sizes = [], []
    with sync_playwright() as p:  # launched as the tests launch it
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        for _ in range(10):  # a fresh profile each time: nothing cached
            context = browser.new_context(viewport=PHONE)
            page = context.new_page()
            page.goto(url + EDITOR, wait_until="load")
            loads.append(
                page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd") / 1000
            )
            sizes.append(
                page.evaluate(
                    "performance.getEntriesByType('navigation').concat("
                    "performance.getEntriesByType('resource'))"
                    ".reduce((n, e) => n + e.transferSize, 0)"
                )
            )
            context.close()
        browser.close()
    return [
        (
            "first page (editor, Chromium, empty cache)",
            str(len(loads)),
            _ms(statistics.median(loads)) + " p50",
            _ms(max(loads)) + " max",
            f"navigation start to load event, {max(sizes) // 1024} KB fetched; target < 300 ms",
        )
    ]
