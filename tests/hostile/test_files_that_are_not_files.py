"""Only regular files are read, each with a bound counted while reading: a FIFO, a device or a
link out of the components folder is one located error, at once, in little memory."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import httpx
import pytest

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
    from playtest.core.errors import InputError
    from playtest.core.input_files import read_bounded

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


# A game folder holding a FIFO or a link to /dev/zero named *.yaml: the commands that list the
# games a record may name (`score`, `check`, serve's home page) looked into every game folder
# with an unbounded, blocking read (issue 38)
SCORED = a_game()


def _games_with_a_bad_file(tmp_path: Path, folder: str, plant: str) -> Path:
    root = make_components(tmp_path, SCORED)
    bad = root / folder / "notes.yaml"
    if plant == "fifo":
        os.mkfifo(bad)
    else:
        bad.symlink_to("/dev/zero")
    return root


@pytest.mark.parametrize("plant", ["fifo", "dev-zero"])
@pytest.mark.parametrize("command", ["score", "check"])
def test_a_bad_file_in_another_game_folder_leaves_score_and_check_working(
    tmp_path: Path, command: str, plant: str
) -> None:
    root = _games_with_a_bad_file(tmp_path, "mini-game", plant)
    run = run_fresh(command, EXAMPLE, "--components", root, cwd=tmp_path, timeout=30)
    assert run.within_bounds(), run
    assert run.returncode in (0, 1) and run.stderr == "", run  # answered (1: `check` found faults)
    assert run.stdout


def test_a_fifo_in_the_records_own_game_folder_is_one_located_line(tmp_path: Path) -> None:
    root = _games_with_a_bad_file(tmp_path, SCORED, "fifo")
    run = run_fresh("score", EXAMPLE, "--components", root, cwd=tmp_path, timeout=30)
    assert run.returncode == 2 and run.within_bounds(), run
    assert run.stderr == (
        f"components/{SCORED}/notes.yaml: not a regular file (a FIFO); only plain files are read\n"
    )


def test_serves_home_page_answers_beside_a_fifo_in_a_game_folder(tmp_path: Path) -> None:
    from tests.web.conftest import start_server, stop_server

    root = _games_with_a_bad_file(tmp_path, "mini-game", "fifo")
    server = start_server(tmp_path / "playtest.db", "--components", str(root))  # 200, or raises
    try:
        with httpx.Client(base_url=server.url, timeout=10) as client:
            home = client.get("/")
        assert home.status_code == 200
        assert f'href="/new/{SCORED}"' in home.text
    finally:
        stop_server(server.process)


def test_a_fifo_in_a_game_folder_copied_for_a_lab_run_is_one_line(tmp_path: Path) -> None:
    """`simulate --set` plays a copy of the game's folder: the copy reads as the loader does."""
    game = a_game(lambda g: g.engine)
    root = make_components(tmp_path, game)
    os.mkfifo(root / game / "notes.yaml")
    run = run_fresh(
        "simulate", game, "--players", "2", "--games", "1", "--no-log", "--out", "report",
        "--set", "rules.anything=1", "--components", root, cwd=tmp_path, timeout=30,
    )  # fmt: skip
    assert run.returncode == 2 and run.within_bounds(), run
    assert run.stderr == (
        f"components/{game}/notes.yaml: not a regular file (a FIFO); only plain files are read\n"
    )


def test_a_fifo_under_a_game_folder_is_one_line_when_a_score_is_logged(tmp_path: Path) -> None:
    """The playtest log names the game's version by a digest of its YAML files, subfolders
    included: it reads them as every input is read."""
    root = make_components(tmp_path, SCORED)
    (root / SCORED / "records").mkdir()
    os.mkfifo(root / SCORED / "records" / "notes.yaml")
    run = run_fresh(
        "score", EXAMPLE, "--log", "--db", "log.db", "--components", root, cwd=tmp_path, timeout=30
    )
    assert run.returncode == 2 and run.within_bounds(), run
    assert run.stderr == (
        f"components/{SCORED}/records/notes.yaml: not a regular file (a FIFO); only plain files "
        "are read\n"
    )


def test_a_playtest_log_that_is_a_fifo_is_one_line(tmp_path: Path) -> None:
    """SQLite opens the log itself (never blocking on a FIFO): one line, exit 2."""
    os.mkfifo(tmp_path / "log.db")
    run = run_fresh("score", EXAMPLE, "--log", "--db", "log.db", cwd=tmp_path, timeout=30)
    assert run.returncode == 2 and run.within_bounds(), run
    assert run.stderr.startswith("log.db: cannot open the playtest log (")
    assert run.stderr.count("\n") == 1
