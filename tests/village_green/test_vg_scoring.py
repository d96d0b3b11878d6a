"""Scores of known boards, read through the CLI and the library, with the numbers taken from
components/ (and changed in a copy of it)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from playtest.scorer.result import Result
from tests.helpers import copy_components, edit_once

from .vg_helpers import RECORDS, player, record_text

RULES_EXAMPLE = RECORDS / "rules_example.yaml"

# the rules' scoring example: village 1 + 2 ponds x 2 + Floral Variety 0 (column 1 has roses
# only) + Diane Yeller 2 yellow lilies x 3 + Hard & Soft Wood 1 species (birch) 3
# + Best Man-Made Features 2 structures -2 + Best Use of Space 3 cards x 2 - 2 trees = 16
RULES_EXAMPLE_BREAKDOWN = {
    "village": 1,
    "ponds": 4,
    "A12 Award for Floral Variety (column 1)": 0,
    "A02 The Diane Yeller Award (column 2)": 6,
    "A24 Award for Diversity of Hard & Soft Wood (column 3)": 3,
    "A20 Best Man-Made Features (row 1)": -2,
    "A13 Best Use of Space (row 2)": 4,
}


def answer(run_cli: Callable, *args: object) -> dict:
    result = run_cli("score", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_the_rules_scoring_example_scores_16(run_cli: Callable) -> None:
    out = answer(run_cli, RULES_EXAMPLE)
    ann = out["players"][0]
    assert (out["game"], out["variant"], out["legal"]) == ("village-green", "multiplayer", True)
    assert ann["total"] == 16
    assert ann["breakdown"] == RULES_EXAMPLE_BREAKDOWN
    assert out["winners"] == ["Ann"]
    assert "rank" not in ann


def test_text_answer_names_the_winner(run_cli: Callable) -> None:
    result = run_cli("score", RULES_EXAMPLE)
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == "village-green (multiplayer)"
    assert "winner: Ann" in result.output


TIE = record_text(
    # Ann: village 1 + pond G01 2 = 3; 1 visible green card
    player("Ann", top="[A01, A03, A05]", grid=("[G01, ., .]", "[., ., .]", "[., ., .]")),
    # Ben: flipped 0 + pond G19 2 + Excellence in Lawns 1 lawn 1 = 3; 2 visible green cards
    player(
        "Ben",
        top="[A22, A06, A07]",
        village="flipped",
        grid=("[G19, ., .]", "[G55, ., .]", "[., ., .]"),
    ),
    # Carl: village 1 + pond G37 2 + Diane Yeller 0 = 3; 2 visible green cards
    player("Carl", top="[A02, A08, A04]", grid=("[G37, ., .]", "[G56, ., .]", "[., ., .]")),
)


def test_ties_go_to_most_visible_green_cards_then_are_shared(evaluate: Callable) -> None:
    result: Result = evaluate(TIE)
    assert result.legal
    assert [p.total for p in result.players] == [3, 3, 3]
    assert result.winners == ("Ben", "Carl")


def test_covered_cards_do_not_score(evaluate: Callable) -> None:
    text = record_text(
        # A22 over column 1: the lawn G55 is covered by the pond G01, so 0 lawns -> -2;
        # A10 left of row 1 covered by A17 (1 per tree): row 1 = G01, G04 -> 2 trees = 2
        # village 1 + 1 visible pond 2 + (-2) + 2 = 3
        player(
            "Ann",
            top="[A22, A03, A05]",
            left="[[A10, A17], null, null]",
            grid=("[[G55, G01], G04, .]", "[., ., .]", "[., ., .]"),
        ),
        player("Ben", top="[A01, A02, A06]"),
    )
    result: Result = evaluate(text)
    assert result.legal
    assert result.players[0].breakdown == {
        "village": 1,
        "ponds": 2,
        "A22 Excellence in Lawns (column 1)": -2,
        "A03 The Linda Flowers Award (column 2)": 0,
        "A05 The Sonny Rowe Award (column 3)": 0,
        "A17 Excellence in Trees (row 1)": 2,
    }
    assert result.players[0].total == 3


def test_solo_answer_adds_the_rank(evaluate: Callable) -> None:
    text = record_text(
        # village 1 + ponds G01, G19, G37: 3 x 2 = 6 + Excellence in Ponds over row 1 3 x 2 = 6
        # + A07 red rose column 1: 3 = 16 -> Honourable mention (16-25)
        player(
            "Solo",
            top="[A07, A08, A09]",
            left="[A10, null, null]",
            grid=("[G01, G19, G37]", "[., ., .]", "[., ., .]"),
        ),
        variant="solo",
    )
    result: Result = evaluate(text)
    assert result.legal and result.variant == "solo"
    (solo,) = result.players
    # A08 yellow rose column 2: 3; A09 blue rose column 3: 3 -> 16 + 6 = 22
    assert solo.total == 22
    assert solo.to_json()["rank"] == "Honourable mention"
    assert result.winners == ("Solo",)


def test_pond_points_come_from_the_rules_block(tmp_path: Path, run_cli: Callable) -> None:
    root = copy_components(tmp_path)
    edit_once(root / "village-green" / "game.yaml", "pond_points: 2", "pond_points: 3")
    out = answer(run_cli, RULES_EXAMPLE, "--components", root)
    assert out["players"][0]["breakdown"]["ponds"] == 6  # 2 ponds x 3
    assert out["players"][0]["total"] == 18


def test_award_points_come_from_the_card_data(tmp_path: Path, run_cli: Callable) -> None:
    root = copy_components(tmp_path)
    cards = root / "village-green" / "cards.yaml"
    edit_once(
        cards,
        "points: [3]\n        scoring: [{per: {of: flowers, flower: lily, "
        "colour: yellow}, points: 3}]",
        "points: [4]\n        scoring: [{per: {of: flowers, "
        "flower: lily, colour: yellow}, points: 4}]",
    )
    out = answer(run_cli, RULES_EXAMPLE, "--components", root)
    assert out["players"][0]["breakdown"]["A02 The Diane Yeller Award (column 2)"] == 8
    assert out["players"][0]["total"] == 18


def test_a_31st_award_needs_no_python(tmp_path: Path, run_cli: Callable) -> None:
    root = copy_components(tmp_path)
    cards = root / "village-green" / "cards.yaml"
    edit_once(
        cards,
        "\n  - id: villages\n",
        """
      - id: A31
        name: Fountains of the Shire
        rule: 2 per fountain; 4 more with at least 2 blue cards
        points: [2, 4]
        scoring:
          - {per: {of: structures, structure: fountain}, points: 2}
          - {when: [{count: {of: cards, colour: blue}, at_least: 2}], points: 4}

  - id: villages
""",
    )
    record = tmp_path / "a31.yaml"
    record.write_text(
        record_text(
            # column 3: G51 blue petunia fountain, G54 blue petunia willow -> 1 fountain x 2
            # + 4 for 2 blue cards = 6 (G02 is a gazebo, G03 and G15 are fountains: the structure
            # kinds cycle gazebo, fountain, statue, bench); village 1 -> 7
            player(
                "Ann", top="[A01, A02, A31]", grid=("[G03, G15, G51]", "[., ., G54]", "[., ., .]")
            ),
            player("Ben", top="[A04, A05, A06]"),
        )
    )
    out = answer(run_cli, record, "--components", root)
    assert out["legal"]
    assert out["players"][0]["breakdown"]["A31 Fountains of the Shire (column 3)"] == 6
    assert out["players"][0]["total"] == 7
