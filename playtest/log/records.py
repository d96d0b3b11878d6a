"""Record files in and out of the log, in exactly the format `playtest score` reads, so an
exported game scores the same from the command line."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from playtest.core.control_chars import escape_controls
from playtest.core.errors import InputError
from playtest.core.input_files import display_path, read_bounded
from playtest.core.limits import MAX_RECORD_BYTES
from playtest.core.yamlsource import parse_document
from playtest.library.loader import Library
from playtest.log.entries import LoggedGame, NewGame, new_game
from playtest.log.store import PlaytestLog
from playtest.log.values import KIT_VERSION, SOURCES, UID, real_date, start_seat_problem
from playtest.scorer.api import record_files


class _RecordDumper(yaml.SafeDumper):
    """Multi-line strings (a garden of rows of text) as `|` blocks, the way people type them."""


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_RecordDumper.add_representer(str, _str)


SHOWN_IDS = 20  # a summary names the new games' ids up to this many
IDENTITY = "# playtest-log: "  # the line of an exported file that says what the log knows


@dataclass(frozen=True)
class ImportReport:
    imported: list[int]  # ids of the games added
    already: list[int]  # ids of the games that were in the log before (each once)

    def summary(self) -> str:
        text = f"{len(self.imported)} imported, {len(self.already)} already in the log"
        if not self.imported or len(self.imported) > SHOWN_IDS:
            return text
        return text + ": " + ", ".join(f"#{i}" for i in self.imported)


def record_yaml(entry: LoggedGame) -> str:
    """The record file of a logged game: a comment for people, the identity line (everything
    the log knows that the record does not say), then the record as `playtest score` reads
    it. Importing it gives the same game; exporting that gives the same bytes."""
    players = escape_controls(", ".join(p["name"] for p in entry.players))
    head = (
        f"# {entry.game} played {entry.played_on} by {players}; kit {entry.kit_version}\n"
        + IDENTITY
        + json.dumps(  # one line, ASCII: a comment can hold nothing else
            {
                "id": entry.uid,
                "played_on": entry.played_on,
                "start_seat": entry.start_seat,
                "source": entry.source,
                "kit_version": entry.kit_version,
            }
        )
        + "\n"
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
    """Built only from checked values (a real date, a game id, a number): no `/`, no `..`."""
    return f"{entry.played_on}-{entry.game}-{entry.id}.yaml"


def export_all(
    folder: Path, entries: Iterable[LoggedGame], write: Callable[[Path, bytes], Any]
) -> list[Path]:
    """One record file per game into `folder`, written with `write` (atomic). Every game is
    read (and so checked) before the first file is written."""
    entries = list(entries)
    written = []
    root = folder.resolve()
    for entry in entries:
        path = folder / export_name(entry)
        if path.resolve().parent != root:  # a name is checked, and checked again here
            raise InputError.one(str(path), None, "", "would be written outside the folder")
        if path.exists():
            raise InputError.one(
                str(path), None, "", "exists; not replacing it (export into another folder)"
            )
        write(path, record_yaml(entry).encode("utf-8"))
        written.append(path)
    return written


def read_entry(
    raw: bytes, path: Path, shown: str, library: Library, played_on: str | None = None
) -> NewGame:
    """A record file as a log entry, scored now. An exported file's identity line gives the
    game back whole (identity, date, start seat, source, kit version); a file without one is
    known by its content, so the same file imported twice is one game. `played_on` (a
    checked date) overrides the file's date."""
    doc = parse_document(raw, path, shown)
    known, line = _identity(raw, shown)
    date = played_on or known.get("played_on") or _date_in_name(path.name, shown)
    entry, result = new_game(
        doc,
        library,
        played_on=date,
        source=known.get("source", "import"),
        uid=known.get("id") or hashlib.sha256(raw).hexdigest()[:32],
        version=known.get("kit_version"),
    )
    seat = known.get("start_seat", 0)
    if wrong := start_seat_problem(seat, len(result.players)):
        raise InputError.one(shown, line, "playtest-log", wrong)
    return replace(entry, start_seat=seat)


def _identity(raw: bytes, shown: str) -> tuple[dict[str, Any], int | None]:
    """The identity line among the comments that head the file, checked ({} when none)."""
    for number, line in enumerate(raw.decode("utf-8").splitlines()[:10], start=1):
        if not line.startswith("#"):
            break
        if line.startswith(IDENTITY):
            return _checked_identity(line[len(IDENTITY) :], shown, number), number
    return {}, None


def _checked_identity(text: str, shown: str, line: int) -> dict[str, Any]:
    def bad(message: str) -> InputError:
        return InputError.one(shown, line, "playtest-log", message)

    try:
        known = json.loads(text)
    except ValueError:
        raise bad("not a JSON object on one line") from None
    if not isinstance(known, dict):
        raise bad("not a JSON object on one line")
    unknown = set(known) - {"id", "played_on", "start_seat", "source", "kit_version"}
    if unknown:
        raise bad(f"unknown field {sorted(unknown)[0]!r}")
    if "id" in known and not (isinstance(known["id"], str) and UID.fullmatch(known["id"])):
        raise bad(f"id {known['id']!r} is not 32 hexadecimal digits")
    if "played_on" in known and real_date(known["played_on"]) is None:
        raise bad(f"played_on {known['played_on']!r} is not a date (YYYY-MM-DD)")
    if "source" in known and known["source"] not in SOURCES:
        raise bad(f"source {known['source']!r} is not one of {', '.join(SOURCES)}")
    version = known.get("kit_version")
    if version is not None and not (isinstance(version, str) and KIT_VERSION.fullmatch(version)):
        raise bad(f"kit_version {version!r} is not a kit version")
    return known


def import_files(
    log: PlaytestLog,
    paths: Iterable[Path],
    library: Library,
    played_on: str | None = None,
    check: Callable[[], None] = lambda: None,
) -> ImportReport:
    """Score every record file named (a folder: the records in it) and save them all in one
    transaction: a bad file, or `check` raising (an interrupt), imports nothing. A game
    already in the log is not saved again."""
    entries = []
    for path in record_files(list(paths)).files:
        check()
        raw = read_bounded(path, MAX_RECORD_BYTES, "record")
        entries.append(read_entry(raw, path, display_path(path), library, played_on))
    added, already = log.save_all(entries, check)
    return ImportReport(added, already)


def _date_in_name(name: str, shown: str) -> str | None:
    """An exported file's name starts with the date it was played (a real date)."""
    match = re.match(r"(\d{4}-\d{2}-\d{2})-", name)
    if not match:
        return None
    if real_date(match.group(1)) is None:
        raise InputError.one(
            shown, None, "file name", f"{match.group(1)!r} is not a date (YYYY-MM-DD)"
        )
    return match.group(1)
