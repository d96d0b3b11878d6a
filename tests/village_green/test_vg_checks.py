"""Every rule VG-01..VG-06: a record that breaks it (exact codes, player and place) and a close
record that does not."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from playtest.scorer.result import Result

from .vg_helpers import EMPTY_GRID, RECORDS, player, record_text

BEN = player("Ben", top="[A28, A29, A30]")


def codes(result: Result) -> list[tuple[str, str | None, str]]:
    return [(v.code, v.player, v.where) for v in result.violations]


def test_the_rules_example_is_legal(evaluate: Callable) -> None:
    assert evaluate((RECORDS / "rules_example.yaml").read_text()).legal


def test_vg01_a_card_used_twice_across_players(evaluate: Callable) -> None:
    result = evaluate(record_text(player("Ann"), player("Ben", top="[A01, A05, A06]")))
    assert codes(result) == [("VG-01", "Ben", "award slot above column 1")]
    assert result.violations[0].message == (
        "A01 is already at Ann's award slot above column 1 (1 copy in the game)"
    )


def test_vg01_a_card_twice_in_one_stack(evaluate: Callable) -> None:
    result = evaluate(
        record_text(player("Ann", grid=("[[G55, G55], ., .]", "[., ., .]", "[., ., .]")), BEN)
    )
    assert codes(result) == [("VG-01", "Ann", "grid row 1, column 1")]


def test_vg02_award_in_the_grid_and_green_card_in_an_award_slot(evaluate: Callable) -> None:
    result = evaluate(
        record_text(
            player("Ann", left="[G01, null, null]", grid=("[., ., .]", "[., A10, .]", "[., ., .]")),
            BEN,
        )
    )
    assert codes(result) == [
        ("VG-02", "Ann", "award slot left of row 1"),
        ("VG-02", "Ann", "grid row 2, column 2"),
    ]
    assert result.violations[1].message == ("award A10 in the grid: awards go in the award slots")


def test_vg03_an_empty_top_slot(evaluate: Callable) -> None:
    result = evaluate(record_text(player("Ann", top="[A01, null, A03]"), BEN))
    assert codes(result) == [("VG-03", "Ann", "award slot above column 2")]


def test_vg03_left_slots_may_stay_empty(evaluate: Callable) -> None:
    assert evaluate(record_text(player("Ann", left="[null, null, null]"), BEN)).legal


def test_vg04_neighbours_sharing_neither_flower_nor_colour(evaluate: Callable) -> None:
    # G01 red rose | G43 blue lily side by side; G13 red petunia under G43 blue lily
    result = evaluate(
        record_text(player("Ann", grid=("[G01, G43, .]", "[., G13, .]", "[., ., .]")), BEN)
    )
    assert codes(result) == [
        ("VG-04", "Ann", "grid row 1, column 1 and row 1, column 2"),
        ("VG-04", "Ann", "grid row 1, column 2 and row 2, column 2"),
    ]
    assert result.violations[0].message == (
        "red rose G01 next to blue lily G43: they share neither flower nor colour"
    )


def test_vg04_lawns_and_diagonals_impose_nothing(evaluate: Callable) -> None:
    # red rose G01 | lawn | blue lily G43 in a row; blue petunia G49 below the lawn is
    # diagonal to G01 (nothing shared) and G43; blue G40 and G46 in the corners touch no card
    grid = ("[G01, G55, G43]", "[., G49, .]", "[G40, ., G46]")
    assert evaluate(record_text(player("Ann", grid=grid), BEN)).legal


def test_vg05_covered_flower_card_with_the_village_face_up(evaluate: Callable) -> None:
    result = evaluate(
        record_text(player("Ann", grid=("[[G01, G04], ., .]", "[., ., .]", "[., ., .]")), BEN)
    )
    assert codes(result) == [("VG-05", "Ann", "grid row 1, column 1")]


def test_vg05_the_flipped_village_covers_one_card_only(evaluate: Callable) -> None:
    one = ("[[G01, G04], ., .]", "[., ., .]", "[., ., .]")
    two = ("[[G01, G04], ., .]", "[., ., .]", "[., ., [G13, G16]]")
    assert evaluate(record_text(player("Ann", grid=one, village="flipped"), BEN)).legal
    result = evaluate(record_text(player("Ann", grid=two, village="flipped"), BEN))
    assert codes(result) == [("VG-05", "Ann", "grid row 3, column 3")]
    assert result.violations[0].message == (
        "G13 (red petunia pond) is covered, but the flipped village card lets only one "
        "non-lawn card be covered (grid row 1, column 1)"
    )


def test_vg05_lawns_may_be_covered(evaluate: Callable) -> None:
    grid = ("[[G55, G56, G01], ., .]", "[., ., .]", "[., ., .]")
    assert evaluate(record_text(player("Ann", grid=grid), BEN)).legal


def solo(top: str, left: str, grid: tuple[str, str, str] = EMPTY_GRID) -> str:
    return record_text(player("Sam", top=top, left=left, grid=grid), variant="solo")


def test_vg06_solo_covered_award_without_a_structure(evaluate: Callable) -> None:
    result = evaluate(solo("[[A04, A01], A02, A03]", "[null, null, null]"))
    assert codes(result) == [("VG-06", "Sam", "award slot above column 1")]
    assert result.violations[0].message == (
        "A04 is covered: in solo an award may cover another only when placed for a structure "
        "(1 covered award, 0 structures in the grid)"
    )


def test_vg06_a_structure_pays_for_one_covered_award(evaluate: Callable) -> None:
    # the structure G02 is itself covered (by the flipped village), and still counts
    grid = ("[[G02, G04], ., .]", "[., ., .]", "[., ., .]")
    legal = solo("[[A04, A01], A02, A03]", "[null, null, null]", grid)
    assert evaluate(legal.replace("face-up", "flipped")).legal
    two = solo("[[A04, A01], A02, A03]", "[[A05, A06], null, null]", grid)
    result = evaluate(two.replace("face-up", "flipped"))
    assert codes(result) == [("VG-06", "Sam", "award slot left of row 1")]


def test_vg06_is_solo_only(evaluate: Callable) -> None:
    assert evaluate(record_text(player("Ann", top="[[A04, A01], A02, A03]"), BEN)).legal


def test_several_rules_at_once_and_the_cli_exit_codes(run_cli: Callable, tmp_path) -> None:
    record = tmp_path / "illegal.yaml"
    record.write_text(
        record_text(
            player("Ann", top="[A01, null, A03]", grid=("[G01, G43, .]", "[., ., .]", "[., ., .]")),
            player("Ben", top="[A01, A05, A06]"),
        )
    )
    checked = run_cli("check", record, "--json")
    assert checked.exit_code == 1
    out = json.loads(checked.output)
    assert out["legal"] is False
    assert [(v["code"], v["player"]) for v in out["violations"]] == [
        ("VG-01", "Ben"),
        ("VG-03", "Ann"),
        ("VG-04", "Ann"),
    ]
    assert run_cli("score", record).exit_code == 0
    assert "warning: the position breaks the rules:" in run_cli("score", record).output
    assert run_cli("score", record, "--strict").exit_code == 1
    assert run_cli("check", RECORDS / "rules_example.yaml").exit_code == 0


@pytest.mark.parametrize("misplaced", ["[G01, A10]", "[A10, G01]"])
def test_misplaced_cards_are_left_out_of_scoring(evaluate: Callable, misplaced: str) -> None:
    # G01 (a pond) counts whether the stray award A10 lies above or below it
    result = evaluate(
        record_text(player("Ann", grid=(f"[{misplaced}, ., .]", "[., ., .]", "[., ., .]")), BEN)
    )
    assert [v.code for v in result.violations] == ["VG-02"]
    assert result.players[0].breakdown["ponds"] == 2
