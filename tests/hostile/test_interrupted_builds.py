"""Interrupted and concurrent builds: SIGTERM and SIGHUP clean up like Ctrl-C, what a SIGKILL
leaves behind is removed by the next build, and two builds into one folder never crash
between their renames nor leave a folder behind."""

from __future__ import annotations

import fcntl
import hashlib
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.games import a_game
from tests.helpers import make_components
from tests.hostile.fresh import command, run_fresh

GAME = a_game()  # a real kit: long enough to be caught half-way


def _digests(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _first_kit(tmp_path: Path) -> Path:
    make_components(tmp_path, GAME, mini=False)
    run = run_fresh(
        "build", GAME, "--components", "components", "-q", "--format", "pdf", cwd=tmp_path
    )
    assert run.returncode == 0, run
    return tmp_path / "output" / GAME


def _start_and_catch_midway(tmp_path: Path) -> tuple[subprocess.Popen, Path]:
    """A build started, and its staging folder once it exists."""
    build = subprocess.Popen(
        command("build", GAME, "--components", "components", "-q", "--format", "pdf"),
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    staging = tmp_path / "output" / f".{GAME}.partial-{build.pid}"
    deadline = time.monotonic() + 60
    while not staging.exists():
        assert build.poll() is None, build.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.002)
    return build, staging


def _leftovers(tmp_path: Path) -> list[str]:
    return sorted(p.name for p in (tmp_path / "output").iterdir() if p.name != GAME)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_terminated_build_cleans_up_and_keeps_the_kit(
    sig: signal.Signals, tmp_path: Path
) -> None:
    kit = _first_kit(tmp_path)
    before = _digests(kit)
    build, _ = _start_and_catch_midway(tmp_path)
    build.send_signal(sig)
    _, stderr = build.communicate(timeout=60)
    assert build.returncode == 128 + sig, stderr
    assert "Traceback" not in stderr
    assert _leftovers(tmp_path) == []
    assert _digests(kit) == before


def _running_build(folder: Path) -> int:
    """`folder` as a build still running holds its staging folder: made, and locked."""
    folder.mkdir()
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    return fd


def test_what_a_killed_build_leaves_is_removed_by_the_next(tmp_path: Path) -> None:
    kit = _first_kit(tmp_path)
    build, staging = _start_and_catch_midway(tmp_path)
    build.kill()
    build.communicate(timeout=60)
    assert staging.exists()  # SIGKILL cannot be caught: this is what piles up
    dead = subprocess.Popen(["true"])
    dead.wait()
    for n in range(8):  # more of them, as after a day of killed builds
        (tmp_path / "output" / f".{GAME}.partial-{dead.pid}{n}").mkdir()
    (tmp_path / "output" / f".other-game.partial-{dead.pid}").mkdir()  # another game's
    live = tmp_path / "output" / f".other-game.partial-{dead.pid + 1}"
    held = _running_build(live)
    try:
        run = run_fresh(
            "build", GAME, "--components", "components", "-q", "--format", "pdf", cwd=tmp_path
        )
    finally:
        os.close(held)
    assert run.returncode == 0, run
    assert _leftovers(tmp_path) == [live.name]
    assert len(PdfReader(kit / f"{GAME}-kit.pdf").pages) > 3


def test_a_dead_builds_folder_whose_process_id_was_reused_is_removed(tmp_path: Path) -> None:
    """Process ids cycle (32,768 of them on Linux, within minutes under a parallel test run):
    the id in a dead build's folder may belong to a live process by the time the next build
    looks. Only the build's lock says it is alive."""
    _first_kit(tmp_path)
    for kind in ("partial", "old"):  # named after a live process: this test's own
        (tmp_path / "output" / f".{GAME}.{kind}-{os.getpid()}").mkdir()
    run = run_fresh(
        "build", GAME, "--components", "components", "-q", "--format", "pdf", cwd=tmp_path
    )
    assert run.returncode == 0, run
    assert _leftovers(tmp_path) == []


def test_a_kit_a_killed_build_had_moved_aside_is_put_back(tmp_path: Path) -> None:
    kit = _first_kit(tmp_path)
    before = _digests(kit)
    # killed between its two renames; its process id already in use again (this test's own)
    aside = tmp_path / "output" / f".{GAME}.old-{os.getpid()}"
    kit.rename(aside)
    make_components(tmp_path / "other")  # a build of another game in the same folder
    run = run_fresh(
        "build", "--components", "other/components", "-q", "--format", "svg", cwd=tmp_path
    )
    assert run.returncode == 0, run
    assert _digests(kit) == before
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == [GAME, "mini-game"]


def test_two_builds_into_one_folder_at_once(tmp_path: Path) -> None:
    make_components(tmp_path)
    for _ in range(3):
        builds = [
            subprocess.Popen(
                command("build", "--components", "components", "-q", "--format", "pdf"),
                cwd=tmp_path,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(2)
        ]
        for build in builds:
            _, stderr = build.communicate(timeout=120)
            assert build.returncode == 0, stderr
        assert sorted(p.name for p in (tmp_path / "output").iterdir()) == ["mini-game"]
        assert len(PdfReader(tmp_path / "output" / "mini-game" / "mini-game-kit.pdf").pages) > 3
