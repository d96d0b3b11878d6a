"""The user's folders a test run must not write in: the product keeps a cache in the user's
cache folder (`playtest/web/fonts.py`: `$XDG_CACHE_HOME/playtest-kit`, else
`~/.cache/playtest-kit`), and libraries keep caches and settings there and in `~/.config`
(matplotlib's font list, Chromium's). For the whole run they are pointed at a folder of the
run's own (XDG_CACHE_HOME, XDG_CONFIG_HOME, XDG_DATA_HOME, MPLCONFIGDIR), made by the run's
first process before any worker or subprocess starts (they inherit it) and removed at its end;
the user's cache of the product is watched by the stray-files guard (tests/conftest.py).

pip keeps its own download cache where it was (PIP_CACHE_DIR): the packaging tests install a
wheel's dependencies, which would otherwise be downloaded again on every run."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

# set to the run's folder by the run's first process: workers and nested runs find it there
RUN_HOME = "PLAYTEST_TEST_HOME"
REDIRECTED = {
    "XDG_CACHE_HOME": "cache",
    "XDG_CONFIG_HOME": "config",
    "XDG_DATA_HOME": "data",
    "MPLCONFIGDIR": "matplotlib",
}


def user_cache() -> Path:
    """The user's cache folder, as the product chooses it (before the run moves it)."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")


def redirect() -> Path | None:
    """Point the user folders at a new folder of this run; that folder, or None when a process
    of the run (the xdist controller, or the pytest running this one) already did."""
    if os.environ.get(RUN_HOME):
        return None
    os.environ.setdefault("PIP_CACHE_DIR", str(user_cache() / "pip"))
    home = Path(tempfile.mkdtemp(prefix="playtest-kit-home-"))
    for variable, folder in REDIRECTED.items():
        (home / folder).mkdir()
        os.environ[variable] = str(home / folder)
    os.environ[RUN_HOME] = str(home)
    return home


def remove(home: Path) -> None:
    shutil.rmtree(home, ignore_errors=True)
