"""What a kit build keeps for the next one, in the kit's folder (`OUT/<game>/.playtest-cache/`,
replaced with the kit as a whole, so it always describes the kit beside it): the faces it
drew (by what they are drawn from), the PDF pages it wrote (by what their bytes depend on), the
font subsets its SVG files and PDF embed (by font and characters: cutting them is most of what
a new process pays to write one SVG file again, and much of saving the PDF), and, for each
output file, a digest of what it was written from and of its bytes. A rebuild draws only the
faces and pages whose inputs changed and writes only the files whose inputs changed; the
others are hard links to the previous kit's files (the same bytes, not written again). It also
names the font files whose every glyph was read without fault, so a new process registers
them without reading each glyph again (~20 ms a face), and keeps the YAML documents the game
was loaded from, parsed (by their bytes: a file saved since is parsed again).

The cache is data, never code, and trusts nothing it did not write itself:

- it is JSON text (`generator/kit/cache_codec.py`), one entry a line, read through the one reader
  of inputs (a regular file, bounded by `MAX_CACHE_BYTES`);
- every line is signed with this user's key (`playtest/core/cache_key.py`) over the tool's identity
  (format, version, code), its section and its content, and is used only if the signature
  checks out: a cache another user or machine wrote, another version's, or one edited,
  truncated or with entries moved between lines, is ignored where it does not check out (the
  build is then a cold one, byte-identical to a clean build);
- a face or page record names the key it was made for and is taken for that key only;
- a previous kit's file is reused only when it is a regular file (not a link) whose bytes have
  the digest recorded when it was written (`_file_digest`).

It is safe to delete (the next build is a cold one)."""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Generic, TypeVar

from playtest import __version__
from playtest.core.cache_key import sign, signed_by_us
from playtest.core.errors import InputError
from playtest.core.input_files import file_sha256, open_regular, read_open
from playtest.core.limits import MAX_CACHE_BYTES, MAX_KIT_FILE_BYTES
from playtest.core.output_files import write_bytes
from playtest.core.yamlsource import Document
from playtest.drawing import model
from playtest.drawing.model import Symbol
from playtest.faces import fonts
from playtest.faces.digest import Digest
from playtest.faces.memo import (
    DrawnRecord,
    FaceMemo,
    Kept,
    ShapeNames,
    tool_digest,
)
from playtest.generator.backends.pdf_pages import PageMemo, PageRecord
from playtest.generator.kit import cache_codec
from playtest.library.loader import DocKey, know_documents

SHAPES = (model.Rect, model.Circle, model.Line, model.Path, model.Text, model.Use, model.Group)
CACHE_DIR = ".playtest-cache"
CACHE_FILE = "kit.cache"
FORMAT = 6
_MAGIC = b"playtest-kit cache\n"

R = TypeVar("R")


@dataclass(frozen=True)
class FileRecord:
    """A kit file as it was written: what from, and the digest of its bytes."""

    inputs: str
    sha256: str


SymbolRef = tuple[str, str]  # a symbol's id and the digest of its line's JSON


@dataclass(frozen=True)
class _Entry(Generic[R]):
    """A record and its signed line, written again as it is while the record is unchanged,
    with the symbols the line names (a face's)."""

    record: R
    line: bytes
    symbols: tuple[SymbolRef, ...] = ()


@dataclass
class _Saved:
    """A cache as read (or as this process saved it): each section's entries by key."""

    faces: dict[str, _Entry[DrawnRecord]] = field(default_factory=dict)
    symbols: dict[SymbolRef, _Entry[Symbol]] = field(default_factory=dict)  # faces' symbols
    pages: dict[str, _Entry[PageRecord]] = field(default_factory=dict)
    subsets: dict[str, _Entry[bytes]] = field(default_factory=dict)
    documents: dict[DocKey, _Entry[Document]] = field(default_factory=dict)
    files: dict[str, FileRecord] = field(default_factory=dict)
    fonts: tuple[str, ...] = ()


