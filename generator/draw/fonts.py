"""The font set of a game: TTF files registered once, measured for layout, embedded in PDFs."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

PT = 25.4 / 72  # one point in mm


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


class FontSet:
    def __init__(self, family: str, fallback: str, files: dict[str, Path]) -> None:
        self.family = family
        self.fallback = fallback
        self.faces: dict[str, FontFace] = {}
        for key, path in files.items():
            self.faces[key] = _register(key, family, path)

    def face(self, key: str) -> FontFace:
        return self.faces[key]

    def width(self, text: str, key: str, size: float) -> float:
        """Width in mm of `text` at `size` mm."""
        return _unit_width(text, self.faces[key].pdf_name) * size


@lru_cache(maxsize=65536)
def _unit_width(text: str, pdf_name: str) -> float:
    # layout measures the same words again and again while it shrinks text to fit
    return pdfmetrics.stringWidth(text, pdf_name, 1.0)


_REGISTERED: dict[Path, FontFace] = {}


def _register(key: str, family: str, path: Path) -> FontFace:
    path = path.resolve()
    cached = _REGISTERED.get(path)
    if cached is not None and cached.key == key:
        return cached
    pdf_name = path.stem  # e.g. Lato-Bold; reportlab needs one name per file
    if pdf_name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(pdf_name, str(path)))
    font = pdfmetrics.getFont(pdf_name)
    face = font.face
    lower = key.lower()
    weight = {"black": "900", "bold": "bold", "heavy": "800", "semibold": "600",
              "light": "300"}.get(next((w for w in ("black", "bold", "heavy", "semibold", "light")
                                        if w in lower), ""), "normal")
    style = "italic" if "italic" in lower else "normal"
    result = FontFace(
        key=key, pdf_name=pdf_name, family=family, weight=weight, style=style,
        ascent=face.ascent / 1000, descent=face.descent / 1000,
        cap_height=(getattr(face, "capHeight", 0) or 700) / 1000,
    )
    _REGISTERED[path] = result
    return result
