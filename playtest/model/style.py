"""Fonts, the colour palette and named text styles."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from playtest.core.schema import PATTERN_WORDS, Schema

HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
PATTERN_WORDS[HEX.pattern] = "`#rrggbb`"


def _check_hex(value: str) -> str:
    if not HEX.match(value):
        raise ValueError(f"{value!r} is not a colour (expected #rrggbb)")
    return value.lower()


Hex = Annotated[str, AfterValidator(_check_hex), Field(json_schema_extra={"pattern": HEX.pattern})]


class TextStyle(Schema):
    font: str = "regular"
    """A font key of `fonts`."""
    size: Annotated[float, Field(gt=0, le=500)] = 8
    """Size in points."""
    colour: str = "ink"
    """A palette name or #rrggbb."""
    align: Literal["left", "center", "right"] = "left"
    """Horizontal alignment."""
    valign: Literal["top", "middle", "bottom"] = "top"
    """Vertical alignment."""
    wrap: bool = True
    """Wrap onto several lines; false keeps one line (shrunk to fit)."""
    min_size: Annotated[float, Field(gt=0, le=500)] | None = None
    """Smallest size in points the text may shrink to (default: the house minimum,
    `min_text_size`)."""
    leading: Annotated[float, Field(gt=0, le=5)] = 1.2
    """Line height as a multiple of the size."""


class Style(Schema):
    """Merged from `_shared/style.yaml` and a game's own `style:` block (the game's wins)."""

    family: str = "Lato"
    """The font family's name (SVG output)."""
    fallback: str = "Helvetica, Arial, sans-serif"
    """Fallback fonts (SVG output)."""
    min_text_size: Annotated[float, Field(gt=0, le=500)] = 6
    """No printed text may end smaller, in points: a style's `min_size` may raise it, never
    lower it."""
    fonts: dict[str, str] = {}
    """Font keys to TTF file names in `_shared/fonts/` or the game's `fonts/`."""
    colours: dict[str, Hex] = {}
    """The palette: names to `#rrggbb`."""
    text: dict[str, TextStyle] = {}
    """Named text styles, used by `style:` in text elements."""
