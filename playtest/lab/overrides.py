"""`--set rules.path=value`: a run of a game with some YAML values changed.

The change is made in a private copy of the game's folder and loaded by the ordinary loader, so
a changed value is validated (and reported at its file and line) exactly like a typed one,
and every number that depends on it (counts read from the rules, printed texts) follows.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import yaml

from playtest import components
from playtest.core.errors import InputError
from playtest.core.input_files import check_inside, display_path, read_bounded
from playtest.core.limits import MAX_COMPONENT_BYTES, MAX_FONT_BYTES
from playtest.core.yamlsource import parse_document


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
    if not value.strip():
        return keys, ""
    try:  # read as any YAML file is, within the same bounds (depth, values, numbers)
        parsed = parse_document(value.encode(), Path("--set"), "--set").data
    except InputError as exc:
        problem = exc.problems[0]
        if problem.message.startswith(("invalid", "not UTF-8", "NUL byte")):
            return keys, value  # not YAML: text, as typed (the loader says if it may not be)
        shown = item if len(item) <= 40 else f"{item[:36]}..."
        raise InputError.one("playtest", None, "--set", f"{shown!r}: {problem.message}") from None
    return keys, parsed


@contextmanager
def changed_copy(root: Path | None, game_id: str, sets: Sequence[str]) -> Iterator[Path]:
    """`changed_components` in a temporary folder, removed when the block is left (whatever
    ends it): a forked process ends with `os._exit` and a killed one at once, running no exit
    handler, so removing it at exit left copies of the game in the user's temp folder."""
    with tempfile.TemporaryDirectory(prefix="playtest-lab-") as folder:
        yield changed_components(root, game_id, sets, Path(folder))


def changed_components(root: Path | None, game_id: str, sets: Sequence[str], into: Path) -> Path:
    """`into`, made a components folder holding `_shared/` and the game with `sets` applied."""
    source = root or components.ROOT

    def copy(src: str, dst: str) -> None:  # as the loader reads: a regular file, bounded
        check_inside(Path(src), source)
        Path(dst).write_bytes(read_bounded(Path(src), MAX_FONT_BYTES))  # the largest input

    for folder in ("_shared", game_id):
        shutil.copytree(source / folder, into / folder, dirs_exist_ok=True, copy_function=copy)
    for item in sets:
        keys, value = parse_set(item)
        _set_in_folder(into / game_id, keys, value, item)
    return into


def _set_in_folder(folder: Path, keys: list[str], value: Any, item: str) -> None:
    for path in sorted(folder.glob("*.yaml")):
        text = read_bounded(path, MAX_COMPONENT_BYTES).decode("utf-8")
        data = yaml.safe_load(text)
        if isinstance(data, dict) and keys[0] in data:
            _set(data, keys, value, item)  # every key checked, with the message people read
            path.write_text(_replaced(text, keys, value), encoding="utf-8")
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


def _replaced(text: str, keys: list[str], value: Any) -> str:
    """`text` with the value at `keys` written over in place: every other line stays where it
    was, so a problem the loader finds is at the line of the user's own file."""
    node: Any = yaml.compose(text)  # a mapping: `_set` found every key in the data
    for key in keys:
        if isinstance(node, yaml.MappingNode):
            node = next(v for k, v in node.value if k.value == key)
        else:
            node = node.value[int(key)]
    start, end = node.start_mark.index, node.end_mark.index
    old = text[start:end].rstrip()
    return text[:start] + _flow(value) + "\n" * old.count("\n") + text[start + len(old) :]


def _flow(value: Any) -> str:
    """A value as YAML on one line."""
    try:
        return json.dumps(value, allow_nan=False)
    except (TypeError, ValueError):
        dumped = yaml.safe_dump(value, default_flow_style=True, width=1_000_000)
        return dumped.removesuffix("\n").removesuffix("\n...")


def moved_back(exc: InputError, changed: Path, source: Path) -> InputError:
    """Problems found in the changed copy, shown at the user's own files (same lines)."""
    copy, own = display_path(changed) + os.sep, display_path(source) + os.sep
    return InputError(
        replace(p, file=own + p.file[len(copy) :], message=f"{p.message} (with --set)")
        if p.file.startswith(copy)
        else p
        for p in exc.problems
    )
