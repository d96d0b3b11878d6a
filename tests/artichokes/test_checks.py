"""Every violation code, each from one change to a legal position (records/mid-game.yaml)."""

from __future__ import annotations

from typing import Any

import pytest

from playtest.library.loader import Library
from playtest.scorer.result import Violation

from .helpers import codes, evaluate, load_record, player

# The Garden Stack of mid-game.yaml card by card: 6 copies minus those elsewhere (45 in all).
STACK = {
    "beet": 4,
    "broccoli": 4,
    "carrot": 5,
    "corn": 5,
    "eggplant": 5,
    "leek": 5,
    "onion": 4,
    "peas": 4,
    "pepper": 4,
    "potato": 5,
}


@pytest.fixture
def mid() -> dict[str, Any]:
    return load_record("mid-game.yaml")


def only(result: Any) -> Violation:
    assert len(result.violations) == 1, result.violations
    return result.violations[0]


def test_mid_game_is_legal_in_every_stack_form(mid: dict[str, Any], library: Library) -> None:
    for stack in (45, "rest", STACK, [v for v, n in STACK.items() for _ in range(n)]):
        mid["garden_stack"] = stack
        assert evaluate(mid, library).violations == ()


def test_aa01_too_many_copies_of_a_vegetable(mid: dict[str, Any], library: Library) -> None:
    # beet: row 1 + Ben 1 + Ann's deck 5 = 7 > 6; Ann's broccoli left the deck, so the other
    # cards outside the stack are 15 - 1 + 5 = 19 and the stack count is 41
    player(mid, "Ann")["deck"] = {"artichoke": 3, "beet": 5}
    mid["garden_stack"] = 41
    violation = only(evaluate(mid, library))
    assert violation == Violation(
        "AA-01",
        None,
        "all zones",
        "7 Beet cards in the record outside the Garden Stack; the game has 6",
    )


def test_aa01_a_card_missing_from_an_exact_stack(mid: dict[str, Any], library: Library) -> None:
    mid["garden_stack"] = {**STACK, "leek": 4}
    violation = only(evaluate(mid, library))
    assert (violation.code, violation.message) == (
        "AA-01",
        "5 Leek cards in the record; the game has 6",
    )


def test_aa01_stack_count_disagrees(mid: dict[str, Any], library: Library) -> None:
    mid["garden_stack"] = 44
    violation = only(evaluate(mid, library))
    assert violation == Violation(
        "AA-01",
        None,
        "garden stack",
        "holds 44 cards, but the 60 non-Artichoke cards minus the 15 elsewhere leave 45",
    )


def test_aa02_an_artichoke_lost(mid: dict[str, Any], library: Library) -> None:
    player(mid, "Cy")["hand"] = {"artichoke": 4}
    violation = only(evaluate(mid, library))
    assert violation == Violation(
        "AA-02", None, "all zones", "29 Artichoke cards in play; 3 players have 30 (10 each)"
    )


def test_aa02_expects_ten_per_player(mid: dict[str, Any], library: Library) -> None:
    # without Cy: 4 + 8 + 8 = 20 Artichokes = 2 x 10; his peas and onion go to the stack (47)
    mid["players"] = mid["players"][:2]
    mid["garden_stack"] = 47
    assert evaluate(mid, library).legal
    mid["compost"]["artichoke"] = 14  # Cy's ten, wrongly kept in play
    violation = only(evaluate(mid, library))
    assert violation.message == "30 Artichoke cards in play; 2 players have 20 (10 each)"


def test_aa03_artichoke_in_the_garden_row(mid: dict[str, Any], library: Library) -> None:
    mid["garden_row"] = ["beet", "corn", "leek", "artichoke"]
    player(mid, "Cy")["hand"] = {"artichoke": 4, "peas": 1}
    violation = only(evaluate(mid, library))
    assert violation == Violation(
        "AA-03", None, "garden row", "1 Artichoke card: Artichokes never enter the garden"
    )


def test_aa03_artichoke_in_the_garden_stack(mid: dict[str, Any], library: Library) -> None:
    mid["garden_stack"] = {**STACK, "artichoke": 1}
    player(mid, "Cy")["hand"] = {"artichoke": 4}
    violation = only(evaluate(mid, library))
    assert (violation.code, violation.where) == ("AA-03", "garden stack")


