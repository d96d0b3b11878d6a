"""The digest that keys a kit's pages and files (generator/kit/cache.py): the same drawing is
the same digest, in this process and in another one (a kit cache is read by the next
process), whether its parts are shared objects or copies; another drawing is another digest."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from playtest.drawing.geometry import Affine
from playtest.drawing.model import INHERIT, Circle, Group, Rect, Stroke, Text
from playtest.generator.kit import cache_codec
from playtest.generator.kit.cache import inputs_digest

REPO = Path(__file__).resolve().parents[2]


def drawing() -> tuple:
    return (
        Group(
            (Rect(1, 2, 3, 4, 0.5, (1, 0, 0), Stroke(INHERIT, 0.2)), Circle(5, 6, 7)),
            Affine.translate(8, 9),
        ),
        Text(1, 2, "Ruby Clover Award", "bold", 3.5, (0, 0, 0)),
    )


def test_the_same_drawing_is_the_same_digest_in_another_process() -> None:
    code = (
        "from playtest.generator.kit.cache import inputs_digest\n"
        "from tests.kits.test_digest import drawing\n"
        "print(inputs_digest(drawing()))\n"
    )
    other = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO
    )
    assert other.stdout.strip() == inputs_digest(drawing())


def test_shared_or_copied_parts_and_kept_drawings_give_one_digest() -> None:
    stroke = Stroke((0, 0, 0), 0.3)
    shared = (Rect(0, 0, 1, 1, stroke=stroke), Rect(0, 0, 1, 1, stroke=stroke))
    copies = (Rect(0, 0, 1, 1, stroke=Stroke((0, 0, 0), 0.3)), Rect(0, 0, 1, 1, stroke=stroke))
    assert inputs_digest(shared) == inputs_digest(copies)
    kept = tuple(cache_codec.loads(cache_codec.dumps(drawing())))  # as a kit cache gives it
    assert inputs_digest(kept) == inputs_digest(drawing())


def test_another_drawing_is_another_digest() -> None:
    base = inputs_digest(drawing())
    others = [
        (Rect(1, 2, 3, 4),),
        (Circle(1, 2, 3),),
        (Rect(1, 2, 3, 5),),
        (Group((), Affine.translate(8, 9)),),
        drawing()[:1],
        (drawing()[0], Text(1, 2, "Ruby Clover Prize", "bold", 3.5, (0, 0, 0))),
    ]
    digests = {inputs_digest(d) for d in others}
    assert len(digests) == len(others) and base not in digests
