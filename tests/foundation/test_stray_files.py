"""Issue 23: the guard against files a test run leaves outside its temporary folders (the
checkout and the folder pytest started in) fails the run and names the files."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests import stray_files
from tests.conftest import REPO
from tests.user_folders import REDIRECTED, RUN_HOME


def test_the_snapshot_sees_new_changed_and_removed_files(tmp_path: Path) -> None:
    (tmp_path / "kept.txt").write_text("a")
    (tmp_path / "changed.txt").write_text("a")
    (tmp_path / "gone.txt").write_text("a")
    (tmp_path / "env").mkdir()
    (tmp_path / "env" / "pyvenv.cfg").write_text("")  # a virtual environment: not watched
    before = stray_files.snapshot([tmp_path])
    caches = stray_files.bytecode_caches([tmp_path])
    (tmp_path / "changed.txt").write_text("bb")
    (tmp_path / "gone.txt").unlink()
    (tmp_path / "deep" / "er").mkdir(parents=True)
    (tmp_path / "deep" / "er" / "playtest.db").write_text("")
    (tmp_path / "env" / "lib.py").write_text("")
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "m.pyc").write_text("")
    assert stray_files.left_behind(before, stray_files.snapshot([tmp_path])) == [
        f"new: {tmp_path / 'deep' / 'er' / 'playtest.db'}",
        f"changed: {tmp_path / 'changed.txt'}",
        f"removed: {tmp_path / 'gone.txt'}",
    ]
    # a file under version control changed: git shows it (and people edit while tests run)
    tracked = {str(tmp_path / "changed.txt"), str(tmp_path / "gone.txt")}
    assert stray_files.left_behind(before, stray_files.snapshot([tmp_path]), tracked) == [
        f"new: {tmp_path / 'deep' / 'er' / 'playtest.db'}"
    ]
    stray_files.remove_new_caches(caches, [tmp_path])  # the run's own bytecode, not a test's
    assert not (tmp_path / "__pycache__").exists()


def test_the_shallow_folder_shows_new_entries_only(tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    before = stray_files.snapshot([], tmp_path)
    (tmp_path / "folder" / "inside.txt").write_text("")  # too deep to look
    assert stray_files.left_behind(before, stray_files.snapshot([], tmp_path)) == []
    (tmp_path / "report.html").write_text("")
    (tmp_path / "output").mkdir()
    assert stray_files.left_behind(before, stray_files.snapshot([], tmp_path)) == [
        f"new: {tmp_path / 'output'}",
        f"new: {tmp_path / 'report.html'}",
    ]


def run_pytest(
    folder: Path, test: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess:
    """A pytest run with this suite's conftest (and so its guard), started in `folder`."""
    (folder / "test_it.py").write_text(test)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "tests.conftest", "-p", "no:cacheprovider",
         "-p", "no:randomly", "test_it.py"],
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(REPO), **(env or {})},
        capture_output=True,
        text=True,
        timeout=300,
    )  # fmt: skip


def test_a_run_that_leaves_a_file_in_its_folder_fails(tmp_path: Path) -> None:
    done = run_pytest(
        tmp_path,
        "from pathlib import Path\ndef test_a():\n    Path('playtest.db').write_text('')\n",
    )
    assert done.returncode == 1, done.stdout
    assert "files left behind" in done.stdout
    assert f"new: {tmp_path / 'playtest.db'}" in done.stdout


def test_a_run_that_writes_in_its_temporary_folder_passes(tmp_path: Path) -> None:
    done = run_pytest(tmp_path, "def test_a(tmp_path):\n    (tmp_path / 'x.db').write_text('')\n")
    assert done.returncode == 0, done.stdout
    assert "files left behind" not in done.stdout


def a_users_cache(tmp_path: Path) -> dict[str, str]:
    """The environment of a run started by a user whose cache folder is tmp_path/cache: not
    a run inside this one (which would find this run's folders)."""
    env = {name: value for name, value in os.environ.items() if name not in REDIRECTED}
    env.pop(RUN_HOME, None)
    return {**env, "XDG_CACHE_HOME": str(tmp_path / "cache")}