def test_aa04_rhubarb_when_the_promo_is_off(mid: dict[str, Any], library: Library) -> None:
    mid["compost"]["rhubarb"] = 1
    violation = only(evaluate(mid, library))
    assert violation == Violation(
        "AA-04",
        None,
        "compost",
        "1 Rhubarb card, but the rhubarb promo is not in this game (`rhubarb: true` puts it in)",
    )


def test_rhubarb_on_counts_six_more_cards(mid: dict[str, Any], library: Library) -> None:
    # with the promo: 66 other cards; 15 + 1 composted Rhubarb elsewhere leave 50 in the stack
    mid["rhubarb"] = True
    mid["compost"]["rhubarb"] = 1
    mid["garden_stack"] = 50
    result = evaluate(mid, library)
    assert (result.legal, result.variant) == (True, "rhubarb")
    mid["garden_stack"] = 45
    assert codes(evaluate(mid, library)) == ["AA-01"]


def test_aa05_a_card_that_is_never_composted(mid: dict[str, Any], library: Library) -> None:
    player(mid, "Ben")["hand"] = ["artichoke", "artichoke", "artichoke", "broccoli"]
    mid["compost"]["beet"] = 1
    violation = only(evaluate(mid, library))
    assert violation == Violation(
        "AA-05", None, "compost", "1 Beet card: a Beet is never composted"
    )


def test_aa06_composted_carrot_without_its_artichokes(
    mid: dict[str, Any], library: Library
) -> None:
    # Carrot takes 2 Artichokes along and Eggplant 1: 3 needed, 2 in the compost
    mid["compost"]["artichoke"] = 2
    player(mid, "Cy")["deck"] = {"artichoke": 7, "peas": 1}
    violation = only(evaluate(mid, library))
    assert violation == Violation(
        "AA-06",
        None,
        "compost",
        "2 Artichoke cards, but 1 Carrot card and 1 Eggplant card took at least 3 with them",
    )


def test_aa07_row_of_five_after_the_harvest(mid: dict[str, Any], library: Library) -> None:
    mid["garden_row"].append("potato")
    player(mid, "Ann")["discard"] = ["artichoke", "pepper"]
    violation = only(evaluate(mid, library))
    assert violation == Violation(
        "AA-07", None, "garden row", "5 cards after the harvest (at most 4)"
    )


def test_aa07_row_of_six_before_the_harvest(mid: dict[str, Any], library: Library) -> None:
    mid["phase"] = "replenish"
    mid["garden_row"] += ["potato", "pepper"]
    player(mid, "Ann")["discard"] = ["artichoke"]
    violation = only(evaluate(mid, library))
    assert violation == Violation("AA-07", None, "garden row", "6 cards (at most 5)")


def test_aa08_short_row_after_replenishing(mid: dict[str, Any], library: Library) -> None:
    mid["phase"] = "replenish"
    violation = only(evaluate(mid, library))
    assert violation == Violation(
        "AA-08",
        None,
        "garden row",
        "4 cards after replenishing to 5, but the Garden Stack still holds 45",
    )


@pytest.mark.parametrize("stack", ["rest", 0, []])
def test_short_row_is_legal_when_the_stack_is_empty(
    mid: dict[str, Any], library: Library, stack: Any
) -> None:
    mid["phase"] = "replenish"
    mid["garden_stack"] = stack
    # the whole stack moved into Cy's deck
    player(mid, "Cy")["deck"] = {**STACK, "artichoke": 5, "peas": STACK["peas"] + 1}
    assert evaluate(mid, library).violations == ()


def test_aa09_four_of_a_kind_in_the_row(mid: dict[str, Any], library: Library) -> None:
    # beets elsewhere 2 + 3 = 5 <= 6; corn, leek and peas go back to the stack (still 45)
    mid["garden_row"] = ["beet"] * 4
    violation = only(evaluate(mid, library))
    assert violation == Violation(
        "AA-09",
        None,
        "garden row",
        "4 Beet cards: 4 of one vegetable send the row back into the stack",
    )