@dataclass
class KitCache:
    path: Path
    faces: FaceMemo = field(default_factory=lambda: FaceMemo(names=ShapeNames()))
    pages: PageMemo = field(default_factory=PageMemo)
    subsets: Kept[bytes] = field(default_factory=Kept)  # font subsets (SVG files' and PDF's)
    files: dict[str, FileRecord] = field(default_factory=dict)  # the previous kit's files
    made: dict[str, FileRecord] = field(default_factory=dict)  # this build's, saved at the end
    reused: int = 0  # files linked from the previous kit rather than written
    _asked: dict[str, str] = field(default_factory=dict)  # file -> inputs, until it is written
    _saved: _Saved = field(default_factory=_Saved)  # the entries read, written again as read
    _placed: dict[str, tuple[int, int, int, int]] = field(default_factory=dict)  # see `settle`

    @classmethod
    def load(cls, kit: Path) -> KitCache:
        """The cache of the kit in folder `kit` (empty when there is none to trust)."""
        cache = cls(kit / CACHE_DIR / CACHE_FILE)
        saved = _read(cache.path)
        if saved is None:
            return cache
        cache._saved = saved
        cache.faces = FaceMemo(
            kept={k: e.record for k, e in saved.faces.items()}, names=ShapeNames()
        )
        cache.pages = PageMemo(kept={k: e.record for k, e in saved.pages.items()})
        cache.subsets = Kept(kept={k: e.record for k, e in saved.subsets.items()})
        cache.files = dict(saved.files)
        fonts.CHECKED.update(saved.fonts)  # before the kit's fonts are registered
        know_documents({k: e.record for k, e in saved.documents.items()})  # see `preload`
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
        kit) keeps its digests: its bytes were checked against them."""
        old = self._saved
        symbols = _Symbols(old.symbols)
        faces = _entries("face", self.faces.used, old.faces, symbols.face_entry)
        saved = _Saved(
            faces=faces,
            symbols=symbols.needed(faces.values()),
            pages=_entries("page", self.pages.used, old.pages),
            subsets=_entries("subset", self.subsets.used, old.subsets, _subset_line),
            documents=_entries("document", documents, old.documents, _document_line),
            files={name: r for name, r in self.made.items() if (kit / name).is_file()},
            fonts=tuple(sorted(fonts.CHECKED)),
        )
        path = kit / CACHE_DIR / CACHE_FILE
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_bytes(path, _file_bytes(saved))
            info = os.lstat(path)
        except OSError:
            return
        # the kit folder is renamed into place: the file is the same (its inode) in the kit
        _remember(self.path, (_key_of(info), saved))

    def reuse(self, name: str, inputs: Any, previous: Path | None, target: Path) -> bool:
        """True when `target` (kit file `name`) could be taken from the previous kit's file
        `previous` because it was written from the same `inputs`; else the caller writes it
        and says so (`wrote`)."""
        return self.reuse_digest(name, inputs_digest(inputs, self.faces.names), previous, target)

    def reuse_digest(self, name: str, key: str, previous: Path | None, target: Path) -> bool:
        """`reuse`, given the digest of the inputs (see `Digest`)."""
        self._asked[name] = key
        record = self.files.get(name)
        if previous is None or record is None or record.inputs != key:
            return False
        if not _take(previous, target, record.sha256):
            return False
        self._took(name, record, target)
        self.reused += 1
        return True

    def wrote(self, name: str, target: Path, data: bytes | None = None) -> None:
        """Kit file `name` was written at `target` (its bytes `data`, or read back) from the
        inputs `reuse` was asked about."""
        inputs = self._asked.get(name)
        if inputs is None:
            return
        digest = (
            hashlib.sha256(data).hexdigest()
            if data is not None
            else file_sha256(target, MAX_KIT_FILE_BYTES, "kit file")[0]
        )
        self._took(name, FileRecord(inputs, digest), target)

    def carry(self, final: Path, staging: Path, name: str) -> tuple[list[str], list[str]]:
        """The previous kit's file (or folder) `name` that this build does not make (`--format
        svg` keeps the PDF) taken into `staging`, each file only if its bytes are the ones it
        was written with: the files kept and those that were not (changed since)."""
        prefix = f"{name}/"
        names = sorted(n for n in self.files if n == name or n.startswith(prefix))
        kept, changed = [], []
        for each in names:
            if (staging / each).exists():
                continue
            record = self.files[each]
            target = staging / each
            target.parent.mkdir(parents=True, exist_ok=True)
            if _take(final / each, target, record.sha256):
                self._took(each, record, target)
                kept.append(each)
            elif (final / each).exists() or (final / each).is_symlink():
                changed.append(each)
        return kept, changed

    def _took(self, name: str, record: FileRecord, target: Path) -> None:
        self.made[name] = record
        try:
            info = os.lstat(target)
        except OSError:
            return
        _KNOWN_FILES.remember(info, record.sha256)
        self._placed[name] = (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)

    def settle(self, kit: Path) -> None:
        """Once the kit is in place (and the previous one removed, which changes the change
        time of the files they shared): this process knows the bytes of each file it wrote or
        took, while the file is the one it placed (the same inode, size and modification
        time), so its next build (`--watch`) need not read them again to check them."""
        for name, placed in self._placed.items():
            try:
                info = os.lstat(kit / name)
            except OSError:
                continue
            if (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns) == placed:
                _KNOWN_FILES.remember(info, self.made[name].sha256)


def _take(previous: Path, target: Path, sha256: str) -> bool:
    """Link (or copy) the previous kit's file to `target` if it is a regular file whose bytes
    have the digest `sha256`; False, and nothing at `target`, otherwise."""
    info = _file_digest(previous)
    if info is None or info[0] != sha256:
        return False
    try:
        os.link(previous, target, follow_symlinks=False)
        placed = os.lstat(target)
    except OSError:
        return _copy(previous, target, sha256)
    if (placed.st_dev, placed.st_ino) == (info[1].st_dev, info[1].st_ino):
        return True
    target.unlink(missing_ok=True)  # not the file checked: it was replaced meanwhile
    return False


def _copy(previous: Path, target: Path, sha256: str) -> bool:
    """`previous` copied to `target` (a folder without hard links), if its bytes still have
    the digest `sha256` as they are read."""
    try:
        fd = open_regular(previous, "kit file", follow_links=False)
        try:
            data = read_open(fd, previous, MAX_KIT_FILE_BYTES, "kit file")
        finally:
            os.close(fd)
    except InputError:
        return False
    if hashlib.sha256(data).hexdigest() != sha256:
        return False
    try:
        write_bytes(target, data)
    except OSError:
        return False
    return True


class _KnownFiles:
    """The digests of the files this process wrote or read, by what the file was then (device,
    inode, size, modification and change times): a file written since has another change
    time, which nobody can set back (`touch` sets the modification time only)."""

    def __init__(self) -> None:
        self._known: dict[tuple[int, ...], str] = {}

    @staticmethod
    def _identity(info: os.stat_result) -> tuple[int, ...]:
        return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)

    def get(self, info: os.stat_result) -> str | None:
        return self._known.get(self._identity(info))

    def remember(self, info: os.stat_result, sha256: str) -> None:
        if len(self._known) >= 100_000:
            self._known.clear()
        self._known[self._identity(info)] = sha256


_KNOWN_FILES = _KnownFiles()


def _file_digest(path: Path) -> tuple[str, os.stat_result] | None:
    """The digest of the regular file at `path` itself (not a link) and what it was when
    read; None for anything else or what cannot be read."""
    try:
        info = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode):
        return None
    known = _KNOWN_FILES.get(info)
    if known is not None:
        return known, info
    try:
        digest, read = file_sha256(path, MAX_KIT_FILE_BYTES, "kit file")
    except InputError:
        return None
    _KNOWN_FILES.remember(read, digest)
    return digest, read


# Writing and reading the file: a first line, then one signed line per entry:
# `<signature, hex> <section> <JSON>`, the signature over the tool's identity, the section
# and the JSON. The tool's identity is on the second line, signed too.


@lru_cache(maxsize=1)
def _identity_line() -> bytes:
    return cache_codec.dumps([FORMAT, __version__, tool_digest()])


def _signed(section: bytes, payload: bytes) -> bytes:
    message = b"%s\n%s %s" % (_identity_line(), section, payload)
    return b"%s %s %s\n" % (sign(message).hex().encode("ascii"), section, payload)


def _record_line(section: str, key: Any, record: Any) -> _Entry[Any]:
    return _Entry(record, _signed(section.encode("ascii"), cache_codec.dumps(record)))


class _Symbols:
    """The symbols of the faces a cache keeps, each written once (a card frame is placed by
    every card) and named by its id and the digest of its JSON."""

    def __init__(self, old: dict[SymbolRef, _Entry[Symbol]]) -> None:
        self._old = old
        self._by_object: dict[int, SymbolRef] = {id(e.record): ref for ref, e in old.items()}
        self._made: dict[SymbolRef, _Entry[Symbol]] = {}

    def ref(self, symbol: Symbol) -> SymbolRef:
        ref = self._by_object.get(id(symbol))
        if ref is None:
            payload = cache_codec.dumps(symbol)
            ref = (symbol.id, hashlib.sha256(payload).hexdigest())
            self._made[ref] = _Entry(symbol, _signed(b"symbol", payload))
            self._by_object[id(symbol)] = ref
        return ref

    def face_entry(self, section: str, key: str, record: DrawnRecord) -> _Entry[DrawnRecord]:
        refs = tuple(self.ref(symbol) for symbol in record.symbols)
        payload = cache_codec.dumps(
            [record.key, record.shapes, refs, record.symbol_warnings, record.own]
        )
        return _Entry(record, _signed(section.encode("ascii"), payload), refs)

    def needed(self, faces: Iterable[_Entry[DrawnRecord]]) -> dict[SymbolRef, _Entry[Symbol]]:
        out: dict[SymbolRef, _Entry[Symbol]] = {}
        for face in faces:
            for ref in face.symbols:
                if ref not in out:
                    out[ref] = self._made.get(ref) or self._old[ref]
        return out


def _subset_line(section: str, key: str, data: bytes) -> _Entry[bytes]:
    return _Entry(data, _signed(section.encode("ascii"), cache_codec.dumps([key, data])))


def _document_line(section: str, key: DocKey, doc: Document) -> _Entry[Document]:
    """A YAML document whose data JSON gives back as it is (text keys only, no dates...); a
    ValueError for any other (it is parsed again next time)."""
    data = cache_codec.data_dumps(doc.data)
    lines = [[list(loc), line] for loc, line in doc.lines.items()]
    payload = cache_codec.dumps([key[0].hex(), key[1], key[2], str(doc.path), doc.display, lines])
    return _Entry(doc, _signed(section.encode("ascii"), payload[:-1] + b"," + data + b"]"))


def _entries(
    section: str,
    records: dict[Any, Any],
    old: dict[Any, _Entry[Any]],
    line: Callable[[str, Any, Any], _Entry[Any]] = _record_line,
) -> dict[Any, _Entry[Any]]:
    out: dict[Any, _Entry[Any]] = {}
    for key, record in records.items():
        known = old.get(key)
        if known is not None and known.record is record:
            out[key] = known
            continue
        try:
            out[key] = line(section, key, record)
        except (TypeError, ValueError, KeyError):  # not data it keeps: made again next time
            continue
    return out


def _file_bytes(saved: _Saved) -> bytes:
    identity = _identity_line()
    parts = [_MAGIC, sign(identity).hex().encode("ascii"), b" ", identity, b"\n"]
    for section in (saved.symbols, saved.faces, saved.pages, saved.subsets, saved.documents):
        parts += (entry.line for entry in section.values())
    for name, record in sorted(saved.files.items()):
        parts.append(_signed(b"file", cache_codec.dumps([name, record.inputs, record.sha256])))
    parts.append(_signed(b"fonts", cache_codec.dumps(list(saved.fonts))))
    return b"".join(parts)


def _read(path: Path) -> _Saved | None:
    """The cache at `path`: what this process saved or read there if the file is unchanged,
    else every entry of the file whose signature checks out (None when none can)."""
    try:
        fd = open_regular(path, "kit cache", follow_links=False)
    except InputError:  # missing, a link, a FIFO, a device: built cold
        return None
    try:
        info = os.fstat(fd)
        known = _saved_here(path, info)
        if known is not None:
            return known
        raw = read_open(fd, path, MAX_CACHE_BYTES, "kit cache")
    except InputError:
        return None
    finally:
        os.close(fd)
    saved = _parse(raw)
    if saved is not None:
        _remember(path, (_key_of(info), saved))
    return saved


def _parse(raw: bytes) -> _Saved | None:
    if not raw.startswith(_MAGIC):
        return None
    lines = raw[len(_MAGIC) :].split(b"\n")
    identity = _identity_line()
    head = lines[0].split(b" ", 1)
    if len(head) != 2 or head[1] != identity or not _checks(head[0], identity):
        return None  # another version's, or not ours
    saved = _Saved()
    faces = []
    for line in lines[1:]:
        parts = line.split(b" ", 2)
        if len(parts) != 3:
            continue
        signature, section, payload = parts
        if not _checks(signature, b"%s\n%s %s" % (identity, section, payload)):
            continue  # not written by us as it is
        if section == b"face":  # once every symbol is read
            faces.append((payload, line + b"\n"))
            continue
        try:
            _take_entry(saved, section, payload, line + b"\n")
        except Exception:  # one entry that cannot be read is only not kept
            continue
    for payload, line in faces:
        try:
            _take_face(saved, payload, line)
        except Exception:
            continue
    return saved


def _take_face(saved: _Saved, payload: bytes, line: bytes) -> None:
    key, shapes, refs, symbol_warnings, own = cache_codec.loads(payload)
    names = tuple((ref[0], ref[1]) for ref in refs)
    symbols = tuple(saved.symbols[ref].record for ref in names)  # KeyError: not kept
    record = DrawnRecord(
        tuple(shapes),
        symbols,
        cache_codec.deep_tuple(symbol_warnings),
        cache_codec.deep_tuple(own),
        key,
    )
    if type(key) is str and all(type(s) in SHAPES for s in record.shapes):
        saved.faces[key] = _Entry(record, line, names)


def _checks(signature: bytes, message: bytes) -> bool:
    try:
        return signed_by_us(message, bytes.fromhex(signature.decode("ascii")))
    except ValueError:
        return False


def _take_entry(saved: _Saved, section: bytes, payload: bytes, line: bytes) -> None:
    value = cache_codec.loads(payload)
    if section == b"symbol" and type(value) is Symbol:
        saved.symbols[(value.id, hashlib.sha256(payload).hexdigest())] = _Entry(value, line)
    elif section == b"page" and type(value) is PageRecord:
        saved.pages[value.key] = _Entry(value, line)
    elif section == b"subset":
        key, data = value
        if type(key) is str and type(data) is bytes:
            saved.subsets[key] = _Entry(data, line)
    elif section == b"document":
        digest, path, shown, doc_path, display, lines, data = value
        doc = Document(Path(doc_path), display, data, {tuple(loc): n for loc, n in lines})
        saved.documents[(bytes.fromhex(digest), path, shown)] = _Entry(doc, line)
    elif section == b"file":
        name, inputs, digest = value
        if all(type(v) is str for v in value):
            saved.files[name] = FileRecord(inputs, digest)
    elif section == b"fonts" and all(type(v) is str for v in value):
        saved.fonts = tuple(value)


def inputs_digest(inputs: Any, names: ShapeNames | None = None) -> str:
    return Digest(names).add(inputs).hexdigest()


# The caches this process saved or read last, with what their files were then: the next build
# of a kit in this process (`--watch`, or the build after `preload`) takes it rather than
# reading the file back, if the file is still that one (the same inode, size and times: nothing
# wrote it since). What it holds is never changed once saved (records are frozen; each build
# makes its own dicts).
_SAVED: dict[Path, tuple[tuple[int, ...], _Saved]] = {}
_SAVED_MAX = 8  # kits


def _key_of(info: os.stat_result) -> tuple[int, ...]:
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


def _remember(path: Path, known: tuple[tuple[int, ...], _Saved]) -> None:
    if len(_SAVED) >= _SAVED_MAX:
        _SAVED.clear()
    _SAVED[path] = known


def _saved_here(path: Path, info: os.stat_result) -> _Saved | None:
    """What this process saved or read at `path`, if the file is still that one."""
    saved = _SAVED.get(path)
    return saved[1] if saved is not None and saved[0] == _key_of(info) else None


__all__ = ["CACHE_DIR", "DrawnRecord", "KitCache"]
