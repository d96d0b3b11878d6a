"""The fonts an SVG file uses, embedded in it: for each face, a subset holding only the glyphs
the file prints, as an `@font-face` data URL (fontTools). A viewer without Lato (a browser,
Inkscape) then draws the same letters at the same widths as the PDF, instead of a wider
fallback that runs past its box."""

from __future__ import annotations

import base64
import hashlib
import io
import logging
from functools import lru_cache
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont
from playtest.generator.draw.fonts import FontSet, parser_words

from playtest.errors import InputError
from playtest.limits import MAX_FONT_BYTES
from playtest.safe_files import display_path, read_bounded

# The PDF sets text without kerning or ligatures (reportlab), so the SVG must too: these tables
# would only move letters away from where the PDF prints them. Reading them is also most of a
# subset's time (Lato's kerning is large), so they go once per font, before any subset.
LAYOUT_TABLES = ["GPOS", "GSUB", "GDEF", "kern"]


def font_face_css(fonts: FontSet, used: dict[str, set[str]]) -> str:
    """One `@font-face` rule per face in `used` (font key -> the characters printed with it),
    in a fixed order, so the same file always gets the same bytes."""
    rules = []
    for key in sorted(used):
        face = fonts.face(key)
        data = font_subset(fonts.files[key], "".join(sorted(used[key])))
        rules.append(
            f'@font-face {{ font-family: "{fonts.family}"; font-weight: {face.weight}; '
            f"font-style: {face.style}; "
            f'src: url("data:font/ttf;base64,{base64.b64encode(data).decode("ascii")}") '
            'format("truetype"); }'
        )
    return "\n".join(rules)


def font_subset(path: Path, chars: str) -> bytes:
    """The font at `path` cut down to `chars` (a card's few dozen letters, not 2,000 glyphs)."""
    data = read_bounded(path, MAX_FONT_BYTES, "font")
    try:
        return _subset(_plain(hashlib.sha256(data).hexdigest(), data), chars)
    except Exception as exc:  # a damaged table fails anywhere in fontTools
        raise InputError.one(
            display_path(path), None, "", f"the font cannot be subset ({parser_words(exc)})"
        ) from None


_PLAIN: dict[str, bytes] = {}


def _plain(digest: str, data: bytes) -> bytes:
    """The font without its layout tables, every glyph kept: made once per font
    file (by content, so an edited file is read again), the base of every subset of it."""
    if digest not in _PLAIN:
        _PLAIN[digest] = _cut(data, None)
    return _PLAIN[digest]


@lru_cache(maxsize=1024)
def _subset(plain: bytes, chars: str) -> bytes:
    return _cut(plain, chars)


def _cut(data: bytes, chars: str | None) -> bytes:
    # fontTools logs remarks about old font dates while subsetting: nothing for a user
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    font = TTFont(io.BytesIO(data), recalcTimestamp=False)  # the file's date: byte-identical
    for tag in LAYOUT_TABLES:
        if tag in font:
            del font[tag]
    options = subset.Options()
    options.name_IDs = ["*"]  # keep the copyright and licence names (SIL OFL)
    options.name_languages = ["*"]
    options.notdef_outline = True
    # hinting stays: without it Chromium draws the letters visibly off the PDF's pixels
    options.layout_features = []
    options.drop_tables += LAYOUT_TABLES
    if chars is None:  # the base keeps its glyph names: a subset need not rebuild them
        options.glyph_names = True
    subsetter = subset.Subsetter(options)
    if chars is None:
        subsetter.populate(gids=range(len(font.getGlyphOrder())))
    else:
        subsetter.populate(text=chars)
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()
