"""What a game file that failed its schema still defines, so one load reports every error:
the entries that are valid on their own are kept for the cross-file checks, and the names of
the broken ones are remembered, so a reference to them is not reported as unknown too."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, get_args

from pydantic import ValidationError

from playtest.core.yamlsource import Document
from playtest.model.components import Layout
from playtest.model.game import GameFile

ENTRY_LISTS = ("decks", "dice", "sheets", "tokens", "boards")


@dataclass
class Broken:
    """Names defined by entries that failed their schema: `layout:card`, `sheet:pad`, or a
    whole kind (`layout:*`, `colour:*`, `option:*`) when what failed could define any of them
    (an unreadable file, a broken `style:` or `game:` block)."""

    names: set[str] = field(default_factory=set)

    def add(self, kind: str, name: object = "*") -> None:
        self.names.add(f"{kind}:{name if isinstance(name, str) else '*'}")

    def unknown(self, kind: str, name: str | None = None) -> bool:
        """True when `name` of `kind` may be defined by something that failed to load."""
        return f"{kind}:*" in self.names or f"{kind}:{name}" in self.names

    def everything(self) -> None:
        """An unreadable file: it may define any layout, sheet, colour, style, option or rule."""
        for kind in ("layout", "sheet", "colour", "option", "rules"):
            self.add(kind)

    def __bool__(self) -> bool:
        return bool(self.names)


def salvage(doc: Document, broken: Broken) -> GameFile:
    """The parts of `doc` that are valid on their own (its schema errors are already reported)."""
    data = doc.data if isinstance(doc.data, dict) else {}
    if not isinstance(doc.data, dict):
        broken.everything()
    kept: dict[str, Any] = {}
    for key, value in data.items():
        if key in ENTRY_LISTS and isinstance(value, list):
            kept[key] = [entry for entry in value if _valid(key, entry, broken)]
        elif key == "layouts" and isinstance(value, dict):
            kept[key] = {
                name: layout
                for name, layout in value.items()
                if _valid_layout(name, layout, broken)
            }
        elif key in GameFile.model_fields and _fits(key, value):
            kept[key] = value
        else:  # an unknown key, or a block that is wrong as a whole
            _lost_block(key, broken)
    return GameFile.model_validate(kept)


def _valid(kind: str, entry: Any, broken: Broken) -> bool:
    model = get_args(GameFile.model_fields[kind].annotation)[0]
    try:
        model.model_validate(entry)
        return True
    except ValidationError:
        broken.add(_named(kind), entry.get("id") if isinstance(entry, dict) else None)
        return False


def _named(kind: str) -> str:
    """How a reference names the kind: a sheet's `back:` names a `sheet`."""
    return "sheet" if kind == "sheets" else kind


def _valid_layout(name: Any, layout: Any, broken: Broken) -> bool:
    try:
        Layout.model_validate(layout)
        return True
    except ValidationError:
        broken.add("layout", name)
        return False


def _fits(key: str, value: Any) -> bool:
    try:
        GameFile.model_validate({key: value})
        return True
    except ValidationError:
        return False


def _lost_block(key: Any, broken: Broken) -> None:
    """What a block that did not load could have defined."""
    if key == "style":
        broken.add("colour")
    elif key == "game":
        broken.add("option")
    elif key == "layouts":
        broken.add("layout")
    elif key in ENTRY_LISTS:
        broken.add(_named(key))
    elif key == "rules":
        broken.add("rules")
    else:  # an unknown key (a typo of a block): it may have held anything
        broken.everything()
