"""What a kit build keeps for the next one, in the kit's folder (`OUT/<game>/.playtest-cache/`,
replaced with the kit as a whole, so it always describes the kit beside it): the faces it
drew (by what they are drawn from), the PDF pages it wrote (by what their bytes depend on), the
font subsets its SVG files and PDF embed (by font and characters: cutting them is most of what
a new process pays to write one SVG file again, and much of saving the PDF), and a digest of
what each output file was written from. A rebuild draws only the faces and pages whose inputs
changed and writes only the files whose inputs changed; the others are hard links to the
previous kit's files (the same bytes, not written again). The cache is safe to delete (the
next build is a cold one), is read only by the same version of the tool, and anything wrong
with it is ignored. It also names the font files whose every glyph was read without fault, so
a new process registers them without reading each glyph again (~20 ms a face), and keeps the
YAML documents the game was loaded from, parsed (by their bytes: a file saved since is parsed
again)."""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass, field, fields, is_dataclass
from functools import lru_cache
from operator import attrgetter
from pathlib import Path
from typing import Any

from playtest.core.yamlsource import Document
from playtest.generator.backends.pdf_pages import PageMemo
from playtest.generator.draw import fonts
from playtest.generator.render.memo import (
    DrawnRecord,
    FaceMemo,
    Kept,
    ShapeNames,
    tool_digest,
)
from playtest.loader import DocKey, know_documents

CACHE_DIR = ".playtest-cache"
CACHE_FILE = "kit.pickle"
FORMAT = 5


@dataclass
class KitCache:
    path: Path
    faces: FaceMemo = field(default_factory=lambda: FaceMemo(names=ShapeNames()))
    pages: PageMemo = field(default_factory=PageMemo)
    subsets: Kept[bytes] = field(default_factory=Kept)  # font subsets (SVG files' and PDF's)
    files: dict[str, str] = field(default_factory=dict)  # kit file -> digest of its inputs
    written: dict[str, str] = field(default_factory=dict)  # this build's, saved at the end
    reused: int = 0  # files linked from the previous kit rather than written

    @classmethod
    def load(cls, kit: Path) -> KitCache:
        """The cache of the kit in folder `kit` (empty when there is none to trust)."""
        cache = cls(kit / CACHE_DIR / CACHE_FILE)
        path = cache.path
        try:
            info = path.stat()
            # only a file of ours: never run a pickle somebody else could have written
            if info.st_uid != os.getuid() or info.st_mode & 0o022:
                return cache
            saved = _saved_here(path, info)
            if saved is None:
                with path.open("rb") as handle:
                    saved = pickle.load(handle)
        except Exception:  # missing, old, torn or foreign: build cold
            return cache
        if not isinstance(saved, dict) or saved.get("tool") != _identity():
            return cache
        _remember(path, (_key_of(info), saved))
        cache.faces = FaceMemo(kept=saved["faces"], names=ShapeNames())
        cache.pages = PageMemo(kept=saved["pages"])
        cache.subsets = Kept(kept=saved["subsets"])
        cache.files = saved["files"]
        fonts.CHECKED.update(saved["fonts"])  # before the kit's fonts are registered
        know_documents(saved["documents"])  # before the game is loaded (see `preload`)
        return cache

    @classmethod
    def preload(cls, kit: Path) -> None:
        """Read the cache of the kit in folder `kit` before its game is loaded: the YAML
        documents it was built from are taken instead of parsed again when a file has the
        same bytes (the kit's build then takes the cache read here: `_SAVED`)."""
        cls.load(kit)

    def save(self, kit: Path, documents: dict[DocKey, Document]) -> None:
        """Into the folder `kit` (the staging folder of the new kit), once every file is in
        it, with the YAML `documents` the game was loaded from; a cache that cannot be written
        is no error. A file this build did not write (an output carried over from the previous
        kit) keeps its digest: its bytes are those it was written with."""
        files = {
            name: key
            for name, key in {**self.files, **self.written}.items()
            if (kit / name).is_file()
        }
        data = {
            "tool": _identity(),
            "faces": self.faces.used,
            "pages": self.pages.used,
            "subsets": self.subsets.used,
            "files": files,
            "fonts": sorted(fonts.CHECKED),
            "documents": documents,
        }
        path = kit / CACHE_DIR / CACHE_FILE
        tmp = path.with_name(f".{path.name}.tmp")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with tmp.open("wb") as handle:
                pickle.dump(data, handle, protocol=pickle.HIGHEST_PROTOCOL)
            tmp.replace(path)
        except OSError:
            tmp.unlink(missing_ok=True)
            return
        # the kit folder is renamed into place: the file is the same (its inode) in the kit
        _remember(self.path, (_key_of(path.stat()), data))

    def reuse(self, name: str, inputs: Any, previous: Path | None, target: Path) -> bool:
        """True when `target` (kit file `name`) could be taken from the previous kit's file
        `previous` because it was written from the same `inputs`; else the caller writes it."""
        return self.reuse_digest(name, inputs_digest(inputs, self.faces.names), previous, target)

    def known(self, name: str, previous: Path) -> bool:
        """Whether the previous kit has file `name` and what it was written from."""
        return name in self.files and previous.is_file()

    def reuse_digest(self, name: str, key: str, previous: Path | None, target: Path) -> bool:
        """`reuse`, given the digest of the inputs (see `Digest`)."""
        self.written[name] = key
        if previous is None or self.files.get(name) != key or not previous.is_file():
            return False
        try:
            os.link(previous, target)
        except OSError:
            try:
                shutil.copy2(previous, target)
            except OSError:
                return False
        self.reused += 1
        return True


