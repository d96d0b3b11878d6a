"""The scorer's library entry points, for the CLI and for code outside it (a web server, bots):
a record as a file, as text, or as data already parsed (a dict) in; a Result out.

    from playtest.scorer.api import evaluate_data
    result = evaluate_data({"game": "harvest-dice", ...})   # the components shipped
    result.to_json()                                          # the answer of records.md

Records that cannot be read raise `InputError`, whose problems are `file:line: field: message`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playtest.scorer.header import read_header
from playtest.scorer.interface import GameInterface, games
from playtest.scorer.result import Result

from playtest.errors import InputError
from playtest.limits import MAX_RECORD_BYTES
from playtest.loader import Library, load_library
from playtest.yamlsource import Document, load_document, parse_document

RECORD_SUFFIXES = (".yaml", ".yml", ".json")


def record_files(paths: tuple[Path, ...] | list[Path]) -> list[Path]:
    """The record files named, a folder standing for the records in it."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(p for p in path.iterdir() if p.suffix in RECORD_SUFFIXES)
        else:
            found.append(path)
    if not found:
        raise InputError.one(" ".join(map(str, paths)), None, "", "no record files found")
    return found


def game_interface(game_id: str) -> GameInterface:
    """The interface of one game (KeyError for a game without a scorer)."""
    return games()[game_id]


def evaluate_document(doc: Document, library: Library) -> Result:
    known = games()
    header = read_header(doc, list(known))
    interface = known[header.game]
    game = library.game(header.game)
    return interface.evaluate(interface.read(header, game), game)


def evaluate_file(path: Path, library: Library | None = None) -> Result:
    return evaluate_document(load_document(path, max_bytes=MAX_RECORD_BYTES),
                             library or _shipped())


def evaluate_text(text: str | bytes, library: Library | None = None, *,
                  name: str = "record") -> Result:
    """A record's YAML or JSON text; problems name `name` and the line."""
    raw = text.encode() if isinstance(text, str) else text
    if len(raw) > MAX_RECORD_BYTES:
        raise InputError.one(name, None, "", f"record is {len(raw):,} bytes, more than the "
                             f"{MAX_RECORD_BYTES:,} allowed")
    return evaluate_document(parse_document(raw, Path(name), name), library or _shipped())


def evaluate_data(data: dict[str, Any], library: Library | None = None, *,
                  name: str = "record") -> Result:
    """A record already parsed (e.g. from a JSON request); problems name `name` and the field
    (there are no lines to name)."""
    return evaluate_document(Document(path=Path(name), display=name, data=data),
                             library or _shipped())


_SHIPPED: list[Library] = []


def _shipped() -> Library:
    """The components installed with the package, loaded once per process."""
    if not _SHIPPED:
        _SHIPPED.append(load_library())
    return _SHIPPED[0]


__all__ = ["InputError", "evaluate_data", "evaluate_document", "evaluate_file",
           "evaluate_text", "game_interface", "record_files"]
