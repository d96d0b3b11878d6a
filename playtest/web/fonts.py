"""The kit's fonts for the web pages, small: each face subset to the characters a sheet or card
can hold (Latin letters, digits, punctuation) and packed as WOFF, so a phone fetches tens of
kilobytes instead of the printed kit's 2.7 MB of TTF. The print kit keeps the full fonts.
Subsetting takes a second or two a face, so the result is kept in the user's cache folder."""

from __future__ import annotations

import hashlib
import io
import os
from functools import lru_cache
from pathlib import Path

# Basic Latin, Latin-1, Latin Extended-A, and the typographic marks our YAML text uses
# (dashes, quotes, ellipsis, bullet, multiplication sign, arrows, minus, ≤ ≥, ★).
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
SUBSET_VERSION = "3"  # change when WEB_CHARACTERS or the subsets change: a new cache key


def cache_folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "playtest-kit" / "web-fonts"


@lru_cache(maxsize=16)
def font_digest(path: Path) -> str:
    """A short hash of the face: the font's address carries it, so a browser may keep a font
    for a year (a new font is a new address), and the cache is keyed by it."""
    return hashlib.sha256(path.read_bytes() + SUBSET_VERSION.encode()).hexdigest()[:16]


@lru_cache(maxsize=16)
def web_font(path: Path) -> bytes:
    """The face at `path`, subset and packed as WOFF (zlib: no extra compressor needed)."""
    cached = cache_folder() / f"{font_digest(path)}.woff"
    try:
        return cached.read_bytes()
    except OSError:
        pass
    data = _subset(path)
    try:  # a cache that cannot be written is only slower
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_name(f"{cached.name}.{os.getpid()}.tmp")
        partial.write_bytes(data)
        partial.replace(cached)
    except OSError:
        pass
    return data


def _subset(path: Path) -> bytes:
    """The kit's own subsetting (the SVG backend's: no layout tables, so the letters sit where
    the PDF prints them), repacked as WOFF."""
    from fontTools.ttLib import TTFont

    from playtest.generator.backends.svg_fonts import font_subset

    font = TTFont(io.BytesIO(font_subset(path, WEB_TEXT)), recalcTimestamp=False)
    font.flavor = "woff"
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()
