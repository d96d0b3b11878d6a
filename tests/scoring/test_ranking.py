"""Majorities (`leaders`, `leading`): the counts tied for the most win, unless the most is
below the minimum; checked against that definition on any counts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from playtest.scorer.mechanics.ranking import leaders, leading

COUNTS = st.lists(st.integers(-3, 6), max_size=6)


@settings(max_examples=200, deadline=None)
@given(COUNTS, st.integers(-2, 7))
def test_the_most_wins_when_it_reaches_the_minimum(counts: list[int], minimum: int) -> None:
    most = max(counts, default=None)
    expected = [most is not None and count == most and most >= minimum for count in counts]
    assert leading(counts, minimum) == expected
    names = {f"P{i}": count for i, count in enumerate(counts)}
    assert leaders(names, minimum) == [f"P{i}" for i, lead in enumerate(expected) if lead]


def test_a_count_of_zero_wins_nothing_by_default() -> None:
    assert leading([0, 0, 0]) == [False, False, False]
    assert leading([2, 0, 2]) == [True, False, True]
    assert leaders({}, 0) == []
