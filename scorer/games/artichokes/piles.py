"""A zone's cards counted by vegetable: copies of a vegetable are identical in play."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Pile:
    counts: tuple[tuple[str, int], ...] = ()  # (vegetable, copies), sorted, no zero counts

    @classmethod
    def of(cls, vegetables: Iterable[str]) -> Pile:
        return cls.from_counts(Counter(vegetables))

    @classmethod
    def from_counts(cls, counts: Mapping[str, int]) -> Pile:
        return cls(tuple(sorted((v, n) for v, n in counts.items() if n > 0)))

    def count(self, vegetable: str) -> int:
        return dict(self.counts).get(vegetable, 0)

    @property
    def size(self) -> int:
        return sum(n for _, n in self.counts)

    @property
    def vegetables(self) -> tuple[str, ...]:
        return tuple(v for v, _ in self.counts)

    def __add__(self, other: Pile) -> Pile:
        return Pile.from_counts(Counter(dict(self.counts)) + Counter(dict(other.counts)))

    def __bool__(self) -> bool:
        return bool(self.counts)


def total(piles: Iterable[Pile]) -> Pile:
    out = Pile()
    for pile in piles:
        out = out + pile
    return out
