"""The measures on hand-made results, against values worked out by hand."""

from __future__ import annotations

import pytest

from playtest.lab.metrics import (
    all_metrics,
    component_weights,
    decisiveness,
    interval,
    lead_changes,
    scalar_metrics,
)
from playtest.lab.play import GameOutcome


def game(
    index: int,
    winners: tuple[int, ...],
    scores: tuple[int, ...],
    rounds: int = 4,
    leaders: tuple[tuple[int, ...], ...] = (),
    features=((), ()),
    seats: tuple[str, str] = ("greedy", "random"),
    completed: bool = True,
) -> GameOutcome:
    return GameOutcome(
        index=index,
        seats=seats,
        completed=completed,
        scores=scores,
        winners=winners,
        decisions=rounds * 2,
        rounds=rounds,
        leaders=leaders,
        features=features,
    )


# four two-player games: seat 1 wins twice, seat 2 once, one shared; one timeout
RESULTS = [
    game(0, (0,), (10, 4), rounds=2, leaders=((1,), (0,))),
    game(1, (0,), (8, 7), rounds=4, leaders=((0,), (0,), (1,), (0,))),
    game(2, (1,), (3, 9), rounds=6, leaders=((1,), (1,), (1,))),
    game(3, (0, 1), (5, 5), rounds=4, leaders=((0, 1),)),
    game(4, (), (1, 1), completed=False),
]


def test_the_single_number_measures() -> None:
    m = scalar_metrics(RESULTS)
    assert m["completion"] == pytest.approx(4 / 5)
    # seat 1: 1 + 1 + 0 + 1/2 = 2.5 of 4; seat 2: 1.5 of 4
    assert m["start_player_win_rate"] == pytest.approx(0.625)
    assert m["start_player_advantage"] == pytest.approx(0.125)
    assert m["balance"] == pytest.approx(1 - (0.625 - 0.375))
    assert m["shared_wins"] == pytest.approx(0.25)
    assert m["rounds"] == pytest.approx((2 + 4 + 6 + 4) / 4)
    # lead changes: 1 -> 0 (one); 0, 0, 1, 0 (two); none; none
    assert m["lead_changes"] == pytest.approx(3 / 4)
    # decisiveness: game 0 led alone for the last 1 of 2 rounds; game 1 the last 1 of 4;
    # game 2 all 3 of 3; the shared game 3 has none
    assert m["decisiveness"] == pytest.approx((1 / 2 + 1 / 4 + 1) / 3)
    assert m["score"] == pytest.approx((10 + 4 + 8 + 7 + 3 + 9 + 5 + 5) / 8)
    assert m["margin"] == pytest.approx((6 + 1 + 6 + 0) / 4)


def test_lead_changes_and_decisiveness_of_one_game() -> None:
    assert lead_changes(RESULTS[1]) == 2
    assert decisiveness(RESULTS[2]) == 1.0
    assert decisiveness(RESULTS[3]) is None


def test_bots_skill_gap_and_seats() -> None:
    m = all_metrics(RESULTS)
    assert (m["games"], m["completed"], m["timeouts"]) == (5, 4, 1)
    # greedy sits at seat 1 in every game here: 2.5 wins of 4 seat-games; random 1.5 of 4
    assert m["bots"]["greedy"]["win_rate"] == pytest.approx(0.625)
    assert m["bots"]["random"]["win_rate"] == pytest.approx(0.375)
    assert m["skill_gap"] == {"strong": "greedy", "gap": pytest.approx(0.25)}
    assert [s["win_rate"] for s in m["seat_win_rates"]] == pytest.approx([0.625, 0.375])


def test_component_weight_is_the_win_rate_with_minus_without() -> None:
    feats = [(("award:A1",), ()), (("award:A1",), ()), ((), ("award:A1",)), ((), ())]
    done = [
        game(i, w, (1, 0), features=f)
        for i, (w, f) in enumerate(zip([(0,), (0,), (0,), (1,)], feats, strict=True))
    ]
    [weight] = component_weights(done, minimum=1)
    # with A1: seats 0, 0 (wins) and game 2's seat 1 (loss): 2 of 3; without: 2 of 5
    assert weight["feature"] == "award:A1"
    assert weight["with"] == pytest.approx(2 / 3) and weight["without"] == pytest.approx(2 / 5)
    assert weight["weight"] == pytest.approx(2 / 3 - 2 / 5)
    low, high = weight["ci"]
    assert low < weight["weight"] < high


def test_wilson_interval() -> None:
    low, high = interval(0.5, 100)
    assert (round(low, 3), round(high, 3)) == (0.404, 0.596)
    assert interval(0.0, 0) == (0.0, 1.0)
