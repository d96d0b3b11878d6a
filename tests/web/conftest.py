"""A real `playtest serve` on a free loopback port, started per test module and stopped by
its process id. Chromium (`browser`, `phone`) is the root conftest's plugin, tests/browser.py."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

# screenshots of the pages tested, to look at; never in the checkout (issue 23)
ARTEFACTS = Path(
    os.environ.get("PLAYTEST_ARTEFACTS", Path(tempfile.gettempdir()) / "playtest-kit-artefacts")
)
PLAYTEST = (sys.executable, "-m", "playtest.cli")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Server:
    url: str
    db: Path
    process: subprocess.Popen

    def client(self) -> httpx.Client:
        """A client that has opened a page (so it holds the CSRF cookie) and sends it back."""
        token = httpx.get(self.url + "/", timeout=30).cookies["playtest_csrf"]
        client = httpx.Client(base_url=self.url, timeout=30, headers={"X-CSRF-Token": token})
        client.cookies.set("playtest_csrf", token)
        return client


def start_server(db: Path, *extra: str, playtest: Sequence[str] = PLAYTEST) -> Server:
    """`playtest serve` (by default this checkout's) on a free port, once it answers."""
    port = free_port()
    process = subprocess.Popen(
        [
            *playtest,
            "serve",
            "--port",
            str(port),
            "--db",
            str(db),
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=db.parent,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited: {process.stderr.read()}")
        try:
            if httpx.get(url + "/", timeout=2).status_code == 200:
                return Server(url, db, process)
        except httpx.HTTPError:
            time.sleep(0.2)
    stop_server(process)
    raise RuntimeError("server did not answer within 60 s")


def stop_server(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.kill(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.kill(process.pid, signal.SIGKILL)
            process.wait()
    for stream in (process.stdout, process.stderr):
        if stream:
            stream.close()


@contextmanager
def serving(db: Path, *extra: str) -> Iterator[Server]:
    """`start_server` for the block, stopped however it ends: a module's fixture yields it."""
    running = start_server(db, *extra)
    try:
        yield running
    finally:
        stop_server(running.process)


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[Server]:
    with serving(tmp_path_factory.mktemp("serve") / "playtest.db") as running:
        yield running


def screenshot(page, name: str) -> Path:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTEFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
