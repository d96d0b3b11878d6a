"""Issue 23: the wheel holds the whole source tree (every module, template, static file, font,
icon and YAML file, each where the installed package looks for it), and nothing else; the
sdist holds every file the wheel is made of."""

from __future__ import annotations

import ast
import tarfile
import zipfile
from pathlib import Path

from tests.games import game_ids
from tests.packaging.conftest import Dist


def folders(source: Path) -> dict[str, str]:
    """setup.py's FOLDERS: import package -> folder of the source tree."""
    for node in ast.parse((source / "setup.py").read_text()).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "FOLDERS":
            return dict(ast.literal_eval(node.value))
    raise AssertionError("setup.py: no FOLDERS mapping")


def shipped_files(source: Path) -> dict[str, str]:
    """Every file of the packages' folders -> where it lands in the wheel."""
    files = {}
    for package, folder in folders(source).items():
        top = source / folder
        for path in top.rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                inner = path.relative_to(top).as_posix()
                files[f"{folder}/{inner}"] = f"{package.replace('.', '/')}/{inner}"
    return files


def test_the_wheel_holds_exactly_the_source_tree(dist: Dist) -> None:
    with zipfile.ZipFile(dist.wheel) as wheel:
        names = {n for n in wheel.namelist() if ".dist-info/" not in n}
    expected = shipped_files(dist.source)
    missing = sorted(f for f, name in expected.items() if name not in names)
    assert not missing, f"not in the wheel: {missing[:20]}"
    extra = sorted(names - set(expected.values()))
    assert not extra, f"in the wheel but not in the source tree: {extra[:20]}"
    # the kinds of file a user's install needs, each seen at least once where it is looked for
    for needed in (
        "playtest/web/__init__.py",
        "playtest/web/templates/home.html",
        "playtest/web/static/style.css",
        "playtest/components/_shared/fonts/Lato-Regular.ttf",
        *(f"playtest/components/{game}/game.yaml" for game in game_ids()),
        "playtest/designer/starter/game.yaml",
        "playtest/py.typed",
    ):
        assert needed in names, needed
    assert any(n.startswith("playtest/components/") and n.endswith(".svg") for n in names)


def test_every_folder_of_python_files_is_a_package(dist: Dist) -> None:
    """A folder of modules without `__init__.py` is skipped by the build (issue 23: the web
    scorer was missing from every install)."""
    for folder in folders(dist.source).values():
        for module in (dist.source / folder).rglob("*.py"):
            assert (module.parent / "__init__.py").exists(), f"{module.parent}: no __init__.py"


def test_the_sdist_holds_what_the_wheel_is_made_of(dist: Dist) -> None:
    with tarfile.open(dist.sdist) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    missing = sorted(set(shipped_files(dist.source)) - names)
    assert not missing, f"not in the sdist: {missing[:20]}"
    for needed in ("setup.py", "pyproject.toml", "README.md"):
        assert needed in names
