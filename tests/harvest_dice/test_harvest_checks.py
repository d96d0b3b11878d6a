"""Each rule HD-02..HD-07 broken on purpose: the exact violations, players and places."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from playtest.scorer.result import Result
from tests.harvest_dice.helpers import codes

CASES = [
    # Ann's carrot at row 3 column 1 is away from her other three; Bob's tomatoes in column 6
    # (two cells) are away from his main group of three: one violation per stray cell.
    (
        "hd02_disconnected.yaml",
        [
            ("HD-02", "Ann", "garden row 3, column 1"),
            ("HD-02", "Bob", "garden row 1, column 6"),
            ("HD-02", "Bob", "garden row 2, column 6"),
        ],
    ),
    # Ann used 3 powers with 14 circles (2 rows); Bob's pig is negative; Cid's pig has 45 of
    # 42 circles (treated as full, so his 7 powers and the full-pig end are fine; he fed 16).
    (
        "hd03_pig_limits.yaml",
        [("HD-03", "Ann", "pig powers"), ("HD-03", "Bob", "pig pen"), ("HD-03", "Cid", "pig pen")],
    ),
    # Ann's lettuce market shows 0 on a basic sheet (pre-printed 1); Bob's tomato market
    # disagrees with Ann's. (R counts the lettuce as 1: 0+2+5 = 7, T = 19/19/18, all fine.)
    ("hd04_markets.yaml", [("HD-04", "Ann", "lettuce market"), ("HD-04", "Bob", "tomato market")]),
    # lettuce and tomato both full; markets typed once, so no player is named
    ("hd05_two_full_markets.yaml", [("HD-05", None, "markets")]),
    # final: true, but no garden, pig or market is full
    ("hd06_final_without_end.yaml", [("HD-06", None, "game end")]),
    # final: false with three end triggers: Ann's full garden (18 planted, T=18 in 7 rounds),
    # Bob's full pig (2 planted, 15 fed), and the full lettuce market
    (
        "hd06_round_end_after_end.yaml",
        [
            ("HD-06", "Ann", "garden"),
            ("HD-06", "Bob", "pig pen"),
            ("HD-06", None, "lettuce market"),
        ],
    ),
    # 4 players, markets L2 T2 C6: R = 1+1+5 = 7, T = 14 each.
    # Ann planted 15 > 14. Bob: 4 planted, 10 fed, pig 5 < 10. Cid: 10 planted, 4 fed,
    # pig 30 > 24. Dee: 9 planted, 5 fed, a full pig needs 7 fed (5×6 = 30 < 42).
    (
        "hd07_dice_accounting.yaml",
        [
            ("HD-07", "Ann", "garden"),
            ("HD-07", "Bob", "pig pen"),
            ("HD-07", "Cid", "pig pen"),
            ("HD-07", "Dee", "pig pen"),
        ],
    ),
]


@pytest.mark.parametrize(("name", "expected"), CASES, ids=[c[0] for c in CASES])
def test_broken_rule(
    evaluate: Callable[[str], Result], name: str, expected: list[tuple[str, str | None, str]]
) -> None:
    result = evaluate(name)
    assert codes(result) == expected
    assert not result.legal


def test_messages_say_what_is_wrong(evaluate: Callable[[str], Result]) -> None:
    messages = [v.message for v in evaluate("hd07_dice_accounting.yaml").violations]
    assert messages == [
        "15 vegetables planted, but this seat took only 14 dice in 7 rounds",
        "5 circles crossed, but 10 dice fed (14 taken in 7 rounds, 4 planted) cross 10 to 60",
        "30 circles crossed, but 4 dice fed (14 taken in 7 rounds, 10 planted) cross 4 to 24",
        "a full pig needs at least 7 dice fed, but only 5 dice fed (14 taken in 7 rounds, "
        "9 planted)",
    ]
    disconnected = evaluate("hd02_disconnected.yaml").violations
    assert disconnected[0].message == "carrot is not connected to the other carrots"
    assert evaluate("hd04_markets.yaml").violations[1].message == (
        "4 circles crossed, but Ann's sheet shows 3 (every sheet crosses the same market circles)"
    )


def test_json_answer_of_a_broken_position(evaluate: Callable[[str], Result]) -> None:
    answer = evaluate("hd05_two_full_markets.yaml").to_json()
    assert answer["legal"] is False
    assert answer["violations"] == [
        {
            "code": "HD-05",
            "player": None,
            "where": "markets",
            "message": "the lettuce and tomato markets are full, but only one market circle is "
            "crossed per round and the first full market ends the game",
        }
    ]
