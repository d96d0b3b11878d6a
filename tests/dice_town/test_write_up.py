"""Dice Town as the rules write-up has it: money conserved per table, the Town Hall's bottom
deed, an empty prize that wins nothing, and the playtest defaults that decide what the write-up
leaves open (each a value in game.yaml that the scorer follows)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from playtest.library.loader import Library, load_library
from tests.helpers import copy_components, edit_once

from .helpers import by_location, codes, evaluate_text

NAMES = ["Ann", "Bob", "Cy", "Dan", "Eve"]


def final_record(players: int, dollars: list[int]) -> str:
    """A finished game (the mine is empty) where the players hold `dollars`."""
    nuggets = [30] + [0] * (players - 1)
    rows = [
        {"name": NAMES[i], "nuggets": nuggets[i], "dollars": dollars[i], "sheriff": i == 0}
        for i in range(players)
    ]
    return yaml.safe_dump({"game": "dice-town", "players": rows})


def round_record(
    dice: dict[str, str],
    *,
    bank: int = 3,
    deeds: list[int] | None = None,
    sheriff: str = "Ann",
    mine: int | None = None,
) -> str:
    record: dict = {
        "game": "dice-town",
        "kind": "round",
        "sheriff": sheriff,
        "bank": bank,
        "players": [{"name": n, "dice": d} for n, d in dice.items()],
    }
    if deeds is not None:
        record["deeds"] = deeds
    if mine is not None:
        record["mine"] = mine
    return yaml.safe_dump(record)


# ------------------------------------------------------------------ money is per table


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_final_may_hold_the_tables_money_and_no_more(players: int, library: Library) -> None:
    table = 8 * players + 3  # $8 each and $3 on the bank
    at_most = [table] + [0] * (players - 1)
    assert codes(evaluate_text(final_record(players, at_most), library)) == []
    one_more = [table + 1] + [0] * (players - 1)
    found = evaluate_text(final_record(players, one_more), library).violations
    assert [(v.code, v.where) for v in found] == [("DT-02", "dollars")]
    if table < 43:  # the box holds $43: the table is the tighter bound below five players
        assert found[0].message == (
            f"players hold ${table + 1} but a {players}-player table "
            f"has ${table} ($8 each and $3 on the bank)"
        )


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_rounds_bank_may_hold_the_tables_money_and_no_more(
    players: int, library: Library
) -> None:
    dice = {NAMES[i]: "9 10 J Q K" for i in range(players)}
    table = 8 * players + 3
    assert codes(evaluate_text(round_record(dice, bank=table), library)) == []
    assert codes(evaluate_text(round_record(dice, bank=table + 1), library)) == [
        ("DT-02", None, "bank")
    ]


def test_the_bound_follows_the_yaml(tmp_path: Path) -> None:
    root = copy_components(tmp_path)
    edit_once(root / "dice-town" / "game.yaml", "starting_money: 8", "starting_money: 10")
    library = load_library(root)
    assert codes(evaluate_text(final_record(2, [23, 0]), library)) == []  # 10 x 2 + 3
    assert codes(evaluate_text(final_record(2, [24, 0]), library)) == [("DT-02", None, "dollars")]


# ------------------------------------------------------------ the Town Hall's bottom deed

# Bob wins the Town Hall with three 10s and no Ace: one deed, the bottom card of the display
TOWN_HALL = {"Ann": "9 9 J Q K", "Bob": "10 10 10 J Q"}


@pytest.mark.parametrize(("display", "bottom"), [([1, 4, 2], 1), ([4, 1, 2], 4), ([2, 4, 1], 2)])
def test_the_town_hall_takes_the_bottom_card_whatever_its_value(
    display: list[int], bottom: int, library: Library
) -> None:
    result = evaluate_text(round_record(TOWN_HALL, deeds=display), library)
    town_hall = by_location(result.to_json())["town-hall"]
    assert town_hall["winner"] == "Bob" and town_hall["amount"] == 1
    assert town_hall["deeds"] == {"taken": [bottom], "choose": 0, "among": []}
    assert town_hall["text"].endswith(f"takes 1 deed (the bottom one, worth {bottom})")


def test_extra_deeds_are_chosen_among_the_rest_or_taken_from_the_bottom(
    tmp_path: Path, library: Library
) -> None:
    one_ace = {"Ann": "9 9 J Q K", "Bob": "10 10 10 A Q"}
    chosen = by_location(evaluate_text(round_record(one_ace, deeds=[3, 1, 5]), library).to_json())[
        "town-hall"
    ]
    assert chosen["deeds"] == {"taken": [3], "choose": 1, "among": [1, 5]}
    root = copy_components(tmp_path)
    edit_once(root / "dice-town" / "game.yaml", "extra_deeds: choice", "extra_deeds: from-bottom")
    upwards = by_location(
        evaluate_text(round_record(one_ace, deeds=[3, 1, 5]), load_library(root)).to_json()
    )["town-hall"]
    assert upwards["deeds"] == {"taken": [3, 1], "choose": 0, "among": []}


# ------------------------------------------------------------- an empty prize is no win


def test_a_round_whose_only_win_is_an_empty_prize(library: Library) -> None:
    # Ann's two 10s win the Bank, which is empty; Bob wins or ties nothing else of hers
    dice = {"Ann": "10 10 9 K A", "Bob": "9 9 9 K K"}
    reply = evaluate_text(round_record(dice, bank=0, deeds=[2, 2, 2]), library).to_json()
    bank = by_location(reply)["bank"]
    assert bank["winner"] == "Ann" and bank["amount"] == 0
    assert bank["text"] == "Bank (most 10s): Ann (2 × 10) takes nothing: the bank is empty"
    ann = next(p for p in reply["players"] if p["name"] == "Ann")
    assert ann["breakdown"]["bank"] == 0 and ann["total"] == 0  # the total agrees
    assert reply["doc_badluck"]["visitors"] == ["Ann"]


def test_the_text_table_agrees(run_cli, tmp_path: Path) -> None:
    record = tmp_path / "round.yaml"
    record.write_text(round_record({"Ann": "10 10 9 K A", "Bob": "9 9 9 K K"}, bank=0))
    lines = run_cli("score", record).output.splitlines()
    ann = next(line for line in lines if line.startswith("Ann "))
    assert ann.split() == ["Ann", "0", "0", "0", "0", "0", "0", "0"]


# ------------------------------------------------- the playtest defaults, each switchable


def test_equal_hands_compare_the_remaining_dice_or_go_to_the_sheriff(
    tmp_path: Path, library: Library
) -> None:
    pairs = {"Ann": "K K 9 10 J", "Bob": "K K 9 10 Q"}  # the same pair, Bob's Q beats the J
    hall = by_location(evaluate_text(round_record(pairs), library).to_json())["town-hall"]
    assert (hall["winner"], hall["tied"]) == ("Bob", [])
    root = copy_components(tmp_path)
    edit_once(root / "dice-town" / "game.yaml", "hand_ties: remaining-dice", "hand_ties: sheriff")
    hall = by_location(evaluate_text(round_record(pairs), load_library(root)).to_json())[
        "town-hall"
    ]
    assert (hall["winner"], hall["tied"]) == (None, ["Ann", "Bob"])


def test_a_location_needs_the_dice_the_yaml_asks_for(tmp_path: Path, library: Library) -> None:
    one_nine = {"Ann": "9 10 J Q K", "Bob": "10 10 J Q K"}
    assert (
        by_location(evaluate_text(round_record(one_nine), library).to_json())["gold-mine"]["winner"]
        == "Ann"
    )
    root = copy_components(tmp_path)
    edit_once(root / "dice-town" / "game.yaml", "min_dice_to_win: 1", "min_dice_to_win: 2")
    mine = by_location(evaluate_text(round_record(one_nine), load_library(root)).to_json())[
        "gold-mine"
    ]
    assert (mine["winner"], mine["tied"], mine["amount"]) == (None, [], 0)


def test_keeping_the_badge_is_a_win_unless_the_yaml_says_otherwise(
    tmp_path: Path, library: Library
) -> None:
    # Ann is the sheriff and keeps the badge with her Ks; Bob wins everything else
    dice = {"Ann": "K K K 9 10", "Bob": "9 9 9 10 10"}
    reply = evaluate_text(round_record(dice, sheriff="Ann"), library).to_json()
    assert reply["doc_badluck"]["visitors"] == []
    assert next(p for p in reply["players"] if p["name"] == "Ann")["total"] == 1
    root = copy_components(tmp_path)
    edit_once(
        root / "dice-town" / "game.yaml",
        "keeping_badge_is_a_win: true",
        "keeping_badge_is_a_win: false",
    )
    reply = evaluate_text(round_record(dice, sheriff="Ann"), load_library(root)).to_json()
    assert reply["doc_badluck"]["visitors"] == ["Ann"]
    assert next(p for p in reply["players"] if p["name"] == "Ann")["total"] == 0


def test_a_shared_first_place_or_the_sheriffs(tmp_path: Path, library: Library) -> None:
    tied = yaml.safe_dump(
        {
            "game": "dice-town",
            "players": [
                {"name": "Ann", "nuggets": 10, "dollars": 0, "sheriff": True},  # 10 + 5
                {"name": "Bob", "nuggets": 15, "dollars": 0},  # 15
                {"name": "Cy", "nuggets": 5, "dollars": 0},
            ],
        }
    )
    assert evaluate_text(tied, library).winners == ("Ann", "Bob")
    root = copy_components(tmp_path)
    edit_once(
        root / "dice-town" / "game.yaml", "first_place_tie: shared", "first_place_tie: sheriff"
    )
    assert evaluate_text(tied, load_library(root)).winners == ("Ann",)


def test_the_last_round_rule_prints_from_the_yaml(tmp_path: Path) -> None:
    """The mine and the deed display say what `rules.resolution.finish_round` decides."""
    from playtest.generator.kit.build import BuildRequest, build_game

    root = copy_components(tmp_path)
    edit_once(root / "dice-town" / "game.yaml", "finish_round: true", "finish_round: false")
    game = load_library(root).game("dice-town")
    build_game(game, BuildRequest(formats=frozenset({"svg"})), tmp_path / "out", None)
    from lxml import etree

    root_el = etree.parse(str(tmp_path / "out" / "svg" / "board-town.svg")).getroot()
    board = " ".join(
        " ".join(
            "".join(t.itertext()) for t in root_el.iter("{http://www.w3.org/2000/svg}text")
        ).split()
    )
    assert "When the mine is empty, the game ends at once." in board
    assert "the game ends at once" in board.split("Deed 1 is the bottom card", 1)[1]
    assert "finish the round" not in board and "after this round" not in board