@pytest.mark.parametrize("stack", ["rest", 0, []])
def test_aa09_not_when_no_deal_could_avoid_it(
    mid: dict[str, Any], library: Library, stack: Any
) -> None:
    """rules.stuck_row: with the stack empty, 4 Beets are the only row there can be, so no
    reshuffle helps and the row stays as dealt."""
    mid["garden_row"] = ["beet"] * 4  # the stack's 4 Beets
    mid["garden_stack"] = stack
    # the rest of the stack and the old row (beet, corn, leek, peas) went into Cy's deck
    player(mid, "Cy")["deck"] = {
        **STACK,
        "artichoke": 5,
        "beet": 1,
        "corn": 6,
        "leek": 6,
        "peas": 6,
    }
    assert codes(evaluate(mid, library)) == []
    # two Onions left in the stack: a deal of three Beets and the two Onions clears the row
    player(mid, "Cy")["deck"]["onion"] -= 2
    mid["garden_stack"] = "rest" if stack == "rest" else 2 if stack == 0 else ["onion"] * 2
    assert codes(evaluate(mid, library)) == ["AA-09"]


def test_aa10_a_waiting_player_with_six_cards(mid: dict[str, Any], library: Library) -> None:
    player(mid, "Ann")["hand"] = {"artichoke": 4, "onion": 1, "potato": 1}
    player(mid, "Ann")["discard"] = ["artichoke", "pepper"]
    violation = only(evaluate(mid, library))
    assert violation == Violation("AA-10", "Ann", "hand", "6 cards between their turns (at most 5)")


def test_the_current_player_may_hold_six_after_harvesting(
    mid: dict[str, Any], library: Library
) -> None:
    ben = player(mid, "Ben")
    ben["hand"].append("artichoke")
    ben["deck"] = {"artichoke": 4}
    assert evaluate(mid, library).legal
    ben["hand"].append("artichoke")
    ben["deck"] = {"artichoke": 3}
    violation = only(evaluate(mid, library))
    assert violation == Violation("AA-10", "Ben", "hand", "7 cards after the harvest (at most 6)")


def test_aa10_six_cards_before_the_harvest(mid: dict[str, Any], library: Library) -> None:
    mid["phase"] = "replenish"
    mid["garden_row"].append("pepper")
    ben = player(mid, "Ben")
    ben["discard"] = []
    ben["hand"].append("artichoke")
    ben["deck"] = {"artichoke": 4}
    violation = only(evaluate(mid, library))
    assert violation == Violation("AA-10", "Ben", "hand", "6 cards before the harvest (at most 5)")


def test_aa11_cards_left_after_the_discard(mid: dict[str, Any], library: Library) -> None:
    mid["phase"] = "discard"
    violation = only(evaluate(mid, library))
    assert violation == Violation(
        "AA-11", "Ben", "hand", "5 cards after discarding every card in hand"
    )
    ben = player(mid, "Ben")
    ben["discard"] += ben["hand"]
    ben["hand"] = []
    assert evaluate(mid, library).legal


def test_aa12_short_hand_after_the_draw(mid: dict[str, Any], library: Library) -> None:
    mid["phase"] = "draw"
    ben = player(mid, "Ben")
    ben["hand"] = ["artichoke", "artichoke", "beet", "broccoli"]
    ben["deck"] = {"artichoke": 6}
    violation = only(evaluate(mid, library))
    assert violation == Violation(
        "AA-12", "Ben", "hand", "4 cards after drawing 5, but the deck holds 6 and the discard 1"
    )


def test_short_hand_after_the_draw_is_legal_with_nothing_left(
    mid: dict[str, Any], library: Library
) -> None:
    mid["phase"] = "draw"
    ben = player(mid, "Ben")
    ben["hand"] = ["artichoke", "artichoke", "beet", "broccoli", "pepper"]
    ben["deck"] = {"artichoke": 6}
    ben["discard"] = []
    assert evaluate(mid, library).legal
    ben["hand"] = ["artichoke", "beet", "broccoli", "pepper"]
    ben["deck"] = {}
    mid["compost"]["artichoke"] = 11
    assert evaluate(mid, library).legal


def test_one_violation_per_place(mid: dict[str, Any], library: Library) -> None:
    mid["compost"]["rhubarb"] = 2
    mid["garden_row"][3] = "rhubarb"
    mid["garden_stack"] = 46  # the peas went back
    player(mid, "Ann")["deck"]["rhubarb"] = 1
    result = evaluate(mid, library)
    assert [(v.code, v.player, v.where) for v in result.violations] == [
        ("AA-04", None, "garden row"),
        ("AA-04", None, "compost"),
        ("AA-04", "Ann", "deck"),
    ]
