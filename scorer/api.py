"""The scorer's library entry points, for the CLI and for code outside it (a web server, bots):
a record as a file, as text, or as data already parsed (a dict) in; a Result out.

    from playtest.scorer.api import evaluate_data
    result = evaluate_data({"game": game_id, ...})   # a game of the components shipped
    result.to_json()                                          # the answer of records.md

Records that cannot be read raise `InputError`, whose problems are `file:line: field: message`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playtest.core.errors import InputError
from playtest.core.limits import MAX_RECORD_BYTES
from playtest.core.yamlsource import Document, load_document, parse_document
from playtest.library.loader import Library, load_library
from playtest.library.registry import record_games, registration
from playtest.scorer.header import read_header
from playtest.scorer.interface import GameInterface, games
from playtest.scorer.result import Result

RECORD_SUFFIXES = (".yaml", ".yml", ".json")  # in any case: GAME.YAML is a record too


@dataclass(frozen=True)
class RecordFiles:
    files: list[Path]
    skipped: list[tuple[Path, str]]  # folders not read, each with why (said on stderr)


def is_record_file(path: Path) -> bool:
    return path.suffix.lower() in RECORD_SUFFIXES and not path.name.startswith(".")


def record_files(paths: tuple[Path, ...] | list[Path], recursive: bool = False) -> RecordFiles:
    """The record files named, a folder standing for the records in it (and, with `recursive`,
    in its subfolders; without, the subfolders are listed as skipped). A subfolder holding no
    record, or a link back to a folder already read (a loop), is skipped and named."""
    found: list[Path] = []
    skipped: list[tuple[Path, str]] = []
    seen: set[Path] = set()  # folders read, by their real path: a loop is read once

    def read_folder(folder: Path) -> None:
        seen.add(folder.resolve())
        for child in sorted(folder.iterdir()):
            if child.is_dir() and not child.name.startswith("."):
                if not recursive:
                    skipped.append((child, "subfolder skipped (pass -r to read subfolders)"))
                elif child.resolve() in seen:
                    skipped.append((child, "skipped: a link back to a folder already read"))
                else:
                    before = len(found)
                    read_folder(child)
                    if len(found) == before:
                        skipped.append((child, "skipped: no record files in it"))
            elif is_record_file(child):  # not only plain files: a FIFO is read, and refused
                found.append(child)

    for path in paths:
        if path.is_dir():
            read_folder(path)
        else:
            found.append(path)
    if not found:
        where = " ".join(map(str, paths))
        hint = " (subfolders are read with -r)" if skipped and not recursive else ""
        raise InputError.one(where, None, "", f"no record files found (.yaml, .yml or .json){hint}")
    return RecordFiles(found, skipped)


def game_interface(game_id: str) -> GameInterface:
    """The scorer's part of one game (KeyError for a game without a scorer)."""
    return games()[game_id]


def scorers(library: Library, game_id: object = None) -> dict[str, GameInterface]:
    """The games with a scorer: every registered one, and `game_id` when it is a game of the
    library scored in YAML (its `scoring:` compiled when it loads)."""
    known = games()
    if isinstance(game_id, str) and game_id not in known:
        code = registration(game_id)  # a game whose code is left out: that error, exit 2
        if code is not None and code.declares("scorer"):
            code.part("scorer")  # left out of `games()`, its scorer failing: that error
    if isinstance(game_id, str) and game_id not in known and game_id in _library_games(library):
        from playtest.scorer.yaml_game import yaml_interface

        try:
            game = library.game(game_id)
        except InputError:
            if game_id in library.declared_scored_in_yaml:
                raise  # its mistakes are what its designer needs to see
            return known  # a game with no scorer at all: the header says so
        if game.scoring is not None:
            return {**known, game_id: yaml_interface(game_id)}
    return known


def evaluate_document(doc: Document, library: Library) -> Result:
    known = scorers(library, doc.data.get("game") if isinstance(doc.data, dict) else None)
    _refuse_what_is_not_a_record(doc, known, library)
    header = read_header(doc, record_games(library))
    interface = known[header.game]
    game = library.game(header.game)
    code = _code_of(interface)
    if code.startswith("playtest."):  # the games shipped: a bug of ours shows its traceback
        return interface.evaluate(interface.read(header, game), game)
    try:
        return interface.evaluate(interface.read(header, game), game)
    except InputError:
        raise
    except Exception as exc:  # a plugin's code: its failure is its error, one line
        raise InputError.one(
            doc.display,
            None,
            "",
            f"game {header.game!r}: its code ({code}) failed: {type(exc).__name__}: {exc}",
        ) from None


def _code_of(interface: GameInterface) -> str:
    """The module a game's record reader comes from (a module, or an object of a class)."""
    record = interface.record
    name = getattr(record, "__name__", None)
    return name if isinstance(name, str) else type(record).__module__


def _refuse_what_is_not_a_record(doc: Document, known: Any, library: Library) -> None:
    """A component file, or a record of a game that has no scorer yet, said in words (the
    header reader would only say "unknown game" and show the whole mapping)."""
    game_id = doc.data.get("game") if isinstance(doc.data, dict) else None
    if isinstance(game_id, dict) and "id" in game_id:
        raise doc.error(
            ("game",),
            "this is a component file (its `game:` describes a game), "
            "not a record; see docs/records.md",
        )
    if isinstance(game_id, str) and game_id not in known and game_id in _library_games(library):
        raise doc.error(
            ("game",),
            f"game {game_id!r} has no scorer yet; docs/adding-a-game.md says what a scorer needs",
        )


def _library_games(library: Library) -> list[str]:
    try:
        return library.game_ids
    except InputError:
        return []


def evaluate_file(path: Path, library: Library | None = None) -> Result:
    return evaluate_document(load_document(path, max_bytes=MAX_RECORD_BYTES), library or _shipped())


def evaluate_text(
    text: str | bytes, library: Library | None = None, *, name: str = "record"
) -> Result:
    """A record's YAML or JSON text; problems name `name` and the line."""
    raw = text.encode() if isinstance(text, str) else text
    if len(raw) > MAX_RECORD_BYTES:
        raise InputError.one(
            name,
            None,
            "",
            f"record is {len(raw):,} bytes, more than the {MAX_RECORD_BYTES:,} allowed",
        )
    return evaluate_document(parse_document(raw, Path(name), name), library or _shipped())


def evaluate_data(
    data: dict[str, Any], library: Library | None = None, *, name: str = "record"
) -> Result:
    """A record already parsed (e.g. from a JSON request); problems name `name` and the field
    (there are no lines to name)."""
    return evaluate_document(
        Document(path=Path(name), display=name, data=data), library or _shipped()
    )


_SHIPPED: list[Library] = []


def _shipped() -> Library:
    """The components installed with the package, loaded once per process."""
    if not _SHIPPED:
        _SHIPPED.append(load_library())
    return _SHIPPED[0]


__all__ = [
    "InputError",
    "evaluate_data",
    "evaluate_document",
    "evaluate_file",
    "evaluate_text",
    "game_interface",
    "record_files",
    "scorers",
]
