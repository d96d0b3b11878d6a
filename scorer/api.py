"""The scorer's library entry points: a record file (or its data) in, a Result out."""

from __future__ import annotations

from pathlib import Path

from playtest.scorer.base import scorers
from playtest.scorer.result import Result

from playtest.errors import InputError
from playtest.limits import MAX_RECORD_BYTES
from playtest.loader import Library
from playtest.yamlsource import Document, load_document

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


def evaluate_document(doc: Document, library: Library) -> Result:
    if not isinstance(doc.data, dict):
        raise doc.error((), "a record must be a mapping with a `game:` field")
    game_id = doc.data.get("game")
    known = scorers()
    if game_id is None:
        raise doc.error(("game",), "required field is missing "
                        f"(expected one of: {', '.join(sorted(known))})")
    if not isinstance(game_id, str) or game_id not in known:
        raise doc.error(("game",), f"unknown game {game_id!r} "
                        f"(expected one of: {', '.join(sorted(known))})")
    game = library.game(game_id)
    scorer = known[game_id]()
    return scorer.evaluate(scorer.parse(doc, game), game)


def evaluate_file(path: Path, library: Library) -> Result:
    return evaluate_document(load_document(path, max_bytes=MAX_RECORD_BYTES), library)


__all__ = ["InputError", "evaluate_document", "evaluate_file", "record_files"]
