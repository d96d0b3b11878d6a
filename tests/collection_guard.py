"""The guard that no test file is left out of a run: pytest skips every folder its
`norecursedirs` names (`build`, `dist`, `venv`, dot folders, ...), so a test file there never
runs and nothing says so (tests/build/ hid 45 tests that way). After collection, every file on
disk that pytest's `python_files` names, under the folders the run was asked for (its arguments,
within `testpaths`), must have been collected; any that was not fails the run as a collection
error that names it.

It runs where collection happens: in the one pytest process, or in each xdist worker (the
controller collects nothing; a worker's failed collection report reaches it, once).
`pytest tests/foo` asks for tests/foo only, and `--ignore` leaves out what it names."""

from __future__ import annotations

import fnmatch
import os
from pathlib import Path

import pytest

_COLLECTED = pytest.StashKey[set[Path]]()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_COLLECTED] = set()


def pytest_collectstart(collector: pytest.Collector) -> None:
    if isinstance(collector, pytest.File):
        collector.config.stash[_COLLECTED].add(collector.path.resolve())


def pytest_collection_finish(session: pytest.Session) -> None:
    missing = sorted(test_files(session.config) - session.config.stash[_COLLECTED])
    if not missing:
        return
    root = session.config.rootpath
    names = [
        str(path.relative_to(root)) if path.is_relative_to(root) else str(path) for path in missing
    ]
    message = "\n".join(
        [
            f"{len(missing)} test file(s) on disk were not collected: a folder named in pytest's "
            "norecursedirs (build, dist, venv, .*, ...) or a conftest hides them; rename the "
            "folder so they run:",
            *names,
        ]
    )
    where = os.path.commonpath(names) if len(names) > 1 else names[0]
    report = pytest.CollectReport(nodeid=where, outcome="failed", longrepr=message, result=[])
    session.ihook.pytest_collectreport(report=report)


def test_files(config: pytest.Config) -> set[Path]:
    """The test files on disk that this run was asked to collect."""
    here = config.invocation_params.dir
    suites = [config.rootpath / path for path in config.getini("testpaths")] or [config.rootpath]
    asked = [here / arg.split("::")[0] for arg in config.args]
    asked = [path.resolve() for path in asked if path.exists()]
    ignored = [(here / path).resolve() for path in config.getoption("ignore") or []]
    ignored_globs = config.getoption("ignore_glob") or []
    patterns = config.getini("python_files")
    found: set[Path] = set()
    for top in asked:
        for path in _python_files(top, patterns):
            if not any(path.is_relative_to(suite.resolve()) for suite in suites):
                continue
            if any(path.is_relative_to(folder) for folder in ignored):
                continue
            if any(fnmatch.fnmatch(str(path), glob) for glob in ignored_globs):
                continue
            found.add(path)
    return found


def _python_files(top: Path, patterns: list[str]) -> list[Path]:
    if top.is_file():
        candidates = [top]
    else:
        candidates = [
            Path(folder, name)
            for folder, _, names in os.walk(top)
            for name in names
            if name.endswith(".py")
        ]
    return [path for path in candidates if any(fnmatch.fnmatch(path.name, p) for p in patterns)]
