"""A drawn face: what every kind of component draws and every backend writes."""

from __future__ import annotations

from dataclasses import dataclass

from playtest.drawing.model import Shape


@dataclass(frozen=True)
class DrawnFace:
    """One drawn side of a component, trim box at (0, 0)-(width, height); art may run into
    the bleed around it."""

    id: str
    title: str
    width: float
    height: float
    shapes: tuple[Shape, ...]
    copies: int = 1
