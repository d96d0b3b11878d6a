"""A table the game is not for: one wording for every engine (scorer/engine.py)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from playtest.scorer.engine import SetupError, check_player_count


@given(allowed=st.sets(st.integers(1, 12), min_size=1), count=st.integers(0, 14))
def test_only_a_count_the_game_is_for_passes_and_the_refusal_names_every_count(
    allowed: set[int], count: int
) -> None:
    if count in allowed:
        check_player_count(count, allowed)
        return
    with pytest.raises(SetupError) as refused:
        check_player_count(count, allowed)
    assert refused.value.field == "players"
    message = str(refused.value)
    wanted, got = re.fullmatch(r"expected (.+) players?, got (\d+)", message).groups()
    assert int(got) == count
    low, high = min(allowed), max(allowed)
    if len(allowed) > 1 and allowed == set(range(low, high + 1)):
        assert wanted == f"{low} to {high}"  # a range, never "2 or 3 or 4"
    else:
        assert [int(n) for n in re.split(r", | or ", wanted)] == sorted(allowed)


def test_the_words_people_read() -> None:
    cases = [
        (5, range(2, 5), "expected 2 to 4 players, got 5"),
        (4, {2, 3, 5}, "expected 2, 3 or 5 players, got 4"),
        (3, {2}, "expected 2 players, got 3"),
        (2, {1}, "expected 1 player, got 2"),
    ]
    for count, allowed, words in cases:
        with pytest.raises(SetupError, match=f"^{words}$"):
            check_player_count(count, allowed)
