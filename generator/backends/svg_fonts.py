"""The fonts an SVG file uses, embedded in it: for each face, a subset holding only the glyphs
the file prints, as an `@font-face` data URL (fontTools). A viewer without Lato (a browser,
Inkscape) then draws the same letters at the same widths as the PDF, instead of a wider
fallback that runs past its box."""

from __future__ import annotations

import base64
import io
import logging
from functools import lru_cache
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont
from playtest.generator.draw.fonts import FontSet

from playtest.limits import MAX_FONT_BYTES
from playtest.safe_files import read_bounded


def font_face_css(fonts: FontSet, used: dict[str, set[str]]) -> str:
    """One `@font-face` rule per face in `used` (font key -> the characters printed with it),
    in a fixed order, so the same file always gets the same bytes."""
    rules = []
    for key in sorted(used):
        face = fonts.face(key)
        data = _subset(fonts.files[key], "".join(sorted(used[key])))
        rules.append(
            f'@font-face {{ font-family: "{fonts.family}"; font-weight: {face.weight}; '
            f"font-style: {face.style}; "
            f'src: url("data:font/ttf;base64,{base64.b64encode(data).decode("ascii")}") '
            'format("truetype"); }')
    return "\n".join(rules)


@lru_cache(maxsize=1024)
def _subset(path: Path, chars: str) -> bytes:
    """The font at `path` cut down to `chars` (a card's few dozen letters, not 2,000 glyphs)."""
    # fontTools logs remarks about old font dates while subsetting: nothing for a user
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    font = TTFont(io.BytesIO(read_bounded(path, MAX_FONT_BYTES, "font")),
                  recalcTimestamp=False)  # the file's date stays: builds are byte-identical
    options = subset.Options()
    options.name_IDs = ["*"]  # keep the copyright and licence names (SIL OFL)
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.layout_features = ["kern", "liga"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=chars)
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()
