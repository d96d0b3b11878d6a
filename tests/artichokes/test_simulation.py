"""Property: random legal play from a legal set-up only ever produces legal positions, and the
win is named exactly when a player draws a hand without Artichokes at the end of their turn."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from playtest.library.loader import Library
from playtest.scorer.api import evaluate_data
from playtest.scorer.result import Result

from .simulation import ARTICHOKE, Stuck, Table, play_turn, set_up

STACK_FORMS = ("list", "mapping", "count", "rest")
# a seeded generator: st.randoms() draws far more data per game than hypothesis likes
SEEDED = st.integers(0, 2**32 - 1).map(random.Random)


def judge(record: dict[str, Any], library: Library) -> Result:
    return evaluate_data(record, library, name="sim.yaml")


def positions(
    library: Library, players: int, rhubarb: bool, turns: int, rng: random.Random
) -> Iterator[Table]:
    table = set_up(library.game("abandon-all-artichokes"), players, rhubarb, rng)
    try:
        for _ in range(turns):
            yield from play_turn(table)
            if table.won:
                return
    except Stuck:  # the row cannot avoid too many of one vegetable: the rules have no answer
        return


@settings(max_examples=100, deadline=None)
@given(players=st.integers(2, 4), rhubarb=st.booleans(), turns=st.integers(1, 14), rng=SEEDED)
def test_legal_play_gives_legal_positions(
    library: Library, players: int, rhubarb: bool, turns: int, rng: random.Random
) -> None:
    for table in positions(library, players, rhubarb, turns, rng):
        result = judge(table.record(rng.choice(STACK_FORMS)), library)
        assert result.violations == (), (table.record(), result.violations)
        seat = table.seats[table.current]
        won = table.phase == "draw" and ARTICHOKE not in seat.hand
        assert result.winners == ((seat.name,) if won else ())


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 4), turns=st.integers(1, 8), rng=SEEDED, add=st.booleans())
def test_a_card_too_many_or_too_few_is_caught(
    library: Library, players: int, turns: int, rng: random.Random, add: bool
) -> None:
    """With the Garden Stack typed card by card, adding or losing any one card breaks
    conservation (AA-01 for a vegetable, AA-02 for an Artichoke)."""
    *_, last = positions(library, players, False, turns, rng)
    record = last.record("mapping")
    zones = [record["compost"], record["garden_stack"], *(p["discard"] for p in record["players"])]
    zone = rng.choice([z for z in zones if z] if not add else zones)
    vegetable = rng.choice(sorted(zone) if not add else ["artichoke", "beet", "peas"])
    zone[vegetable] = zone.get(vegetable, 0) + (1 if add else -1)
    expected = "AA-02" if vegetable == ARTICHOKE else "AA-01"
    assert expected in [v.code for v in judge(record, library).violations]
