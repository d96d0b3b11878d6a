"""`simulate --out` follows build's rules (issue 26): never among the components, never over a
folder that is not a lab report, the report written whole through a staging folder. (A `--set`
value the loader refuses, shown at the user's own file and line: in a game's folder, as the
value is the game's own.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from playtest.core.output_folder import REPORT_MARKER
from tests.helpers import make_components
from tests.lab.helpers import GAME
from tests.lab.helpers import simulate as simulate_cli

REPORT = ["report.json", "metrics.csv", "games.csv", "report.html"]


def simulate(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return simulate_cli(cwd, GAME, "--players", "2", "--games", "4", "-q", *args)


def test_a_folder_of_the_users_is_never_written_over(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "report.html").write_text("my own notes\n")
    (mine / "games.csv").write_text("my,own\n")
    done = simulate(tmp_path, "--out", "mine")
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "playtest: --out: mine exists and is not a balance lab report; not replacing it"
    )
    assert (mine / "report.html").read_text() == "my own notes\n"
    assert sorted(p.name for p in mine.iterdir()) == ["games.csv", "report.html"]


def test_never_into_the_components(tmp_path: Path) -> None:
    root = make_components(tmp_path, GAME)
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    for out in (root / GAME, root / "reports", root):
        done = simulate(tmp_path, "--components", str(root), "--out", str(out))
        assert done.returncode == 2, out
        assert done.stderr.strip().startswith(f"playtest: --out: {out} would mix the report ")
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == before


def test_a_report_replaces_the_last_one_whole_and_is_marked(tmp_path: Path) -> None:
    assert simulate(tmp_path, "--out", "r").returncode == 0
    out = tmp_path / "r"
    assert sorted(p.name for p in out.iterdir()) == sorted([*REPORT, REPORT_MARKER])
    (out / "stale.txt").write_text("left by hand\n")
    done = simulate(tmp_path, "--out", "r", "--seed", "3")
    assert done.returncode == 0, done.stderr
    # the new report replaced the old folder whole; no staging folder is left beside it
    assert sorted(p.name for p in out.iterdir()) == sorted([*REPORT, REPORT_MARKER])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r"]


def test_report_files_honour_the_umask(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            "sh",
            "-c",
            f"umask 027 && {sys.executable} -m playtest.cli simulate {GAME} "
            "--players 2 --games 2 --workers 1 --no-log -q --out r",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ},
    )
    assert done.returncode == 0, done.stderr
    for name in REPORT:
        assert (tmp_path / "r" / name).stat().st_mode & 0o777 == 0o640, name
