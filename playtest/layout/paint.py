"""What a layout verb paints with that is not a shape: the error of a layout that cannot be
drawn, and colours written `#rrggbb`."""

from __future__ import annotations

from playtest.drawing.model import RGB


class RenderError(Exception):
    """A layout cannot be drawn for a component; `where` says which element."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


def hex_rgb(value: str) -> RGB:
    return (int(value[1:3], 16) / 255, int(value[3:5], 16) / 255, int(value[5:7], 16) / 255)
