"""Text in a box: wrapping, alignment, shrink-to-fit and inline icons (`:name:` in the text).

Layout happens here, once, with the real font metrics, so the PDF and the SVG get the same
lines at the same places (an SVG viewer never re-wraps our text).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from playtest.generator.draw.geometry import PT, Affine
from playtest.generator.draw.model import RGB, Shape, Text, Use

from playtest.limits import MAX_FIT_STEPS

if TYPE_CHECKING:  # reportlab's metrics are loaded only when text is drawn
    from playtest.generator.draw.fonts import FontSet

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


@dataclass(frozen=True)
class _Token:
    text: str  # a word, or an icon name when `icon` is True
    icon: bool = False
    newline: bool = False


@dataclass
class LaidOut:
    shapes: list[Shape]
    size_pt: float
    fits: bool


def tokenize(text: str, is_icon: Callable[[str], bool]) -> list[_Token]:
    tokens: list[_Token] = []
    for p, paragraph in enumerate(text.split("\n")):
        if p:
            tokens.append(_Token("", newline=True))
        for word in paragraph.split():
            pos = 0
            for match in ICON_TOKEN.finditer(word):
                if not is_icon(match.group(1)):
                    continue
                if match.start() > pos:
                    tokens.append(_Token(word[pos : match.start()]))
                tokens.append(_Token(match.group(1), icon=True))
                pos = match.end()
            if pos < len(word):
                tokens.append(_Token(word[pos:]))
    return tokens


def layout_text(
    text: str, box: TextBox, fonts: FontSet, icon_symbol: Callable[[str], str | None]
) -> LaidOut:
    """Lay `text` out in `box`, shrinking it down to `min_size_pt` until it fits."""
    tokens = tokenize(text, lambda name: icon_symbol(name) is not None)
    size_pt = box.size_pt
    for _ in range(MAX_FIT_STEPS):  # a min_size of 1e-300 must not mean 13,000 steps
        lines = _wrap(tokens, box, fonts, size_pt * PT)
        height = _block_height(len(lines), size_pt * PT, box.leading, fonts.face(box.font))
        widest = max((_line_width(line, box, fonts, size_pt * PT) for line in lines), default=0)
        fits = height <= box.h + 1e-6 and widest <= box.w + 1e-6
        if fits or size_pt * SHRINK_STEP < box.min_size_pt:
            break
        size_pt *= SHRINK_STEP
    return LaidOut(_place(lines, box, fonts, size_pt * PT, icon_symbol), size_pt, fits)


def _space(box: TextBox, fonts: FontSet, size: float) -> float:
    return fonts.width(" ", box.font, size)


def _token_width(token: _Token, box: TextBox, fonts: FontSet, size: float) -> float:
    return size if token.icon else fonts.width(token.text, box.font, size)


def _line_width(line: list[_Token], box: TextBox, fonts: FontSet, size: float) -> float:
    if not line:
        return 0
    return _add(_token_width(t, box, fonts, size) for t in line) + _space(box, fonts, size) * (
        len(line) - 1
    )


def _add(values: Iterable[float]) -> float:
    """Left to right, one rounding per step: Python 3.12 made `sum()` of floats compensated,
    so `sum()` would move a last digit of a coordinate (and the output's bytes) by version."""
    total = 0.0
    for value in values:
        total += value
    return total


def _wrap(tokens: list[_Token], box: TextBox, fonts: FontSet, size: float) -> list[list[_Token]]:
    lines: list[list[_Token]] = [[]]
    width = 0.0
    space = _space(box, fonts, size)
    for token in tokens:
        if token.newline:
            lines.append([])
            width = 0.0
            continue
        w = _token_width(token, box, fonts, size)
        line = lines[-1]
        if line and box.wrap and width + space + w > box.w:
            lines.append([token])
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
    fonts: FontSet,
    size: float,
    icon_symbol: Callable[[str], str | None],
) -> list[Shape]:
    face = fonts.face(box.font)
    line_gap = size * box.leading
    if len(lines) == 1:
        # one line: centre the capitals, which is what the eye reads as "centred"
        block, first = face.cap_height * size, face.cap_height * size
    else:
        block = _block_height(len(lines), size, box.leading, face)
        first = face.ascent * size
    top = {"top": box.y, "middle": box.y + (box.h - block) / 2, "bottom": box.y + box.h - block}[
        box.valign
    ]
    space = _space(box, fonts, size)
    shapes: list[Shape] = []
    for index, line in enumerate(lines):
        baseline = top + first + index * line_gap
        width = _line_width(line, box, fonts, size)
        x = {"left": box.x, "center": box.x + (box.w - width) / 2, "right": box.x + box.w - width}[
            box.align
        ]
        words: list[str] = []
        run_x = x
        for token in line:
            if token.icon:
                if words:
                    shapes.append(
                        Text(run_x, baseline, " ".join(words), box.font, size, box.colour)
                    )
                    words = []
                symbol = icon_symbol(token.text)
                assert symbol is not None
                # icons sit on the baseline, a little below it like descenders do
                icon_top = baseline - size * 0.85
                shapes.append(
                    Use(
                        symbol, Affine.translate(x, icon_top) @ Affine.scale(size / 100), box.colour
                    )
                )
                x += size + space
                run_x = x
            else:
                if not words:
                    run_x = x
                words.append(token.text)
                x += fonts.width(token.text, box.font, size) + space
        if words:
            shapes.append(Text(run_x, baseline, " ".join(words), box.font, size, box.colour))
    return shapes