class Digest:
    """A digest of drawing models added one after the other (a PDF's pages as they are
    drawn). Drawing models are frozen dataclasses of numbers, text and tuples: pickled without
    its memo (`fast`), which would note objects shared (as drawn) or not (as kept), the same
    drawing is the same bytes. With `names`, a face's shapes are pickled as their names (the
    key of the face they were drawn for, and their place in it), which make them.

    The classes of the drawing model, their fields' names and the function a name is pickled
    as are written as references to a fixed table (`_known`) instead of in full each time they
    appear: a page names its classes thousands of times (most of the time of a page's key).
    An object of the drawing model is written as its class and its fields' values in order
    (`_DigestPickler`), not through `__reduce_ex__`, which makes each one's `__dict__` and
    writes its fields' names: a page's key is a third cheaper."""

    def __init__(self, names: ShapeNames | None = None) -> None:
        self._hash = hashlib.sha256()
        self._named = {} if names is None else names.named

    def add(self, value: Any) -> Digest:
        buffer = io.BytesIO()
        _DigestPickler(buffer, self._named).dump(value)
        self._hash.update(buffer.getbuffer())
        return self

    def hexdigest(self) -> str:
        return self._hash.hexdigest()


def _named(key: str, place: int) -> None:
    """What a named shape is pickled as (a digest's pickle is never loaded)."""


class _DigestPickler(pickle.Pickler):
    def __init__(self, out: io.BytesIO, named: dict[int, tuple[str, int]]) -> None:
        super().__init__(out, protocol=5)
        self.memo = _known()  # looked up, never added to (`fast`)
        self.fast = True
        self._named = named
        self._fields = _model_fields()

    def reducer_override(self, obj: Any) -> Any:
        # asked of objects only (not of numbers, text or tuples)
        name = self._named.get(id(obj))
        if name is not None:
            return (_named, name)
        values = self._fields.get(type(obj))
        return NotImplemented if values is None else (type(obj), values(obj))


@lru_cache(maxsize=1)
def _known() -> dict[int, tuple[int, Any]]:
    """What a digest writes as a reference to its place here (a pickle memo, by id): objects
    that are one object in every build (classes, a function, interned names), in an order
    fixed by their names, so a digest's bytes are the same in every process."""
    from playtest.drawing import model

    table: list[Any] = [_named, model.INHERIT]
    for cls in _model_classes():
        table += [cls, *(sys.intern(f.name) for f in fields(cls))]
    unique = list({id(obj): obj for obj in table}.values())
    return {id(obj): (n, obj) for n, obj in enumerate(unique)}


@lru_cache(maxsize=1)
def _model_classes() -> tuple[type, ...]:
    """The drawing model's classes (frozen dataclasses), in the order of their names."""
    from playtest.drawing import geometry, model

    return tuple(
        sorted(
            (
                v
                for m in (model, geometry)
                for v in vars(m).values()
                if isinstance(v, type) and is_dataclass(v)
            ),
            key=lambda c: f"{c.__module__}.{c.__qualname__}",
        )
    )


@lru_cache(maxsize=1)
def _model_fields() -> dict[type, Callable[[Any], tuple[Any, ...]]]:
    """Each drawing model class's fields' values, in order, as one C call (every class has
    more than one field: `attrgetter` of one name would not give a tuple)."""
    return {
        cls: attrgetter(*(f.name for f in fields(cls)))
        for cls in _model_classes()
        if len(fields(cls)) > 1
    }


def inputs_digest(inputs: Any, names: ShapeNames | None = None) -> str:
    return Digest(names).add(inputs).hexdigest()


# The caches this process saved or read last, with what their files were then: the next build
# of a kit in this process (`--watch`, or the build after `preload`) takes it rather than
# reading the file back, if the file is still that one (the same inode, size and time of
# change: nothing wrote it since). What it holds is never changed once saved (records are
# frozen; each build makes its own dicts).
_SAVED: dict[Path, tuple[tuple[int, int, int, int], dict[str, Any]]] = {}
_SAVED_MAX = 8  # kits


def _key_of(info: os.stat_result) -> tuple[int, int, int, int]:
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


def _remember(path: Path, known: tuple[tuple[int, int, int, int], dict[str, Any]]) -> None:
    if len(_SAVED) >= _SAVED_MAX:
        _SAVED.clear()
    _SAVED[path] = known


def _saved_here(path: Path, info: os.stat_result) -> dict[str, Any] | None:
    """What this process saved or read at `path`, if the file is still that one."""
    saved = _SAVED.get(path)
    return saved[1] if saved is not None and saved[0] == _key_of(info) else None


def _identity() -> tuple[int, str, str]:
    from playtest import __version__

    return (FORMAT, __version__, tool_digest())


__all__ = ["CACHE_DIR", "DrawnRecord", "KitCache"]
