"""The case the shared colour-blind test (tests/render/test_colour_blind.py) is for: Village
Green's green cards one colour apart (the three rose ponds, ...) are among the pairs it
compares."""

from __future__ import annotations

from playtest.library.loader import load_library
from tests.render.test_colour_blind import _one_apart


def test_village_greens_colours_are_compared() -> None:
    pairs = {(a.id, b.id) for _, a, b in _one_apart(load_library().game("village-green"))}
    assert {("G01", "G19"), ("G01", "G37"), ("G19", "G37")} <= pairs
