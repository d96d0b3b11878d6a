"""pyproject.toml's import-linter contracts (the folders are the layers) are checked by
`.ci/imports.py` on the installed layout, where import-linter sees every product module: the
editable install hides generator/, scorer/ and components/ from it (setuptools maps them with
an import hook import-linter does not follow)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.foundation.import_graph import REPO, folders, product_modules

IMPORTS = REPO / ".ci" / "imports.py"


def check_imports(tmp: Path, root: Path = REPO) -> subprocess.CompletedProcess[str]:
    """`.ci/imports.py` with its layout kept in `tmp/layout` (tests write only there)."""
    return subprocess.run(
        [sys.executable, str(IMPORTS), "--root", str(root), "--keep", str(tmp / "layout")],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.fixture(scope="module")
def checked(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Path, subprocess.CompletedProcess[str]]:
    tmp = tmp_path_factory.mktemp("imports")
    return tmp / "layout", check_imports(tmp)


def test_the_contract_sees_every_product_module(checked: tuple[Path, object]) -> None:
    """The graph import-linter builds over the layout holds every module of every folder
    setup.py maps into `playtest`: playtest.generator.kit.build and playtest.scorer.api too."""
    layout, _ = checked
    code = "import json, grimp; print(json.dumps(sorted(grimp.build_graph('playtest').modules)))"
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=layout,
        env={"PYTHONPATH": str(layout), "PATH": ""},
        capture_output=True,
        text=True,
        check=True,
    )
    seen = set(json.loads(done.stdout))
    assert seen == set(product_modules())
    assert {"playtest.generator.kit.build", "playtest.scorer.api", "playtest.components"} <= seen


def test_the_contract_holds(checked: tuple[Path, subprocess.CompletedProcess[str]]) -> None:
    _, done = checked
    assert done.returncode == 0, done.stdout + done.stderr
    contracts = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["importlinter"]
    names = [contract["name"] for contract in contracts["contracts"]]
    assert {"layers", "games"} <= {contract["id"] for contract in contracts["contracts"]}
    assert all(f"{name} KEPT" in done.stdout for name in names), done.stdout


def test_an_upward_import_breaks_it(tmp_path: Path) -> None:
    """A module of the lowest layer importing the CLI: the contract is broken, and its report
    names the import."""
    copy = tmp_path / "copy"
    for name in ("setup.py", "pyproject.toml"):
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO / name, copy / name)
    for folder in folders().values():
        for path in (REPO / folder).rglob("*.py"):
            target = copy / path.relative_to(REPO)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, target)
    planted = copy / "components" / "__init__.py"
    planted.write_text(planted.read_text() + "\nimport playtest.cli  # planted\n")
    done = check_imports(tmp_path, copy)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "playtest.components -> playtest.cli" in done.stdout
