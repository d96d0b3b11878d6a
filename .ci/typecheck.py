"""Type-check every package with mypy, as installed: `playtest` with generator/, scorer/ and
components/ mapped into it (setup.py's FOLDERS). mypy cannot follow setuptools' editable
mapping, so the installed layout is made of symbolic links in a temporary folder; problems
are reported with the repository's paths. Two passes: every package as configured in
pyproject.toml, then the packages of STRICT under `--strict` (the modules they import are
read, their problems not reported: each package is held to its own pass). Exit status: 0 when
both passes are clean, else mypy's."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from installed import ROOT, folders, installed_layout

# held to `mypy --strict`: the scorer and its games, the component model (issue 24), the
# ground floor (issue 39: the base of every schema came from playtest/model/) and the scoring
# language (issue 39)
STRICT = ("playtest.scorer", "playtest.model", "playtest.core", "playtest.expr")


def mypy(tmp: Path, flags: list[str], packages: list[str]) -> subprocess.CompletedProcess[str]:
    config = ["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp / ".cache")]
    targets = [arg for package in packages for arg in ("-p", package)]
    return subprocess.run(
        [sys.executable, "-m", "mypy", *config, *flags, *targets],
        cwd=tmp,
        capture_output=True,
        text=True,
        check=False,
    )


def main() -> int:
    mapping = folders()
    top = next(package for package in mapping if "." not in package)
    with tempfile.TemporaryDirectory(prefix="playtest-mypy-") as name:
        tmp = Path(name)
        installed_layout(tmp, mapping)
        runs = [
            mypy(tmp, [], [top]),
            mypy(tmp, ["--strict", "--follow-imports=silent"], list(STRICT)),
        ]
    out = "".join(done.stdout + done.stderr for done in runs)
    for package, folder in sorted(mapping.items(), key=lambda item: -len(item[0])):
        out = out.replace(package.replace(".", "/") + "/", folder + "/")
    print(out, end="")
    return next((done.returncode for done in runs if done.returncode), 0)


if __name__ == "__main__":
    sys.exit(main())
