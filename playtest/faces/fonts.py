"""The font set of a game: TTF files found in its fonts/ folder or the shared one, registered
once, measured for layout, embedded in PDFs."""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from playtest.components import SHARED
from playtest.core.errors import InputError
from playtest.core.input_files import display_path, read_bounded
from playtest.core.limits import MAX_FONT_BYTES
from playtest.faces.glyph_check import cuts_cleanly
from playtest.model.game import Game


@dataclass(frozen=True)
class FontFace:
    key: str  # "regular", "bold", ...
    pdf_name: str  # the name registered with reportlab (unique per file)
    family: str
    weight: str  # SVG font-weight
    style: str  # SVG font-style
    ascent: float  # per unit of font size
    descent: float  # negative
    cap_height: float
    sha256: str  # of its file's bytes, as read when it was registered


class FontSet:
    def __init__(self, family: str, fallback: str, files: dict[str, Path]) -> None:
        self.family = family
        self.fallback = fallback
        self.files = dict(files)  # font key -> its TTF file (SVG files embed subsets of it)
        self.faces: dict[str, FontFace] = {}
        for key, path in files.items():
            self.faces[key] = _register(key, family, path)

    def face(self, key: str) -> FontFace:
        return self.faces[key]

    def missing(self, text: str, key: str) -> str:
        """The characters of `text` that font `key` has no glyph for (they would print as
        empty boxes), each once, in order."""
        pdf_name = self.faces[key].pdf_name
        if set(text) <= _drawn(pdf_name):  # the usual text: asked of every text a kit prints
            return ""
        glyphs = pdfmetrics.getFont(pdf_name).face.charToGlyph
        return "".join(dict.fromkeys(c for c in text if ord(c) not in glyphs and not c.isspace()))

    def width(self, text: str, key: str, size: float) -> float:
        """Width in mm of `text` at `size` mm."""
        return _unit_width(text, self.faces[key].pdf_name) * size

    def unit_width(self, key: str) -> Callable[[str], float]:
        """Width in mm of a text at size 1 mm, in font `key` (`width` is it times the size)."""
        return partial(_unit_width, pdf_name=self.faces[key].pdf_name)


@lru_cache(maxsize=64)
def _drawn(pdf_name: str) -> frozenset[str]:
    """The characters a registered font has a glyph for (its name holds its file's digest)."""
    return frozenset(map(chr, pdfmetrics.getFont(pdf_name).face.charToGlyph))


@lru_cache(maxsize=65536)
def _unit_width(text: str, pdf_name: str) -> float:
    # layout measures the same words again and again while it shrinks text to fit
    return pdfmetrics.stringWidth(text, pdf_name, 1.0)


_REGISTERED: dict[tuple[str, str], FontFace] = {}
# the digests of the font files whose every glyph was read without fault, by this process or
# by the build that saved a kit cache it loaded (generator/kit/cache.py)
CHECKED: set[str] = set()


def _register(key: str, family: str, path: Path) -> FontFace:
    data = read_bounded(path, MAX_FONT_BYTES, "font")
    whole = hashlib.sha256(data).hexdigest()
    digest = whole[:16]
    cached = _REGISTERED.get((key, digest))
    if cached is not None:
        return cached
    # reportlab knows a font by its name alone: a game's own Lato-Regular.ttf and the shared
    # one must not share a name unless they are the same file, byte for byte
    pdf_name = f"{path.stem}-{digest}"
    if pdf_name not in pdfmetrics.getRegisteredFontNames():
        try:
            ttf = TTFont(pdf_name, io.BytesIO(data))
            # every glyph the PDF may embed is read now, not when the PDF is saved (a damaged
            # glyph table would fail there, past any file name); ~5 ms a face (glyph_check.py),
            # once for the file's bytes (a kit's cache remembers the files read: `CHECKED`)
            if whole not in CHECKED:
                codes = sorted(ttf.face.charToGlyph)
                if codes and cuts_cleanly(ttf.face):
                    # no glyph can fail: one subset cuts the tables every subset copies
                    ttf.face.makeSubset(codes[:255])
                else:  # cut them all: a fault raises the parser's own error
                    for start in range(0, len(codes), 255):
                        ttf.face.makeSubset(codes[start : start + 255])
                CHECKED.add(whole)
            pdfmetrics.registerFont(ttf)
        except Exception as exc:  # a damaged file fails anywhere in the parser (struct.error...)
            raise InputError.one(
                display_path(path), None, "", f"not a usable TrueType font ({parser_words(exc)})"
            ) from None
    font = pdfmetrics.getFont(pdf_name)
    face = font.face
    lower = key.lower()
    weight = {
        "black": "900",
        "bold": "bold",
        "heavy": "800",
        "semibold": "600",
        "light": "300",
    }.get(
        next((w for w in ("black", "bold", "heavy", "semibold", "light") if w in lower), ""),
        "normal",
    )
    style = "italic" if "italic" in lower else "normal"
    result = FontFace(
        key=key,
        pdf_name=pdf_name,
        family=family,
        weight=weight,
        style=style,
        ascent=face.ascent / 1000,
        descent=face.descent / 1000,
        cap_height=(getattr(face, "capHeight", 0) or 700) / 1000,
        sha256=whole,
    )
    _REGISTERED[(key, digest)] = result
    return result


def parser_words(exc: Exception) -> str:
    """The parser's words, on one line and short, or what kind of failure it was."""
    text = " ".join(str(exc).split())
    return (text[:120] + "...") if len(text) > 120 else text or type(exc).__name__


def font_files(game: Game) -> dict[str, Path]:
    """Font key -> TTF path, from the game's fonts/ folder or _shared/fonts."""
    out: dict[str, Path] = {}
    for key, name in game.style.fonts.items():
        own = game.folder / "fonts" / name
        out[key] = own if own.is_file() else game.folder.parent / SHARED / "fonts" / name
    return out


_FONTSETS: dict[tuple, FontSet] = {}


def _identity(path: Path) -> tuple:
    """Which file, in which version: a font replaced between two builds is read again."""
    try:
        info = path.stat()
    except OSError:
        return (str(path),)  # reading it will say what is wrong
    return (str(path.resolve()), info.st_ino, info.st_mtime_ns, info.st_size)


def fonts_for(game: Game) -> FontSet:
    """The game's font set, registered once per process for the same files."""
    files = font_files(game)
    key = (
        game.style.family,
        game.style.fallback,
        tuple(sorted((k, _identity(p)) for k, p in files.items())),
    )
    if key not in _FONTSETS:
        _FONTSETS[key] = FontSet(game.style.family, game.style.fallback, files)
    return _FONTSETS[key]
