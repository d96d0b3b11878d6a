"""Poker hands of dice, as the Town Hall ranks them: a category (five of a kind ... nothing,
best first in the rules) and, within a category, the faces of the combination then the rest."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from playtest.scorer.games.dice_town.rules import PokerHand, Rules


@dataclass(frozen=True)
class Hand:
    category: PokerHand
    dice: tuple[str, ...]  # the order hands are compared in: biggest group first, then by rank
    strength: int  # higher wins; equal strengths are a tie for the sheriff

    def describe(self) -> str:
        return f"{self.category.name}: {' '.join(self.dice)}"

    def to_json(self) -> dict[str, object]:
        return {"category": self.category.id, "name": self.category.name, "dice": list(self.dice)}


class HandRanker:
    """Ranks hands by the rules' faces and categories (nothing about dice is hard-coded)."""

    def __init__(self, rules: Rules) -> None:
        self.size = rules.dice.per_player
        self.rank = {face.label: face.rank for face in rules.dice.faces}
        self.categories = rules.poker_hands
        # `sheriff`: equal combinations tie at once; the dice outside them are not compared
        self.kickers = rules.resolution.hand_ties == "remaining-dice"
        self.base = max(self.rank.values()) + 1  # digits of the strength number
        # each category's runs as sorted ranks, so a straight is found in any order
        self.runs = [
            [sorted(self.rank[_label(rules, f)] for f in run) for run in hand.runs or []]
            for hand in self.categories
        ]

    def hand(self, dice: Sequence[str]) -> Hand:
        """The hand of `dice` (labels as in the rules); exactly `per_player` dice."""
        if len(dice) != self.size:
            raise ValueError(f"a poker hand is {self.size} dice, got {len(dice)}")
        counts = Counter(dice)
        ordered = tuple(sorted(dice, key=lambda f: (-counts[f], -self.rank[f])))
        index = self._category_index(dice, counts)
        strength = len(self.categories) - index  # category first, then each die in order
        for face in ordered:
            counted = self.kickers or counts[face] > 1 or self.categories[index].runs
            strength = strength * self.base + (self.rank[face] if counted else 0)
        return Hand(category=self.categories[index], dice=ordered, strength=strength)

    def _category_index(self, dice: Sequence[str], counts: Counter[str]) -> int:
        shape = sorted(counts.values(), reverse=True)
        ranks = sorted(self.rank[f] for f in dice)
        for index, category in enumerate(self.categories):
            if category.groups == shape or ranks in self.runs[index]:
                return index
        raise ValueError(f"no poker hand matches {' '.join(dice)}")  # the rules forbid this


def compare(a: Hand, b: Hand) -> int:
    """1 if `a` beats `b`, -1 if it loses, 0 for a tie the sheriff decides."""
    return (a.strength > b.strength) - (a.strength < b.strength)


def _label(rules: Rules, label: str) -> str:
    return next(f.label for f in rules.dice.faces if f.label.upper() == label.upper())
