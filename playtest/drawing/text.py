"""Text in a box: wrapping, alignment, shrink-to-fit and inline icons (`:name:` in the text).

Layout happens here, once, with the real font metrics, so the PDF and the SVG get the same
lines at the same places (an SVG viewer never re-wraps our text).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from playtest.core.limits import MAX_FIT_STEPS
from playtest.drawing.geometry import PT, Affine
from playtest.drawing.model import RGB, Shape, Text, Use


class Metrics(Protocol):
    """A font's vertical measures, per unit of font size (descent is negative)."""

    @property
    def ascent(self) -> float: ...
    @property
    def descent(self) -> float: ...
    @property
    def cap_height(self) -> float: ...


class Measure(Protocol):
    """What laying out text needs of a game's fonts (the fonts module's FontSet, which reads
    them with reportlab: the drawing model knows no backend)."""

    def face(self, key: str) -> Metrics: ...
    def unit_width(self, key: str) -> Callable[[str], float]: ...


ICON_TOKEN = re.compile(r":([a-z0-9][a-z0-9_-]*):")
SHRINK_STEP = 0.95


@dataclass(frozen=True)
class TextBox:
    x: float
    y: float
    w: float
    h: float
    font: str
    size_pt: float
    colour: RGB | None
    align: str = "left"  # left | center | right
    valign: str = "top"  # top | middle | bottom
    wrap: bool = True
    min_size_pt: float = 4
    leading: float = 1.2


# a token: (kind, text, width at size 1): a word (text, its width), an icon (its name, 1: an
# icon is as wide as the text is high) or a line break; tuples, as a deck of thousands of
# cards lays out thousands of texts no other card has
WORD, ICON, BREAK = 0, 1, 2
_Token = tuple[int, str, float]


@dataclass
class LaidOut:
    shapes: list[Shape]
    size_pt: float
    fits: bool


def tokenize(
    text: str, is_icon: Callable[[str], bool], unit: Callable[[str], float]
) -> list[_Token]:
    """The words, icons and line breaks of `text`; `unit`: a word's width at size 1."""
    tokens: list[_Token] = []
    for p, paragraph in enumerate(text.split("\n")):
        if p:
            tokens.append((BREAK, "", 0.0))
        for word in paragraph.split():
            pos = 0
            if ":" in word:
                for match in ICON_TOKEN.finditer(word):
                    if not is_icon(match.group(1)):
                        continue
                    if match.start() > pos:
                        part = word[pos : match.start()]
                        tokens.append((WORD, part, unit(part)))
                    tokens.append((ICON, match.group(1), 1.0))
                    pos = match.end()
            if pos < len(word):
                part = word[pos:] if pos else word
                tokens.append((WORD, part, unit(part)))
    return tokens


def layout_text(
    text: str, box: TextBox, fonts: Measure, icon_symbol: Callable[[str], str | None]
) -> LaidOut:
    """Lay `text` out in `box`, shrinking it down to `min_size_pt` until it fits.

    Every width is a word's width at size 1 (measured once) times the size, and sums are
    taken left to right: the same numbers, to the last bit, at every size tried."""
    unit = fonts.unit_width(box.font)
    tokens = tokenize(text, lambda name: icon_symbol(name) is not None, unit)
    space_unit = unit(" ")
    face = fonts.face(box.font)
    size_pt = box.size_pt
    for _ in range(MAX_FIT_STEPS):  # a min_size of 1e-300 must not mean 13,000 steps
        size = size_pt * PT
        space = space_unit * size
        lines = _wrap(tokens, box, size, space)
        height = _block_height(len(lines), size, box.leading, face)
        widest = max((_line_width(line, size, space) for line in lines), default=0)
        fits = height <= box.h + 1e-6 and widest <= box.w + 1e-6
        if fits or size_pt * SHRINK_STEP < box.min_size_pt:
            break
        size_pt *= SHRINK_STEP
    size = size_pt * PT
    return LaidOut(_place(lines, box, face, size, space_unit * size, icon_symbol), size_pt, fits)


def _line_width(line: list[_Token], size: float, space: float) -> float:
    if not line:
        return 0
    total = 0.0  # left to right, one rounding per step: Python 3.12 made `sum()` of floats
    for kind, _, unit in line:  # compensated, which would move a coordinate's last digit
        total += size if kind == ICON else unit * size
    return total + space * (len(line) - 1)


def _wrap(tokens: list[_Token], box: TextBox, size: float, space: float) -> list[list[_Token]]:
    lines: list[list[_Token]] = [[]]
    line = lines[0]
    width = 0.0
    wrap, box_w = box.wrap, box.w
    for token in tokens:
        kind = token[0]
        if kind == BREAK:
            line = []
            lines.append(line)
            width = 0.0
            continue
        w = size if kind == ICON else token[2] * size
        if line and wrap and width + space + w > box_w:
            line = [token]
            lines.append(line)
            width = w
        else:
            width += (space if line else 0) + w
            line.append(token)
    return lines


def _block_height(count: int, size: float, leading: float, face) -> float:
    if count == 0:
        return 0
    return (count - 1) * size * leading + (face.ascent - face.descent) * size


def _place(
    lines: list[list[_Token]],
    box: TextBox,
    face: Metrics,
    size: float,
    space: float,
    icon_symbol: Callable[[str], str | None],
) -> list[Shape]:
    line_gap = size * box.leading
    if len(lines) == 1:
        # one line: centre the capitals, which is what the eye reads as "centred"
        block, first = face.cap_height * size, face.cap_height * size
    else:
        block = _block_height(len(lines), size, box.leading, face)
        first = face.ascent * size
    if box.valign == "top":
        top = box.y
    elif box.valign == "middle":
        top = box.y + (box.h - block) / 2
    else:
        top = box.y + box.h - block
    font, colour, align = box.font, box.colour, box.align
    shapes: list[Shape] = []
    for index, line in enumerate(lines):
        baseline = top + first + index * line_gap
        if align == "left":
            x = box.x
        else:
            width = _line_width(line, size, space)
            x = box.x + (box.w - width) / 2 if align == "center" else box.x + box.w - width
        words: list[str] = []
        run_x = x
        for kind, text, unit in line:
            if kind == ICON:
                if words:
                    shapes.append(Text(run_x, baseline, " ".join(words), font, size, colour))
                    words = []
                symbol = icon_symbol(text)
                assert symbol is not None
                # icons sit on the baseline, a little below it like descenders do
                icon_top = baseline - size * 0.85
                shapes.append(
                    Use(symbol, Affine.translate(x, icon_top) @ Affine.scale(size / 100), colour)
                )
                x += size + space
                run_x = x
            else:
                if not words:
                    run_x = x
                words.append(text)
                x += unit * size + space
        if words:
            shapes.append(Text(run_x, baseline, " ".join(words), font, size, colour))
    return shapes
