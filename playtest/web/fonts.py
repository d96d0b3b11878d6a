"""The kit's fonts for the web pages, small: each face subset to the characters the game can
show (every character of its loaded YAML, and the pages' own) and packed as WOFF, so a phone
fetches tens of kilobytes instead of the printed kit's 2.7 MB of TTF. The print kit keeps the
full fonts. Subsetting takes a second or two a face, so the result is kept in the user's cache
folder, keyed by the face and the characters."""

from __future__ import annotations

import dataclasses
import hashlib
import io
import unicodedata
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from playtest.core.cache_key import sign, signed_by_us, user_cache_folder
from playtest.core.errors import InputError
from playtest.core.input_files import read_bounded
from playtest.core.limits import MAX_FONT_BYTES
from playtest.core.output_files import write_bytes

# What the pages show whatever the game (their own words, names typed on the phone): Basic
# Latin, Latin-1, Latin Extended-A, and common typographic marks (dashes, quotes, ellipsis, † ‡,
# bullet, multiplication sign, arrows, minus, ≤ ≥, ★). A game's own characters are added to it.
WEB_CHARACTERS = [
    *range(0x20, 0x7F),
    *range(0xA0, 0x180),
    0x2013,
    0x2014,
    0x2018,
    0x2019,
    0x201C,
    0x201D,
    0x2026,
    0x2020,
    0x2021,
    0x2022,
    0x00D7,
    0x2190,
    0x2191,
    0x2192,
    0x2193,
    0x2212,
    0x2264,
    0x2265,
    0x2605,
]
WEB_TEXT = "".join(map(chr, WEB_CHARACTERS))
SUBSET_VERSION = "6"  # change when the subsets change: a new cache key
_SIGNATURE = 32  # bytes of HMAC-SHA256 before a cached font's own (playtest/core/cache_key.py)


def cache_folder() -> Path:
    return user_cache_folder() / "web-fonts"


def game_characters(game: Any) -> str:
    """The characters a game's pages can show: the pages' own (`WEB_TEXT`) and every character
    of every text of the loaded game (names, card texts, rules, its reference), so a designer's
    own game in any script is set in the kit's font, as printed. In code-point order: the same
    game gives the same subset, byte for byte."""
    found = set(WEB_TEXT)
    seen: set[int] = set()
    todo: list[Any] = [game]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            found.update(item)
            continue
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, BaseModel):
            todo.extend(vars(item).values())
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            todo.extend(getattr(item, f.name) for f in dataclasses.fields(item))
        elif isinstance(item, Mapping):
            todo.extend(item.keys())
            todo.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            todo.extend(item)
    # a control, a format mark or a private-use point has no glyph to show
    return "".join(sorted(c for c in found if unicodedata.category(c)[0] not in "C"))


@lru_cache(maxsize=64)
def font_digest(path: Path, text: str = WEB_TEXT) -> str:
    """A short hash of the face and the characters kept: the font's address carries it, so a
    browser may keep a font for a year (a new font or new text is a new address), and the
    cache is keyed by it."""
    data = read_bounded(path, MAX_FONT_BYTES, "font")
    chars = text.encode("utf-8", "surrogatepass")
    return hashlib.sha256(data + SUBSET_VERSION.encode() + b"\0" + chars).hexdigest()[:16]


@lru_cache(maxsize=64)
def web_font(path: Path, text: str = WEB_TEXT) -> bytes:
    """The face at `path` subset to `text` (see `game_characters`), packed as WOFF (zlib: no
    extra compressor needed). The cache keeps it signed with this user's key, and a cached font
    is served only when its signature checks out (another user's, edited, torn: made again)."""
    digest = font_digest(path, text)
    cached = cache_folder() / f"{digest}.woff"
    try:
        kept = read_bounded(cached, _SIGNATURE + MAX_FONT_BYTES, "cached font")
    except InputError:  # missing, or not a file to read
        kept = b""
    signature, data = kept[:_SIGNATURE], kept[_SIGNATURE:]
    if data and signed_by_us(_message(digest, data), signature):
        return data
    data = _subset(path, text)
    try:  # a cache that cannot be written is only slower
        cached.parent.mkdir(parents=True, exist_ok=True)
        write_bytes(cached, sign(_message(digest, data)) + data)
    except OSError:
        pass
    return data


def _message(digest: str, data: bytes) -> bytes:
    return b"web font %s %s\n%s" % (SUBSET_VERSION.encode(), digest.encode(), data)


def _subset(path: Path, text: str) -> bytes:
    """The kit's own subsetting (the SVG backend's: no layout tables, so the letters sit where
    the PDF prints them), repacked as WOFF."""
    from fontTools.ttLib import TTFont

    from playtest.generator.backends.svg_fonts import font_subset

    font = TTFont(io.BytesIO(font_subset(path, text)), recalcTimestamp=False)
    font.flavor = "woff"
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()
