"""Check pyproject.toml's import-linter contracts on the installed layout: `playtest` with
generator/, scorer/ and components/ mapped into it (setup.py's FOLDERS). Run from the checkout,
import-linter finds `playtest` through the editable install, whose mapping it cannot follow:
every module of generator/, scorer/ and components/ would be missing from its graph.

    .venv/bin/python .ci/imports.py               # the checkout's contracts, as CI runs them
    .venv/bin/python .ci/imports.py --root DIR    # another checkout's (a test plants an import)
    .venv/bin/python .ci/imports.py --keep DIR    # build the layout in DIR and keep it

Exit status: import-linter's (0 when every contract is kept)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from installed import ROOT, folders, installed_layout


def lint_imports(layout: Path, root: Path) -> int:
    script = Path(sys.executable).with_name("lint-imports")  # import-linter has no `python -m`
    if not script.exists():
        print(f"{script} is missing: install the test extra (README, Quick start)")
        return 2
    done = subprocess.run(
        [str(script), str(root / "pyproject.toml"), "--no-cache", "--no-logo"],
        cwd=layout,
        env={**os.environ, "PYTHONPATH": str(layout)},
        capture_output=True,
        text=True,
        check=False,
    )
    print(done.stdout + done.stderr, end="")
    return done.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to check")
    parser.add_argument("--keep", type=Path, help="an empty folder to build the layout in")
    args = parser.parse_args()
    root = args.root.resolve()
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
        installed_layout(args.keep, folders(root), root)
        return lint_imports(args.keep, root)
    with tempfile.TemporaryDirectory(prefix="playtest-imports-") as name:
        installed_layout(Path(name), folders(root), root)
        return lint_imports(Path(name), root)


if __name__ == "__main__":
    sys.exit(main())
