"""Where a layout's element is written: a place such as `layouts.card.elements[1].text`
turned into the file, line and field a designer can open (for errors and warnings met while
drawing, which name the layout rather than the component)."""

from __future__ import annotations

import re
from pathlib import Path

from playtest.core.errors import InputError
from playtest.core.yamlsource import format_loc, load_document
from playtest.model.game import Game

_LOC_PART = re.compile(r"\.?([A-Za-z0-9_-]+)|\[(\d+)\]|\['([^']*)'\]")


def layout_place(game: Game, where: str) -> tuple[str, int | None, str] | None:
    """`layouts.card.elements[1].text` -> (file, line, field) of that place in the YAML."""
    loc: list[str | int] = []
    for match in _LOC_PART.finditer(where):
        name, index, quoted = match.groups()
        loc.append(int(index) if index is not None else quoted if quoted is not None else name)
    if len(loc) < 2 or loc[0] != "layouts":
        return None
    src = game.sources.get(f"layout:{loc[1]}")
    if src is None:
        return None
    try:
        line = load_document(Path(src.file)).line_of(tuple(loc))
    except InputError:
        line = src.line
    return src.file, line, format_loc(tuple(loc))
