"""The real Village Green data under components/: what the spec lists, and checks that keep the
printed cards and the scorer in step."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import get_args

import pytest

from playtest.core.errors import InputError
from playtest.library.loader import load_library
from playtest.model.game import Game
from playtest.scorer.games.village_green.award_points import CARD_MEASURES
from playtest.scorer.games.village_green.cards import Catalogue
from playtest.scorer.games.village_green.rules import FIELD_SCHEMAS, AwardScoring, Measure, medals
from tests.helpers import copy_components, edit_once

SPEC_GROUPS = [
    ("rose", "red"),
    ("lily", "red"),
    ("petunia", "red"),
    ("rose", "yellow"),
    ("lily", "yellow"),
    ("petunia", "yellow"),
    ("rose", "blue"),
    ("lily", "blue"),
    ("petunia", "blue"),
]
SPEC_TREES = {
    "rose": [("birch", "birch"), ("oak", "oak"), ("willow", "willow")],
    "lily": [("birch", "willow"), ("willow", "oak"), ("oak", "birch")],
    "petunia": [("birch",), ("oak",), ("willow",)],
}


def test_rules_block_holds_the_spec_numbers(game: Game) -> None:
    rules = game.rules
    assert game.info.players == (1, 5)
    assert (rules.village_face_up_points, rules.pond_points) == (1, 2)
    assert (rules.grid.green_rows, rules.grid.green_columns) == (3, 3)
    assert (rules.grid.top_award_slots, rules.grid.left_award_slots) == (3, 3)
    assert rules.end_visible_green_cards == 9
    removed = {n: (r.green, r.awards) for n, r in rules.setup.removed.items()}
    assert removed == {1: (0, 0), 2: (15, 10), 3: (10, 5), 4: (5, 0), 5: (0, 0)}


@pytest.mark.parametrize(
    ("score", "rank"),
    [
        (-3, "Last place"),
        (15, "Last place"),
        (16, "Honourable mention"),
        (25, "Honourable mention"),
        (26, "Runner-up"),
        (35, "Runner-up"),
        (36, "Village Green of the Year"),
        (80, "Village Green of the Year"),
    ],
)
def test_solo_rank_bands(game: Game, score: int, rank: str) -> None:
    assert game.rules.solo_rank(score) == rank


def test_green_deck_is_the_spec_table(catalogue: Catalogue) -> None:
    cards = list(catalogue.green.values())
    assert [c.id for c in cards] == [f"G{n:02d}" for n in range(1, 61)]
    for index, (flower, colour) in enumerate(SPEC_GROUPS):
        six = cards[6 * index : 6 * index + 6]
        assert {(c.flower, c.colour) for c in six} == {(flower, colour)}
        assert [c.feature for c in six] == [
            "pond",
            "structure",
            "structure",
            "trees",
            "trees",
            "trees",
        ]
        assert [c.trees for c in six[3:]] == SPEC_TREES[flower]
    lawns = cards[54:]
    assert all(c.is_lawn and c.flower is None and c.colour is None for c in lawns)
    kinds = Counter(c.structure for c in cards if c.feature == "structure")
    assert set(kinds) == {"gazebo", "fountain", "statue", "bench"}
    assert sum(kinds.values()) == 18 and max(kinds.values()) - min(kinds.values()) <= 1


def test_awards_are_the_spec_list(game: Game, catalogue: Catalogue) -> None:
    assert list(catalogue.awards) == [f"A{n:02d}" for n in range(1, 31)]
    assert catalogue.awards["A12"].name == "Award for Floral Variety"
    assert catalogue.awards["A30"].name == "Best Integration of the Natural and Man-Made"
    for card in game.deck("awards").cards:
        data = card.model_extra or {}
        assert data["rule"] and data["points"] == medals(
            AwardScoring.model_validate(data["scoring"])
        )


def test_other_decks_villages_and_backs(game: Game) -> None:
    villages = game.deck("villages")
    assert [c.name for c in villages.cards] == [
        "Hither Saxcote",
        "Lower Aynesmore",
        "Market Foxby",
        "Middle Didsbrook",
        "Newton Poemoor",
    ]
    assert (villages.layout, villages.back) == ("village", "village-used")
    assert game.deck("green").back == "green-back"
    assert game.deck("awards").back == "award-back"
    assert len(game.deck("start-player").cards) == 1
    total = sum(card.count for deck in game.decks if deck.id != "aids" for card in deck.cards)
    assert total == 96  # 60 green, 30 awards, 5 villages, 1 start player
    # printed aids, two a player: the turn (P1), the scoring and how awards count (P2)
    assert [(c.id, c.count) for c in game.deck("aids").cards] == [("P1", 5), ("P2", 5)]


def test_every_measure_of_the_vocabulary_is_counted() -> None:
    assert set(get_args(Measure)) == {*CARD_MEASURES, "trees", "empty"}
    assert set(FIELD_SCHEMAS) == {"award-scoring", "tree-icons"}


def test_a_misspelt_count_is_reported_with_file_and_line(tmp_path: Path) -> None:
    root = copy_components(tmp_path)
    cards = root / "village-green" / "cards.yaml"
    edit_once(cards, "scoring: [{per: ponds, points: 2}]", "scoring: [{per: pondz, points: 2}]")
    line = cards.read_text().splitlines().index("        scoring: [{per: pondz, points: 2}]") + 1
    with pytest.raises(InputError) as caught:
        load_library(root).game("village-green")
    (problem,) = caught.value.problems
    assert problem.line == line
    assert problem.field == "decks[1].cards[9].scoring[0].per"
    assert problem.message == (
        "card A10: unknown value 'pondz' (expected one of: cards, empty, "
        "flowers, lawns, ponds, structures, tree_cards, trees)"
    )


def test_printed_points_must_match_the_scoring(tmp_path: Path) -> None:
    root = copy_components(tmp_path)
    cards = root / "village-green" / "cards.yaml"
    edit_once(cards, "scoring: [{per: ponds, points: 2}]", "scoring: [{per: ponds, points: 5}]")
    with pytest.raises(InputError) as caught:  # refused at load: the kit cannot print it either
        load_library(root).game("village-green")
    (problem,) = caught.value.problems
    assert problem.field == "decks[1].cards[9].points"
    assert problem.message == "card A10: printed points [2] do not match its scoring (expected [5])"
    assert problem.line == cards.read_text().splitlines().index("      - id: A10") + 1


def test_green_cards_are_checked_for_what_the_scorer_needs(tmp_path: Path) -> None:
    root = copy_components(tmp_path)
    cards = root / "village-green" / "cards.yaml"
    edit_once(
        cards,
        "rose birches, flower: rose, colour: red, feature: trees, trees: [birch, birch]}",
        "rose birches, flower: rose, colour: red, feature: trees}",
    )  # G04
    edit_once(
        cards,
        "{id: G55, name: Lawn, feature: lawn}",
        "{id: G55, name: Lawn, feature: lawn, colour: red}",
    )
    with pytest.raises(InputError) as caught:  # refused at load: for the kit and the scorer
        load_library(root).game("village-green")
    assert [(p.field, p.message) for p in caught.value.problems] == [
        ("decks[0].cards[3].trees", "card G04: a trees card needs `trees:`"),
        ("decks[0].cards[54].flower", "card G55: a lawn has no flower and no colour"),
    ]
