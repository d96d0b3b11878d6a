"""Known boards scored by hand. Every board is legal (the tests also assert no violation).

Reminders for the hand computations (values from components/harvest-dice/game.yaml):
vegetable = planted × market; ribbon = 5 per full garden row; pig row r complete at 6r circles,
rows worth 1..7 (playtest default), so 1 row 1, 2 rows 3, 3 rows 6, 4 rows 10, 5 rows 15,
6 rows 21, 7 rows 28; advanced: 5 per majority (tied leaders all get it, a count of 0 never).
Legality: rounds R = market crosses - 3 (basic) or - 0 (advanced); dice taken T: 4 players 2R;
2 players 3 per round started (seat 1 starts odd rounds) else 2; 3 players 3R minus the rounds
a seat is last (seat 1 in rounds 2, 5, 8, ...; seat 2 in 3, 6, ...; seat 3 in 1, 4, ...).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from playtest.scorer.result import Result

BASIC = ("lettuce", "tomato", "carrot", "ribbons", "pig")
ADVANCED = (*BASIC, "most_lettuce", "most_tomato", "most_carrot", "most_pig")

CASES = [
    # basic, 2 players, won on total. Markets L6 T3 C2 (R=8, T=20/20; lettuce full ends it).
    # Ann: L5×6=30, T4×3=12, C4×2=8, row 1 full 5, pig 20 = 3 rows 6 -> 61
    # Bob: L2×6=12, T3×3=9, C5×2=10, no ribbon, pig 30 = 5 rows 15 -> 46
    ("b01_basic_2p_total.yaml", {"Ann": (30, 12, 8, 5, 6), "Bob": (12, 9, 10, 0, 15)}, ["Ann"]),
    # basic, 2 players, tied on 43, Ann planted 10 against 7. Markets L2 T2 C6.
    # Ann: L2×2=4, T3×2=6, C5×6=30, pig 12 = 2 rows 3 -> 43
    # Bob: C7×6=42, pig 10 = 1 row 1 -> 43
    ("b02_basic_2p_vegetables.yaml", {"Ann": (4, 6, 30, 0, 3), "Bob": (0, 0, 42, 0, 1)}, ["Ann"]),
    # basic, 2 players, tied on 39 and on 9 planted; Ann's pig has 17 circles, Bob's 13.
    # Both: L3×6=18, T3×3=9, C3×3=9, pig 2 rows 3 -> 39
    ("b03_basic_2p_pig.yaml", {"Ann": (18, 9, 9, 0, 3), "Bob": (18, 9, 9, 0, 3)}, ["Ann"]),
    # basic, 3 players, Ann and Bob equal on total (41), planted (8) and pig (18): shared.
    # Ann/Bob: L1×1=1, T5×6=30, C2×2=4, pig 18 = 3 rows 6 -> 41
    # Cid: T3×6=18, C4×2=8, pig 20 = 3 rows 6 -> 32
    (
        "b04_basic_3p_shared.yaml",
        {"Ann": (1, 30, 4, 0, 6), "Bob": (1, 30, 4, 0, 6), "Cid": (0, 18, 8, 0, 6)},
        ["Ann", "Bob"],
    ),
    # basic, 3 players, Ann's full garden ends it. Markets L4 T3 C4 (R=8, T=21/22/21).
    # Ann: L6×4=24, T6×3=18, C6×4=24, 3 ribbons 15, pig 7 = 1 row 1 -> 82
    # Bob: L2×4=8, T6×3=18, C3×4=12, 1 ribbon 5, pig 25 = 4 rows 10 -> 53
    # Cid: L2×4=8, C3×4=12, pig 36 = 6 rows 21 -> 41
    (
        "b05_basic_3p_full_garden.yaml",
        {"Ann": (24, 18, 24, 15, 1), "Bob": (8, 18, 12, 5, 10), "Cid": (8, 0, 12, 0, 21)},
        ["Ann"],
    ),
    # basic, 4 players, Ann's full pig ends it. Markets L3 T4 C2 (R=6, T=12 each).
    # Ann: L1×3=3, C4×2=8, full pig 28 -> 39
    # Bob: L5×3=15, T4×4=16, C3×2=6 -> 37
    # Cid: L3×3=9, T3×4=12, C3×2=6, pig 18 = 3 rows 6 -> 33
    # Dee: T6×4=24, 1 ribbon 5, pig 30 = 5 rows 15 -> 44
    (
        "b06_basic_4p_full_pig.yaml",
        {
            "Ann": (3, 0, 8, 0, 28),
            "Bob": (15, 16, 6, 0, 0),
            "Cid": (9, 12, 6, 0, 6),
            "Dee": (0, 24, 0, 5, 15),
        },
        ["Dee"],
    ),
    # advanced, 2 players. Markets L6 T2 C1 (R=9, T=23/22).
    # Ann: L4×6=24, T2×2=4, C2×1=2, pig 26 = 4 rows 10, most lettuce (4 v 2) 5 -> 45
    # Bob: L2×6=12, T4×2=8, C3×1=3, pig 30 = 5 rows 15, most tomato, carrot, pig 15 -> 53
    (
        "b07_advanced_2p_total.yaml",
        {"Ann": (24, 4, 2, 0, 10, 5, 0, 0, 0), "Bob": (12, 8, 3, 0, 15, 0, 5, 5, 5)},
        ["Bob"],
    ),
    # advanced, 3 players, Ann and Bob tied on 48, Ann planted 9 against 8. Markets L3 T6 C2.
    # Tomatoes 3/3/2: Ann and Bob share most tomato. Lettuce 2/4/0 Bob, carrot 4/1/1 Ann,
    # pig 20/22/27 Cid.
    # Ann: L2×3=6, T3×6=18, C4×2=8, pig 20 = 3 rows 6, tomato 5, carrot 5 -> 48
    # Bob: L4×3=12, T3×6=18, C1×2=2, pig 22 = 3 rows 6, lettuce 5, tomato 5 -> 48
    # Cid: T2×6=12, C1×2=2, pig 27 = 4 rows 10, pig 5 -> 29
    (
        "b08_advanced_3p_vegetables.yaml",
        {
            "Ann": (6, 18, 8, 0, 6, 0, 5, 5, 0),
            "Bob": (12, 18, 2, 0, 6, 5, 5, 0, 0),
            "Cid": (0, 12, 2, 0, 10, 0, 0, 0, 5),
        },
        ["Ann"],
    ),
    # advanced, 4 players, Ann and Bob tied on 49 and on 6 planted; pig 23 against 19.
    # Markets L4 T2 C6 (R=12, T=24). Lettuce 2/2/0/0, tomato 1/1/1/0, carrot 3/3/0/0,
    # pig 23/19/24/42 (Dee).
    # Ann/Bob: L2×4=8, T1×2=2, C3×6=18, pig 3 rows 6, lettuce, tomato, carrot 15 -> 49
    # Cid: T1×2=2, pig 24 = 4 rows 10, tomato 5 -> 17
    # Dee: full pig 28, pig 5 -> 33
    (
        "b09_advanced_4p_pig.yaml",
        {
            "Ann": (8, 2, 18, 0, 6, 5, 5, 5, 0),
            "Bob": (8, 2, 18, 0, 6, 5, 5, 5, 0),
            "Cid": (0, 2, 0, 0, 10, 0, 5, 0, 0),
            "Dee": (0, 0, 0, 0, 28, 0, 0, 0, 5),
        },
        ["Ann"],
    ),
    # advanced, 4 players, Ann and Bob equal on 31, 3 planted and 12 pig circles: shared.
    # Markets L6 T1 C0 (R=7, T=14). Lettuce 3/3/0/0, tomato 0/0/2/0, carrot 0/0/0/4,
    # pig 12/12/12/11 (three share most pig).
    # Ann/Bob: L3×6=18, pig 12 = 2 rows 3, lettuce 5, pig 5 -> 31
    # Cid: T2×1=2, pig 3, tomato 5, pig 5 -> 15
    # Dee: C4×0=0 (carrot market empty), pig 11 = 1 row 1, carrot 5 -> 6
    (
        "b10_advanced_4p_shared.yaml",
        {
            "Ann": (18, 0, 0, 0, 3, 5, 0, 0, 5),
            "Bob": (18, 0, 0, 0, 3, 5, 0, 0, 5),
            "Cid": (0, 2, 0, 0, 3, 0, 5, 0, 5),
            "Dee": (0, 0, 0, 0, 1, 0, 0, 5, 0),
        },
        ["Ann", "Bob"],
    ),
    # advanced, 2 players: markets L0 T6 C0 (R=6, T=15/15). Lettuce is worth 0 but its
    # majority still counts; nobody planted a carrot, so nobody gets most carrot.
    # Ann: L2×0=0, pig 13 = 2 rows 3, lettuce 5 -> 8
    # Bob: T1×6=6, pig 14 = 2 rows 3, tomato 5, pig 5 -> 19
    (
        "b11_advanced_2p_zero_counts.yaml",
        {"Ann": (0, 0, 0, 0, 3, 5, 0, 0, 0), "Bob": (0, 6, 0, 0, 3, 0, 5, 0, 5)},
        ["Bob"],
    ),
    # basic, 2 players, the end of round 3 (final: false). Markets L2 T3 C1 (T=8/7).
    # Ann: L2×2=4, T1×3=3, pig 9 = 1 row 1 -> 8
    # Bob: C3×1=3, pig 14 = 2 rows 3 -> 6
    ("b12_basic_2p_mid_game.yaml", {"Ann": (4, 3, 0, 0, 1), "Bob": (0, 0, 3, 0, 3)}, ["Ann"]),
    # board 1 as JSON, markets typed per player (in another key order), gardens as row lists
    # without spaces and in lower case: the same scores.
    (
        "b13_basic_2p_player_markets.yaml",
        {"Ann": (30, 12, 8, 5, 6), "Bob": (12, 9, 10, 0, 15)},
        ["Ann"],
    ),
]


@pytest.mark.parametrize(("name", "expected", "winners"), CASES, ids=[c[0] for c in CASES])
def test_known_board(
    evaluate: Callable[[str], Result],
    name: str,
    expected: dict[str, tuple[int, ...]],
    winners: list[str],
) -> None:
    result = evaluate(name)
    keys = ADVANCED if result.variant == "advanced" else BASIC
    assert result.violations == ()
    assert {p.name: p.breakdown for p in result.players} == {
        player: dict(zip(keys, points, strict=True)) for player, points in expected.items()
    }
    assert {p.name: p.total for p in result.players} == {
        player: sum(points) for player, points in expected.items()
    }
    assert list(result.winners) == winners


def test_breakdown_keys_follow_the_score_box(evaluate: Callable[[str], Result]) -> None:
    assert list(evaluate("b01_basic_2p_total.yaml").players[0].breakdown) == list(BASIC)
    assert list(evaluate("b07_advanced_2p_total.yaml").players[0].breakdown) == list(ADVANCED)


def test_illegal_positions_are_still_scored(evaluate: Callable[[str], Result]) -> None:
    # hd02 is board 1 with Ann's carrot moved from row 3 column 5 to column 1 (still 61) and
    # two tomatoes added to Bob's column 6: T5×3=15, so 12+15+10+15 = 52
    result = evaluate("hd02_disconnected.yaml")
    assert not result.legal
    assert [p.total for p in result.players] == [61, 52]
    assert result.winners == ("Ann",)


def test_disagreeing_markets_score_with_the_first_players(
    evaluate: Callable[[str], Result],
) -> None:
    # hd04: Ann's sheet shows L0 T3 C6, Bob's T4. Bob's 2 tomatoes score 2×3 = 6, not 8;
    # Ann's 2 lettuces score 2×0 = 0 (the out-of-range market is still used as typed).
    result = evaluate("hd04_markets.yaml")
    assert [p.breakdown["tomato"] for p in result.players] == [0, 6, 0]
    assert [p.breakdown["lettuce"] for p in result.players] == [0, 0, 0]
    assert [p.breakdown["carrot"] for p in result.players] == [0, 0, 12]
