"""The fonts an SVG file uses, embedded in it: for each face, a subset holding only the glyphs
printed (by the file alone, or by the whole kit for a kit's files), as an `@font-face` data
URL (fontTools). A viewer without Lato (a browser,
Inkscape) then draws the same letters at the same widths as the PDF, instead of a wider
fallback that runs past its box."""

from __future__ import annotations

import base64
import copy
import hashlib
import io
import logging
import struct
from pathlib import Path
from typing import TYPE_CHECKING

from fontTools import subset
from fontTools.ttLib import TTFont

from playtest.core.errors import InputError
from playtest.core.input_files import display_path, read_bounded
from playtest.core.limits import MAX_FONT_BYTES
from playtest.faces.fonts import FontSet, parser_words
from playtest.faces.memo import Kept

if TYPE_CHECKING:
    from playtest.generator.backends.svg import FontCss

# The PDF sets text without kerning or ligatures (reportlab), so the SVG must too: these tables
# would only move letters away from where the PDF prints them.
LAYOUT_TABLES = ["GPOS", "GSUB", "GDEF", "kern"]


def font_face_css(fonts: FontSet, used: dict[str, set[str]]) -> str:
    """One `@font-face` rule per face in `used` (font key -> the characters printed with it),
    in a fixed order, so the same file always gets the same bytes."""
    return "\n".join(
        _face_rule(fonts, key, font_subset(fonts.files[key], "".join(sorted(used[key]))))
        for key in sorted(used)
    )


def shared_font_css(
    fonts: FontSet, used: dict[str, set[str]], kept: Kept[bytes] | None = None
) -> FontCss:
    """The `@font-face` rules of a kit's SVG files: each face subset once, to every character
    the kit prints with it (`used`), and the same rule embedded in every file that uses the
    face. A subset per file cost a kit ~40x the time of drawing it. `kept`: subsets cut by an
    earlier build (the kit cache), given those this one uses."""
    rules: dict[str, str] = {}

    def css(printed: dict[str, set[str]]) -> str:
        for key in printed:
            if key not in rules:
                chars = "".join(sorted(used[key]))
                rules[key] = _face_rule(fonts, key, font_subset(fonts.files[key], chars, kept))
        return "\n".join(rules[key] for key in sorted(printed))

    return css


def _face_rule(fonts: FontSet, key: str, data: bytes) -> str:
    face = fonts.face(key)
    return (
        f'@font-face {{ font-family: "{fonts.family}"; font-weight: {face.weight}; '
        f"font-style: {face.style}; "
        f'src: url("data:font/ttf;base64,{base64.b64encode(data).decode("ascii")}") '
        'format("truetype"); }'
    )


def font_subset(path: Path, chars: str, kept: Kept[bytes] | None = None) -> bytes:
    """The font at `path` cut down to `chars` (a card's few dozen letters, not 2,000 glyphs),
    made once per font content and characters (and kept in `kept`)."""
    data = read_bounded(path, MAX_FONT_BYTES, "font")
    digest = hashlib.sha256(data).hexdigest()
    key = f"{digest} {chars}"
    found = kept.get(key) if kept is not None else None
    if found is not None:
        return found
    try:
        made = _subset(digest, chars, data)
    except Exception as exc:  # a damaged table fails anywhere in fontTools
        raise InputError.one(
            display_path(path), None, "", f"the font cannot be subset ({parser_words(exc)})"
        ) from None
    if kept is not None:
        kept.put(key, made)
    return made


_SUBSETS: dict[tuple[str, str], bytes] = {}


def _subset(digest: str, chars: str, data: bytes) -> bytes:
    key = (digest, chars)
    if key not in _SUBSETS:
        if len(_SUBSETS) >= 256:
            _SUBSETS.clear()
        _SUBSETS[key] = _cut(data, chars)
    return _SUBSETS[key]


_READ: dict[bytes, TTFont] = {}  # a font file's bytes -> the font as read to cut it


def _read(data: bytes) -> TTFont:
    """The font, its layout tables dropped and its glyph names read (from its character map:
    a quarter of what cutting a subset costs), read once per process; each subset is cut from
    a copy of its own (cutting changes the font), deep-copied (as fast as a pickle's round
    trip, without reading a pickle)."""
    if data not in _READ:
        if len(_READ) >= 16:
            _READ.clear()
        font = TTFont(io.BytesIO(data), recalcTimestamp=False)  # the file's date: byte-identical
        _keep_file_dates(font)
        for tag in LAYOUT_TABLES:
            if tag in font:
                del font[tag]
        font.getGlyphOrder()
        _READ[data] = font
    return copy.deepcopy(_READ[data])


def _keep_file_dates(font: TTFont) -> None:
    """The `head` table's dates as the font file holds them. fontTools "repairs" a date before
    1970 (Lato's `created`) as it reads it, and by another amount since 4.61, so its value
    would differ with the version installed, and with it every subset and kit byte."""
    raw = font.reader["head"]  # the table as stored in the file
    font["head"].created, font["head"].modified = struct.unpack(">QQ", raw[20:36])


def _cut(data: bytes, chars: str) -> bytes:
    # fontTools logs remarks about old font dates while subsetting: nothing for a user
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    font = _read(data)
    options = subset.Options()
    options.name_IDs = ["*"]  # keep the copyright and licence names (SIL OFL)
    options.name_languages = ["*"]
    options.notdef_outline = True
    # hinting stays: without it Chromium draws the letters visibly off the PDF's pixels
    options.layout_features = []
    options.drop_tables += LAYOUT_TABLES
    # the file's own code page bits (OS/2), which older fontTools keeps and newer prunes by
    # default: the same subset bytes with every fontTools in range (older ones lack the option)
    options.prune_codepage_ranges = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=chars)
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()
