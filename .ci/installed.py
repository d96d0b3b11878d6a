"""The installed layout of the package: `playtest` with generator/, scorer/ and components/
mapped into it (setup.py's FOLDERS), made of symbolic links in a folder. Tools that read the
code as installed (mypy: .ci/typecheck.py; import-linter: .ci/imports.py) cannot follow
setuptools' editable mapping, which hides every module outside playtest/ from them."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def folders(root: Path = ROOT) -> dict[str, str]:
    """setup.py's FOLDERS: import package -> folder of the repository."""
    for node in ast.parse((root / "setup.py").read_text()).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "FOLDERS":
            return dict(ast.literal_eval(node.value))
    raise SystemExit(f"{root / 'setup.py'}: no FOLDERS mapping")


def installed_layout(tmp: Path, mapping: dict[str, str], root: Path = ROOT) -> None:
    """`tmp/playtest/` holds links to playtest/'s own files and to the mapped folders."""
    top = next(package for package in mapping if "." not in package)
    (tmp / top).mkdir()
    for entry in (root / mapping[top]).iterdir():  # the top package's own files
        (tmp / top / entry.name).symlink_to(entry)
    for package, folder in mapping.items():
        if package != top:
            (tmp / Path(*package.split("."))).symlink_to(root / folder)
