"""Issue 37: a test file that pytest does not collect (a folder it skips by name, as tests/build/
was) fails the run and is named, in a plain run, under xdist with coverage as CI runs, and with
--collect-only; a run asked for part of the suite checks that part only."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

PASSING = "def test_one():\n    assert True\n"


def project(root: Path, files: list[str]) -> Path:
    """A small project whose suite is suite/, with a passing test in each file named."""
    (root / "pytest.ini").write_text("[pytest]\ntestpaths = suite\n")
    for name in files:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(PASSING)
    return root


def run_pytest(root: Path, *args: str) -> subprocess.CompletedProcess:
    """pytest with the guard (and no plugin of this suite else), started in `root`."""
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "tests.collection_guard", "-p", "no:cacheprovider",
         "-p", "no:randomly", "--import-mode=importlib", *args],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(REPO), "COVERAGE_FILE": str(root / ".coverage")},
        capture_output=True,
        text=True,
        timeout=300,
    )  # fmt: skip


HIDDEN = ["suite/build/test_hidden.py", "suite/kits/.cache/test_dot.py", "suite/dist/test_d.py"]


@pytest.mark.parametrize(
    "args",
    [(), ("--collect-only",), ("-n", "2", "--cov", "--cov-report="), ("suite",)],
    ids=["plain", "collect-only", "xdist-and-coverage", "the-whole-folder"],
)
def test_a_folder_that_hides_tests_fails_the_run(tmp_path: Path, args: tuple[str, ...]) -> None:
    root = project(tmp_path, ["suite/test_seen.py", "suite/kits/test_kit.py", *HIDDEN])
    done = run_pytest(root, *args)
    assert done.returncode != 0, done.stdout
    assert "3 test file(s) on disk were not collected" in done.stdout, done.stdout
    for name in HIDDEN:
        assert name in done.stdout
    assert "suite/kits/test_kit.py" not in done.stdout.split("were not collected")[1]


def test_only_the_files_asked_for_are_checked(tmp_path: Path) -> None:
    root = project(tmp_path, ["suite/seen/test_a.py", "suite/seen/test_b.py", *HIDDEN])
    for args in [("suite/seen",), ("suite/seen/test_a.py::test_one",), ("-k", "one", "suite/seen")]:
        done = run_pytest(root, *args)
        assert done.returncode == 0, (args, done.stdout)
        assert "not collected" not in done.stdout
    (root / "suite" / "build" / "test_hidden.py").unlink()
    (root / "suite" / "kits").rename(root / "suite" / "kit")
    (root / "suite" / "kit" / ".cache").rename(root / "suite" / "kit" / "cache")
    done = run_pytest(root, "--ignore=suite/dist")  # what a run leaves out on purpose
    assert done.returncode == 0, done.stdout
    assert "3 passed" in done.stdout


def test_every_file_collected_passes(tmp_path: Path) -> None:
    root = project(tmp_path, ["suite/test_a.py", "suite/kits/test_b.py", "suite/x/y/test_c.py"])
    done = run_pytest(root, "-n", "2")
    assert done.returncode == 0, done.stdout
    assert "3 passed" in done.stdout


def test_this_suite_runs_the_guard(request: pytest.FixtureRequest) -> None:
    assert request.config.pluginmanager.has_plugin("tests.collection_guard")
