"""Only regular files are read, each with a bound counted while reading: a FIFO, a device or a
link out of the components folder is one located error, at once, in little memory."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from tests.games import a_game, example_records
from tests.helpers import make_components
from tests.hostile.fresh import run_fresh

EXAMPLE = example_records(a_game())[0]


def test_a_record_that_is_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "r.yaml")
    run = run_fresh("score", "r.yaml", cwd=tmp_path)
    assert run.returncode == 2 and run.within_bounds(), run
    assert run.stderr == "r.yaml: not a regular file (a FIFO); only plain files are read\n"


def test_a_fifo_in_a_folder_of_records_is_refused_at_once(tmp_path: Path) -> None:
    records = tmp_path / "records"
    records.mkdir()
    shutil.copy(EXAMPLE, records / "a.yaml")
    os.mkfifo(records / "b.yaml")
    run = run_fresh("check", "records", cwd=tmp_path)
    assert run.returncode == 2 and run.within_bounds(), run
    assert run.stderr.startswith("records/b.yaml: not a regular file (a FIFO)")


def test_a_record_linked_to_dev_zero_is_refused_in_little_memory(tmp_path: Path) -> None:
    (tmp_path / "r.yaml").symlink_to("/dev/zero")
    run = run_fresh("score", "r.yaml", cwd=tmp_path)
    assert run.returncode == 2 and run.within_bounds(), run
    assert "not a regular file (a character device)" in run.stderr


def test_an_endless_regular_file_is_bounded_while_reading(tmp_path: Path) -> None:
    # /proc files say they hold 0 bytes; only a bound counted while reading stops them
    from playtest.errors import InputError
    from playtest.safe_files import read_bounded

    try:
        read_bounded(Path("/proc/self/maps"), 10)
    except InputError as exc:
        assert "more than the 10 bytes allowed (it grew while being read)" in str(exc)
    else:
        raise AssertionError("a file larger than the bound was read")


def test_a_component_file_that_is_a_fifo_is_refused(tmp_path: Path) -> None:
    root = make_components(tmp_path)
    os.mkfifo(root / "mini-game" / "more.yaml")
    run = run_fresh("build", "--components", root, "-q", cwd=tmp_path)
    assert run.returncode == 2 and run.within_bounds(), run
    assert run.stderr == (
        "components/mini-game/more.yaml: not a regular file (a FIFO); only plain files are read\n"
    )


def test_an_icon_that_is_a_fifo_is_refused(tmp_path: Path) -> None:
    root = make_components(tmp_path)
    icon = root / "mini-game" / "icons" / "leaf.svg"
    icon.unlink()
    os.mkfifo(icon)
    run = run_fresh("build", "--components", root, "-q", "--format", "svg", cwd=tmp_path)
    assert run.returncode == 2 and run.within_bounds(), run
    assert (
        "components/mini-game/icons/leaf.svg: not a regular file (a FIFO); only plain "
        "files are read" in run.stderr
    )


def test_a_font_linked_to_dev_zero_is_refused_in_little_memory(tmp_path: Path) -> None:
    root = make_components(tmp_path)
    fonts = root / "mini-game" / "fonts"
    fonts.mkdir()
    (fonts / "Lato-Regular.ttf").symlink_to("/dev/zero")
    run = run_fresh("build", "--components", root, "-q", "--allow-outside", cwd=tmp_path)
    assert run.returncode == 2 and run.within_bounds(), run
    assert "is a link to a file outside components" in run.stderr


def test_a_link_out_of_the_components_folder_is_refused_unread(tmp_path: Path) -> None:
    root = make_components(tmp_path)
    secret = tmp_path / "secret.yaml"
    secret.write_text("root:x:0:0:secret first bytes\n")
    (root / "mini-game" / "stolen.yaml").symlink_to(secret)
    run = run_fresh("list", "--components", root, cwd=tmp_path)
    assert run.returncode == 2
    assert run.stderr == (
        "components/mini-game/stolen.yaml: is a link to a file outside "
        "components; refusing to read it\n"
    )
    assert "secret" not in run.stderr and "root:x" not in run.stderr
