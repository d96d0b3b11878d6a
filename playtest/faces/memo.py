"""Faces drawn before, kept by what they are drawn from: a rebuild draws only the faces whose
inputs changed. A face is drawn from its layout, its component's data, its size and scale, and
the parts of the game every layout may read (rules, style, layouts, icons, fonts, the tool
itself); the key is a digest of all of them, so a kept face is the face drawing would give."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import stat
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from playtest import __version__
from playtest.core.errors import InputError
from playtest.core.input_files import read_bounded
from playtest.core.limits import MAX_FONT_BYTES
from playtest.drawing.model import Shape, Symbol
from playtest.faces.warnings import WarningLine

R = TypeVar("R")

if TYPE_CHECKING:  # the painter keeps its faces here: it names the memo, the memo reads it
    from playtest.faces.painter import FacePainter


@dataclass(frozen=True)
class DrawnRecord:
    shapes: tuple[Shape, ...]
    symbols: tuple[Symbol, ...]  # the symbols the shapes place, dependencies first
    symbol_warnings: tuple[tuple[WarningLine, ...], ...]  # what drawing each symbol said
    own: tuple[WarningLine, ...]  # what drawing the face said
    key: str = ""  # what it was drawn from (`FaceMemo.key`): it is kept under that key only

    @property
    def warnings(self) -> tuple[WarningLine, ...]:
        """Its symbols' warnings (a frame's text) and then its own, as a cold build says them."""
        return (*(w for said in self.symbol_warnings for w in said), *self.own)


@dataclass
class Kept(Generic[R]):
    """`kept`: records from an earlier build (by key); `used`: those this build drew or took,
    which are what the next build may keep."""

    kept: dict[str, R] = field(default_factory=dict)
    used: dict[str, R] = field(default_factory=dict)
    drawn: int = 0  # records made (not kept) in this build

    def get(self, key: str) -> R | None:
        record = self.used.get(key) or self.kept.get(key)
        if record is None or not self.holds(key, record):
            return None
        self.used[key] = record
        return record

    def holds(self, key: str, record: R) -> bool:
        """Whether `record` is what it is kept as: a record that names what it was made from
        is taken for that key only (one kept under another key is not used)."""
        return getattr(record, "key", key) == key

    def put(self, key: str, record: R) -> None:
        self.drawn += 1
        self.used[key] = record


class ShapeNames:
    """The shapes of the faces a build drew or kept, each named by its face's key and its
    place in the face: the key makes the face (see `FaceMemo`), so a digest of a page or a
    file placing the shape may hold the name instead of the drawing (the page keys of a cold
    build pickled every face again: a tenth of its time). Each shape is kept here with its
    name, so its id is its own while it is named."""

    def __init__(self) -> None:
        self._named: dict[int, tuple[str, int]] = {}
        self._alive: list[tuple[Shape, ...]] = []

    def name(self, key: str, shapes: tuple[Shape, ...]) -> None:
        self._alive.append(shapes)
        named = self._named
        for place, shape in enumerate(shapes):
            named.setdefault(id(shape), (key, place))

    @property
    def named(self) -> dict[int, tuple[str, int]]:
        """Each named shape's name, by the shape's id (a digest writes the name: `Digest`)."""
        return self._named


@dataclass
class FaceMemo(Kept[DrawnRecord]):
    """Faces, by what they are drawn from (`key`)."""

    # the game's digest, by the game object (kept with it: an id is only unique while alive)
    contexts: dict[int, tuple[Any, str]] = field(default_factory=dict)
    names: ShapeNames | None = None  # the drawn faces' shapes, named (a kit build's)

    def key(self, painter: FacePainter, *parts: Any) -> str:
        known = self.contexts.get(id(painter.game))
        if known is None or known[0] is not painter.game:
            known = self.contexts[id(painter.game)] = (painter.game, game_digest(painter))
        return digest((known[1], painter.bleed, painter.taps, *parts))


def game_digest(painter: FacePainter) -> str:
    """What every layout of the game may read, cards and other components aside."""
    game = painter.game
    return digest(
        (
            __version__,
            tool_digest(),
            game.id,
            game.info.model_dump(mode="json"),
            game.rules_data,
            game.style.model_dump(mode="json"),
            {name: layout.model_dump(mode="json") for name, layout in game.layouts.items()},
            {name: file_digest(path) for name, path in game.icons.items()},
            # the digests of the bytes the fonts were registered from (read once)
            {key: face.sha256 for key, face in painter.fonts.faces.items()},
            {
                key: (src.file, src.line, src.field)
                for key, src in game.sources.items()
                if key.startswith("layout")
            },
        )
    )


def digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, default=_plain, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _plain(value: Any) -> Any:
    if isinstance(value, set | frozenset):
        return sorted(map(repr, value))
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    return repr(value)


@lru_cache(maxsize=4096)
def _content(path: str, identity: tuple) -> str:
    return hashlib.sha256(read_bounded(Path(path), MAX_FONT_BYTES)).hexdigest()


def file_digest(path: Path) -> str:
    """A file's content digest, read again only when the file changed. Only a regular file
    of a sane size is read (a FIFO would never end, a huge file is refused by its reader):
    anything else is named by what it is, and drawing it says what is wrong."""
    try:
        info = path.stat()
    except OSError:
        return f"missing:{path}"
    if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_FONT_BYTES:
        return f"unreadable:{path}:{info.st_mode}:{info.st_size}:{info.st_mtime_ns}"
    try:
        return _content(str(path), (info.st_ino, info.st_mtime_ns, info.st_size))
    except InputError:  # replaced since by a FIFO, a device: said when it is drawn
        return f"unreadable:{path}"


@lru_cache(maxsize=1)
def tool_digest() -> str:
    """The tool's own code: a cache is never trusted across versions, nor across edits of an
    installed-for-development checkout that keeps its version number."""
    roots = {Path(folder) for folder in _folders("playtest")} | {
        Path(folder) for folder in _folders("playtest.generator")
    }
    files = sorted(f for root in roots for f in root.rglob("*.py"))
    h = hashlib.sha256()
    for f in files:
        h.update(f.as_posix().encode())
        h.update(f.read_bytes())
    return h.hexdigest()


def _folders(package: str) -> list[str]:
    """Where a package's files are, found without importing it (the kit's own folder, from
    the layer below it: an import would run the kit)."""
    spec = importlib.util.find_spec(package)
    assert spec is not None and spec.submodule_search_locations is not None, package
    return list(spec.submodule_search_locations)
