"""Every file a command is told to write (`--record`, `--out`, an export) follows one rule
(playtest/core/output_files.py, issue 38 point 3): never over an input of the same command, never
into a components folder, never over anything but a regular file, always through a temporary
file and a rename. A refusal is one line naming the file and the option, exit 2, before any
work, and the file that was there is as it was."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from tests.games import a_game, example_logs, example_records
from tests.helpers import make_components
from tests.hostile.fresh import run_fresh
from tests.scan.corpus import sheet_photo

REPLAYED = a_game(lambda g: g.engine)
LOG = example_logs(REPLAYED)[0]


def _photos(tmp_path: Path) -> list[str]:
    """Two photos of a registered game's filled scan-ready sheet, which `scan` reads."""
    from tests.scan.conftest import SHEETS

    names = []
    for n in (1, 2):
        (tmp_path / f"sheet-{n}.jpg").write_bytes(sheet_photo(SHEETS[0], n, (1.0, 1.5)).jpeg)
        names.append(f"sheet-{n}.jpg")
    return names


def test_scan_never_writes_its_record_over_one_of_its_photos(tmp_path: Path) -> None:
    first, second = _photos(tmp_path)
    before = (tmp_path / first).read_bytes()
    run = run_fresh("scan", first, second, "--record", first, cwd=tmp_path)
    assert run.returncode == 2, run
    assert run.stderr == (
        f"{first}: --record: is {first}, an input of this command; not writing over it\n"
    )
    assert (tmp_path / first).read_bytes() == before


def test_replay_never_writes_a_record_into_the_components_folder(tmp_path: Path) -> None:
    root = make_components(tmp_path, REPLAYED)
    game_file = root / REPLAYED / "game.yaml"
    before = game_file.read_bytes()
    run = run_fresh(
        "replay", LOG, "--record", game_file, "--components", root, cwd=tmp_path, timeout=60
    )
    assert run.returncode == 2, run
    assert run.stderr == (
        f"components/{REPLAYED}/game.yaml: --record: is inside the components folder "
        "components; a command never writes there (write it elsewhere)\n"
    )
    assert game_file.read_bytes() == before


@pytest.mark.parametrize("command", ["replay", "scan"])
def test_a_record_is_never_written_over_a_fifo(tmp_path: Path, command: str) -> None:
    os.mkfifo(tmp_path / "round.yaml")
    args = [LOG] if command == "replay" else _photos(tmp_path)
    run = run_fresh(command, *args, "--record", "round.yaml", cwd=tmp_path, timeout=60)
    assert run.returncode == 2, run
    assert run.stderr == "round.yaml: --record: is a FIFO; not writing over it\n"
    assert stat.S_ISFIFO(os.lstat(tmp_path / "round.yaml").st_mode)


def test_a_record_is_never_written_over_a_device(tmp_path: Path) -> None:
    """As root, `--record /dev/null` replaced the null device with a file."""
    node = tmp_path / "null"
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("making a device node needs root (or CAP_MKNOD)")
    run = run_fresh("replay", LOG, "--record", "null", cwd=tmp_path, timeout=60)
    assert run.returncode == 2, run
    assert run.stderr == ("null: --record: is a character device; not writing over it\n")
    assert stat.S_ISCHR(os.lstat(node).st_mode)


def test_an_export_never_goes_into_the_components_folder(tmp_path: Path) -> None:
    root = make_components(tmp_path, REPLAYED)
    scored = a_game()
    logged = run_fresh(
        "score", example_records(scored)[0], "--log", "--db", "log.db", cwd=tmp_path, timeout=60
    )
    assert logged.returncode == 0, logged
    before = sorted(p.name for p in (root / REPLAYED).iterdir())
    run = run_fresh(
        "log", "export", "--out", root / REPLAYED, "--db", "log.db", cwd=tmp_path, timeout=60
    )
    assert run.returncode == 2, run
    assert run.stderr == (
        f"components/{REPLAYED}: --out: is inside the components folder components; a command "
        "never writes there (write it elsewhere)\n"
    )
    assert sorted(p.name for p in (root / REPLAYED).iterdir()) == before


def test_a_schema_is_never_written_into_the_components_folder(tmp_path: Path) -> None:
    root = make_components(tmp_path)
    run = run_fresh("schema", "--out", root / "components.schema.json", cwd=tmp_path)
    assert run.returncode == 2, run
    assert "components.schema.json: --out: is inside the components folder components" in (
        run.stderr
    )
    assert not (root / "components.schema.json").exists()
