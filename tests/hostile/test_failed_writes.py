"""A kit that cannot be written (a read-only --out, a full disk) or components that cannot be
read (an unreadable game folder) are one clear line and exit 2, never a traceback, and the
previous kit stays whole."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.games import a_game, example_logs, example_records
from tests.helpers import make_components
from tests.hostile.fresh import run_fresh

EXAMPLES = REPO / "examples"
GAME = a_game(lambda g: g.engine)  # a game with example game logs to replay


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


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (
            ["replay", "--record", "{out}", "{log}"],
            "--record",
        ),
        (["log", "export", "--out", "{out}", "--db", "{db}"], "--out"),
        (["schema", "--out", "{out}"], "--out"),
    ],
)
def test_a_file_in_the_way_of_a_named_output_is_one_line(
    args: list[str], option: str, tmp_path: Path, run_cli
) -> None:
    """A file or folder the user names (`--record`, `--out`) whose folder is a file: one line
    naming it and the option, exit 2 (it was a traceback for replay, log export and scan)."""
    (tmp_path / "notes").write_text("mine\n")
    db = tmp_path / "log.db"
    logged = run_cli("score", example_records(GAME)[0], "--log", "--db", db)
    assert logged.exit_code == 0
    out = tmp_path / "notes" / "out.json"  # a schema is never written to a .yaml file
    shown = {"out": out, "log": example_logs(GAME)[0], "db": db}
    result = run_cli(*(a.format(**shown) for a in args))
    assert result.exit_code == 2
    folder = out if args[0] == "log" else out.parent  # export names a folder, the others a file
    assert result.output == f"{folder}: {option}: cannot make this folder: a file is in the way\n"
    assert (tmp_path / "notes").read_text() == "mine\n"


def test_a_named_output_in_a_new_folder_is_written(tmp_path: Path, run_cli) -> None:
    out = tmp_path / "new" / "folder" / "round.yaml"
    log = example_logs(GAME)[0]
    assert run_cli("replay", "--until", "12", "--record", out, log).exit_code == 0
    assert out.read_text().startswith(f"game: {GAME}\n")
