"""Type-check every package with mypy, as installed: `playtest` with generator/, scorer/ and
components/ mapped into it (setup.py's FOLDERS). mypy cannot follow setuptools' editable
mapping, so the installed layout is made of symbolic links in a temporary folder; problems
are reported with the repository's paths. Exit status: mypy's."""

from __future__ import annotations

import ast
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def folders() -> dict[str, str]:
    """setup.py's FOLDERS: import package -> folder of the repository."""
    for node in ast.parse((ROOT / "setup.py").read_text()).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "FOLDERS":
            return dict(ast.literal_eval(node.value))
    raise SystemExit("setup.py: no FOLDERS mapping")


def installed_layout(tmp: Path, mapping: dict[str, str]) -> None:
    top = next(package for package in mapping if "." not in package)
    (tmp / top).mkdir()
    for entry in (ROOT / mapping[top]).iterdir():  # the top package's own files
        (tmp / top / entry.name).symlink_to(entry)
    for package, folder in mapping.items():
        if package != top:
            (tmp / Path(*package.split("."))).symlink_to(ROOT / folder)


def main() -> int:
    mapping = folders()
    top = next(package for package in mapping if "." not in package)
    with tempfile.TemporaryDirectory(prefix="playtest-mypy-") as name:
        tmp = Path(name)
        installed_layout(tmp, mapping)
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "mypy",
                "--config-file",
                str(ROOT / "pyproject.toml"),
                "--cache-dir",
                str(tmp / ".cache"),
                "-p",
                top,
            ],
            cwd=tmp,
            capture_output=True,
            text=True,
            check=False,
        )
    out = done.stdout + done.stderr
    for package, folder in sorted(mapping.items(), key=lambda item: -len(item[0])):
        out = out.replace(package.replace(".", "/") + "/", folder + "/")
    print(out, end="")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
