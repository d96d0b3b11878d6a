"""The fewest shapes a layout draws on every face, known before any face is drawn: each item of
a `repeat` with a number `count` is at least one shape (a group), so a repeat of 3,000 holding
a repeat of 1,000 is refused when the components are loaded, not after minutes of drawing.
Only what surely happens is counted (no `when`/`unless`, no count from a template or a list),
so a layout is never refused for shapes it might not draw; the face's own count while it is
drawn (the face log's `count`, layout/paint.py) still bounds the rest."""

from __future__ import annotations

from collections.abc import Sequence

from playtest.layout.group import GroupVerb
from playtest.layout.repeat import RepeatVerb
from playtest.layout.verb import ElementBox


def least_shapes(elements: Sequence[ElementBox]) -> list[int]:
    """For each element, the fewest shapes it draws on any face."""
    return [_least(box) for box in elements]


def _least(box: ElementBox) -> int:
    verb = box.verb
    if verb.when is not None or verb.unless is not None:
        return 0
    if isinstance(verb, RepeatVerb) and verb.over is None and isinstance(verb.count, int):
        return verb.count * (1 + sum(least_shapes(verb.elements)))
    if isinstance(verb, GroupVerb):
        return sum(least_shapes(verb.elements))
    return 0
