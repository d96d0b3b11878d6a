"""The table as the engine holds it: plain tuples, so a state is cheap to copy and compare.

Copies of a vegetable are identical in play, so a zone is a tuple of counts, one per card kind
(the catalogue's order). A face-down pile whose order matters (the Garden Stack, a deck) is a
tuple of layers, top first: each layer is counts in an unknown order (a shuffled deck), and a
card put on top (Corn, Pepper) or a row slid under (Rhubarb) is a layer of its own. Drawing
takes a card from the top layer; which one is chance, unless the layer holds one kind.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

Counts = tuple[int, ...]
Pile = tuple[Counts, ...]  # layers, top first, none empty


class Seat(NamedTuple):
    hand: Counts
    deck: Pile
    discard: Counts


def add(counts: Counts, kind: int, n: int = 1) -> Counts:
    out = list(counts)
    out[kind] += n
    return tuple(out)


def merge(*zones: Counts) -> Counts:
    return tuple(map(sum, zip(*zones, strict=True)))


def one(kinds: int, kind: int) -> Counts:
    return tuple(int(k == kind) for k in range(kinds))


def pick(counts: Counts, rng: random.Random) -> int:
    """A card of a zone, each copy as likely."""
    r = rng.randrange(sum(counts))
    for kind, n in enumerate(counts):
        if r < n:
            return kind
        r -= n
    raise ValueError("an empty zone")


def pile_counts(pile: Pile, kinds: int) -> Counts:
    return merge(*pile) if pile else (0,) * kinds


def pile_size(pile: Pile) -> int:
    return sum(map(sum, pile))


def shuffled(pile: Pile, kinds: int) -> Pile:
    """The pile shuffled: one layer, order unknown."""
    counts = pile_counts(pile, kinds)
    return (counts,) if any(counts) else ()


class Unavailable(ValueError):
    """A card said to be drawn that the pile could not give (`index`: which of the cards)."""

    def __init__(self, index: int, kind: int, could: Counts) -> None:
        super().__init__(index)
        self.index, self.kind, self.could = index, kind, could


def draw(pile: Pile, refill: Counts | None, cards: Sequence[int]) -> tuple[Pile, Counts | None]:
    """The pile (and the discard it is refilled from when it runs out, if any) after these
    cards are drawn in this order; Unavailable when one cannot be the next card."""
    for index, kind in enumerate(cards):
        if not pile and refill is not None and any(refill):
            pile, refill = (refill,), (0,) * len(refill)
        top = pile[0] if pile else (0,) * (len(refill) if refill else kind + 1)
        if not top[kind]:
            raise Unavailable(index, kind, top)
        rest = add(top, kind, -1)
        pile = ((rest,) if any(rest) else ()) + pile[1:]
    return pile, refill


def sample(
    pile: Pile, refill: Counts | None, n: int, rng: random.Random | None
) -> list[int] | None:
    """n cards drawn at random; with no generator, the cards when only one outcome is
    possible, else None."""
    cards: list[int] = []
    for _ in range(n):
        if not pile and refill is not None and any(refill):
            pile, refill = (refill,), (0,) * len(refill)
        top = pile[0]
        if rng is None:
            present = [k for k, c in enumerate(top) if c]
            if len(present) > 1:
                return None
            kind = present[0]
        else:
            kind = pick(top, rng)
        cards.append(kind)
        rest = add(top, kind, -1)
        pile = ((rest,) if any(rest) else ()) + pile[1:]
    return cards
