"""Plugin packages for tests, installed as pip leaves a package (its module, and a `.dist-info`
folder with its METADATA, entry points and RECORD) in a folder of the test's own; a command
run with that folder on its PYTHONPATH finds their entry points through importlib.metadata,
as every installed package's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def install(site: Path, package: str, name: str, code: str, value: str = "GAME") -> None:
    """The package `package` (its module: its name with `_`), declaring the game `name` in
    the group `playtest.games` as `module:value`, installed into `site`."""
    module = package.replace("-", "_")
    site.mkdir(parents=True, exist_ok=True)
    (site / f"{module}.py").write_text(code)
    info = site / f"{module}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {package}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[playtest.games]\n{name} = {module}:{value}\n")
    (info / "RECORD").write_text(f"{module}.py,,\n{info.name}/METADATA,,\n")


def with_site(site: Path) -> dict[str, str]:
    """The environment of a command that has the packages of `site` installed."""
    return {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")]),
    }


def playtest(site: Path, cwd: Path, *args: object) -> subprocess.CompletedProcess:
    """`playtest ARGS` with the packages of `site` installed; never a traceback."""
    done = subprocess.run(
        [sys.executable, "-m", "playtest.cli", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=with_site(site),
        timeout=300,
        check=False,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done
