"""A kit that cannot be written (a read-only --out, a full disk) or components that cannot be
read (an unreadable game folder) are one clear line and exit 2, never a traceback, and the
previous kit stays whole."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from tests.helpers import make_components
from tests.hostile.fresh import run_fresh


def _digests(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _first_kit(tmp_path: Path) -> Path:
    make_components(tmp_path)
    run = run_fresh("build", "--components", "components", "-q", cwd=tmp_path)
    assert run.returncode == 0, run
    return tmp_path / "output" / "mini-game"


def test_a_read_only_out_is_one_line_and_the_kit_stays(tmp_path: Path) -> None:
    kit = _first_kit(tmp_path)
    before = _digests(kit)
    out = tmp_path / "output"
    out.chmod(0o555)
    try:
        run = run_fresh("build", "--components", "components", "-q", cwd=tmp_path, as_user=True)
    finally:
        out.chmod(0o755)
    assert run.returncode == 2, run
    assert run.stderr == (
        f"playtest: --out: cannot write output/.mini-game.partial-"
        f"{run.stderr.split('partial-')[1].split()[0]} (Permission denied)\n"
    )
    assert _digests(kit) == before
    assert sorted(p.name for p in out.iterdir()) == ["mini-game"]


def test_a_full_disk_is_one_line_and_the_kit_stays(tmp_path: Path) -> None:
    kit = _first_kit(tmp_path)
    before = _digests(kit)
    # a file may grow to 20 kB and no further: the PDF runs out of room half-way
    # (other pages than the first kit's: the PDF is written, not linked from that kit)
    run = run_fresh(
        "build",
        "--components",
        "components",
        "-q",
        "--no-crop-marks",
        cwd=tmp_path,
        file_size_limit=20_000,
    )
    assert run.returncode == 2, run
    assert (
        run.stderr.startswith("playtest: --out: cannot write output/")
        and run.stderr.endswith("(File too large)\n")
        and run.stderr.count("\n") == 1
    ), run
    assert _digests(kit) == before
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == ["mini-game"]


def test_an_unreadable_game_folder_is_one_line(tmp_path: Path) -> None:
    root = make_components(tmp_path)
    game = root / "mini-game"
    game.chmod(0o000)
    try:
        run = run_fresh("list", "--components", "components", cwd=tmp_path, as_user=True)
    finally:
        game.chmod(0o755)
    assert run.returncode == 2, run
    assert run.stderr == "components/mini-game: cannot read folder (Permission denied)\n", (
        run.stderr
    )


def test_an_unreadable_component_file_is_one_line(tmp_path: Path) -> None:
    root = make_components(tmp_path)
    cards = root / "mini-game" / "cards.yaml"
    os.chmod(cards, 0o000)
    run = run_fresh("build", "--components", "components", "-q", cwd=tmp_path, as_user=True)
    assert run.returncode == 2, run
    assert (
        run.stderr == "components/mini-game/cards.yaml: cannot read file (Permission denied)\n"
    ), run.stderr
    assert not (tmp_path / "output").exists()
