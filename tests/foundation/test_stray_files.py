"""Issue 23: the guard against files a test run leaves outside its temporary folders (the
checkout and the folder pytest started in) fails the run and names the files."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests import stray_files
from tests.conftest import REPO


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


def run_pytest(folder: Path, test: str) -> subprocess.CompletedProcess:
    """A pytest run with this suite's conftest (and so its guard), started in `folder`."""
    (folder / "test_it.py").write_text(test)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "tests.conftest", "-p", "no:cacheprovider",
         "-p", "no:randomly", "test_it.py"],
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(REPO)},
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
