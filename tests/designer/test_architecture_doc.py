"""Issue 23: docs/architecture.md names only what exists: every path (a `<game>` or other
`<placeholder>` stands for any name), every dotted module and every `playtest` command in it."""

from __future__ import annotations

import importlib
import importlib.util
import os
import re
from functools import cache

import click
import pytest

from playtest.cli import main
from tests.conftest import REPO

DOC = (REPO / "docs" / "architecture.md").read_text()
PYPROJECT = (REPO / "pyproject.toml").read_text()
CODE = re.findall(r"`([^`\n]+)`", DOC) + [
    line for block in re.findall(r"```python\n(.*?)```", DOC, re.S) for line in block.split("\n")
]
PATH = re.compile(r"^[\w.<>-]+(?:/[\w.<>*-]*)+$|^[\w<>-]+\.(?:py|yaml|md|sha256|toml)$")
MODULE = re.compile(r"\b(playtest(?:\.\w+)+)\b")


def named_paths() -> list[str]:
    found = set()
    for code in CODE:
        for word in code.split():
            word = word.strip("(),;:")
            if PATH.match(word) and not word.startswith(("http", "output/")):
                found.add(word)
    return sorted(found)


def named_modules() -> list[str]:
    return sorted({m for code in CODE for m in MODULE.findall(code)})


def test_the_doc_names_paths_modules_and_commands() -> None:
    assert len(named_paths()) > 20 and len(named_modules()) > 3


@cache
def file_names() -> set[str]:
    """The names of the repository's files (not its environments)."""
    names = set()
    for _folder, subfolders, files in os.walk(REPO):
        subfolders[:] = [s for s in subfolders if s not in (".git", ".venv", "output")]
        names.update(files)
    return names


@pytest.mark.parametrize("path", named_paths())
def test_every_path_it_names_exists(path: str) -> None:
    if "/" not in path:  # a module of every game package, such as `checks.py`
        assert path in file_names(), path
        return
    pattern = re.sub(r"<[^>]+>", "*", path.rstrip("/"))
    assert list(REPO.glob(pattern)), path


@pytest.mark.parametrize("module", named_modules())
def test_every_module_it_names_imports(module: str) -> None:
    if f'[project.entry-points."{module}"]' in PYPROJECT:  # a group of entry points
        return
    try:
        found = importlib.util.find_spec(module)
    except ModuleNotFoundError:
        found = None
    if found is None:  # `playtest.scorer.api.evaluate_file`: a name in a module
        parent, _, name = module.rpartition(".")
        found = importlib.util.find_spec(parent)
        assert found is not None, module
        assert hasattr(importlib.import_module(parent), name), module


def test_every_command_it_names_exists_with_its_options() -> None:
    named = re.findall(r"`playtest ([^`]*)`", DOC)
    assert named
    for line in named:
        words = line.split()
        command: click.Command = main
        while isinstance(command, click.Group) and words and words[0] in command.commands:
            command = command.commands[words.pop(0)]
        assert command is not main, line
        known = {opt for param in command.params for opt in param.opts}
        for option in re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", " ".join(words)):
            assert option in known, (line, option)
