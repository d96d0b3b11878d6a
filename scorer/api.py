"""The scorer's library entry points: a record file (or its data) in, a Result out."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from playtest.scorer.base import scorers
from playtest.scorer.result import Result

from playtest.errors import InputError
from playtest.limits import MAX_RECORD_BYTES
from playtest.loader import Library
from playtest.yamlsource import Document, load_document

RECORD_SUFFIXES = (".yaml", ".yml", ".json")  # in any case: GAME.YAML is a record too


@dataclass(frozen=True)
class RecordFiles:
    files: list[Path]
    skipped: list[Path]  # subfolders not read (without `recursive`)


def is_record_file(path: Path) -> bool:
    return path.suffix.lower() in RECORD_SUFFIXES and not path.name.startswith(".")


def record_files(paths: tuple[Path, ...] | list[Path], recursive: bool = False) -> RecordFiles:
    """The record files named, a folder standing for the records in it (and, with `recursive`,
    in its subfolders; without, the subfolders are listed as skipped)."""
    found: list[Path] = []
    skipped: list[Path] = []
    for path in paths:
        if not path.is_dir():
            found.append(path)
            continue
        for child in sorted(path.iterdir()):
            if child.is_dir() and not child.name.startswith("."):
                if recursive:
                    found += record_files([child], recursive=True).files
                else:
                    skipped.append(child)
            elif is_record_file(child):  # not only plain files: a FIFO is read, and refused
                found.append(child)
    if not found:
        where = " ".join(map(str, paths))
        hint = " (subfolders are read with -r)" if skipped else ""
        raise InputError.one(where, None, "",
                             f"no record files found (.yaml, .yml or .json){hint}")
    return RecordFiles(found, skipped)


def evaluate_document(doc: Document, library: Library) -> Result:
    if not isinstance(doc.data, dict):
        raise doc.error((), "a record must be a mapping with a `game:` field")
    game_id = doc.data.get("game")
    known = scorers()
    if game_id is None:
        raise doc.error(("game",), "required field is missing "
                        f"(expected one of: {', '.join(sorted(known))})")
    if isinstance(game_id, dict) and "id" in game_id:
        raise doc.error(("game",), "this is a component file (its `game:` describes a game), "
                        "not a record; see docs/records.md")
    if not isinstance(game_id, str):
        raise doc.error(("game",), f"expected a game id, got {_kind(game_id)} "
                        f"(one of: {', '.join(sorted(known))})")
    if game_id not in known:
        if game_id in _library_games(library):
            raise doc.error(("game",), f"game {game_id!r} has no scorer yet; "
                            "docs/adding-a-game.md says what a scorer needs")
        raise doc.error(("game",), f"unknown game {game_id!r} "
                        f"(expected one of: {', '.join(sorted(known))})")
    game = library.game(game_id)
    scorer = known[game_id]()
    return scorer.evaluate(scorer.parse(doc, game), game)


def _kind(value: object) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)[:40]


def _library_games(library: Library) -> list[str]:
    try:
        return library.game_ids
    except InputError:
        return []


def evaluate_file(path: Path, library: Library) -> Result:
    return evaluate_document(load_document(path, max_bytes=MAX_RECORD_BYTES), library)


__all__ = ["InputError", "evaluate_document", "evaluate_file", "record_files"]
