"""Card ids (and other spellings) as players type them: case and surrounding spaces do not
matter. One lookup per game, built once when its catalogue is built."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class CardLookup(Generic[T]):
    spellings: Mapping[str, T]  # case-folded spelling -> what it names
    expected: str  # the hint an unknown spelling gets, e.g. "expected a green card G01–G60"
    noun: str = "card"  # what the message calls a typed value ("card", "card id")

    @classmethod
    def of(cls, pairs: Iterable[tuple[str, T]], expected: str, noun: str = "card") -> CardLookup[T]:
        return cls({spelling.casefold(): value for spelling, value in pairs}, expected, noun)

    def find(self, typed: str) -> T | None:
        return self.spellings.get(typed.strip().casefold())

    def unknown(self, typed: str) -> str:
        return f"unknown {self.noun} {typed!r} ({self.expected})"

    def get(self, typed: str) -> T:
        """What `typed` names; ValueError with the message people read when nothing."""
        found = self.find(typed)
        if found is None:
            raise ValueError(self.unknown(typed))
        return found
