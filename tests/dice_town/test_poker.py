"""Town Hall poker hands: every category, ties broken by faces, ties left to the sheriff, and
the ordering checked against an independent reading of the spec."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playtest.library.loader import Library
from playtest.scorer.games.dice_town.poker import Hand, HandRanker, compare

FACES = ["9", "10", "J", "Q", "K", "A"]  # the spec's order, lowest first
dice_hands = st.lists(st.sampled_from(FACES), min_size=5, max_size=5)


@pytest.fixture(scope="module")
def ranker(library: Library) -> HandRanker:
    return HandRanker(library.game("dice-town").rules)


def hand(ranker: HandRanker, dice: str) -> Hand:
    return ranker.hand(dice.split())


@pytest.mark.parametrize(
    ("dice", "category"),
    [
        ("K K K K K", "five-of-a-kind"),
        ("9 9 9 9 A", "four-of-a-kind"),
        ("J 9 J 9 J", "full-house"),
        ("9 10 J Q K", "straight"),
        ("A Q K 10 J", "straight"),
        ("Q Q Q 9 A", "three-of-a-kind"),
        ("10 10 A A K", "two-pair"),
        ("J J 9 Q A", "one-pair"),
        ("9 10 J Q A", "nothing"),  # no run: the K is missing
        ("9 10 J K A", "nothing"),
        ("9 10 Q K A", "nothing"),
        ("9 J Q K A", "nothing"),
    ],
)
def test_every_category(ranker: HandRanker, dice: str, category: str) -> None:
    assert hand(ranker, dice).category.id == category


def test_categories_in_the_spec_order(ranker: HandRanker) -> None:
    # one hand of each category, best first: each beats every later one
    ladder = [
        "9 9 9 9 9",
        "A A A A K",
        "9 9 9 10 10",
        "9 10 J Q K",
        "A A A K Q",
        "A A K K Q",
        "A A K Q J",
        "A K Q J 9",
    ]
    hands = [hand(ranker, dice) for dice in ladder]
    for i, better in enumerate(hands):
        for worse in hands[i + 1 :]:
            assert compare(better, worse) == 1
            assert compare(worse, better) == -1


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("A A A A A", "K K K K K"),  # five of a kind: the face
        ("10 10 10 10 9", "9 9 9 9 A"),  # four: the quadruple before the kicker
        ("K K K K A", "K K K K Q"),  # same four: the kicker
        ("10 10 10 9 9", "9 9 9 A A"),  # full house: the triple before the pair
        ("Q Q Q A A", "Q Q Q K K"),  # same triple: the pair
        ("10 J Q K A", "9 10 J Q K"),  # the higher straight
        ("J J J 9 10", "10 10 10 K A"),  # three of a kind: the triple first
        ("J J J A 9", "J J J K Q"),  # same triple: the highest remaining die
        ("J J J A 10", "J J J A 9"),  # then the next one
        ("A A 9 9 10", "K K Q Q A"),  # two pair: the higher pair first
        ("A A 10 10 9", "A A 9 9 K"),  # same higher pair: the lower pair
        ("K K Q Q A", "K K Q Q J"),  # same pairs: the last die
        ("10 10 9 J Q", "9 9 A K Q"),  # one pair: the pair first
        ("Q Q A J 10", "Q Q K J 10"),  # same pair: the remaining dice
        ("A K Q J 9", "A K Q 10 9"),  # nothing: highest dice first
    ],
)
def test_same_category_decided_by_faces(ranker: HandRanker, better: str, worse: str) -> None:
    a, b = hand(ranker, better), hand(ranker, worse)
    assert a.category == b.category
    assert compare(a, b) == 1
    assert compare(b, a) == -1


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("K K Q Q 9", "9 Q K Q K"),
        ("9 10 J Q K", "K Q J 10 9"),
        ("A 10 A 10 A", "10 A 10 A A"),
    ],
)
def test_same_faces_are_left_to_the_sheriff(ranker: HandRanker, one: str, other: str) -> None:
    assert compare(hand(ranker, one), hand(ranker, other)) == 0


def test_comparison_order_is_shown(ranker: HandRanker) -> None:
    assert hand(ranker, "9 K 9 K K").describe() == "Full house: K K K 9 9"
    assert hand(ranker, "10 A Q 10 Q").describe() == "Two pair: Q Q 10 10 A"
    assert hand(ranker, "9 10 J Q K").describe() == "Straight: K Q J 10 9"


def test_wrong_number_of_dice_is_refused(ranker: HandRanker) -> None:
    with pytest.raises(ValueError, match="a poker hand is 5 dice, got 4"):
        ranker.hand(["K", "K", "K", "K"])


def spec_key(dice: list[str]) -> tuple[int, tuple[int, ...]]:
    """The spec, written independently: category (7 = five of a kind ... 0 = nothing), then the
    faces of the groups, biggest group first and higher face first."""
    counts = Counter(FACES.index(face) for face in dice)
    shape = tuple(sorted(counts.values(), reverse=True))
    straight = sorted(counts) in ([0, 1, 2, 3, 4], [1, 2, 3, 4, 5])
    by_shape = {
        (5,): 7,
        (4, 1): 6,
        (3, 2): 5,
        (3, 1, 1): 3,
        (2, 2, 1): 2,
        (2, 1, 1, 1): 1,
        (1, 1, 1, 1, 1): 0,
    }
    category = 4 if straight else by_shape[shape]
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    return category, tuple(face for face, _ in groups)


def sign(x: tuple[int, tuple[int, ...]], y: tuple[int, tuple[int, ...]]) -> int:
    return (x > y) - (x < y)


@settings(max_examples=200, deadline=None)
@given(dice_hands, dice_hands)
def test_order_matches_the_spec(ranker: HandRanker, a: list[str], b: list[str]) -> None:
    assert compare(ranker.hand(a), ranker.hand(b)) == sign(spec_key(a), spec_key(b))


@settings(max_examples=150, deadline=None)
@given(dice_hands, dice_hands, dice_hands)
def test_order_is_a_total_preorder(
    ranker: HandRanker, a: list[str], b: list[str], c: list[str]
) -> None:
    x, y, z = ranker.hand(a), ranker.hand(b), ranker.hand(c)
    assert compare(x, x) == 0  # reflexive
    assert compare(x, y) == -compare(y, x)  # total and antisymmetric up to ties
    if compare(x, y) >= 0 and compare(y, z) >= 0:  # transitive
        assert compare(x, z) >= 0
    if compare(x, y) == 0 and compare(y, z) == 0:
        assert compare(x, z) == 0


@settings(max_examples=150, deadline=None)
@given(dice_hands, dice_hands)
def test_category_dominates_and_ties_need_the_same_faces(
    ranker: HandRanker, a: list[str], b: list[str]
) -> None:
    x, y = ranker.hand(a), ranker.hand(b)
    categories = [c.id for c in ranker.categories]
    rank_x, rank_y = categories.index(x.category.id), categories.index(y.category.id)
    if rank_x != rank_y:  # earlier in the list is better, whatever the faces
        assert compare(x, y) == (1 if rank_x < rank_y else -1)
    assert (compare(x, y) == 0) == (sorted(a) == sorted(b))


@settings(max_examples=100, deadline=None)
@given(dice_hands, st.randoms(use_true_random=False))
def test_order_of_the_dice_does_not_matter(
    ranker: HandRanker, a: list[str], rnd: random.Random
) -> None:
    shuffled = list(a)
    rnd.shuffle(shuffled)
    assert ranker.hand(shuffled) == ranker.hand(a)
