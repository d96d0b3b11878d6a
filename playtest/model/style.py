"""Fonts, the colour palette and named text styles."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from playtest.model.base import Schema

HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


def _check_hex(value: str) -> str:
    if not HEX.match(value):
        raise ValueError(f"{value!r} is not a colour (expected #rrggbb)")
    return value.lower()


Hex = Annotated[str, AfterValidator(_check_hex)]


class TextStyle(Schema):
    font: str = "regular"
    size: Annotated[float, Field(gt=0, le=500)] = 8
    colour: str = "ink"
    align: Literal["left", "center", "right"] = "left"
    valign: Literal["top", "middle", "bottom"] = "top"
    wrap: bool = True
    min_size: Annotated[float, Field(gt=0, le=500)] | None = None  # the house minimum
    leading: Annotated[float, Field(gt=0, le=5)] = 1.2


class Style(Schema):
    """Merged from `_shared/style.yaml` and a game's own `style:` block (the game's wins)."""

    family: str = "Lato"
    fallback: str = "Helvetica, Arial, sans-serif"
    # no printed text may end smaller: a style's `min_size` may raise it, never lower it
    min_text_size: Annotated[float, Field(gt=0, le=500)] = 6
    fonts: dict[str, str] = {}
    colours: dict[str, Hex] = {}
    text: dict[str, TextStyle] = {}
