"""Text of the kit's own pages (contents, checklist) wrapped to a column with the real font
metrics, so a long name or page list takes another line instead of running off the paper."""

from __future__ import annotations

from playtest.drawing.model import RGB, Text
from playtest.faces.fonts import FontSet


def wrapped(
    text: str,
    x: float,
    baseline: float,
    width: float,
    font: str,
    size: float,
    colour: RGB,
    fonts: FontSet,
    *,
    align: str = "left",
    leading: float = 1.25,
) -> list[Text]:
    """`text` in lines no wider than `width` mm (a single word wider than that is the only
    thing on its line), the first baseline at `baseline`; `align` left or right."""
    lines: list[str] = []
    for word in text.split():
        if lines and fonts.width(f"{lines[-1]} {word}", font, size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    out = []
    for n, line in enumerate(lines):
        start = x + width - fonts.width(line, font, size) if align == "right" else x
        out.append(Text(start, baseline + n * size * leading, line, font, size, colour))
    return out


def height(lines: list[Text], size: float, leading: float = 1.25) -> float:
    """How far the next line's baseline moves down for `lines` (at least one line)."""
    return max(1, len(lines)) * size * leading
