"""Record files in and out of the log, in exactly the format `playtest score` reads, so an
exported game scores the same from the command line."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import yaml

from playtest.errors import InputError
from playtest.limits import MAX_RECORD_BYTES
from playtest.loader import Library
from playtest.log.entries import LoggedGame, new_game
from playtest.log.store import PlaytestLog
from playtest.scorer.api import record_files
from playtest.yamlsource import load_document


class _RecordDumper(yaml.SafeDumper):
    """Multi-line strings (a Harvest Dice garden) as `|` blocks, the way people type them."""


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_RecordDumper.add_representer(str, _str)


def record_yaml(entry: LoggedGame) -> str:
    """The record file of a logged game, headed by a comment naming what the log knows."""
    players = ", ".join(p["name"] for p in entry.players)
    head = (
        f"# {entry.game} played {entry.played_on} by {players}; "
        f"log #{entry.id}, kit {entry.kit_version}\n"
    )
    body = yaml.dump(
        entry.record,
        Dumper=_RecordDumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=None,
        width=100,
    )
    return head + body


def export_name(entry: LoggedGame) -> str:
    return f"{entry.played_on}-{entry.game}-{entry.id}.yaml"


def export_all(
    folder: Path, entries: Iterable[LoggedGame], write: Callable[[Path, bytes], Any]
) -> list[Path]:
    """One record file per game into `folder`, written with `write` (atomic)."""
    written = []
    for entry in entries:
        path = folder / export_name(entry)
        if path.exists():
            raise InputError.one(
                str(path), None, "", "exists; not replacing it (export into another folder)"
            )
        write(path, record_yaml(entry).encode("utf-8"))
        written.append(path)
    return written


def import_files(
    log: PlaytestLog, paths: Iterable[Path], library: Library, played_on: str | None = None
) -> list[int]:
    """Score and save every record file named (a folder: the records in it). Every file is
    read and scored before the first is saved: a bad file imports nothing."""
    entries = []
    for path in record_files(list(paths)).files:
        doc = load_document(path, max_bytes=MAX_RECORD_BYTES)
        entry, _ = new_game(
            doc, library, played_on=played_on or date_in_name(doc.path.name), source="import"
        )
        entries.append(entry)
    return [log.save(entry) for entry in entries]


def date_in_name(name: str) -> str | None:
    """An exported file's name starts with the date it was played."""
    match = re.match(r"(\d{4}-\d{2}-\d{2})-", name)
    return match.group(1) if match else None
