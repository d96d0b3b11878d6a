"""Shared fixtures: the installed game library and a CLI runner that never hides a traceback;
the user's cache and settings folders moved to a folder of the run; and the guard that fails
the run when it leaves a file in the checkout, the current folder or the user's cache of
playtest-kit."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis.configuration import set_hypothesis_home_dir

from playtest.cli import main
from playtest.library.loader import Library, load_library
from tests import pdf_forms_once, stray_files, untraced, user_folders

REPO = Path(__file__).resolve().parent.parent

# every test file on disk is collected, or the run fails (tests/collection_guard.py); one
# Chromium per test process and a fresh context per test (tests/browser.py)
pytest_plugins = ("tests.collection_guard", "tests.browser")

# Bytecode compiled once for every Python process of the run (the xdist workers, each
# `playtest` and server started in a subprocess) instead of again in each: under
# PYTHONDONTWRITEBYTECODE a fresh `playtest scan` compiles the package every time. The caches
# it writes in the checkout are removed at the end (pytest_sessionfinish). Set as the run
# starts, before any worker or subprocess does; the caches already there are noted first.
_CACHES_BEFORE = stray_files.bytecode_caches([REPO])
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

# The product's cache (and libraries' caches and settings) in a folder of the run, removed at
# its end, not in the user's ~/.cache (tests/user_folders.py); that folder of the user's is
# watched like the checkout. Set before any worker or subprocess starts: they inherit it.
USER_CACHE = user_folders.user_cache() / "playtest-kit"
_RUN_HOME = user_folders.redirect()

# hypothesis keeps its example database and caches out of the checkout (not ./.hypothesis)
set_hypothesis_home_dir(Path(tempfile.gettempdir()) / "playtest-kit-hypothesis")

# pdfplumber reads each form XObject of a PDF once, not at every place it is drawn
pdf_forms_once.install()
# and reads a page with coverage paused: it measures the package, not pdfminer's calls
untraced.install()


def _here() -> Path | None:
    """The folder pytest started in, when it lies outside the checkout."""
    here = Path.cwd().resolve()
    return None if here.is_relative_to(REPO) else here


def pytest_sessionstart(session: pytest.Session) -> None:
    if hasattr(session.config, "workerinput"):  # an xdist worker: the controller watches
        return
    watched = stray_files.snapshot([REPO, USER_CACHE], _here())
    session.config.stash[_BEFORE] = (watched, _CACHES_BEFORE)


def pytest_sessionfinish(session: pytest.Session) -> None:
    taken = session.config.stash.get(_BEFORE, None)
    if taken is None:
        return
    before, caches = taken
    stray_files.remove_new_caches(caches, [REPO])
    after = stray_files.snapshot([REPO, USER_CACHE], _here())
    if _RUN_HOME is not None:
        user_folders.remove(_RUN_HOME)
    left = stray_files.left_behind(before, after, stray_files.tracked_files(REPO))
    if session.config.getoption("--update-golden", False):  # asked for: new golden files
        left = [line for line in left if "/tests/golden/files/" not in line]
    if left:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        lines = [
            f"the test run left files outside its temporary folders ({len(left)}):",
            *left[:20],
        ]
        if reporter is not None:
            reporter.write_sep("=", "files left behind", red=True)
            for line in lines:
                reporter.write_line(line)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


_BEFORE = pytest.StashKey[tuple[stray_files.Snapshot, set[Path]]]()


@pytest.fixture(scope="session")
def library() -> Library:
    return load_library()


@pytest.fixture
def run_cli() -> Callable[..., Result]:
    """Run `playtest ARGS...`; an unexpected exception fails the test instead of exiting."""

    def run(*args: str, input: str | None = None) -> Result:
        result = CliRunner().invoke(main, [str(a) for a in args], input=input, prog_name="playtest")
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        assert "Traceback" not in result.output
        return result

    return run


# the `shipped_kit` fixture: a game's id -> its kit PDF
Kit = Callable[[str], Path]


@pytest.fixture(scope="session")
def shipped_kit(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Kit:
    """A game's kit built from the components shipped (the defaults: A4, PDF and SVG files),
    once per run for all its xdist workers (tests/run_once.py): the first worker that asks for a
    game builds it under a lock, the others wait and read the same files, as do the shared kit
    tests and each game's own. The PDF; the SVG files are in `svg/` beside it. A build that
    failed half-way is not marked done, and the next test that asks builds it again."""
    from playtest.generator.kit.build import BuildRequest, build_kits  # only when a test asks
    from tests.run_once import locked, run_root

    out = run_root(tmp_path_factory, worker_id) / "shipped"
    out.mkdir(exist_ok=True)

    def kit(game: str) -> Path:
        folder = out / game
        with locked(out / f"{game}.lock"):
            if not (folder / "done").exists():
                shutil.rmtree(folder, ignore_errors=True)
                folder.mkdir()
                cwd = os.getcwd()
                os.chdir(folder)
                try:
                    request = BuildRequest(games=(game,), out_dir=Path("kits"))
                    list(build_kits(load_library(), request))
                finally:
                    os.chdir(cwd)
                (folder / "done").touch()
        return folder / "kits" / game / f"{game}-kit.pdf"

    return kit
