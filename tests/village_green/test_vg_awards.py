"""Each of the 30 awards on at least two lines (the 3 cells of a row or column), by hand.

Card key (spec table): red rose G01 pond, G02-G03 structures, G04 birch+birch, G05 oak+oak,
G06 willow+willow; red lily G07 pond, G08-G09, G10 birch+willow, G11 willow+oak, G12 oak+birch;
red petunia G13 pond, G14-G15, G16 birch, G17 oak, G18 willow; yellow rose/lily/petunia
G19-G36 and blue G37-G54 in the same order; lawns G55-G60. `.` is an empty cell.
"""

from __future__ import annotations

import pytest

from playtest.scorer.games.village_green.award_points import award_points
from playtest.scorer.games.village_green.cards import Catalogue

CASES = [
    # award, line, points, hand computation
    ("A01", "G07 G10 G01", 6, "2 red lilies x 3"),
    ("A01", "G25 G55 .", 0, "a yellow lily and a lawn: no red lily"),
    ("A02", "G25 G26 G30", 9, "3 yellow lilies x 3"),
    ("A02", "G07 G28 .", 3, "1 yellow lily (G07 is red)"),
    ("A03", "G43 G19 G48", 6, "2 blue lilies x 3"),
    ("A03", "G55 G56 G57", 0, "lawns only"),
    ("A04", "G13 G14 G15", 9, "3 red petunias x 3"),
    ("A04", "G16 G34 .", 3, "1 red petunia (G34 is yellow)"),
    ("A05", "G31 G36 G49", 6, "2 yellow petunias x 3 (G49 is blue)"),
    ("A05", "G13 . .", 0, "a red petunia"),
    ("A06", "G54 . .", 3, "1 blue petunia x 3"),
    ("A06", "G43 G37 G31", 0, "blue lily, blue rose, yellow petunia"),
    ("A07", "G01 G04 G07", 6, "2 red roses x 3 (G07 is a lily)"),
    ("A07", "G19 G37 G55", 0, "yellow and blue roses"),
    ("A08", "G19 G20 G24", 9, "3 yellow roses x 3"),
    ("A08", "G01 G22 .", 3, "1 yellow rose"),
    ("A09", "G40 G42 G46", 6, "2 blue roses x 3 (G46 is a lily)"),
    ("A09", "G01 G19 G55", 0, "red and yellow roses"),
    ("A10", "G01 G25 G49", 6, "3 ponds x 2"),
    ("A10", "G02 G55 .", 0, "no pond"),
    ("A11", "G01 G25 G49", 6, "red, yellow and blue present"),
    ("A11", "G01 G07 G55", 0, "only red (a lawn has no colour)"),
    ("A11", "G01 G19 .", 0, "red and yellow only"),
    ("A12", "G01 G07 G13", 6, "rose, lily and petunia present"),
    ("A12", "G01 G19 G37", 0, "roses only"),
    ("A13", "G19 G25 G22", 4, "3 cards x 2 - 2 trees"),
    ("A13", "G11 G05 .", 0, "2 cards x 2 - 4 trees"),
    ("A13", ". . .", 0, "nothing"),
    ("A14", "G01 . .", -5, "1 card x 1 - 2 empty x 3"),
    ("A14", "G55 G56 G57", 3, "3 cards (lawns count) x 1"),
    ("A15", "G04 G10 G18", 2, "birches 2+1 = 3 x 2 = 6, willows 1+1 = 2 x -2 = -4"),
    ("A15", "G06 . .", -4, "2 willows x -2"),
    ("A16", "G05 G12 G54", 6, "oaks 2+1 = 3 x 3 = 9, 1 birch x -2, 1 willow x -1"),
    ("A16", "G40 G24 .", -6, "2 birches x -2, 2 willows x -1"),
    ("A17", "G04 G16 G28", 5, "tree icons 2 + 1 + 2"),
    ("A17", "G01 G02 .", 0, "no tree"),
    ("A18", "G04 G16 G10", 4, "birch 2+1+1 = 4: 2 pairs; willow 1: none; 2 pairs x 2"),
    ("A18", "G10 G11 G12", 6, "birch, willow and oak 2 each: 3 pairs x 2"),
    ("A18", "G16 G17 G18", 0, "one tree of each species: no pair"),
    ("A19", "G55 G05 G02", 4, "1 lawn x 3 + 2 trees x 1 - 1 structure"),
    ("A19", "G02 G03 G08", -3, "3 structures x -1"),
    ("A20", "G55 G26 G20", -2, "2 structures"),
    ("A20", "G02 G03 G08", 6, "3 structures"),
    ("A20", "G02 G01 .", 2, "1 structure"),
    ("A20", ". . .", -4, "0 structures"),
    ("A21", "G01 . .", -2, "0 structures"),
    ("A21", "G02 G26 G01", 2, "2 structures"),
    ("A21", "G02 G03 G08", 4, "3 structures"),
    ("A22", "G55 G56 G57", 8, "3 lawns"),
    ("A22", "G55 G01 .", 1, "1 lawn"),
    ("A22", "G01 . .", -2, "0 lawns"),
    ("A23", "G02 G03 G08", 5, "1 set of 3 structures"),
    ("A23", "G04 G16 G05", 5, "birch 2+1 = 3: 1 set; oak 2: none"),
    ("A23", "G04 G22 G40", 10, "birch 6: 2 sets"),
    ("A23", "G10 G11 G12", 0, "2 trees of each species: no set of 3"),
    ("A24", "G20 G22 .", 3, "1 species (birch), as in the rules' example"),
    ("A24", "G10 G17 .", 5, "birch, willow, oak: 3 species"),
    ("A24", "G04 G06 .", -1, "birch and willow: 2 species"),
    ("A24", "G01 . .", -1, "0 species"),
    ("A25", "G10 G17 .", 4, "3 species 6, 1 empty x -2"),
    ("A25", "G01 G02 G55", 1, "0 species 1, no empty cell"),
    ("A25", "G04 . .", -7, "1 species -3, 2 empty x -2"),
    ("A26", "G04 G05 G06", 6, "6 trees"),
    ("A26", "G04 G05 G16", 4, "5 trees"),
    ("A26", "G04 G16 .", -1, "3 trees (2-4)"),
    ("A26", "G16 . .", 4, "1 tree"),
    ("A26", "G01 . .", -2, "0 trees"),
    ("A27", "G01 G07 G13", 1, "rose -2, lily 2, petunia 1"),
    ("A27", "G55 . G25", -4, "lawn -3, empty -3, lily 2"),
    ("A28", "G01 G37 G19", 1, "red -2, blue 2, yellow 1"),
    ("A28", "G43 G55 .", -4, "blue 2, lawn -3, empty -3"),
    ("A29", "G02 G04 G01", 6, "1 structure, 1 tree card, 1 pond"),
    ("A29", "G02 G04 .", 6, "1 structure, 1 tree card, 1 empty cell"),
    ("A29", "G02 G04 G55", 0, "the third card is a lawn: no pond and no empty cell"),
    ("A29", "G02 G03 G04", 0, "2 structures"),
    ("A30", "G02 G01 .", -2, "1 structure, 0 trees"),
    ("A30", "G02 G04 .", 4, "1 structure, 2 trees"),
    ("A30", "G02 G03 G10", 6, "2 structures, 2 trees"),
    ("A30", "G02 G16 G01", 0, "1 structure, 1 tree: not listed"),
]


def line_of(catalogue: Catalogue, cells: str) -> tuple:
    return tuple(None if cid == "." else catalogue.green[cid] for cid in cells.split())


@pytest.mark.parametrize(
    ("award", "cells", "points", "why"), CASES, ids=[f"{a}:{c}" for a, c, _, _ in CASES]
)
def test_award_points_by_hand(
    catalogue: Catalogue, award: str, cells: str, points: int, why: str
) -> None:
    assert award_points(catalogue.awards[award].scoring, line_of(catalogue, cells)) == points, why


def test_every_award_is_tested_on_two_lines() -> None:
    lines = {
        award: {cells for a, cells, _, _ in CASES if a == award}
        for award in {a for a, _, _, _ in CASES}
    }
    assert sorted(lines) == [f"A{n:02d}" for n in range(1, 31)]
    assert all(len(found) >= 2 for found in lines.values())