def run_as_a_user(tmp_path: Path, test: str) -> subprocess.CompletedProcess:
    folder = tmp_path / "run"
    folder.mkdir()
    env = a_users_cache(tmp_path)
    (folder / "test_it.py").write_text(test)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "tests.conftest", "-p", "no:cacheprovider",
         "-p", "no:randomly", "-s", "test_it.py"],
        cwd=folder,
        env={**env, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=300,
    )  # fmt: skip


def test_the_product_cache_is_a_folder_of_the_run_removed_at_its_end(tmp_path: Path) -> None:
    """Issue 37: the web scorer's font cache (the product's only user cache) is written in a
    folder of the run, never in the user's ~/.cache/playtest-kit, and that folder goes."""
    done = run_as_a_user(
        tmp_path,
        "from playtest import components\n"
        "from playtest.web.fonts import cache_folder, web_font\n"
        "def test_a():\n"
        "    web_font(next(components.ROOT.glob('_shared/fonts/*.ttf')))\n"
        "    assert any(cache_folder().iterdir())\n"
        "    print('CACHE', cache_folder())\n",
    )
    assert not (tmp_path / "cache" / "playtest-kit").exists()
    assert done.returncode == 0, done.stdout
    written = Path(done.stdout.split("CACHE ", 1)[1].split()[0])
    assert not written.exists()


def test_a_run_that_writes_in_the_users_cache_fails(tmp_path: Path) -> None:
    cached = tmp_path / "cache" / "playtest-kit" / "web-fonts" / "x.woff"
    done = run_as_a_user(
        tmp_path,
        "from pathlib import Path\n"
        "def test_a():\n"
        f"    Path({str(cached)!r}).parent.mkdir(parents=True)\n"
        f"    Path({str(cached)!r}).write_bytes(b'')\n",
    )
    assert done.returncode == 1, done.stdout
    assert f"new: {cached}" in done.stdout


def run_with_settings(tmp_path: Path, test: str, *args: str) -> list[Path]:
    """A pytest run with this project's settings (pyproject.toml) and its temporary folders
    under tmp_path/temp; the files of those folders still there after it."""
    (tmp_path / "temp").mkdir(exist_ok=True)
    (tmp_path / "test_it.py").write_text(test)
    subprocess.run(
        [sys.executable, "-m", "pytest", "-c", str(REPO / "pyproject.toml"), "-p", "no:randomly",
         *args, str(tmp_path / "test_it.py")],
        cwd=tmp_path,
        env={**os.environ, "PYTEST_DEBUG_TEMPROOT": str(tmp_path / "temp")},
        capture_output=True,
        timeout=300,
    )  # fmt: skip
    return [path for path in (tmp_path / "temp").rglob("*") if path.is_file()]


KIT_FILES = (
    "import pytest\n"
    "@pytest.fixture(scope='session')\n"
    "def kit(tmp_path_factory):\n"
    "    return tmp_path_factory.mktemp('kit')\n"
    "@pytest.mark.parametrize('n', range(4))\n"
    "def test_a(kit, tmp_path, n):\n"
    "    (kit / f'{n}.pdf').write_bytes(b'kit')\n"
    "    (tmp_path / 'page.png').write_bytes(b'page')\n"
    "    assert RESULT\n"
)


def test_a_passing_run_removes_its_temporary_folders(tmp_path: Path) -> None:
    """Issue 37: a whole run left 1.7 GB in the system's temporary folder, three runs' worth."""
    assert run_with_settings(tmp_path, KIT_FILES.replace("RESULT", "True")) == []
    assert run_with_settings(tmp_path, KIT_FILES.replace("RESULT", "True"), "-n", "2") == []


def test_a_failing_run_keeps_its_temporary_folders_until_the_next(tmp_path: Path) -> None:
    kept = run_with_settings(tmp_path, KIT_FILES.replace("RESULT", "n != 3"))
    assert sorted(path.name for path in kept) == ["0.pdf", "1.pdf", "2.pdf", "3.pdf", "page.png"]
    again = run_with_settings(tmp_path, KIT_FILES.replace("RESULT", "n != 3"), "-n", "2")
    assert sorted(path.name for path in again) == sorted(path.name for path in kept)
    assert set(again).isdisjoint(kept)  # the earlier run's are gone
