"""Every file a command writes honours the umask, as any other program's files do: written
through a private temporary file, it is not left private (0600) under its final name."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.games import a_game, example_logs, games_with

REPO = Path(__file__).resolve().parents[2]
LOG = next(log for game in games_with(lambda g: g.engine) for log in example_logs(game))
GAME = a_game()


def playtest(cwd: Path, umask: str, *args: str) -> None:
    command = " ".join([sys.executable, "-m", "playtest.cli", *args])
    done = subprocess.run(
        ["sh", "-c", f"umask {umask} && {command}"],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def modes(folder: Path) -> dict[str, int]:
    return {
        str(p.relative_to(folder)): p.stat().st_mode & 0o777
        for p in folder.rglob("*")
        if p.is_file()
    }


def test_records_schemas_and_kits_follow_the_umask(tmp_path: Path) -> None:
    for umask, mode in (("027", 0o640), ("002", 0o664)):
        out = tmp_path / umask
        out.mkdir()
        playtest(out, umask, "schema", "--out", "schema.json")
        playtest(out, umask, "replay", str(LOG), "--until", "12", "--record", "r.yaml")
        playtest(out, umask, "build", GAME, "-q", "--out", "kit")
        written = modes(out)
        assert {"schema.json", "r.yaml", f"kit/{GAME}/{GAME}-kit.pdf"} <= set(written)
        assert any(name.endswith(".svg") for name in written)
        assert {name for name, m in written.items() if m != mode} == set(), umask
