"""`--set rules.path=value`: a run of a game with some YAML values changed.

The change is made in a private copy of the game's folder and loaded by the ordinary loader, so
a changed value is validated (and reported at its file and line) exactly like a typed one,
and every number that depends on it (counts read from the rules, printed texts) follows.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from playtest import components
from playtest.errors import InputError


def parse_set(item: str) -> tuple[list[str], Any]:
    """`rules.pig.row_points.0=3` -> (["rules", "pig", "row_points", "0"], 3)."""
    path, sep, value = item.partition("=")
    keys = [k for k in path.strip().split(".") if k]
    if not sep or len(keys) < 2:
        raise InputError.one(
            "playtest",
            None,
            "--set",
            f"{item!r}: expected KEY.PATH=VALUE, e.g. rules.pig.row_points.0=3",
        )
    try:
        parsed = yaml.safe_load(value) if value.strip() else ""
    except yaml.YAMLError:
        parsed = value
    return keys, parsed


def changed_components(
    root: Path | None, game_id: str, sets: Sequence[str], into: Path | None = None
) -> Path:
    """A components folder holding `_shared/` and the game with `sets` applied."""
    source = root or components.ROOT
    target = into or Path(tempfile.mkdtemp(prefix="playtest-lab-"))
    shutil.copytree(source / "_shared", target / "_shared", dirs_exist_ok=True)
    shutil.copytree(source / game_id, target / game_id, dirs_exist_ok=True)
    for item in sets:
        keys, value = parse_set(item)
        _set_in_folder(target / game_id, keys, value, item)
    return target


def _set_in_folder(folder: Path, keys: list[str], value: Any, item: str) -> None:
    for path in sorted(folder.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and keys[0] in data:
            data = _set(data, keys, value, item)
            path.write_text(
                yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8"
            )
            return
    raise InputError.one(
        "playtest", None, "--set", f"{item!r}: no file of {folder.name} has a top-level {keys[0]!r}"
    )


def _set(data: Any, keys: list[str], value: Any, item: str) -> Any:
    node = data
    for depth, key in enumerate(keys):
        last = depth == len(keys) - 1
        where = ".".join(keys[:depth]) or "the file"
        if isinstance(node, dict):
            if key not in node:
                known = ", ".join(map(str, node)) or "nothing"
                raise InputError.one(
                    "playtest", None, "--set", f"{item!r}: no {key!r} in {where} (it has: {known})"
                )
            if last:
                node[key] = value
            else:
                node = node[key]
        elif (
            isinstance(node, list)
            and key.lstrip("-").isdigit()
            and -len(node) <= int(key) < len(node)
        ):
            if last:
                node[int(key)] = value
            else:
                node = node[int(key)]
        else:
            raise InputError.one(
                "playtest", None, "--set", f"{item!r}: {where} has no item {key!r}"
            )
    return data
