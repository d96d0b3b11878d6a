"""The game data ships inside the package: a plain (not editable) install holds every YAML,
icon and font, and the installed `playtest` finds the four games from any folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_a_plain_install_carries_the_components(tmp_path: Path) -> None:
    target = tmp_path / "site"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--target",
            str(target),
            str(REPO),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    shipped = {
        str(p.relative_to(target / "playtest" / "components"))
        for p in (target / "playtest" / "components").rglob("*")
        if p.is_file()
    }
    source = {
        str(p.relative_to(REPO / "components"))
        for p in (REPO / "components").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert source <= shipped, sorted(source - shipped)[:10]
    assert "_shared/fonts/Lato-Regular.ttf" in shipped
    # run from an empty folder, with nothing of the checkout on the path
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target)}
    listed = subprocess.run(
        [sys.executable, "-c", "from playtest.cli import main; main()", "list"],
        capture_output=True,
        text=True,
        cwd=elsewhere,
        env=env,
        timeout=120,
        check=False,
    )
    assert listed.returncode == 0, listed.stderr
    for game in ("harvest-dice", "village-green", "dice-town", "abandon-all-artichokes"):
        assert f"{game}: " in listed.stdout
    assert (
        str(target)
        in subprocess.run(
            [sys.executable, "-c", "from playtest import components; print(components.ROOT)"],
            capture_output=True,
            text=True,
            cwd=elsewhere,
            env=env,
            check=True,
        ).stdout
    )
