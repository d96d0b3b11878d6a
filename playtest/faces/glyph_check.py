"""Whether every glyph of a font can be cut into a PDF subset, found without cutting them.

reportlab cuts a subset as it saves a PDF (`TTFontFile.makeSubset`); a damaged glyph table
fails there, past any file name, so a font is checked when it is registered. Cutting every
glyph into subsets of 255 (the check `fonts.py` made alone before) costs ~18 ms a face; the
reads a subset makes of each glyph take ~2 ms. `cuts_cleanly` does those reads and answers
True only when no subset of the font can fail on a glyph: each glyph that any character maps
to (and glyph 0, and the parts of composite glyphs) has its place in `loca`, its metrics, and
lies whole inside the `glyf` table, with every component record inside the glyph. Whatever
it does not answer True for is cut the old way, which raises the parser's own error.
"""

from __future__ import annotations

from struct import unpack_from
from typing import Any

MORE_COMPONENTS = 1 << 5
ARGS_ARE_WORDS = 1 << 0
A_SCALE = 1 << 3
X_AND_Y_SCALE = 1 << 6
TWO_BY_TWO = 1 << 7
LONGEST_LOCA = 1 << 32  # a subset's `loca` offsets are packed as unsigned longs at most


def cuts_cleanly(face: Any) -> bool:
    """True when every subset of `face` (a reportlab TTFontFace) is cut without a fault in
    its glyphs; False when one might fail (or this cannot tell)."""
    data: bytes = face._ttf_data
    start, length = face.get_table_pos("glyf")
    if start < 0 or length < 0 or start + length > len(data):
        return False
    positions = face.glyphPos
    glyphs = min(len(positions) - 1, len(face.hmetrics))  # a glyph needs both
    seen = {0, *face.charToGlyph.values()}
    todo = list(seen)
    cut = 0  # every glyph's bytes and padding: no subset's offsets are longer
    while todo:
        glyph = todo.pop()
        if not (isinstance(glyph, int) and 0 <= glyph < glyphs):
            return False
        at, end = positions[glyph], positions[glyph + 1]
        if not (0 <= at <= end <= length):
            return False
        size = end - at
        cut += size + 3
        if size == 0:
            continue
        if size < 2:  # its contour count is read as two bytes
            return False
        (contours,) = unpack_from(">h", data, start + at)
        if contours >= 0:
            continue
        offset, flags = 10, MORE_COMPONENTS  # a composite: its parts follow the header
        while flags & MORE_COMPONENTS:
            if offset + 4 > size:  # a part's record must lie in the glyph (both reads of it)
                return False
            flags, part = unpack_from(">HH", data, start + at + offset)
            if part not in seen:
                seen.add(part)
                todo.append(part)
            offset += 4 + (4 if flags & ARGS_ARE_WORDS else 2)
            if flags & A_SCALE:
                offset += 2
            elif flags & X_AND_Y_SCALE:
                offset += 4
            elif flags & TWO_BY_TWO:
                offset += 8
    return cut < LONGEST_LOCA
