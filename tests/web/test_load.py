"""A bounded load test on loopback: 50 clients saving games at once for 10 s. No errors, and
the log holds exactly the saves that were answered, each once."""

from __future__ import annotations

import secrets
import threading
import time

import httpx
import pytest
import yaml

from playtest.log import PlaytestLog
from tests.games import a_game, finished_records
from tests.web.conftest import start_server, stop_server

CLIENTS = 50
SECONDS = 10.0
MOST_SAVES_PER_CLIENT = 400  # a bound on the count as well as the time
RECORD = finished_records(a_game())[0]  # any game's finished record


@pytest.fixture(scope="module")
def loaded_server(tmp_path_factory):
    running = start_server(tmp_path_factory.mktemp("load") / "playtest.db")
    yield running
    stop_server(running.process)


def test_fifty_clients_saving_at_once(loaded_server) -> None:
    record = yaml.safe_load(RECORD.read_text())
    ids: list[int] = []
    failures: list[str] = []
    lock = threading.Lock()
    go = threading.Barrier(CLIENTS)
    deadline = [0.0]

    def client(n: int) -> None:
        with loaded_server.client() as http:
            go.wait()
            if n == 0:
                deadline[0] = time.monotonic() + SECONDS
            while not deadline[0]:
                time.sleep(0.001)
            for _ in range(MOST_SAVES_PER_CLIENT):
                if time.monotonic() >= deadline[0]:
                    break
                try:
                    answer = http.post("/api/games", json={"record": record})
                    body = answer.json()
                except (httpx.HTTPError, ValueError) as exc:
                    with lock:
                        failures.append(repr(exc))
                    continue
                with lock:
                    if answer.status_code == 200 and body.get("ok"):
                        ids.append(body["id"])
                    else:
                        failures.append(f"{answer.status_code} {body}")

    threads = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=SECONDS + 60)
    assert not any(t.is_alive() for t in threads)
    assert failures == []
    assert len(ids) >= CLIENTS  # every client saved at least once
    logged = PlaytestLog(loaded_server.db).games()
    assert len(ids) == len(set(ids)) == len(logged)  # nothing lost, nothing twice
    assert {g.id for g in logged} == set(ids)


def test_a_server_killed_during_saves_keeps_every_answered_save(tmp_path) -> None:
    """SIGKILL mid-load: the file passes SQLite's integrity check, every save that was
    answered is there, and at most the saves in flight are missing."""
    import os
    import signal
    import sqlite3

    running = start_server(tmp_path / "playtest.db")
    record = yaml.safe_load(RECORD.read_text())
    answered: list[int] = []
    keys: dict[int, str] = {}
    stop = threading.Event()

    def client() -> None:
        with running.client() as http:
            while not stop.is_set():
                key = secrets.token_hex(16)  # each Save its identity, as the editor sends
                try:
                    body = http.post("/api/games", json={"record": record, "key": key}).json()
                except (httpx.HTTPError, ValueError):
                    return  # the server is gone
                answered.append(body["id"])
                keys[body["id"]] = key

    threads = [threading.Thread(target=client) for _ in range(8)]
    try:
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 60  # a loaded machine: wait for saves under way
        while len(answered) < 20 and time.monotonic() < deadline:
            time.sleep(0.05)
        os.kill(running.process.pid, signal.SIGKILL)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
        stop_server(running.process)
    with sqlite3.connect(running.db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        seats = conn.execute("SELECT count(*) FROM seats").fetchone()[0]
    games = PlaytestLog(running.db).games()
    saved = {g.id for g in games}
    assert answered and set(answered) <= saved
    by_id = {g.id: g.uid for g in games}
    assert all(by_id[i] == keys[i] for i in answered)  # each answered Save is its own game
    assert len(saved) - len(answered) <= len(threads)  # only saves in flight went unanswered
    assert seats == 2 * len(saved)
