"""What a layout verb paints with: the immutable `PaintContext` the face painter makes for each
face, the protocols of what it hands over (fonts, icons, the face's log), the error of a layout
that cannot be drawn, and colours written `#rrggbb`. The build's state (the game's symbol table,
its warnings, the face memo, scan marks) stays with the painter above."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from playtest.drawing.model import RGB, Paint
from playtest.drawing.text import Measure
from playtest.layout.style import Style


class RenderError(Exception):
    """A layout cannot be drawn for a component; `where` says which element."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


def hex_rgb(value: str) -> RGB:
    return (int(value[1:3], 16) / 255, int(value[3:5], 16) / 255, int(value[5:7], 16) / 255)


class Fonts(Measure, Protocol):
    """A game's fonts as the verbs see them: text layout's measures, the font keys the game
    has, and which characters of a text a font cannot draw."""

    @property
    def faces(self) -> Mapping[str, object]: ...
    def missing(self, text: str, key: str) -> str: ...


class Icons(Protocol):
    """The game's icons: a name's symbol id (the symbol made on first use), or None."""

    def symbol(self, name: str) -> str | None: ...
    def names(self) -> Iterable[str]: ...


class FaceLog(Protocol):
    """One face's log, made by the painter for each face: its warnings, its shape budget and
    the texts it has checked."""

    checked: set[tuple[Any, ...]]

    def warn(
        self, where: str, message: str, once: Hashable = None, kind: str | None = None
    ) -> None: ...
    def count(self, shapes: int, where: str) -> None: ...


@dataclass
class PaintMemo:
    """What a build has worked out once and every face reuses: equal text boxes and the texts
    laid out in them, each text element's options, colours by what the layout says. It changes
    no answer, only its cost."""

    texts: dict[Any, Any] = field(default_factory=dict)
    options: dict[int, Any] = field(default_factory=dict)
    colours: dict[str, tuple[Paint]] = field(default_factory=dict)


@dataclass(frozen=True)
class PaintContext:
    """What a layout verb may use while it draws one face. Made by the face painter for each
    face and never changed: a verb draws the same shapes from the same context."""

    style: Style  # palette, text styles, font keys, the smallest text
    fonts: Fonts
    icons: Icons
    face: FaceLog  # where this face's warnings and shape count go
    memo: PaintMemo  # shared by a build's faces
    bleed: float  # mm the face's art may run past its trim
    scale: float = 1.0  # how much the face prints scaled (text is judged at its printed size)
    taps: bool = False  # wrap an element's shapes in a Group with its `tap:` name
    fields: bool = False  # ... with its `field:` mark

    def colour(self, value: object, where: str) -> Paint:
        if type(value) is str:  # a face paints the same few colours again and again
            colours = self.memo.colours
            known = colours.get(value)
            if known is None:
                known = colours[value] = (self._colour(value, where),)
            return known[0]
        return self._colour(value, where)

    def _colour(self, value: object, where: str) -> Paint:
        if value is None:
            return None
        if not isinstance(value, str):
            raise RenderError(where, f"expected a colour, got {value!r}")
        if value == "none":
            return None
        if value.startswith("#") and len(value) == 7:
            try:
                return hex_rgb(value)
            except ValueError:
                pass
        hex_value = self.style.colours.get(value)
        if hex_value is None:
            known = ", ".join(sorted(self.style.colours))
            raise RenderError(
                where, f"unknown colour {value!r} (expected #rrggbb, none or one of: {known})"
            )
        return hex_rgb(hex_value)

    def rgb(self, value: object, where: str) -> RGB | None:
        paint = self.colour(value, where)
        return paint if isinstance(paint, tuple) else None
