"""A font registered by a build has every glyph read at once (playtest/faces/fonts.py): the
quick reading (`cuts_cleanly`) may answer True only for a font whose every subset reportlab
can cut, so a font it passes never fails later, as the PDF is saved."""

from __future__ import annotations

import io
import struct
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from reportlab.pdfbase.ttfonts import TTFont

from playtest.faces.glyph_check import cuts_cleanly

SHARED_FONTS = Path(__file__).resolve().parents[2] / "components" / "_shared" / "fonts"
REGULAR = (SHARED_FONTS / "Lato-Regular.ttf").read_bytes()


def _tables(data: bytes) -> dict[str, tuple[int, int]]:
    count = struct.unpack(">H", data[4:6])[0]
    found = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack(">4sIII", data[12 + 16 * i : 28 + 16 * i])
        found[tag.decode("latin-1")] = (offset, length)
    return found


TABLES = _tables(REGULAR)


def _face(data: bytes):
    return TTFont("glyph-check", io.BytesIO(data)).face


def _cut_all(face) -> None:
    """The whole check as it was: every glyph cut, in subsets of 255 characters."""
    codes = sorted(face.charToGlyph)
    for start in range(0, len(codes), 255):
        face.makeSubset(codes[start : start + 255])


@pytest.mark.parametrize("name", sorted(p.name for p in SHARED_FONTS.glob("*.ttf")))
def test_the_shipped_fonts_are_read_quickly(name: str) -> None:
    assert cuts_cleanly(_face((SHARED_FONTS / name).read_bytes()))


def _damage(where: str, at: float, noise: bytes) -> bytes:
    data = bytearray(REGULAR)
    if where == "cut":  # the file cut short inside its glyphs
        glyf, length = TABLES["glyf"]
        return bytes(data[: glyf + int(at * length)])
    if where == "glyph":  # the start of a glyph: its contour count, a composite's parts
        face = _face(REGULAR)
        glyph = int(at * (len(face.glyphPos) - 1))
        offset = TABLES["glyf"][0] + face.glyphPos[glyph]
    elif where == "loca":  # a glyph's place
        loca, length = TABLES["loca"]
        offset = loca + (int(at * length) & ~1)
    elif where == "numGlyphs":
        offset = TABLES["maxp"][0] + 4
    else:  # anywhere in a table
        start, length = TABLES[where]
        offset = start + int(at * length)
    data[offset : offset + len(noise)] = noise
    return bytes(data)


@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(
    where=st.sampled_from(["glyph", "glyph", "loca", "numGlyphs", "glyf", "cmap", "cut"]),
    at=st.floats(0, 0.999),
    noise=st.binary(min_size=1, max_size=24),
)
def test_a_font_read_as_clean_cuts_every_subset(where: str, at: float, noise: bytes) -> None:
    try:
        face = _face(_damage(where, at, noise))
    except Exception:  # refused as it is parsed: a build says so before any glyph is read
        assume(False)
    if cuts_cleanly(face):
        event("read as clean")
        _cut_all(face)  # raises if a subset fails
    else:
        event("cut the old way")


def test_a_damaged_glyph_is_not_read_as_clean() -> None:
    face = _face(REGULAR)
    composite = next(
        g
        for g in range(len(face.glyphPos) - 1)
        if face.glyphPos[g + 1] > face.glyphPos[g]
        and struct.unpack_from(">h", REGULAR, TABLES["glyf"][0] + face.glyphPos[g])[0] < 0
    )
    data = bytearray(REGULAR)
    part = TABLES["glyf"][0] + face.glyphPos[composite] + 12  # its first part's glyph index
    data[part : part + 2] = b"\xff\xf0"  # a glyph the font does not have
    damaged = _face(bytes(data))
    assert not cuts_cleanly(damaged)
    with pytest.raises(IndexError):
        _cut_all(damaged)
